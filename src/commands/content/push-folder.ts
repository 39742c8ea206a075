// content push, the folder's side: SUMMARY.md, the Markdown file of each
// page it names and the assets under .gitbook/assets/, read and checked
// before anything is sent. Bad input is a usage error (exit 2) naming the
// file and the line: a SUMMARY.md entry whose file is missing, two entries
// claiming one file or one page path, a relative link that leaves the
// folder, a file that is not UTF-8, front matter push cannot read (keys it
// does not send are only warned of). Every file is read through the one
// reader, confined to the folder (src/files/read.ts): a SUMMARY.md entry, an
// asset or the folder of assets that is (or leads through) a symbolic link
// out of it, or that is not a regular file (a FIFO, a device), or that is
// over its bound, is refused with where it was named, and nothing it holds
// is shown.
import { lstat, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Scope } from '../../tasks/schedule.js';
import { Confined, ReadRefused } from '../../files/read.js';
import { parseJsonBytes } from '../../files/json.js';
import { REMOTE_SUFFIX, pageText, textHash } from './edits.js';
export { remoteFile } from './edits.js';
import { MANIFEST, type Manifest } from './export.js';
import { FrontMatterError, parseFrontMatter, type PageMeta } from './front-matter.js';
import { localTarget, mapLinks } from './markdown-links.js';
import { SummaryError, parseSummary, type SummaryEntry } from './summary.js';

export const ASSETS = '.gitbook/assets';

export interface LocalPage {
  kind: 'page' | 'group' | 'link';
  title: string;
  /** A page's file, a link's URL; '' for a group. */
  target: string;
  /** Its line in SUMMARY.md. */
  line: number;
  children: LocalPage[];
  /** A page's file as read (front matter included). */
  text?: string;
  sha256?: string;
  meta?: PageMeta;
  /** The Markdown after the front matter. */
  body?: string;
  /** Lines the front matter takes (to report a body line as the file's). */
  bodyOffset?: number;
  /** Its modification time when read. */
  mtimeMs?: number;
  /** Reads it, when it was left unread (untouched since the export: its hash is the manifest's). */
  load?: () => Promise<void>;
}

export interface LocalAsset {
  /** `.gitbook/assets/<name>`. */
  path: string;
  name: string;
  size: number;
  /** Its bytes, read (confined, within the asset bound) when they are sent. */
  read(): Promise<Buffer>;
  /** The SHA-256 of its bytes (read when the export's hash is there to compare with). */
  hash(): Promise<string>;
  /** Its modification time (a file of the size and time the export recorded is not read again). */
  mtimeMs?: number;
}

export interface Folder {
  root: string;
  tree: LocalPage[];
  /** Page file (lower case) → its entry. */
  pages: Map<string, LocalPage>;
  assets: Map<string, LocalAsset>;
  manifest?: Manifest;
  /** Front matter keys push does not send, as `file:line: ...`. */
  ignored: string[];
  /** Markdown files SUMMARY.md does not list (not sent), relative. */
  unlisted: string[];
  /** The space's versions a content export wrote beside pages changed on both sides (`<page>.remote.md`), not merged yet. */
  remotes: string[];
  /** SUMMARY.md's SHA-256, as the manifest records it once pushed. */
  summarySha256: string;
}

/** At most this many entries are looked at to find Markdown files SUMMARY.md does not list. */
const MAX_LISTED = 20_000;

/** The Markdown files under the folder (not in dot-folders, no link followed), relative with `/`. */
async function markdownFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  let seen = 0;
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(rel ? join(root, rel) : root, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (++seen > MAX_LISTED || e.name.startsWith('.')) continue;
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path);
      else if (e.isFile() && /\.md$/i.test(e.name)) out.push(path);
    }
  };
  await walk('');
  return out.sort();
}

const bad = (file: string, line: number, message: string) => new UsageError(`--src: ${file}:${line}: ${message}; nothing was sent`);
/** A file of the folder the reader refused, named where it was found (the file itself, or `file:line` that names it). */
const refusedAt = (where: string, err: unknown) => (err instanceof ReadRefused ? new UsageError(`--src: ${where === err.shown ? '' : `${where}: `}${err.shown} ${err.reason}; nothing was sent`) : err);

