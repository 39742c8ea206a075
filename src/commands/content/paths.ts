// Paths from API data (page paths, file names) made safe to write: every
// segment cleaned of what a file system would read as structure (`..`,
// separators, drive letters, NUL and control characters, reserved names),
// names that collide once cleaned told apart, and every final path checked to
// stay inside the folder the user chose, symbolic links included.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const RESERVED_CHARS = /[<>:"|?*\\/]/g;
const WINDOWS_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const MAX_SEGMENT = 120;

/** One path segment or file name (separators become `_`), safe on every file system; '' when nothing is left. */
export function cleanSegment(raw: string): string {
  let s = raw.normalize('NFC').replace(CONTROL, '').replace(RESERVED_CHARS, '_').trim();
  s = s.replace(/[. ]+$/, ''); // Windows drops trailing dots and spaces
  if (s === '' || s === '.' || s === '..' || /^\.+$/.test(s)) return '';
  if (WINDOWS_NAMES.test(s)) s = `_${s}`;
  if ([...s].length > MAX_SEGMENT) s = [...s].slice(0, MAX_SEGMENT).join('');
  return s;
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
  if (back === '' || back.startsWith('..') || isAbsolute(back) || back.split(sep).includes('..')) {
    throw new Error(`refusing to write outside ${base}: ${JSON.stringify(rel)}`);
  }
  return full;
}

/**
 * Checks that an existing folder, symbolic links resolved, is still inside
 * the root (a link planted in the folder must not lead writes elsewhere).
 */
export async function checkReal(rootReal: string, dir: string): Promise<void> {
  const real = await realpath(dir);
  if (real !== rootReal && !real.startsWith(rootReal + sep)) throw new Error(`refusing to write through a link that leaves ${rootReal}: ${dir}`);
}
