// content export --all-spaces: every space of the organization (or of a
// collection, nested collections included) into DIR/<collection path>/<space
// slug>/, each in the layout of a single export (export.ts, its own folder,
// manifest and lock), with one top-level manifest that records where each
// space went and at which revision. A re-run sends the two lists (spaces,
// collections) and exports only the spaces whose revision changed; a space's
// folder keeps its path when the space is renamed; spaces gone since the last
// run are reported, and their folders removed with --prune (only the files
// their export wrote, never through a link, never an edited one: what --prune
// deletes is gated once at the end, export-all-prune.ts).
import { join } from 'node:path';
import { removeEmptyFolders } from '../../files/delete.js';
import type { Context } from '../../context.js';
import type { BuiltRequest } from '../../api/request.js';
import { DocplatError, EXIT, Interrupted, PartialFailure, UsageError } from '../../errors.js';
import { PathClaims, cleanSegment } from '../../files/paths.js';
import { runTasks, type TaskControl } from '../../tasks/schedule.js';
import { deleteLines, massNote } from '../deletes.js';
import { allDeletes, goneFolders, pruneAll, type StaleSpace } from './export-all-prune.js';
import { editedError } from './export-guard.js';
import { MANIFEST, Writer, claim, claimFolder, readJsonManifest, recorded, type Claimed } from './export-folder.js';
import { exportSpace, type ExportOptions } from './export.js';
import { spaceRecord, type ApiCollection, type ApiSpace } from './backup.js';
import { contentRequest } from './shared.js';

export const ALL_MANIFEST = '.docplat-export-all.json';
const ALL_FORMAT = 'docplat-export-all/1';
/** Spaces exported at once (each with --concurrency requests in flight). */
const SPACES_AT_ONCE = 4;
// The top manifest is written at most this often while spaces are exported (manifestSaver).
const SAVE_EVERY_MS = 1000;

export interface SpaceEntry {
  path: string;
  title: string;
  /** The revision exported; null until its export completed. */
  revision: string | null;
}

export interface AllManifest {
  format: typeof ALL_FORMAT;
  organization: string;
  collection: string | null;
  spaces: Record<string, SpaceEntry>;
  /** The organization's collections (a restore makes them first); absent from older exports. */
  collections?: { id: string; title: string; parent: string | null; description?: string; defaultLevel?: string | null }[];
}

export type { ApiCollection, ApiSpace } from './backup.js';

async function readAllManifest(root: string, org: string, collection: string | undefined): Promise<AllManifest | undefined> {
  const m = await readJsonManifest<AllManifest>(root, ALL_MANIFEST, (m) => m?.format === ALL_FORMAT && typeof m.spaces === 'object' && m.spaces !== null);
  if (m && (m.organization !== org || (m.collection ?? null) !== (collection ?? null))) {
    throw new UsageError(`--dest holds an export of organization ${m.organization}${m.collection ? `, collection ${m.collection}` : ''}: choose another folder`);
  }
  return m;
}

/** A folder name from a title: lower case, words joined by `-`, cleaned as one segment. */
const slug = (title: string | undefined, id: string): string =>
  cleanSegment(
    String(title ?? '')
      .toLowerCase()
      .replace(/\s+/g, '-'),
  ) || cleanSegment(id) || 'space';

/** Each collection's folder path (titles cleaned), a cycle in hostile data cut where it repeats. */
function collectionPaths(collections: ApiCollection[]): Map<string, string[]> {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const paths = new Map<string, string[]>();
  const pathOf = (id: string): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const chain: ApiCollection[] = [];
    const seen = new Set<string>();
    for (let c = byId.get(id); c && !seen.has(c.id); c = c.parent ? byId.get(c.parent) : undefined) {
      seen.add(c.id);
      chain.unshift(c);
    }
    const path = chain.map((c) => cleanSegment(String(c.title ?? '')) || cleanSegment(c.id) || 'collection');
    paths.set(id, path);
    return path;
  };
  for (const c of collections) pathOf(c.id);
  return paths;
}

/** Whether collection `id` is `root` or nested in it. */
function within(collections: Map<string, ApiCollection>, id: string | null | undefined, root: string): boolean {
  const seen = new Set<string>();
  for (let c = id ? collections.get(id) : undefined; c && !seen.has(c.id); c = c.parent ? collections.get(c.parent) : undefined) {
    if (c.id === root) return true;
    seen.add(c.id);
  }
  return false;
}

