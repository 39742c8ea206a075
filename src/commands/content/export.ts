// docplat content export: a whole space (or a change request's revision) as a
// folder a person or a Git repository can use, in the layout of the
// platform's Git Sync: one Markdown file per document page at its path (a
// page with children becomes <path>/README.md), SUMMARY.md with the tree,
// and the files under .gitbook/assets/. Groups and links appear in
// SUMMARY.md only.
//
// Resumable and incremental: a manifest in the folder records what each
// page and file was when written; a re-run fetches only what changed or is
// missing, moves the files of pages whose path changed, and with --prune
// removes the files of pages and files that are gone. Every path comes from
// API data and is confined to the folder (paths.ts).
import { createHash } from 'node:crypto';
import { getMaxListeners, setMaxListeners } from 'node:events';
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Context } from '../../context.js';
import { DocplatError, Interrupted, PartialFailure, UsageError } from '../../errors.js';
import { INTERRUPT_GRACE_MS, runTasks, type Report, type TaskControl } from '../../tasks/schedule.js';
import { defineCommand } from '../define.js';
import { PathClaims, cleanPath, localFileName } from '../../files/paths.js';
import { downloadTo, type ApiFile } from '../files/download.js';
import { MANIFEST, Writer, claimFolder, newManifest, placesOf, recorded, removeLeftovers, type Claimed, type Manifest, type ManifestPage, type ManifestPlace } from './export-folder.js';
import { withFrontMatter } from './front-matter.js';
import { exportPaths, relinkStale, dryRunLines } from './export-links.js';
import { mtimeOf, textHash } from './edits.js';
import { editedError, editedLines, guardEdits, recordBeside, removeStale, staleDeletes, type Guard } from './export-guard.js';
import { removeEmptyFolders, removeFiles, type Kept } from '../../files/delete.js';
import { ALLOW_MASS_DELETE, gateDeletes, massNote, type DeletePlan, type Permit } from '../deletes.js';
import { toRelative } from './markdown-links.js';
import { summary } from './summary.js';
import { readSpaceRecord, treeRecord, type BackupRecord } from './backup.js';
import { SPACE_ID, changeRequestFlag, contentRequest, fetchTree, walkTree, type ApiPage, type Where } from './shared.js';
import { keepMemoryFlat } from '../../tasks/memory.js';

export { MANIFEST, type Manifest, type ManifestFile, type ManifestPage } from './export-folder.js';
const ASSETS = '.gitbook/assets';

/** What a run does with one page or file. */
export interface Item {
  kind: 'page' | 'file';
  id: string;
  /** Relative path it must end up at. */
  path: string;
  /** `edited`: a fetch not made, its file edited here since the export (export-guard.ts). */
  action: 'keep' | 'move' | 'fetch' | 'edited';
  /** With move: where its file is now. */
  from?: string;
  page?: ApiPage;
  file?: ApiFile;
  /** With fetch, a page: what its manifest entry records of the file written. */
  written?: Pick<ManifestPage, 'sha256' | 'deps'> & { mtimeMs?: number };
}

// ---- the plan ------------------------------------------------------------------------------

/** Where a document page's Markdown goes: `<path>.md`, or `<path>/README.md` when it has children. */
export function pageFile(page: ApiPage): string {
  const segments = cleanPath(String(page.path ?? ''));
  if (page.pages?.length || segments.length === 0) return [...segments, 'README.md'].join('/');
  const last = segments.pop()!;
  return [...segments, `${last}.md`].join('/');
}

const parents = (rel: string): string[] => {
  const parts = rel.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
};

async function sizeOf(path: string): Promise<number | undefined> {
  return stat(path).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );
}

/**
 * The planner of an export: each document page and file of the space with
 * the path it must end up at (claimed so that no two share one, no file
 * takes a folder's name), and whether it is kept, moved (unchanged in the
 * space, its path changed) or fetched; the files the last run wrote for
 * pages and files that are gone (stale); pages to write again because a
 * link of theirs would change (export-links.ts).
 */
