// Which files of an export folder changed since the export wrote them: the
// one place that tells (an export never replaces or deletes them without
// --force; push sends them; a later run that merges the space's changes into
// an edited folder keeps them). The manifest records what was written: each
// page's SHA-256, each file's size, SUMMARY.md's SHA-256. A byte-order mark
// and CRLF line ends an editor adds are no edit (push reads pages the same
// way); a link, a folder or a special file where the export wrote a file is.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { locate } from '../../files/delete.js';
import { lstatOrNot } from '../../files/paths.js';
import { Confined } from '../../files/read.js';
import { recorded, type Manifest } from './export-folder.js';

export type LocalState = 'same' | 'edited' | 'missing';

/** A page file's text as push reads it: without the byte-order mark and the CR of CRLF line ends an editor may add. */
export const pageText = (text: string): string => text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');

/** The SHA-256 of a text or of bytes, in hex, as the manifest records a page's (and SUMMARY.md's) and a file's. */
export const textHash = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The suffix of the space's version of a page, written beside it when both sides changed it. */
export const REMOTE_SUFFIX = '.remote.md';

/** The file the space's version of a page is written to: `faq.md` → `faq.remote.md`. */
export const remoteFile = (page: string): string => page.replace(/\.md$/i, '') + REMOTE_SUFFIX;

/** A page file's text as push reads it (pageText), through the one reader; undefined when it cannot be read. */
export async function readPageText(root: string, rel: string): Promise<string | undefined> {
  const bytes = await (await Confined.open(root)).read(rel, 'export').catch(() => undefined);
  return bytes && pageText(bytes.toString('utf8'));
}

/** A file's modification time in the folder (a file export just wrote, through the one writer), undefined when it cannot be told. */
export const mtimeOf = (root: string, rel: string): number | undefined => lstatOrNot(join(root, rel))?.mtimeMs;

/** What the export wrote at a path: the hash of its text, or (a file, or a page of an older manifest) its size. */
interface Written {
  sha256?: string;
  size?: number;
}

/** Each path the manifest records (cleaned: a path that leaves the folder is not one), with what was written there; by lower-case path. */
export function writtenFiles(root: string, m: Manifest): Map<string, Written & { path: string }> {
  const out = new Map<string, Written & { path: string }>();
  const add = (path: unknown, w: Written) => {
    const rel = recorded(root, path);
    if (rel) out.set(rel.toLowerCase(), { path: rel, ...w });
  };
  for (const e of Object.values(m.pages ?? {})) add(e?.path, { sha256: typeof e?.sha256 === 'string' ? e.sha256 : undefined, size: e?.bytes });
  for (const e of Object.values(m.files ?? {})) add(e?.path, { size: e?.size });
  if (typeof m.summary?.sha256 === 'string') add('SUMMARY.md', { sha256: m.summary.sha256 });
  return out;
}

/** How much larger than what was written a file may be and still be read to compare (CRLF line ends double a text at most). */
const readable = (w: Written, size: number) => w.size === undefined || size <= 2 * w.size + 64 * 1024;

/** Whether the file at `rel` is what the export wrote there (read through the one reader, confined to the folder). */
async function stateOf(folder: Confined, rel: string, w: Written): Promise<LocalState> {
  const { why, missing } = await locate(folder.root, rel, 'file');
  if (missing) return 'missing';
  // A link, a folder or a special file where the export wrote a file is an edit.
  if (why) return 'edited';
  const size = await folder.size(rel, 'export').catch(() => undefined);
  if (size === undefined) return 'edited';
  if (w.sha256 === undefined) return size === w.size ? 'same' : 'edited';
  if (!readable(w, size)) return 'edited';
  const text = (await folder.read(rel, 'export').catch(() => undefined))?.toString('utf8');
  if (text === undefined) return 'edited';
  return textHash(text) === w.sha256 || textHash(pageText(text)) === w.sha256 ? 'same' : 'edited';
}

/**
 * The state of the files the export wrote (those of `paths`, relative, or
 * all the manifest records), by their path as recorded: 'same', 'edited'
 * since the export, or 'missing'. A path the manifest does not record is
 * not the export's: not in the answer.
 */
export async function localEdits(root: string, m: Manifest, paths?: Iterable<string>): Promise<Map<string, LocalState>> {
  const written = writtenFiles(root, m);
  const wanted = paths ? [...new Set([...paths].map((p) => p.toLowerCase()))].flatMap((p) => written.get(p) ?? []) : [...written.values()];
  const out = new Map<string, LocalState>();
  const folder = await Confined.open(root);
  for (const w of wanted) out.set(w.path, await stateOf(folder, w.path, w));
  return out;
}

/** The paths of `localEdits` that are edited. */
export async function editedFiles(root: string, m: Manifest, paths?: Iterable<string>): Promise<string[]> {
  return [...(await localEdits(root, m, paths))].filter(([, s]) => s === 'edited').map(([p]) => p);
}