export async function exportAllSpaces(ctx: Context, root: string, opts: AllOptions): Promise<void> {
  const org = await ctx.org();
  const spacesRequest = ctx.api.request('spaces.list', { params: { organizationId: org } });
  const collectionsRequest = ctx.api.request('collections.list', { params: { organizationId: org } });
  const { old, lock } = await claim(root, ALL_MANIFEST, () => readAllManifest(root, org, opts.collection), opts);
  try {
    await exportAll(ctx, root, org, old, { spacesRequest, collectionsRequest }, opts);
  } finally {
    await lock?.release();
  }
}

type Built = BuiltRequest;

/** Where a space goes, and whether it is exported again. */
export interface SpacePlan {
  space: ApiSpace;
  path: string;
  /** Exported before at the revision it has now, its folder still recorded. */
  unchanged: boolean;
  /** Its title at the last export, when it was renamed since. */
  renamed?: string;
}

/**
 * The planner of --all-spaces: each space of the organization (or of
 * `collection`, nested ones included) with its folder: where it went before
 * (a renamed space keeps its folder), else a free path of its collections'
 * titles and its own; unchanged when its revision is the one exported. And
 * the spaces of the last run that are gone.
 */
export function planAll(root: string, old: AllManifest | undefined, spaces: ApiSpace[], collections: ApiCollection[], collection: string | undefined): { plan: SpacePlan[]; gone: [string, SpaceEntry][] } {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const chosen = collection === undefined ? spaces : spaces.filter((s) => within(byId, s.parent, collection));
  const folders = collectionPaths(collections);
  const claims = new PathClaims();
  for (const path of folders.values()) for (let i = 1; i <= path.length; i++) claims.reserve(path.slice(0, i).join('/'));
  for (const entry of Object.values(old?.spaces ?? {})) if (recorded(root, entry.path)) claims.reserve(entry.path);
  const plan = chosen.map((space) => {
    const before = old?.spaces[space.id];
    const kept = before && recorded(root, before.path);
    const path = kept ? before.path : claims.claim([...(space.parent ? (folders.get(space.parent) ?? []) : []), slug(space.title, space.id)].join('/'));
    const unchanged = !!before && !!kept && before.revision !== null && before.revision === (space.revision ?? null);
    return { space, path, unchanged, renamed: before && before.title !== (space.title ?? '') ? before.title : undefined };
  });
  const present = new Set(chosen.map((s) => s.id));
  return { plan, gone: Object.entries(old?.spaces ?? {}).filter(([id]) => !present.has(id)) };
}

async function exportAll(ctx: Context, root: string, org: string, old: AllManifest | undefined, requests: { spacesRequest: Built; collectionsRequest: Built }, opts: AllOptions): Promise<void> {
  const [spaces, collections] = await Promise.all([ctx.api.all<ApiSpace>(requests.spacesRequest), ctx.api.all<ApiCollection>(requests.collectionsRequest)]);
  if (opts.collection !== undefined && !collections.some((c) => c.id === opts.collection)) throw new DocplatError(`no collection ${opts.collection} in organization ${org}`, EXIT.notFound);
  const { plan, gone } = planAll(root, old, spaces, collections, opts.collection);
  const exported = Object.keys(old?.spaces ?? {}).length;
  const todo = plan.filter((p) => !p.unchanged);
  if (opts.dryRun) {
    const lines = todo.map((p) => `export ${p.path} (${p.space.title ?? p.space.id})`);
    const deletes = opts.prune ? allDeletes([], await goneFolders(root, gone), exported) : undefined;
    if (deletes) lines.push(...deleteLines(deletes));
    await ctx.output.changes(lines);
    const mass = deletes && massNote(deletes);
    ctx.output.note(`dry run: ${todo.length} of ${plan.length} spaces to export into ${root}; nothing written${mass ? ` (the real run ${mass})` : ''}`);
    return;
  }

  const manifest: AllManifest = {
    format: ALL_FORMAT,
    organization: org,
    collection: opts.collection ?? null,
    spaces: { ...(old?.spaces ?? {}) },
    collections: collections.map((c) => ({ id: c.id, title: String(c.title ?? ''), parent: c.parent ?? null, ...collectionExtras(c) })),
  };
  const top = await Writer.open(root, (rel) => rel === ALL_MANIFEST);
  const save = manifestSaver(top, manifest);
  let run: Awaited<ReturnType<typeof exportSpaces>>;
  try {
    run = await exportSpaces(ctx, root, { top, manifest, save: save.soon, collections: new Map(collections.map((c) => [c.id, c])) }, todo, plan.length - todo.length, opts);
  } finally {
    await save.now();
  }
  if (ctx.signal.aborted) {
    const complete = plan.filter((p) => manifest.spaces[p.space.id]?.revision != null).length;
    throw new Interrupted(`interrupted: ${complete} of ${plan.length} spaces are complete in ${root}, each file complete; run the same command again to finish`);
  }

  for (const p of plan.filter((x) => x.renamed !== undefined)) ctx.warn(`renamed: space ${p.space.id} "${p.renamed}" is now "${p.space.title ?? ''}" (its folder stays ${p.path})`);
  let kept: Awaited<ReturnType<typeof pruneAll>>['kept'] = [];
  if (opts.prune && (gone.length || run.stale.some((x) => x.stale.length))) {
    const pruned = await pruneAll(ctx, root, run.stale, await goneFolders(root, gone), { exported, allowMassDelete: opts.allowMassDelete });
    for (const id of pruned.removed) delete manifest.spaces[id];
    kept = pruned.kept;
    await save.now();
  } else {
    for (const [id, entry] of gone) ctx.warn(`gone: space ${id} "${entry.title}" (${entry.path}) is no longer in the ${opts.collection ? 'collection' : 'organization'}; --prune removes its folder`);
  }
  await reportAll(ctx, root, { plan, todo, gone, failures: run.failures, manifest }, opts);
  const error = editedError({ edited: [], stale: [], keptStale: [], summary: 'same' }, kept);
  if (error) throw error;
}

