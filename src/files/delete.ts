// The one way docplat deletes a local file (the disk side of the delete gate,
// src/commands/deletes.ts): `content export --prune` and `--all-spaces
// --prune`, the old file of a page an export wrote again elsewhere, the
// folders they leave empty, the temporary files a killed run left. A path is
// removed only inside the root the user chose, only when every folder on the
// way is a real folder (never a symbolic link: a space folder replaced by a
// link to a working copy elsewhere keeps that copy's files), only when it is
// a regular file (a link at its place is kept, not followed nor removed), and
// only when the caller's check lets it go (an export's: the bytes are the
// ones it wrote). What is kept is said, with the reason. Also the one way
// docplat makes and removes a private folder of its own (withTemporaryFolder).
import { lstat, mkdtemp, readdir, realpath, rm, rmdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export interface Kept {
  /** The relative path, with `/`. */
  path: string;
  why: string;
}

/** The absolute path of `rel` inside `root`, or undefined when it would be anywhere else (or is the root). */
function within(root: string, rel: string): string | undefined {
  const full = resolve(root, rel);
  const back = relative(root, full);
  return back === '' || isAbsolute(back) || back.split(sep).includes('..') ? undefined : full;
}

/**
 * Where `rel` is in `root`, and why it is not what it should be (`want`: a
 * regular file, or a real folder) reached through real folders only, or
 * `missing`. Every folder on the way is checked with lstat, then the folder
 * it is in is resolved: it must be that very folder under the root's real
 * path (a link swapped in meanwhile is caught). Also what tells whether an
 * export's file is still the one it wrote (content/edits.ts).
 */
export async function locate(root: string, rel: string, want: 'file' | 'folder'): Promise<{ full: string; why?: string; missing?: boolean }> {
  const base = resolve(root);
  const full = within(base, rel);
  if (!full) return { full: base, why: 'it is outside the folder' };
  const parts = relative(base, full).split(sep);
  let current = base;
  for (let i = 0; i < parts.length; i++) {
    current = join(current, parts[i]);
    const last = i === parts.length - 1;
    const st = await lstat(current).catch(() => undefined);
    if (!st) return { full, missing: true };
    const at = last ? 'it' : parts.slice(0, i + 1).join('/');
    if (st.isSymbolicLink()) return { full, why: `${at} is a symbolic link` };
    if (!last && !st.isDirectory()) return { full, why: `${at} is not a folder` };
    if (last && want === 'file' && !st.isFile()) return { full, why: st.isDirectory() ? 'it is a folder' : 'it is not a regular file' };
    if (last && want === 'folder' && !st.isDirectory()) return { full, why: 'it is not a folder' };
  }
  const [rootReal, dirReal] = await Promise.all([realpath(base), realpath(join(full, '..'))]).catch(() => [undefined, undefined]);
  if (!rootReal || dirReal !== join(rootReal, ...parts.slice(0, -1))) return { full, why: 'a folder on the way leads elsewhere' };
  return { full };
}

/** Removes the file `rel` of `root`: 'removed', 'missing', or why it was kept. */
export async function removeFile(root: string, rel: string): Promise<'removed' | 'missing' | Kept> {
  const { full, why, missing } = await locate(root, rel, 'file');
  if (missing) return 'missing';
  if (why) return { path: rel, why };
  try {
    await unlink(full);
    return 'removed';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    return { path: rel, why: (err as Error).message };
  }
}

/**
 * Removes files of `root`: each through `removeFile`, after `keep` (the
 * caller's own reason to keep one: an edited file); then the folders they
 * leave empty. Returns what was removed and what was kept, with why.
 */
export async function removeFiles(root: string, rels: string[], keep?: (rel: string) => Promise<string | undefined>): Promise<{ removed: string[]; kept: Kept[] }> {
  const removed: string[] = [];
  const kept: Kept[] = [];
  for (const rel of rels) {
    const reason = await keep?.(rel);
    if (reason) {
      kept.push({ path: rel, why: reason });
      continue;
    }
    const outcome = await removeFile(root, rel);
    if (outcome === 'removed') removed.push(rel);
    else if (outcome !== 'missing') kept.push(outcome);
  }
  await removeEmptyFolders(root, rels);
  return { removed, kept };
}

/**
 * Removes the folders of these paths that are empty, deepest first, up to
 * (never including) the root; a folder that is a link, or holds anything,
 * stays (rmdir removes only an empty folder).
 */
export async function removeEmptyFolders(root: string, rels: string[]): Promise<void> {
  const dirs = new Set<string>();
  for (const rel of rels) {
    const parts = rel.split('/').slice(0, -1);
    for (let i = parts.length; i > 0; i--) dirs.add(parts.slice(0, i).join('/'));
  }
  for (const dir of [...dirs].sort((a, b) => b.split('/').length - a.split('/').length)) {
    const { full, why, missing } = await locate(root, dir, 'folder');
    if (missing || why) continue;
    await rmdir(full).catch(() => undefined);
  }
}

/**
 * Removes, in the folders `dirs` of `root` (relative; '' is the root), the
 * entries whose name `temporary` matches: the temporary files of the one
 * writer (src/files/write.ts) a run killed outright left. A folder that is a
 * link, or missing, is skipped; an entry is unlinked (a link itself, never
 * what it points at).
 */
export async function removeTemporaries(root: string, dirs: string[], temporary: (name: string) => boolean): Promise<void> {
  for (const dir of new Set(dirs)) {
    if (dir !== '') {
      const { why, missing } = await locate(root, dir, 'folder');
      if (missing || why) continue;
    }
    const full = dir === '' ? resolve(root) : join(resolve(root), dir);
    for (const name of (await readdir(full).catch(() => [] as string[])).filter(temporary)) await unlink(join(full, name)).catch(() => undefined);
  }
}

/**
 * Runs `use` with a private folder of docplat's own (0700, made by mkdtemp in
 * the system's temporary folder: `docplat-<purpose>-XXXXXX`), then removes it
 * and what `use` put in it, whatever happened (a link inside is unlinked,
 * never followed).
 */
export async function withTemporaryFolder<T>(purpose: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `docplat-${purpose}-`));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
