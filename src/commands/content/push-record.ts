// content push, after sending: the folder's manifest (its base) moves on to
// what was pushed, as `git push` moves the remote-tracking branch. Each page
// and file sent is recorded as the folder has it, with the updatedAt and
// place the target now gives it (the space once merged, else the change
// request), so the next push sends only what is edited after, and never
// takes the editor's own last push for someone else's change. Pages the push
// did not send keep their base: a change made in the space since is still
// one. SUMMARY.md counts as pushed (an export brings the space's tree over
// it). Written through the one writer (src/files/write.ts), as it is serialized.
import { join } from 'node:path';
import type { Context } from '../../context.js';
import { writeJson } from '../../files/write.js';
import { MANIFEST, placesOf, type Manifest } from './export-folder.js';
import type { Batcher } from './push-batches.js';
import type { Base } from './push-base.js';
import type { Folder } from './push-folder.js';
import { below, type Plan } from './push-plan.js';
import { fetchTree } from './shared.js';

/** Where the push went: the space (merged), or a change request (its id and number). */
export type Pushed = { spaceId: string; changeRequest?: { id: string; number?: number } };

export async function recordPush(ctx: Context, folder: Folder, base: Base | undefined, plan: Plan, batcher: Batcher, to: Pushed): Promise<void> {
  if (!base) return;
  const m: Manifest = base.manifest;
  const cr = to.changeRequest;
  // Merged: the space's tree tells each page's updatedAt and place now. Into a change request, nothing is read again:
  // what was sent is recorded by its hash alone (the next push into it compares the text of those pages).
  const places = cr ? {} : placesOf(await fetchTree(ctx, { spaceId: to.spaceId }));
  m.tree ??= {};
  for (const c of plan.changes) {
    if (c.op === 'delete') {
      if (cr) continue;
      for (const p of [c.remote, ...below(c.remote)]) {
        delete m.pages[p.id];
        delete m.tree[p.id];
      }
      continue;
    }
    if (c.op === 'file') {
      const id = batcher.fileId(c.asset.name);
      // A file replaced in a change request not merged: the space still links the old one, which the folder's file stands for.
      if (!id || id === c.replaces?.id || (cr && c.replaces)) continue;
      // The file the export wrote at that path (replaced here) is no longer the one there.
      for (const [old, f] of Object.entries(m.files)) if (typeof f?.path === 'string' && f.path.toLowerCase() === c.asset.path.toLowerCase()) delete m.files[old];
      m.files[id] = { path: c.asset.path, name: c.asset.name, size: c.asset.size, sha256: await c.asset.hash(), ...(c.asset.mtimeMs !== undefined ? { mtimeMs: c.asset.mtimeMs } : {}) };
      continue;
    }
    const id = c.op === 'update' ? c.id : batcher.createdPage(c.key);
    if (!id || (!cr && !places[id]) || c.local.kind !== 'page') continue;
    const { pushed: _was, ...entry } = m.pages[id] ?? {};
    const now = { sha256: c.local.sha256, updatedAt: places[id]?.updatedAt ?? null };
    // Into a change request: the space's base stays (the space has not changed), what the change request holds is beside it.
    // (A page new there is matched by its file next time.)
    if (cr) {
      if (m.pages[id]) m.pages[id] = { ...m.pages[id], pushed: { to: cr.id, number: cr.number ?? null, ...now } };
    } else {
      m.tree[id] = places[id];
      const { mtimeMs: _time, ...rest } = entry;
      const read = c.local.text !== undefined ? { bytes: Buffer.byteLength(c.local.text), ...(c.local.mtimeMs !== undefined ? { mtimeMs: c.local.mtimeMs } : {}) } : { bytes: entry.bytes ?? 0, ...(_time !== undefined ? { mtimeMs: _time } : {}) };
      m.pages[id] = { ...rest, path: c.local.target, ...read, ...now };
    }
  }
  // The tree SUMMARY.md holds was pushed: an export may write the space's over it (what the push kept of the space's changes included).
  m.summary = { sha256: folder.summarySha256 };
  await writeJson(join(folder.root, MANIFEST), m, { replace: true });
}