/**
 * The top manifest's writes, one at a time: `soon` asks for one and returns
 * at once, so a space's place goes to the next space without waiting for the
 * disk; it is written at most once a second (SAVE_EVERY_MS: each write
 * replaces a file, and ~70 spaces of a few pages each made ~70 writes; a run
 * killed outright loses at most the last second's revisions, whose spaces
 * the next run checks again). `now` writes the manifest as it is and waits
 * for every write, throwing the first that failed.
 */
function manifestSaver(top: Writer, manifest: AllManifest): { soon(): void; now(): Promise<void> } {
  let saving = Promise.resolve();
  let waiting = false;
  let failed: { error: unknown } | undefined;
  let last = 0;
  let timer: NodeJS.Timeout | undefined;
  const queue = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting) return saving;
    waiting = true;
    saving = saving.then(async () => {
      waiting = false;
      last = Date.now();
      await top.write(ALL_MANIFEST, JSON.stringify(manifest)).catch((error: unknown) => void (failed ??= { error }));
    });
    return saving;
  };
  return {
    soon: () => {
      const wait = last + SAVE_EVERY_MS - Date.now();
      if (wait <= 0) void queue();
      else timer ??= setTimeout(queue, wait);
    },
    async now() {
      await queue();
      if (failed) throw failed.error;
    },
  };
}

type AllOptions = ExportOptions & { collection?: string };
type Failure = { space: ApiSpace; path: string; message: string };

/**
 * The spaces to export, SPACES_AT_ONCE at a time on the task scheduler, each
 * as a single export into its folder (quiet, its --prune deletes handed
 * back to be gated with the others at the end). A space's folder is recorded
 * before it is written, its revision once its export completed.
 */
