// content restore --all-spaces: every space of a backup export --all-spaces
// wrote, into the organization (--org, default the configured one). The
// collections first, parents before children (each the same one by id,
// renamed and moved back, else by title path, made when missing; given the
// description and default level the backup recorded), then the spaces,
// several at once on the one task scheduler. Each space goes the way
// restore-target.ts chooses, except that a space whose title is already in
// the same collection path of the organization is restored into, never
// duplicated: a second run (or one after Ctrl-C) restores nothing twice and
// finishes what the first left.
import { dirname, join } from 'node:path';
import type { Context } from '../../context.js';
import { Interrupted, UsageError } from '../../errors.js';
import { runTasks } from '../../tasks/schedule.js';
import { collectionTitles } from './backup.js';
import { ALL_MANIFEST, type AllManifest } from './export-all.js';
import { readJsonManifest, recorded } from './export-folder.js';
import { FAILED, reportSpaces } from './restore.js';
import { restoreSpace, type RestoreOptions, type SpaceReport } from './restore-space.js';
import { chooseTarget, newUnlessThere, readBackup, spacesByPlace, type Backup, type Places, type Target } from './restore-target.js';

/** Spaces restored at once (each sends its batches one after the other). */
const SPACES_AT_ONCE = 4;

/** The way for one space of the backup: as for one space (the one it came from, else the one restored before), in another organization the one restored before, else new. */
async function targetOf(ctx: Context, backup: Backup, org: string, sameOrg: boolean, places: Places, twins: boolean): Promise<Target> {
  if (sameOrg) return chooseTarget(ctx, backup, { org, places: async () => places, twins });
  return newUnlessThere(backup, org, places, `the backup's space is not in organization ${org}`, twins);
}

export async function restoreAll(ctx: Context, from: string, opts: RestoreOptions): Promise<void> {
  const root = from;
  const top = await readJsonManifest<AllManifest>(root, ALL_MANIFEST, (m) => typeof m?.spaces === 'object' && m.spaces !== null && typeof m.organization === 'string');
  if (!top) throw new UsageError(`--from: ${root} holds no ${ALL_MANIFEST}: give a folder content export --all-spaces wrote (or restore one space without --all-spaces)`);
  const entries = Object.entries(top.spaces).filter(([, e]) => e.revision !== null && recorded(root, e.path));
  // Each space's folder is read by its task (one folder in memory per space in flight, not the whole organization's).
  const backups = entries.map(([id, e]) => ({ id, path: e.path, title: e.title }));
  // Spaces of one title in one collection (their folders side by side): not told apart by a place.
  const sameSpot = (b: { path: string; title: string }) => JSON.stringify([dirname(b.path), b.title]);
  const spots = new Map<string, number>();
  for (const b of backups) spots.set(sameSpot(b), (spots.get(sameSpot(b)) ?? 0) + 1);
  const org = await ctx.org();
  const collections = await opts.collections!(org);

  // The collections first, parents before children.
  const made: string[] = [];
  const recordedCollections = new Map((top.collections ?? []).map((c) => [c.id, c]));
  const paths = (top.collections ?? []).map((c) => ({ c, path: collectionTitles(recordedCollections, c.id) }));
  for (const { c, path } of paths.filter((p) => p.path.length).sort((a, b) => a.path.length - b.path.length)) {
    await collections.restore(c, path, (line) => made.push(line), !!opts.dryRun);
  }

  const existing = await spacesByPlace(ctx, collections);
  const sameOrg = top.organization === org;
  // On a terminal that may ask (deletes), one space at a time: one question at a time.
  const concurrency = ctx.willPrompt ? 1 : SPACES_AT_ONCE;
  const report = await runTasks<SpaceReport>(
    ctx,
    backups.map(({ id, path, title }) => ({
      id,
      label: title || id,
      run: async () => {
        const backup: Backup = { ...(await readBackup(join(root, path), ctx)), title };
        // --files-url serves the whole backup: a space's files are under its folder.
        const filesUrl = opts.filesUrl === undefined ? undefined : `${opts.filesUrl.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;
        const target = await targetOf(ctx, backup, org, sameOrg, existing, spots.get(sameSpot({ path, title }))! > 1);
        return { state: 'ok' as const, value: await restoreSpace(ctx, backup, { ...opts, filesUrl, target }) };
      },
    })),
    { concurrency, progress: (n) => `spaces ${n.done}/${n.total}` },
  );
  if (opts.dryRun) {
    if (!ctx.output.dataAsked) await ctx.output.changes(made);
  } else for (const m of made) ctx.output.note(m.replace(/^create/, 'created').replace(/^move/, 'moved'));
  const done = report.results.flatMap((r) => (r.value ? [r.value] : []));
  for (const r of report.results) if (r.state === 'failed') ctx.warn(`failed: space "${r.label}": ${r.message ?? ''}`);
  if (report.interrupted) {
    // A space cut short says what it left (a change request open, not merged).
    for (const r of report.results) if (r.error instanceof Interrupted && r.error.message !== new Interrupted().message) ctx.warn(`space "${r.label}": ${r.error.message}`);
    throw new Interrupted(`interrupted: ${done.length} of ${backups.length} spaces restored; run the same command again: a space restored already is found by its title and collection path, never restored twice`);
  }
  const failed = report.results.filter((r) => r.state === 'failed').map((r) => ({ title: r.label, way: 'existing' as const, why: FAILED, reverted: 0, changes: 0, batches: 0, skipped: [{ what: `space "${r.label}"`, why: r.message ?? 'failed' }], different: [], verified: null, notes: [], lines: [] }));
  await reportSpaces(ctx, [...done, ...failed], !!opts.dryRun, made);
}