export async function planExport(root: string, tree: ApiPage[], files: ApiFile[], old: Manifest | undefined, force = false): Promise<{ items: Item[]; paths: Map<string, string>; stale: string[] }> {
  const documents = [...walkTree(tree)].map((e) => e.page).filter((p) => (p.type ?? 'document') === 'document');
  const wanted = documents.map((p) => ({ page: p, rel: pageFile(p) }));
  const fileWanted = files.map((f) => ({ file: f, rel: `${ASSETS}/${localFileName(f)}` }));
  const claims = new PathClaims();
  // Folders first: no file may take the name of a folder that holds other files.
  for (const { rel } of [...wanted, ...fileWanted]) for (const dir of parents(rel)) claims.reserve(dir);
  for (const reservedName of ['SUMMARY.md', MANIFEST]) claims.reserve(reservedName);
  const items: Item[] = [];
  /** Page or file id → its final relative path (for SUMMARY.md). */
  const paths = new Map<string, string>();
  for (const { page, rel } of wanted) {
    const path = claims.claim(rel);
    paths.set(page.id, path);
    const before = old?.pages[page.id];
    const from = recorded(root, before?.path);
    // Unchanged in the space and still there: kept as it is (edited here or not: an edit is the user's, push sends it).
    // A page whose version in the space was written beside it (both changed it) is fetched again with --force, which takes the space's version.
    const same = before && from && before.updatedAt === (page.updatedAt ?? null) && !(force && before.remote) && (await sizeOf(join(root, from))) !== undefined;
    items.push({ kind: 'page', id: page.id, path, page, action: same ? (from === path ? 'keep' : 'move') : 'fetch', from: same ? from : undefined });
  }
  for (const { file, rel } of fileWanted) {
    const path = claims.claim(rel);
    paths.set(file.id, path);
    const before = old?.files[file.id];
    const from = recorded(root, before?.path);
    const same = before && from && before.size === file.size && before.name === file.name && (await sizeOf(join(root, from))) !== undefined;
    items.push({ kind: 'file', id: file.id, path, file, action: same ? (from === path ? 'keep' : 'move') : 'fetch', from: same ? from : undefined });
  }
  // Files the previous run wrote for pages and files that are gone (unless another now takes the path).
  const now = new Set(items.map((i) => i.path.toLowerCase()));
  const ids = new Set(items.map((i) => i.id));
  const stale: string[] = [];
  for (const [id, entry] of [...Object.entries(old?.pages ?? {}), ...Object.entries(old?.files ?? {})]) {
    const rel = recorded(root, entry.path);
    if (rel && !ids.has(id) && !now.has(rel.toLowerCase())) stale.push(rel);
  }
  relinkStale(items, old);
  return { items, paths, stale };
}

// ---- the command -----------------------------------------------------------------------------

