// content export --all-spaces --prune: what goes, listed and gated once at
// the end of the run (commands/deletes.ts): the files of pages gone from each
// exported space, and the folders of spaces gone from the organization (the
// files their export wrote). A space folder that is a symbolic link is never
// entered (a working copy it points at keeps its files), a file edited since
// the export is kept, and a folder keeps its manifest while it holds
// anything kept: a later run reports it again.
import { join } from 'node:path';
import type { Context } from '../../context.js';
import { locate, removeFiles, type Kept } from '../../files/delete.js';
import { gateDeletes, type DeletePlan, type PlannedDelete } from '../deletes.js';
import { editedFiles, writtenFiles } from './edits.js';
import { MANIFEST, Writer, claimFolder, readJsonManifest, recorded, type Manifest } from './export-folder.js';
import { removeStale } from './export-guard.js';

/** A space exported in this run, with the stale files --prune removes from its folder. */
export interface StaleSpace {
  id: string;
  /** Its folder, absolute and as the top manifest records it. */
  root: string;
  path: string;
  deletes: DeletePlan;
  stale: string[];
}

/** A space gone since the last run: its folder, the files to remove from it, what is kept (and why). */
export interface GoneFolder {
  id: string;
  path: string;
  title: string;
  files: string[];
  kept: Kept[];
  missing?: boolean;
  /** A real folder holding its export's manifest: what is in it may go. */
  entered?: boolean;
}

/** The folder of a gone space, read (never through a link): the files its export wrote, those edited since kept. */
async function goneFolder(root: string, id: string, entry: { path: string; title: string }): Promise<GoneFolder> {
  const folder: GoneFolder = { id, path: String(entry.path), title: String(entry.title ?? ''), files: [], kept: [] };
  const rel = recorded(root, entry.path);
  if (!rel) return { ...folder, kept: [{ path: folder.path, why: 'the manifest names no folder inside --dest' }] };
  const { why, missing } = await locate(root, rel, 'folder');
  if (missing) return { ...folder, missing: true };
  if (why) return { ...folder, kept: [{ path: rel, why }] };
  const dir = join(root, rel);
  const m = await readJsonManifest<Manifest>(dir, MANIFEST, (x) => typeof x?.pages === 'object' && typeof x?.files === 'object' && x.pages !== null && x.files !== null).catch(() => undefined);
  if (!m) return { ...folder, kept: [{ path: rel, why: `it holds no export manifest (${MANIFEST})` }] };
  folder.entered = true;
  const edited = new Set((await editedFiles(dir, m)).map((p) => p.toLowerCase()));
  const written = [...writtenFiles(dir, m).values()].map((w) => w.path);
  if (!m.summary) written.push('SUMMARY.md');
  folder.files = written.filter((p) => !edited.has(p.toLowerCase())).map((p) => `${rel}/${p}`);
  folder.kept = written.filter((p) => edited.has(p.toLowerCase())).map((p) => ({ path: `${rel}/${p}`, why: 'edited here since the export' }));
  return folder;
}

export async function goneFolders(root: string, gone: [string, { path: string; title: string }][]): Promise<GoneFolder[]> {
  const out: GoneFolder[] = [];
  for (const [id, entry] of gone) out.push(await goneFolder(root, id, entry));
  return out;
}

/** Everything --prune deletes in the run, for the gate: the stale files of each space (counted per space), the gone spaces' folders with their files. */
export function allDeletes(stale: StaleSpace[], folders: GoneFolder[], exported: number): DeletePlan {
  const deletes: PlannedDelete[] = [
    ...stale.flatMap((s) => s.deletes.deletes),
    ...folders.filter((f) => f.entered).map((f) => ({ kind: 'space folder', what: f.path, id: f.id, cascades: f.files.map((what) => ({ kind: 'file', what })) })),
  ];
  return { deletes, totals: Object.assign({ 'space folder': exported }, ...stale.map((s) => s.deletes.totals)) };
}

/**
 * Gates the run's deletes once, then makes them: each space's stale files
 * (its folder locked again, its manifest updated), each gone folder's files
 * (its manifest last, and only when nothing in it is kept). Returns the ids
 * of the gone spaces whose folders are gone, and what was kept.
 */
export async function pruneAll(ctx: Context, root: string, stale: StaleSpace[], folders: GoneFolder[], opts: { exported: number; allowMassDelete?: boolean }): Promise<{ removed: string[]; kept: Kept[] }> {
  const plan = allDeletes(stale, folders, opts.exported);
  const permit = await gateDeletes(ctx, plan, { allowMassDelete: opts.allowMassDelete, where: `in ${root}` });
  const kept: Kept[] = [];
  for (const s of stale.filter((x) => x.stale.length)) {
    for (const d of s.deletes.deletes) permit.check(d.kind, d.what);
    const { old, lock } = await claimFolder(s.root, { spaceId: s.id }, {});
    try {
      if (!old) continue;
      kept.push(...(await removeStale(s.root, old, s.stale)).map((k) => ({ ...k, path: `${s.path}/${k.path}` })));
      await (await Writer.open(s.root, (rel) => rel === MANIFEST)).write(MANIFEST, JSON.stringify(old));
    } finally {
      await lock?.release();
    }
  }
  const removed: string[] = [];
  for (const f of folders) {
    kept.push(...f.kept);
    if (f.missing) removed.push(f.id);
    if (!f.entered) continue;
    permit.check('space folder', f.id);
    const result = await removeFiles(root, f.files);
    kept.push(...result.kept);
    if (f.kept.length || result.kept.length) continue;
    if ((await removeFiles(root, [`${f.path}/${MANIFEST}`])).kept.length === 0) removed.push(f.id);
  }
  return { removed, kept };
}
