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
import { getMaxListeners, setMaxListeners } from 'node:events';
import { mkdir, readFile, readdir, realpath, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Context } from '../../context.js';
import { DocplatError, Interrupted, PartialFailure, UsageError } from '../../errors.js';
import { progressLine } from '../../output/progress.js';
import { parseConcurrency } from '../bulk.js';
import { defineCommand } from '../define.js';
import { downloadTo, exists, isDirectory, type ApiFile } from '../files/download.js';
import { withFrontMatter } from './front-matter.js';
import { exportPaths, relinkStale, pageHash, pruneEmptyFolders, describeOtherExport, dryRunLines } from './export-links.js';
import { toRelative } from './markdown-links.js';
import { PathClaims, checkReal, cleanPath, cleanSegment, inside, makeDirInside } from './paths.js';
import { summary } from './summary.js';
import { SPACE_ID, changeRequestFlag, contentRequest, fetchTree, walkTree, type ApiPage, type Where } from './shared.js';

export const MANIFEST = '.docplat-export.json';
const MANIFEST_FORMAT = 'docplat-export/1';
const ASSETS = '.gitbook/assets';

export interface ManifestPage {
  path: string;
  updatedAt: string | null;
  bytes: number;
  /** SHA-256 of the file as written (push tells the user's edits by it). */
  sha256?: string;
  /** Ids of the pages and files its relative links point at. */
  deps?: string[];
}

export interface ManifestFile {
  path: string;
  name: string;
  size: number;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  space: string;
  changeRequest: string | null;
  pages: Record<string, ManifestPage>;
  files: Record<string, ManifestFile>;
}

/** What a run does with one page or file. */
export interface Item {
  kind: 'page' | 'file';
  id: string;
  /** Relative path it must end up at. */
  path: string;
  action: 'keep' | 'move' | 'fetch';
  /** With move: where its file is now. */
  from?: string;
  page?: ApiPage;
  file?: ApiFile;
  /** With fetch, a page: what its manifest entry records of the file written. */
  written?: Pick<ManifestPage, 'sha256' | 'deps'>;
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

/** A path recorded in a manifest, if it is a clean relative path inside the folder. */
function recorded(root: string, rel: unknown): string | undefined {
  if (typeof rel !== 'string' || rel === '' || cleanPath(rel).join('/') !== rel) return undefined;
  try {
    inside(root, rel);
    return rel;
  } catch {
    return undefined;
  }
}

async function sizeOf(path: string): Promise<number | undefined> {
  return stat(path).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );
}