export const EXPORT_COMMAND = defineCommand({
  name: 'export',
  summary: 'write a space (or a change request) as Markdown files with SUMMARY.md and its assets',
  help: `Layout (as the platform's Git Sync): one <path>.md per document page (<path>/README.md when it
has children), SUMMARY.md with the tree (groups as headings, link pages as links), and every
file under .gitbook/assets/. Paths from the API never leave --dest. Links between pages become
relative links to their files, file references point at the asset, and front matter carries a
page's description, emoji and hidden flag. content push sends such a folder back.

A manifest (${MANIFEST}) records what was written: a re-run fetches only pages and files that
changed or are missing, moves the files of pages whose path changed, and with --prune removes
those of pages and files that no longer exist (asking first on a terminal, else with --yes;
more than half of them, or all, needs --allow-mass-delete). After Ctrl-C (exit 130) every
written file is complete and recorded; run the command again to finish. Failed pages or files
are listed at the end (exit 5). --dry-run reads the tree and the files list, and prints what
would be written and removed.

--dest must be empty or hold this export's manifest: a file the export did not write is never
replaced or removed (--force takes over a folder holding other files). A file the export wrote
and someone edited since is never replaced or removed either. Run again over an edited folder,
export brings it up to date (there is no separate pull): pages not edited here take the space's
changes; a page changed on both sides keeps its file, the space's version is written beside it
as <page>.remote.md, and the page is named at the end (exit 1): merge it into the page, remove
the .remote.md, and content push sends the result. --force replaces edited files instead. No delete follows a symbolic link or
leaves --dest. One export at a time writes a folder: a second one names the process that holds
it and exits 1.

--all-spaces exports every space of the organization (--collection: of one collection, nested
ones included) into <dest>/<collection path>/<space slug>/, each as above, 4 spaces at once, with
one manifest (.docplat-export-all.json): a re-run exports only the spaces whose revision changed,
a renamed space keeps its folder, spaces gone are reported (--prune removes their folders: the
files their export wrote, never an edited one, never through a link). With --all-spaces, what
--prune removes is listed and confirmed once, after the spaces are exported.`,
  examples: ['export <spaceId> --dest ./docs', 'export <spaceId> --change-request 3 --dest ./cr-3 --concurrency 16', 'export --all-spaces --dest ./backup'],
  args: [{ ...SPACE_ID[0], optional: true }],
  flags: {
    dest: { flags: '--dest <dir>', description: 'folder to write into (created if missing; its parent must exist)', required: true, nonBlank: true, path: { kind: 'folder', layout: 'export' } },
    concurrency: { flags: '--concurrency <n>', description: 'requests in flight at once (default 8, at most 64)' },
    prune: { flags: '--prune', description: 'remove the files of pages and files that no longer exist (not those edited here)' },
    allowMassDelete: ALLOW_MASS_DELETE,
    force: { flags: '--force', description: 'export into a folder that holds other files, and replace files edited here since the export' },
    changeRequest: changeRequestFlag('pages.list.cr'),
    allSpaces: { flags: '--all-spaces', description: 'every space of the organization, each into <dest>/<collection path>/<space slug>/' },
    collection: { flags: '--collection <id>', description: 'with --all-spaces: the spaces of this collection (nested ones included)' },
  },
  operation: 'pages.list',
  async run(ctx, { args, opts }) {
    keepMemoryFlat();
    // Each download in flight listens for Ctrl-C: that many listeners are expected, not a leak to warn of.
    setMaxListeners(Math.max(getMaxListeners(ctx.signal), 4 * 4 * ctx.api.bulk.concurrency(opts.concurrency)), ctx.signal);
    const dest = opts.dest!;
    if (!dest.trim()) throw new UsageError('--dest is empty');
    const root = resolve(dest);
    if (opts.allSpaces) {
      if (args[0] !== undefined) throw new UsageError('give a space id or --all-spaces, not both');
      if (opts.changeRequest !== undefined) throw new UsageError('--change-request applies to one space, not --all-spaces');
      if (opts.collection !== undefined && !opts.collection.trim()) throw new UsageError('--collection is empty');
      const { exportAllSpaces } = await import('./export-all.js');
      return exportAllSpaces(ctx, root, opts);
    }
    if (opts.collection !== undefined) throw new UsageError('--collection only applies with --all-spaces');
    if (args[0] === undefined) throw new UsageError("missing required argument 'spaceId' (or --all-spaces)");
    const where: Where = { spaceId: args[0], changeRequest: opts.changeRequest };
    // Both reads are checked before anything is sent.
    contentRequest(ctx, 'pages.list', where);
    const filesRequest = contentRequest(ctx, 'files.list', where);
    await exportSpace(ctx, root, where, filesRequest, opts);
  },
});

export interface ExportOptions {
  concurrency?: string;
  prune?: boolean;
  allowMassDelete?: boolean;
  force?: boolean;
  dryRun?: boolean;
  /** With --all-spaces: the space folder, the scope its files are counted in for the mass-delete rule. */
  scope?: string;
  /** With --all-spaces: --prune's deletes are handed over (and gated with the others at the end), not made here. */
  pruneLater?(space: { root: string; deletes: DeletePlan; stale: string[] }): void;
  /** One of many (--all-spaces): no progress line and no closing note of its own. */
  quiet?: boolean;
  /** With --all-spaces: the space's record for a restore, from the lists already read (else the space is read). */
  record?: Omit<BackupRecord, 'tree'>;
  /** With --all-spaces: called once the space's requests are done (what is left is the disk's: its place goes to the next space). */
  requestsDone?(): Promise<void>;
  /** With --all-spaces: its folder, claimed ahead (while the spaces before it were exported). */
  claimed?: Promise<Claimed>;
}