/** The text of a file, or a usage error naming its first line that is not UTF-8. */
export function utf8(file: string, bytes: Buffer): string {
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    return strict.decode(bytes);
  } catch {
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        try {
          strict.decode(bytes.subarray(start, i));
        } catch {
          throw bad(file, line, 'the file is not UTF-8 text');
        }
        line++;
        start = i + 1;
      }
    }
    throw bad(file, 1, 'the file is not UTF-8 text');
  }
}

/** The page path a file stands for (`a/b.md`, `a/b/README.md` → `a/b`; `README.md` → ''), lower case. */
export const pagePathOf = (file: string): string => file.replace(/(^|\/)README\.md$/i, '').replace(/\.md$/i, '').toLowerCase();

/** The files under .gitbook/assets/ (not its subfolders, nor names starting with a dot), each checked as the reader will read it. */
async function readAssets(dir: Confined): Promise<Map<string, LocalAsset>> {
  const out = new Map<string, LocalAsset>();
  const found = await dir.files(ASSETS).catch((err: unknown) => {
    throw refusedAt(ASSETS, err);
  });
  for (const { name, rel } of found) {
    if (name.startsWith('.')) continue;
    const size = await dir.size(rel, 'asset').catch((err: unknown) => {
      throw refusedAt(rel, err);
    });
    const read = () =>
      dir.read(rel, 'asset').catch((err: unknown) => {
        throw refusedAt(rel, err);
      });
    const mtimeMs = await lstat(join(dir.root, rel)).then((s) => s.mtimeMs, () => undefined);
    out.set(rel, { path: rel, name, size, read, hash: async () => textHash(await read()), mtimeMs });
  }
  return out;
}

async function readManifest(dir: Confined): Promise<Manifest | undefined> {
  const bytes = await dir.readIfThere(MANIFEST, 'export').catch((err: unknown) => {
    throw refusedAt(MANIFEST, err);
  });
  if (!bytes) return undefined;
  try {
    const m = parseJsonBytes(bytes) as Manifest;
    if (typeof m?.pages !== 'object' || m.pages === null || typeof m.space !== 'string') return undefined;
    // Only entries of the shape export writes are used.
    const pages: Manifest['pages'] = {};
    for (const [id, e] of Object.entries(m.pages)) if (typeof e?.path === 'string' && (e.sha256 === undefined || typeof e.sha256 === 'string')) pages[id] = e;
    return { ...m, pages, changeRequest: typeof m.changeRequest === 'string' ? m.changeRequest : null };
  } catch {
    return undefined;
  }
}