async function exportSpaces(
  ctx: Context,
  root: string,
  out: { top: Writer; manifest: AllManifest; save(): void; collections: Map<string, ApiCollection> },
  todo: SpacePlan[], unchanged: number, opts: AllOptions): Promise<{ failures: Failure[]; stale: StaleSpace[] }> {
  const failures: Failure[] = [];
  const stale: StaleSpace[] = [];
  // A space's folder is claimed ahead (made inside the root, checked, locked, its manifest read) while the spaces
  // before it are exported: its place then holds its requests and writes, not the disk's checks before them.
  const claims = new Map<string, Promise<Claimed>>();
  const claimOf = ({ space, path }: SpacePlan): Promise<Claimed> => {
    let claimed = claims.get(space.id);
    if (!claimed) {
      claimed = (async () => {
        // Its collection folders are made inside the root, never through a link that leaves it.
        await out.top.prepare(`${path}/${MANIFEST}`);
        return claimFolder(join(root, path), { spaceId: space.id }, { force: opts.force });
      })();
      // Its space's export awaits it (a failure is that space's): never an unhandled rejection meanwhile.
      claimed.catch(() => undefined);
      claims.set(space.id, claimed);
    }
    return claimed;
  };
  const started = new Set<string>();
  const exportOne = async (p: SpacePlan, i: number, t: TaskControl) => {
    const { space, path } = p;
    const where = { spaceId: space.id };
    started.add(space.id);
    const ahead = todo[i + SPACES_AT_ONCE];
    if (ahead && !ctx.signal.aborted) void claimOf(ahead);
    // A space interrupted or failed keeps its path, and is exported again.
    out.manifest.spaces[space.id] = { path, title: space.title ?? '', revision: null };
    try {
      const pruneLater = (x: Omit<StaleSpace, 'id' | 'path'>) => void stale.push({ ...x, id: space.id, path });
      // What a restore needs of the space, from the lists already read (backup.ts).
      const record = spaceRecord(space, out.collections, space.revision ?? null);
      // Once its requests are done, its place goes to the next space: its last writes (SUMMARY.md, its manifest) run beside the next one's requests.
      const requestsDone = () => t.release();
      const claimed = claimOf(p);
      await exportSpace(ctx, join(root, path), where, contentRequest(ctx, 'files.list', where), { ...opts, quiet: true, scope: path, pruneLater, record, requestsDone, claimed });
      out.manifest.spaces[space.id].revision = space.revision ?? null;
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      failures.push({ space, path, message: err instanceof PartialFailure ? 'some pages or files failed (listed above)' : err instanceof Error ? err.message : String(err) });
    } finally {
      // Written while the next space is exported (exportAll writes it once more at the end, and waits).
      out.save();
    }
  };
  // Each folder's lock listens for the process's exit: those claimed ahead and those finishing beside the next spaces are expected, not a leak to warn of.
  const listeners = process.getMaxListeners();
  process.setMaxListeners(listeners + 3 * SPACES_AT_ONCE);
  try {
    await runTasks(ctx, todo.map((p, i) => ({ id: p.space.id, run: (t) => exportOne(p, i, t) })), {
      concurrency: SPACES_AT_ONCE,
      // Each space's export stops on Ctrl-C as a single export does (its own reads and files on the scheduler).
      graceMs: Infinity,
      progress: (c) => `spaces ${c.done}/${c.total} (${unchanged} unchanged)`,
    });
  } finally {
    // Folders claimed ahead for spaces that never started (an interrupt): their locks released. Those, and those of
    // spaces interrupted before their first file, are removed if empty (with those of their collections), as they were before.
    for (const p of todo.filter((x) => claims.has(x.space.id))) {
      if (!started.has(p.space.id)) await claims.get(p.space.id)!.then((x) => x.lock?.release(), () => undefined);
      await removeEmptyFolders(root, [`${p.path}/${MANIFEST}`]);
    }
    process.setMaxListeners(listeners);
  }
  return { failures, stale };
}

/** The closing note, the result with --json, and the failed spaces (exit 5). */
async function reportAll(ctx: Context, root: string, r: { plan: SpacePlan[]; todo: SpacePlan[]; gone: [string, SpaceEntry][]; failures: Failure[]; manifest: AllManifest }, opts: AllOptions): Promise<void> {
  const { plan, todo, gone, failures, manifest } = r;
  ctx.output.note(
    `Exported ${plan.length} spaces to ${root}: ${todo.length - failures.length} exported, ${plan.length - todo.length} unchanged` +
      (gone.length ? (opts.prune ? `, ${gone.filter(([id]) => !manifest.spaces[id]).length} removed` : `, ${gone.length} gone (kept)`) : ''),
  );
  if (ctx.output.dataAsked) {
    await ctx.output.item({
      dest: root,
      spaces: plan.length,
      exported: todo.length - failures.length,
      unchanged: plan.length - todo.length,
      gone: gone.map(([id, e]) => ({ id, path: e.path, removed: !!opts.prune && !manifest.spaces[id] })),
      failed: failures.map((f) => ({ id: f.space.id, path: f.path, message: f.message })),
    }, []);
  }
  if (failures.length) {
    for (const f of failures) ctx.warn(`failed: space ${f.space.id} (${f.path}): ${f.message}`);
    throw new PartialFailure(`${failures.length} of ${plan.length} spaces failed; run the command again to retry them`, failures.map((f) => f.space.id));
  }
}

/** A collection's description and default level, when it has them (a restore sets them on a collection it makes). */
function collectionExtras(c: ApiCollection & { description?: unknown; defaultLevel?: unknown }): { description?: string; defaultLevel?: string | null } {
  return {
    ...(typeof c.description === 'string' && c.description !== '' ? { description: c.description } : {}),
    ...(typeof c.defaultLevel === 'string' || c.defaultLevel === null ? { defaultLevel: c.defaultLevel } : {}),
  };
}