/** One space (or change request) into `root`: the folder claimed and locked for the time of the export. */
export async function exportSpace(ctx: Context, root: string, where: Where, filesRequest: ReturnType<typeof contentRequest>, opts: ExportOptions): Promise<void> {
  const { old, lock } = await (opts.claimed ?? claimFolder(root, where, { force: opts.force, dryRun: opts.dryRun }));
  try {
    await exportInto(ctx, root, where, old, filesRequest, opts);
  } finally {
    await lock?.release();
  }
}

// ---- writing -------------------------------------------------------------------------------

/** The export itself, into a folder claimed for it: read, plan, guard, then write and report. */
async function exportInto(ctx: Context, root: string, where: Where, old: Manifest | undefined, filesRequest: ReturnType<typeof contentRequest>, opts: ExportOptions): Promise<void> {
  const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
  // The reads at once: a space's export waits one round trip for them (its settings first: the revision recorded is not newer than the pages).
  const spaceInfo = where.changeRequest !== undefined ? undefined : (opts.record ?? (opts.dryRun ? undefined : await readSpaceRecord(ctx, where.spaceId)));
  const [tree, files] = await Promise.all([fetchTree(ctx, where), ctx.api.all<ApiFile>(filesRequest)]);
  const { items, paths, stale } = await planExport(root, tree, files, old, !!opts.force);
  const summaryText = summary(tree, paths);
  // Files edited here since the export are kept (not fetched over, not pruned) unless --force: export-guard.ts.
  const guard = await guardEdits(root, old, items, opts.prune ? stale : [], summaryText, !!opts.force);
  const deletes = staleDeletes(old, guard.stale, opts.scope);
  if (opts.dryRun) return dryRunExport(ctx, root, { items, stale, summaryText, guard, deletes }, opts);
  // --prune's deletes pass the one gate before anything is written (with --all-spaces, they are gated with the others at the end).
  const permit = opts.prune && !opts.pruneLater ? await gateDeletes(ctx, deletes, { allowMassDelete: opts.allowMassDelete, where: `in ${root}` }) : undefined;
  const out = await openOutput(root, where, old, items, guard, !!opts.force, placesOf(tree), spaceInfo && { ...spaceInfo, tree: treeRecord(tree) });
  const links = exportPaths(tree, files, paths);
  const failures = await writeItems(ctx, root, where, out, { items, links, old, concurrency, quiet: !!opts.quiet, guard });
  await opts.requestsDone?.();
  const kept = await tidyUp(root, out, { items, failures, old, guard, summaryText, permit });
  if (opts.prune && opts.pruneLater) opts.pruneLater({ root, deletes, stale: guard.stale });
  await reportExport(ctx, root, { items, files: files.length, stale, failures, guard, kept }, opts);
}

/** --dry-run: what would be written, moved and removed, and nothing written. */
async function dryRunExport(ctx: Context, root: string, p: { items: Item[]; stale: string[]; summaryText: string; guard: Guard; deletes: DeletePlan }, opts: ExportOptions): Promise<void> {
  const lines = [...(await dryRunLines(root, p.items, p.summaryText, p.guard.stale)), ...editedLines(p.guard)];
  await ctx.output.changes(lines);
  const kept = p.items.filter((i) => i.action === 'keep').length;
  const mass = opts.prune && massNote(p.deletes);
  ctx.output.note(`dry run: ${lines.length} changes in ${root} (${kept} unchanged${!opts.prune && p.stale.length ? `, ${p.stale.length} stale kept without --prune` : ''}); nothing written${mass ? ` (the real run ${mass})` : ''}`);
}

