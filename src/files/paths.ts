// Paths from API data (page paths, file names) made safe to write, for every
// file docplat writes (content export, files download, openapi content): every
// segment cleaned of what a file system would read as structure (`..`,
// separators, drive letters, NUL and control characters, reserved names),
// names that collide once cleaned told apart, and every final path checked to
// stay inside the folder the user chose, symbolic links included.
import { lstatSync, mkdirSync, realpathSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Characters that change how a name is shown, not what it is: bidi embeddings,
 * overrides and isolates (`invoice\u202efdp.exe` shows as "invoiceexe.pdf"),
 * direction marks, zero-width characters, line and paragraph separators, BOM.
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/g;
const RESERVED_CHARS = /[<>:"|?*\\/]/g;
const WINDOWS_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
/** The short (8.3) names Windows gives `.git`, which git on NTFS reads as `.git`. */
const GIT_SHORT_NAMES = /^git~\d+$/i;
const MAX_SEGMENT = 120;
/**
 * File systems count a name in bytes (255 at most); a segment keeps room for
 * what is added to it: `.md`, a `-2` of a collision, a temporary file's
 * `.<name>.<pid>.<random>.part`.
 */
const MAX_SEGMENT_BYTES = 200;

/** Cut to at most `max` UTF-8 bytes, on a character boundary, an extension of the name kept. */
function cutBytes(s: string, max: number): string {
  if (Buffer.byteLength(s) <= max) return s;
  const dot = s.lastIndexOf('.');
  const ext = dot > 0 && s.length - dot <= 16 ? s.slice(dot) : '';
  let out = '';
  let bytes = Buffer.byteLength(ext);
  for (const ch of ext ? s.slice(0, dot) : s) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out + ext;
}

/**
 * One path segment or file name (separators become `_`), safe on every file
 * system; '' when nothing is left. A name from a server never makes a hidden
 * file or folder: a leading dot gets `_` before it (`.git` → `_.git`,
 * `.bashrc` → `_.bashrc`), as do reserved names. Tools act on dotfiles
 * found in a folder (`.git` runs hooks and reads config, `.envrc`, `.npmrc`,
 * `.bash_profile`), and they hide from `ls`; prefixing rather than refusing
 * keeps a backup whole and the name recognisable.
 */
export function cleanSegment(raw: string): string {
  let s = raw.normalize('NFC').replace(CONTROL, '').replace(INVISIBLE, '').replace(RESERVED_CHARS, '_').trim();
  s = s.replace(/[. ]+$/, ''); // Windows drops trailing dots and spaces
  if (s === '' || s === '.' || s === '..' || /^\.+$/.test(s)) return '';
  if (WINDOWS_NAMES.test(s) || GIT_SHORT_NAMES.test(s) || s.startsWith('.')) s = `_${s}`;
  if ([...s].length > MAX_SEGMENT) s = [...s].slice(0, MAX_SEGMENT).join('');
  return cutBytes(s, MAX_SEGMENT_BYTES);
}

/**
 * A relative path (segments joined by `/`) from an API path: separators of
 * either kind split it, empty, `.` and `..` segments are dropped (so
 * `../../x` and `/etc/x` land inside), a drive letter becomes a plain
 * segment (`C:` → `C_`).
 */
export function cleanPath(raw: string): string[] {
  return raw
    .split(/[/\\]+/)
    .map(cleanSegment)
    .filter((s) => s !== '');
}

/**
 * Hands out relative paths that differ once case is ignored (two names that
 * clean to the same, or differ by case only, would be one file on macOS or
 * Windows): the second gets `-2` before its extension, and so on.
 */
export class PathClaims {
  private readonly taken = new Set<string>();

  claim(rel: string): string {
    let candidate = rel;
    const dot = rel.lastIndexOf('.');
    const slash = rel.lastIndexOf('/');
    const [stem, ext] = dot > slash + 1 ? [rel.slice(0, dot), rel.slice(dot)] : [rel, ''];
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }

  /** Marks a path (a folder holding claimed files) as taken, so no file is given its name. */
  reserve(rel: string): void {
    this.taken.add(rel.toLowerCase());
  }

  has(rel: string): boolean {
    return this.taken.has(rel.toLowerCase());
  }
}

/** The absolute path of `rel` inside `root`; throws when it would be anywhere else. */
export function inside(root: string, rel: string): string {
  const base = resolve(root);
  const full = resolve(base, rel);
  const back = relative(base, full);
  // `..notes.txt` is a name inside; only a `..` segment leads out.
  if (back === '' || isAbsolute(back) || back.split(sep).includes('..')) {
    throw new Error(`refusing to write outside ${base}: ${JSON.stringify(rel)}`);
  }
  return full;
}

/**
 * Checks that an existing folder, symbolic links resolved, is still inside
 * the root (a link planted in the folder must not lead writes elsewhere).
 */
export async function checkReal(rootReal: string, dir: string): Promise<void> {
  // The C library's realpath, as fs/promises' (a few system calls of metadata: at once, not through the thread pool).
  const real = realpathSync.native(dir);
  if (real !== rootReal && !real.startsWith(rootReal + sep)) throw new Error(`refusing to write through a link that leaves ${rootReal}: ${dir}`);
}

/** What is at `path` (not followed if a link), or undefined when nothing is or it cannot be seen: one system call, no exception made. */
export function lstatOrNot(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Creates the folder `dir` inside `root` one level at a time, so that no
 * folder is ever created through a symbolic link that leaves the root (as
 * `mkdir -p` would), and checks the result.
 */
export async function makeDirInside(root: string, rootReal: string, dir: string): Promise<void> {
  const rel = relative(root, dir);
  if (rel.split(sep).includes('..') || isAbsolute(rel)) throw new Error(`refusing to write outside ${root}: ${dir}`);
  let current = root;
  for (const part of rel === '' ? [] : rel.split(sep)) {
    current = join(current, part);
    const st = lstatOrNot(current);
    if (!st) {
      // At once, as the writer's calls (write.ts says why); made meanwhile by another is no error.
      try {
        mkdirSync(current);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    } else if (st.isSymbolicLink()) {
      await checkReal(rootReal, current);
    } else if (!st.isDirectory()) {
      throw new Error(`${current} is a file, not a folder`);
    }
  }
  await checkReal(rootReal, dir);
}

/**
 * The local name of a file from the API (a download, an exported asset): its
 * name, else its id, each cleaned as one path segment, so that no name or id
 * (`..`, `.ssh/authorized_keys`, a bidi override) names another place; never empty.
 */
export function localFileName(file: { id?: unknown; name?: unknown }): string {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? cleanSegment(String(v)) : '');
  return text(file.name) || text(file.id) || 'file';
}