async function plan(root: string, tree: ApiPage[], files: ApiFile[], old: Manifest | undefined): Promise<{ items: Item[]; paths: Map<string, string>; stale: string[] }> {
  const documents = [...walkTree(tree)].map((e) => e.page).filter((p) => (p.type ?? 'document') === 'document');
  const wanted = documents.map((p) => ({ page: p, rel: pageFile(p) }));
  const fileWanted = files.map((f) => ({ file: f, rel: `${ASSETS}/${cleanSegment(String(f.name ?? '')) || cleanSegment(f.id) || 'file'}` }));
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
    const same = before && from && before.updatedAt === (page.updatedAt ?? null) && (await sizeOf(join(root, from))) === before.bytes;
    items.push({ kind: 'page', id: page.id, path, page, action: same ? (from === path ? 'keep' : 'move') : 'fetch', from: same ? from : undefined });
  }
  for (const { file, rel } of fileWanted) {
    const path = claims.claim(rel);
    paths.set(file.id, path);
    const before = old?.files[file.id];
    const from = recorded(root, before?.path);
    const same = before && from && before.size === file.size && before.name === file.name && (await sizeOf(join(root, from))) === before.size;
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

// ---- writing -------------------------------------------------------------------------------

/** Writes inside the folder only: through a temporary file, renamed when complete, never through a link that leaves it. */
class Writer {
  private readonly checked = new Map<string, Promise<void>>();

  constructor(
    readonly root: string,
    private readonly rootReal: string,
  ) {}

  /** The absolute path of `rel`, its folder created and checked. */
  async prepare(rel: string): Promise<string> {
    const full = inside(this.root, rel);
    const dir = dirname(full);
    let ready = this.checked.get(dir);
    if (!ready) {
      ready = makeDirInside(this.root, this.rootReal, dir);
      this.checked.set(dir, ready);
    }
    await ready;
    return full;
  }

  async write(rel: string, data: string): Promise<number> {
    const full = await this.prepare(rel);
    const tmp = `${full}.${process.pid}.part`;
    try {
      await writeFile(tmp, data, { flag: 'w' });
      await rename(tmp, full);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return Buffer.byteLength(data);
  }

  async move(from: string, to: string): Promise<void> {
    const source = inside(this.root, from);
    await checkReal(this.rootReal, dirname(source));
    await rename(source, await this.prepare(to));
  }

  /**
   * Removes the temporary files a run killed outright (a second Ctrl-C, a
   * kill) left in the folders this export writes: `<name>.<pid>.part` and
   * `.<name>.<pid>.<random>.part`, nothing else.
   */
  async removeLeftovers(rels: string[]): Promise<void> {
    const dirs = new Set(['', ...rels.map((rel) => dirname(rel)).filter((d) => d !== '.')]);
    for (const rel of dirs) {
      const dir = rel ? inside(this.root, rel) : this.root;
      // A folder missing, or a link that leaves the export (its pages fail later, each listed): nothing to clean.
      if (!(await checkReal(this.rootReal, dir).then(() => true, () => false))) continue;
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.filter((n) => /\.(md|json)\.\d+\.part$|^\..+\.\d+\.[a-z0-9]{1,8}\.part$/.test(n))) await unlink(join(dir, name)).catch(() => undefined);
    }
  }

  async remove(rel: string): Promise<void> {
    const full = inside(this.root, rel);
    await checkReal(this.rootReal, dirname(full));
    await unlink(full).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    // Folders left empty go too, up to the export's root.
    for (let dir = dirname(full); dir !== this.root && dir.startsWith(this.root); dir = dirname(dir)) {
      if (!(await rmdir(dir).then(() => true, () => false))) break;
    }
  }
}

async function readManifest(root: string, where: Where): Promise<Manifest | undefined> {
  let text: string;
  try {
    text = await readFile(join(root, MANIFEST), 'utf8');
  } catch {
    return undefined;
  }
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
  } catch {
    throw new UsageError(`--dest: ${join(root, MANIFEST)} is not a docplat export manifest (not JSON); remove it or choose another folder`);
  }
  if (m?.format !== MANIFEST_FORMAT || typeof m.pages !== 'object' || typeof m.files !== 'object' || m.pages === null || m.files === null) {
    throw new UsageError(`--dest: ${join(root, MANIFEST)} is not a docplat export manifest; remove it or choose another folder`);
  }
  if (m.space !== where.spaceId || (m.changeRequest ?? null) !== (where.changeRequest ?? null)) {
    throw new UsageError(describeOtherExport(m, where));
  }
  return m;
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
those of pages and files that no longer exist. After Ctrl-C (exit 130) every written file is
complete; run the command again to finish. Failed pages or files are listed at the end (exit 5).
--dry-run reads the tree and the files list, and prints what would be written.`,
  examples: ['export <spaceId> --dest ./docs', 'export <spaceId> --dest ./docs --prune', 'export <spaceId> --change-request 3 --dest ./cr-3 --concurrency 16'],
  args: SPACE_ID,
  flags: {
    dest: { flags: '--dest <dir>', description: 'folder to write into (created if missing; its parent must exist)', required: true, nonBlank: true },
    concurrency: { flags: '--concurrency <n>', description: 'requests in flight at once (default 8, at most 64)' },
    prune: { flags: '--prune', description: 'remove the files of pages and files that no longer exist' },
    changeRequest: changeRequestFlag('pages.list.cr'),
  },
  operation: 'pages.list',
  async run(ctx, { args, opts }) {
    const where: Where = { spaceId: args[0], changeRequest: opts.changeRequest };
    const concurrency = parseConcurrency(opts.concurrency);
    // Each download in flight listens for Ctrl-C: that many listeners are expected, not a leak to warn of.
    setMaxListeners(Math.max(getMaxListeners(ctx.signal), 4 * concurrency), ctx.signal);
    const dest = opts.dest!;
    if (!dest.trim()) throw new UsageError('--dest is empty');
    const root = resolve(dest);
    if (await exists(root)) {
      if (!(await isDirectory(root))) throw new UsageError(`--dest: ${root} is not a folder`);
    } else if (!(await isDirectory(dirname(root)))) {
      throw new UsageError(`--dest: the folder ${dirname(root)} does not exist`);
    }
    // Both reads are checked before anything is sent.
    contentRequest('pages.list', where);
    const filesRequest = contentRequest('files.list', where);
    const old = await readManifest(root, where);

    const tree = await fetchTree(ctx, where);
    const client = await ctx.client();
    const files = await client.all<ApiFile>(filesRequest, { signal: ctx.signal });
    const { items, paths, stale } = await plan(root, tree, files, old);
    const links = exportPaths(tree, files, paths);

    if (opts.dryRun) {
      const lines = await dryRunLines(root, items, summary(tree, paths), opts.prune ? stale : []);
      if (lines.length) await ctx.output.text(lines.join('\n'));
      const kept = items.filter((i) => i.action === 'keep').length;
      ctx.output.note(`dry run: ${lines.length} changes in ${root} (${kept} unchanged${!opts.prune && stale.length ? `, ${stale.length} stale kept without --prune` : ''}); nothing written`);
      return;
    }

    await mkdir(root, { recursive: true });
    const writer = new Writer(root, await realpath(root));
    await writer.removeLeftovers(items.map((i) => i.path));
    const manifest: Manifest = { format: MANIFEST_FORMAT, space: where.spaceId, changeRequest: where.changeRequest ?? null, pages: {}, files: {} };
    // Until an item is done, its old entry stands (its old file is still where it was).
    for (const item of items) {
      const before = item.kind === 'page' ? old?.pages[item.id] : old?.files[item.id];
      if (before) (item.kind === 'page' ? manifest.pages : manifest.files)[item.id] = before as never;
    }
    // Entries of pages and files that are gone stay until --prune removes their files.
    const present = new Set(items.map((i) => i.id));
    for (const [id, entry] of Object.entries(old?.pages ?? {})) if (!present.has(id)) manifest.pages[id] = entry;
    for (const [id, entry] of Object.entries(old?.files ?? {})) if (!present.has(id)) manifest.files[id] = entry;
    const record = (item: Item, bytes: number) => {
      if (item.kind === 'page') manifest.pages[item.id] = { ...old?.pages[item.id], path: item.path, updatedAt: item.page!.updatedAt ?? null, bytes, ...item.written };
      else manifest.files[item.id] = { path: item.path, name: String(item.file!.name), size: bytes };
    };
    const saveManifest = () => writer.write(MANIFEST, JSON.stringify(manifest));

    const failures: { item: Item; message: string }[] = [];
    const progress = exportProgress(ctx, items);
    // Moves first, one at a time: a target that is taken makes it a fetch.
    for (const item of items.filter((i) => i.action === 'move')) {
      try {
        if (await exists(inside(root, item.path))) throw new Error('target taken');
        await writer.move(item.from!, item.path);
        record(item, item.kind === 'page' ? old!.pages[item.id].bytes : old!.files[item.id].size);
      } catch {
        item.action = 'fetch';
      }
    }
    let done = items.filter((i) => i.action !== 'fetch').length;
    progress.update(items.filter((i) => i.action !== 'fetch'));
    const queue = items.filter((i) => i.action === 'fetch');
    let next = 0;
    let sinceSave = 0;
    const failed = (item: Item, err: unknown) => failures.push({ item, message: err instanceof Error ? err.message : String(err) });
    const finished = async (item: Item, bytes: number) => {
      record(item, bytes);
      done++;
      progress.update([item]);
      if (++sinceSave >= 200) {
        sinceSave = 0;
        await saveManifest();
      }
    };
    // A page's file is written while its worker already fetches the next one
    // (the disk is off the requests' path); at most this many writes wait.
    const writes = new Set<Promise<void>>();
    const MAX_WRITES = 64;
    const worker = async () => {
      while (next < queue.length && !ctx.signal.aborted) {
        const item = queue[next++];
        try {
          if (item.kind === 'file') {
            await finished(item, await downloadTo(ctx, item.file!, await writer.prepare(item.path)));
            continue;
          }
          const used = new Set<string>();
          const markdown = withFrontMatter(item.page!, toRelative(await fetchMarkdown(ctx, where, item.id), item.path, links, used));
          item.written = { sha256: pageHash(markdown), deps: [...used] };
          const write: Promise<void> = writer
            .write(item.path, markdown)
            .then((bytes) => finished(item, bytes))
            .catch((err: unknown) => void failed(item, err));
          writes.add(write);
          void write.finally(() => writes.delete(write));
          if (writes.size >= MAX_WRITES) await Promise.race(writes);
        } catch (err) {
          if (ctx.signal.aborted) return;
          failed(item, err);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(queue.length, 1)) }, worker));
      await Promise.all(writes);
    } finally {
      await Promise.all(writes);
      progress.end();
      await saveManifest();
    }
    if (ctx.signal.aborted) throw new Interrupted(`interrupted: ${done} of ${items.length} pages and files are in ${root}, each complete; run the same command again to finish`);

    await writer.write('SUMMARY.md', summary(tree, paths));
    await pruneEmptyFolders(root, items.filter((i) => i.action === 'move').map((i) => i.from!));
    // A page or file fetched again at a new path (renamed and changed): its old file goes.
    const taken = new Set(items.map((i) => i.path.toLowerCase()));
    for (const item of items.filter((i) => i.action === 'fetch' && !failures.some((f) => f.item === i))) {
      const before = recorded(root, (item.kind === 'page' ? old?.pages[item.id] : old?.files[item.id])?.path);
      if (before && before !== item.path && !taken.has(before.toLowerCase())) await writer.remove(before);
    }
    if (opts.prune && stale.length) {
      for (const rel of stale) await writer.remove(rel);
      for (const kind of ['pages', 'files'] as const) for (const id of Object.keys(manifest[kind])) if (!present.has(id)) delete manifest[kind][id];
      await saveManifest();
    }
    const count = (kind: Item['kind'], action: Item['action']) => items.filter((i) => i.kind === kind && i.action === action).length;
    const pages = items.filter((i) => i.kind === 'page').length;
    ctx.output.note(
      `Exported ${pages} pages and ${files.length} files to ${root}: ${count('page', 'fetch') + count('file', 'fetch') - failures.length} fetched, ` +
        `${count('page', 'keep') + count('file', 'keep')} unchanged, ${count('page', 'move') + count('file', 'move')} moved` +
        (opts.prune ? `, ${stale.length} removed` : stale.length ? ` (${stale.length} files of removed pages kept; --prune removes them)` : ''),
    );
    if (failures.length) {
      for (const f of failures) ctx.warn(`failed: ${f.item.kind} ${f.item.id} (${f.item.path}): ${f.message}`);
      throw new PartialFailure(`${failures.length} of ${items.length} pages and files failed; run the command again to retry them`, failures.map((f) => f.item.id));
    }
  },
});

async function fetchMarkdown(ctx: Context, where: Where, pageId: string): Promise<string> {
  const request = contentRequest('pages.get', where, { pageId }, { format: 'markdown' });
  const client = await ctx.client();
  // A page in flight when Ctrl-C comes is still written: a re-run does not fetch it again.
  const { data } = await client.send<{ markdown?: unknown }>(request, { finishOnInterrupt: true });
  if (typeof data?.markdown !== 'string') throw new DocplatError('the page has no markdown');
  return data.markdown;
}

/** `pages 412/2000, files 37/120` on a terminal's stderr, at most every 100 ms. */
function exportProgress(ctx: Context, items: Item[]) {
  const line = progressLine(ctx);
  const total = { page: items.filter((i) => i.kind === 'page').length, file: items.filter((i) => i.kind === 'file').length };
  const done = { page: 0, file: 0 };
  return {
    update(finished: Item[]) {
      for (const i of finished) done[i.kind]++;
      line.show(`pages ${done.page}/${total.page}, files ${done.file}/${total.file}`, done.page === total.page && done.file === total.file);
    },
    end: () => line.clear(),
  };
}