/** Where an export writes: the folder's writer, the manifest as it grows, recording an item written, saving the manifest. */
interface Output {
  writer: Writer;
  manifest: Manifest;
  record(item: Item, bytes: number): void;
  save(): Promise<unknown>;
}

/**
 * The writer of the folder, which replaces a file at an export's path only
 * when this export wrote it (its manifest says so) and nobody edited it
 * since, or with --force; and the manifest, where until an item is done its
 * old entry stands (its old file is still where it was).
 */
async function openOutput(root: string, where: Where, old: Manifest | undefined, items: Item[], guard: Guard, force: boolean, tree: Record<string, ManifestPlace>, backup?: BackupRecord): Promise<Output> {
  const ours = new Set(
    [...Object.values(old?.pages ?? {}), ...Object.values(old?.files ?? {})].map((e) => recorded(root, e.path)?.toLowerCase()).filter((p) => p !== undefined),
  );
  if (old) ours.add('summary.md');
  // The space's versions an earlier run wrote beside edited pages are replaced by this run's.
  for (const e of Object.values(old?.pages ?? {})) if (typeof e?.remote === 'string' && recorded(root, e.remote)) ours.add(e.remote.toLowerCase());
  ours.add(MANIFEST.toLowerCase());
  const edited = new Set([...guard.edited.map((e) => e.path), ...guard.keptStale, ...(guard.summary === 'edited' ? ['SUMMARY.md'] : [])].map((p) => p.toLowerCase()));
  const writer = await Writer.open(root, (rel) => force || (ours.has(rel.toLowerCase()) && !edited.has(rel.toLowerCase())));
  // Temporary files a killed run left: only where an export ran before (a folder claimed empty has none).
  if (old) await removeLeftovers(root, items.map((i) => i.path));
  // The base a three-way push compares with: each page's hash (as written) and every page's place (the tree's, placesOf); what a restore needs (backup.ts).
  const manifest: Manifest = { ...newManifest(where), ...(old?.summary ? { summary: old.summary } : {}), tree, ...(backup ? { backup } : {}) };
  for (const item of items) {
    const before = item.kind === 'page' ? old?.pages[item.id] : old?.files[item.id];
    if (before) (item.kind === 'page' ? manifest.pages : manifest.files)[item.id] = before as never;
  }
  // Entries of pages and files that are gone stay until --prune removes their files.
  const present = new Set(items.map((i) => i.id));
  for (const [id, entry] of Object.entries(old?.pages ?? {})) if (!present.has(id)) manifest.pages[id] = entry;
  for (const [id, entry] of Object.entries(old?.files ?? {})) if (!present.has(id)) manifest.files[id] = entry;
  const out: Output = {
    writer,
    manifest,
    record(item, bytes) {
      // Fetched (or moved): no version of the space waits beside it any more.
      const { remote: _beside, pushed: _pushed, ...was } = old?.pages[item.id] ?? ({} as Partial<ManifestPage>);
      if (item.kind === 'page') manifest.pages[item.id] = { ...was, path: item.path, updatedAt: item.page!.updatedAt ?? null, bytes, ...item.written };
      else manifest.files[item.id] = { path: item.path, name: String(item.file!.name), size: bytes, ...item.written, ...served(item.file!) };
    },
    save: () => writer.writeJson(MANIFEST, manifest),
  };
  // A new export's folder holds its manifest before any page: a run killed outright (a second Ctrl-C) leaves a folder it can
  // resume (a file it wrote but had not yet recorded is kept and recorded when it holds the same bytes: keepEqual).
  if (!old) await out.save();
  return out;
}

type Failure = { item: Item; message: string };

/**
 * Moves first, one at a time (a target that is taken makes it a fetch),
 * then the fetches on the task scheduler: a page's Markdown written while
 * the next is fetched, a file downloaded to its path, the manifest saved
 * every 200 and at the end. Ctrl-C: exit 130, every file written complete
 * and recorded. Returns the failures.
 */