/** Reads and checks the folder; the first bad input is thrown. */
export async function readFolder(src: string, scope: Scope): Promise<Folder> {
  const root = resolve(src);
  if (!(await stat(root).then((s) => s.isDirectory(), () => false))) throw new UsageError(`--src: ${root} is not a folder`);
  const dir = await Confined.open(root, 'the folder');
  const summaryBytes = await dir.readIfThere('SUMMARY.md', 'summary').catch((err: unknown) => {
    throw refusedAt('SUMMARY.md', err);
  });
  if (!summaryBytes) throw new UsageError(`--src: ${root} has no SUMMARY.md (the table of contents a Git Sync folder has; \`content export\` writes one)`);
  let entries: SummaryEntry[];
  try {
    entries = parseSummary(utf8('SUMMARY.md', summaryBytes).replace(/^\uFEFF/, ''));
  } catch (err) {
    if (err instanceof SummaryError) throw bad('SUMMARY.md', err.line, err.message);
    throw err;
  }
  const folder: Folder = { root, tree: [], pages: new Map(), assets: await readAssets(dir), manifest: await readManifest(dir), ignored: [], unlisted: [], remotes: [], summarySha256: textHash(summaryBytes.toString('utf8')) };
  // The tree and its claims first, in SUMMARY.md's order (the first bad entry is the one reported).
  const paths = new Map<string, LocalPage>();
  const order: LocalPage[] = [];
  const build = (entry: SummaryEntry): LocalPage => {
    const page: LocalPage = { kind: entry.kind, title: entry.title, target: entry.target, line: entry.line, children: [] };
    if (entry.kind === 'page') {
      const key = entry.target.toLowerCase();
      const claimed = folder.pages.get(key) ?? paths.get(pagePathOf(entry.target));
      if (claimed) throw bad('SUMMARY.md', entry.line, `"${entry.title}" claims ${entry.target}, the page "${claimed.title}" of line ${claimed.line} has that path already`);
      folder.pages.set(key, page);
      paths.set(pagePathOf(entry.target), page);
      order.push(page);
    }
    page.children = entry.children.map(build);
    return page;
  };
  folder.tree = entries.map(build);
  // Then the files, in SUMMARY.md's order (the first bad one is the one reported), one after the other: the reader makes
  // its calls at once, so a task each on the scheduler would only hold a few hundred bytes more per page while they run.
  // A file of the size and modification time the export recorded is as the export wrote it (its hash is the manifest's):
  // it is read only when its text is needed (`load`), as git tells an untouched file by its stat.
  const written = new Map(Object.values(folder.manifest?.pages ?? {}).map((e) => [e.path.toLowerCase(), e]));
  for (const page of order) {
    if (scope.signal.aborted) throw scope.signal.reason;
    const st = await dir.stat(page.target, 'page').catch(() => undefined);
    page.mtimeMs = st?.mtimeMs;
    const w = written.get(page.target.toLowerCase());
    if (st && w?.sha256 !== undefined && w.mtimeMs === st.mtimeMs && w.bytes === st.size) {
      page.sha256 = w.sha256;
      // Read once, whoever asks first (a batch, or the read ahead of it).
      let reading: Promise<void> | undefined;
      page.load = () => (reading ??= loadPage(dir, page, folder));
    } else fill(page, await readPage(dir, page), folder);
  }
  for (const file of await markdownFiles(root)) {
    if (file.toLowerCase().endsWith(REMOTE_SUFFIX)) folder.remotes.push(file);
    else if (file !== 'SUMMARY.md' && !folder.pages.has(file.toLowerCase())) folder.unlisted.push(file);
  }
  return folder;
}

/** A page's bytes, or the reader's refusal (reported in SUMMARY.md's order). */
const readPage = (dir: Confined, page: LocalPage): Promise<Buffer | ReadRefused> =>
  dir.read(page.target, 'page').catch((err: unknown) => {
    if (err instanceof ReadRefused) return err;
    throw err;
  });

/** A page's text, front matter and body, checked as read (bad input: a usage error naming the file and line). */
function fill(page: LocalPage, data: Buffer | ReadRefused, folder: Folder): void {
  if (data instanceof ReadRefused) {
    const which = data.refusal === 'missing' ? 'is not in the folder' : data.reason;
    throw bad('SUMMARY.md', page.line, `"${page.title}" names ${page.target}, which ${which}`);
  }
  // Line ends and a byte-order mark an editor adds are not changes (as export tells edits: edits.ts).
  page.text = pageText(utf8(page.target, data));
  page.sha256 = textHash(page.text);
  try {
    const { meta, body, ignored } = parseFrontMatter(page.text);
    Object.assign(page, { meta, body, bodyOffset: page.text.slice(0, page.text.length - body.length).split('\n').length - 1 });
    for (const { key, line } of ignored) folder.ignored.push(`${page.target}:${line}: front matter "${key}"`);
  } catch (err) {
    if (err instanceof FrontMatterError) throw bad(page.target, err.line, err.message);
    throw err;
  }
  checkLinks(page.target, page);
}

/** Reads a page left unread (untouched since the export) when its text is needed. */
async function loadPage(dir: Confined, page: LocalPage, folder: Folder): Promise<void> {
  fill(page, await readPage(dir, page), folder);
  page.load = undefined;
}

/** Relative links must stay in the folder. */
function checkLinks(file: string, page: LocalPage): void {
  mapLinks(page.body!, (target, line) => {
    const local = localTarget(file, target);
    const at = line + page.bodyOffset!;
    // An asset that is not in the folder is left as it is (export keeps a reference the space cannot resolve).
    if (local.kind === 'outside') throw bad(file, at, `the link "${target}" leads outside the folder`);
    return target;
  });
}

/** Every page entry of the tree, depth first. */
export function* localPages(tree: LocalPage[], parent?: LocalPage): Generator<{ page: LocalPage; parent?: LocalPage }> {
  for (const page of tree) {
    yield { page, parent };
    yield* localPages(page.children, page);
  }
}