async function writeItems(ctx: Context, root: string, where: Where, out: Output, p: { items: Item[]; links: ReturnType<typeof exportPaths>; old: Manifest | undefined; concurrency: number; quiet: boolean; guard: Guard }): Promise<Failure[]> {
  const { items, old } = p;
  const { writer } = out;
  const progress = exportProgress(items);
  for (const item of items.filter((i) => i.action === 'move')) {
    try {
      await writer.move(item.from!, item.path);
      out.record(item, item.kind === 'page' ? old!.pages[item.id].bytes : old!.files[item.id].size);
    } catch {
      item.action = 'fetch';
    }
  }
  progress.finished(items.filter((i) => i.action !== 'fetch'));
  // A page edited here and changed in the space is fetched too: its version goes beside the file (recordBeside).
  const queue = items.filter((i) => i.action === 'fetch' || (i.action === 'edited' && i.kind === 'page'));
  let sinceSave = 0;
  const finished = async (item: Item, bytes: number) => {
    out.record(item, bytes);
    progress.finished([item]);
    if (++sinceSave >= 200) {
      sinceSave = 0;
      await out.save();
    }
  };
  const fetchOne = async (item: Item, t: TaskControl) => {
    if (item.kind === 'file') {
      // Its hash as the bytes stream by (every file: a restore compares with it; push tells an asset replaced here by it).
      const hash = createHash('sha256');
      const bytes = await downloadTo(ctx, item.file!, await writer.prepare(item.path), { replace: writer.replaces(item.path), keepEqual: true, onChunk: (c) => hash.update(c) });
      const mtimeMs = mtimeOf(root, item.path);
      item.written = { sha256: hash.digest('hex'), ...(mtimeMs !== undefined ? { mtimeMs } : {}) };
      return finished(item, bytes);
    }
    const at = p.guard.edited.find((e) => e.item === item);
    const used = new Set<string>();
    const markdown = withFrontMatter(item.page!, toRelative(await fetchMarkdown(ctx, where, item.id, t.signal), at?.path ?? item.path, p.links, used));
    if (at) return recordBeside(root, out, at, markdown, used);
    item.written = { sha256: textHash(markdown), deps: [...used] };
    // The page's file is written while the next page is fetched (the disk is off the requests' path).
    await t.release();
    const bytes = await writer.write(item.path, markdown);
    // Its time as written: push reads a page of this size and time again only when it changed.
    const mtimeMs = mtimeOf(root, item.path);
    if (mtimeMs !== undefined) item.written.mtimeMs = mtimeMs;
    await finished(item, bytes);
  };
  let report: Report;
  try {
    report = await runTasks(ctx, queue.map((item, i) => ({ id: String(i), run: (t) => fetchOne(item, t) })), {
      concurrency: p.concurrency,
      // Ctrl-C: pages in flight get a moment to arrive (a re-run need not fetch them again), then are dropped.
      graceMs: INTERRUPT_GRACE_MS,
      // At most this many pages wait for their write.
      released: 64,
      progress: p.quiet ? undefined : progress.text,
    });
  } finally {
    await out.save();
  }
  if (report.interrupted) {
    // A folder made for a page or file that never arrived is not left behind empty.
    await removeEmptyFolders(root, out.writer.folders());
    throw new Interrupted(`interrupted: ${progress.done()} of ${items.length} pages and files are in ${root}, each complete and recorded in its manifest; run the same command again to finish`);
  }
  return report.results.flatMap((r, i) => (r.state === 'failed' ? [{ item: queue[i], message: r.message! }] : []));
}

/**
 * After the writes: SUMMARY.md (unless edited here), the old file of a page
 * or file fetched again at a new path (renamed and changed), folders left
 * empty by moves, and with --prune the files of what is gone (each through
 * the permit of the delete gate). Returns the edited files kept.
 */
async function tidyUp(root: string, out: Output, p: { items: Item[]; failures: Failure[]; old: Manifest | undefined; guard: Guard; summaryText: string; permit?: Permit }): Promise<Kept[]> {
  const { items, old, guard } = p;
  if (guard.summary === 'write') await out.writer.write('SUMMARY.md', p.summaryText);
  if (guard.summary !== 'edited') out.manifest.summary = { sha256: textHash(p.summaryText) };
  const taken = new Set(items.map((i) => i.path.toLowerCase()));
  const left = items.filter((i) => i.action === 'fetch' && !p.failures.some((f) => f.item === i)).flatMap((item) => {
    const before = recorded(root, (item.kind === 'page' ? old?.pages[item.id] : old?.files[item.id])?.path);
    return before && before !== item.path && !taken.has(before.toLowerCase()) ? [before] : [];
  });
  const kept = (await removeFiles(root, left)).kept;
  await removeEmptyFolders(root, items.filter((i) => i.action === 'move').map((i) => i.from!));
  if (p.permit) {
    for (const rel of guard.stale) p.permit.check('file', rel);
    kept.push(...(await removeStale(root, out.manifest, guard.stale)));
  }
  await out.save();
  return kept;
}

/** The closing note, the result with --json, and the failures (exit 5) or the edited files kept (exit 1). */
async function reportExport(ctx: Context, root: string, r: { items: Item[]; files: number; stale: string[]; failures: Failure[]; guard: Guard; kept: Kept[] }, opts: ExportOptions): Promise<void> {
  const { items, failures, guard } = r;
  const count = (action: Item['action']) => items.filter((i) => i.action === action).length;
  const pages = items.filter((i) => i.kind === 'page').length;
  const fetched = count('fetch') - failures.length;
  if (!opts.quiet) ctx.output.note(
    `Exported ${pages} pages and ${r.files} files to ${root}: ${fetched} fetched, ${count('keep')} unchanged, ${count('move')} moved` +
      (opts.prune ? `, ${guard.stale.length} removed` : r.stale.length ? ` (${r.stale.length} files of removed pages kept; --prune removes them)` : ''),
  );
  // One of many (--all-spaces, a restore's check): the caller's item is the answer.
  if (ctx.output.dataAsked && !opts.quiet) {
    await ctx.output.item({
      dest: root,
      pages,
      files: r.files,
      fetched,
      unchanged: count('keep'),
      moved: count('move'),
      removed: opts.prune ? guard.stale.length : 0,
      edited: editedError(guard, r.kept)?.details.paths ?? [],
      failed: failures.map((f) => ({ kind: f.item.kind, id: f.item.id, path: f.item.path, message: f.message })),
    }, []);
  }
  if (failures.length) {
    for (const f of failures) ctx.warn(`failed: ${f.item.kind} ${f.item.id} (${f.item.path}): ${f.message}`);
    throw new PartialFailure(`${failures.length} of ${items.length} pages and files failed; run the command again to retry them`, failures.map((f) => f.item.id));
  }
  const error = editedError(guard, r.kept);
  if (error) throw error;
}

/** A file's type and where the platform served it, as a restore needs them. */
const served = (f: ApiFile) => ({ ...(typeof f.contentType === 'string' ? { contentType: f.contentType } : {}), ...(typeof f.downloadURL === 'string' ? { downloadURL: f.downloadURL } : {}) });

async function fetchMarkdown(ctx: Context, where: Where, pageId: string, signal: AbortSignal): Promise<string> {
  const request = contentRequest(ctx, 'pages.get', where, { pageId }, { format: 'markdown' });
  // A page in flight when Ctrl-C comes is still written if it arrives within the grace: a re-run does not fetch it again.
  const { data } = await ctx.api.send<{ markdown?: unknown }>(request, { finishOnInterrupt: true, signal });
  if (typeof data?.markdown !== 'string') throw new DocplatError('the page has no markdown');
  return data.markdown;
}

/** `pages 412/2000, files 37/120`: the progress line's text, as pages and files are written (or kept, or moved). */
function exportProgress(items: Item[]) {
  const total = { page: items.filter((i) => i.kind === 'page').length, file: items.filter((i) => i.kind === 'file').length };
  const done = { page: 0, file: 0 };
  return {
    finished(finished: Item[]) {
      for (const i of finished) done[i.kind]++;
    },
    done: () => done.page + done.file,
    text: () => `pages ${done.page}/${total.page}, files ${done.file}/${total.file}`,
  };
}
