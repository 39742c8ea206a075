// The one reader: every file a user or a file names is read here, beside the
// one writer (write.ts). Two ways in:
//
// - a typed path (`--file F`, `-f F`, `<(cmd)`, `-` for stdin) is the user's
//   choice: read wherever it is, pipes and stdin included (readTyped,
//   readStream);
// - a path named inside a file or found in a folder (SUMMARY.md entries, a
//   pushed folder's assets, `openapi[].file` and `certificate` of an
//   organization file, `icon:` and `script:` of a manifest, an export's own
//   files in --dest) is confined to its root (Confined): a path or a symbolic
//   link on the way that leads outside is refused, and only a regular file is
//   read (a FIFO is opened without blocking and refused, as are devices,
//   sockets and folders).
//
// Every read has a bound fitting its use (BOUNDS), checked by fstat on the
// opened file when it is a regular one, and enforced while reading, so that
// /dev/zero or a pipe fed forever stops at the bound. A refusal is a usage
// error (exit 2) naming the file, never quoting what it holds.
// node:fs's promises on first use: node:fs/promises costs every command ~1 ms to load, and most read no file.
import { closeSync, constants, fstatSync, lstatSync, openSync, promises as fsp, readSync, realpathSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';

import { BOUNDS, KB, showBytes, type ReadUse } from './bounds.js';

export { BOUNDS, showBytes, type ReadUse };

/** Why a file is not read: `outside`, `special` (FIFO, device, socket), `folder`, `bound`, `missing`, `unreadable`. */
export type Refusal = 'outside' | 'special' | 'folder' | 'bound' | 'missing' | 'unreadable';

/**
 * A file not read, and why: `reason` completes a sentence about it ("leads
 * outside the folder", "is a FIFO (named pipe), not a regular file"), so a
 * caller can say where it was named (`SUMMARY.md:3: "Env" names env.md, which
 * leads outside the folder`); `why` is the short form after "cannot read X:"
 * ("no such file", "it is a folder", "permission denied"). The message alone
 * is `<shown> <reason>`.
 */
export class ReadRefused extends UsageError {
  constructor(
    readonly shown: string,
    readonly reason: string,
    readonly refusal: Refusal,
    readonly why = reason,
  ) {
    super(`${shown} ${reason}`);
    Object.assign(this.details, { file: shown, refusal });
  }

  /** The same refusal of another path. */
  of(shown: string): ReadRefused {
    return new ReadRefused(shown, this.reason, this.refusal, this.why);
  }

  /** The refusal in words after a label: `cannot read "x": no such file`, `"x" leads outside the folder` (`what`: how the file is named). */
  words(what = `"${this.shown}"`): string {
    if (this.refusal === 'missing' || this.refusal === 'folder' || this.refusal === 'unreadable') return `cannot read ${what}: ${this.why}`;
    return `${what} ${this.reason}`;
  }
}

/** The bytes as text, or undefined when they are not UTF-8 or hold a NUL (a binary file is never sent as text, mangled). */
export function utf8Text(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const overBound = (shown: string, use: ReadUse) => new ReadRefused(shown, `is over ${showBytes(BOUNDS[use].bytes)}, the most docplat reads for ${BOUNDS[use].what}`, 'bound');

/** What a file of this type is, for a refusal; undefined for a regular file. */
function notRegular(st: Stats): { reason: string; refusal: Refusal; why?: string } | undefined {
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return { reason: 'is a folder, not a file', refusal: 'folder', why: 'it is a folder' };
  const what = st.isFIFO() ? 'a FIFO (named pipe)' : st.isSocket() ? 'a socket' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : 'not a file';
  return { reason: `is ${what}, not a regular file`, refusal: 'special' };
}

const isFolder = (shown: string) => new ReadRefused(shown, 'is a folder, not a file', 'folder', 'it is a folder');

function errnoRefusal(shown: string, err: unknown): ReadRefused {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new ReadRefused(shown, 'does not exist', 'missing', 'no such file');
  if (code === 'EISDIR') return isFolder(shown);
  if (code === 'ENXIO') return new ReadRefused(shown, 'is a socket or a device, not a regular file', 'special');
  const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? (err as Error).message);
  return new ReadRefused(shown, `cannot be read: ${why}`, 'unreadable', why);
}

/** What a system call gives, or the refusal that names `shown`. */
function orRefused<T>(shown: string, call: () => T): T {
  try {
    return call();
  } catch (err) {
    throw errnoRefusal(shown, err);
  }
}

/** Chunks of a file that fstat cannot size (a pipe, a device). */
const CHUNK = 256 * KB;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** A FIFO is opened without waiting for a writer (and then refused). */
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Reads an opened file to its end, at most the bound of `use`: a regular
 * file as readRegularSync does, anything else (a pipe, a device) in chunks,
 * waited for, refused when the bound is passed.
 */
async function readOpened(fh: FileHandle, st: Stats, use: ReadUse, shown: string): Promise<Buffer> {
  if (st.isFile()) return readRegularSync(fh.fd, st, use, shown);
  const limit = BOUNDS[use].bytes;
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, limit + 1 - total));
    const { bytesRead } = await fh.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    chunks.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (total > limit) throw overBound(shown, use);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}

/**
 * Reads an opened regular file to its end at once (synchronously), at most
 * the bound of `use`: refused by its size before a byte is read, or when it
 * grows past the bound while read.
 */
function readRegularSync(fd: number, st: Stats, use: ReadUse, shown: string): Buffer {
  const limit = BOUNDS[use].bytes;
  if (st.size > limit) throw overBound(shown, use);
  // One buffer of its size and a byte more: a file that fills it grew, and is read on, to the bound and a byte.
  let buffer = Buffer.allocUnsafe(st.size + 1);
  let total = 0;
  for (;;) {
    if (total === buffer.length) {
      if (total > limit) throw overBound(shown, use);
      const bigger = Buffer.allocUnsafe(Math.min(limit + 1, total + CHUNK));
      buffer.copy(bigger, 0, 0, total);
      buffer = bigger;
    }
    const n = readSync(fd, buffer, total, buffer.length - total, null);
    if (n === 0) break;
    total += n;
  }
  if (total > limit) throw overBound(shown, use);
  return buffer.subarray(0, total);
}

/**
 * Whether the regular file `target` holds exactly the bytes of `file` (one the writer just made beside it: its
 * keepEqual), read side by side in pieces, no further than `file`'s size; neither opened through a link, a FIFO
 * never waited for.
 */
export function sameBytes(file: string, target: string): boolean {
  const flags = constants.O_RDONLY | NOFOLLOW | NONBLOCK;
  let a: number | undefined;
  let b: number | undefined;
  try {
    a = openSync(file, flags);
    b = openSync(target, flags);
    const size = fstatSync(a).size;
    const other = fstatSync(b);
    if (!other.isFile() || other.size !== size) return false;
    const x = Buffer.allocUnsafe(Math.min(size, CHUNK) || 1);
    const y = Buffer.allocUnsafe(x.length);
    for (let at = 0; at < size; ) {
      const n = readSync(a, x, 0, x.length, at);
      if (n === 0 || readSync(b, y, 0, n, at) !== n || x.compare(y, 0, n, 0, n) !== 0) return false;
      at += n;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (a !== undefined) closeSync(a);
    if (b !== undefined) closeSync(b);
  }
}

/**
 * A path the user typed, read where it is (symbolic links followed, a named
 * pipe or /dev/fd/N waited for): the user's choice, within the bound of `use`.
 * `shown` names it in errors (default: the path).
 */
export async function readTyped(path: string, use: ReadUse, shown = path): Promise<Buffer> {
  let fh: FileHandle;
  try {
    fh = await fsp.open(path, constants.O_RDONLY);
  } catch (err) {
    throw errnoRefusal(shown, err);
  }
  try {
    const st = await fh.stat();
    if (st.isDirectory()) throw isFolder(shown);
    return await readOpened(fh, st, use, shown);
  } catch (err) {
    throw err instanceof ReadRefused ? err : errnoRefusal(shown, err);
  } finally {
    await fh.close().catch(() => undefined);
  }
}

/** How a file of docplat's own is opened: never through a link at its name; only when its status is trusted. */
export interface OwnReadOptions {
  noFollow?: boolean;
  trusted?: (st: Stats) => boolean;
}

/**
 * A file of docplat's own in the user's folders (the config file, the code
 * cache), read synchronously at start-up: a regular file (a FIFO is refused,
 * not waited for), within the bound of `use`, checked by fstat and again
 * while reading; with `noFollow`, a symbolic link at its name is refused,
 * and with `trusted`, a file whose status it refuses. Undefined when it does
 * not exist; a ReadRefused otherwise.
 */
export function readOwnSync(path: string, use: ReadUse, shown = path, opts: OwnReadOptions = {}): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (opts.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0));
  } catch (err) {
    const refused = errnoRefusal(shown, err);
    if (refused.refusal === 'missing') return undefined;
    throw refused;
  }
  try {
    const st = fstatSync(fd);
    const odd = notRegular(st);
    if (odd) throw new ReadRefused(shown, odd.reason, odd.refusal, odd.why);
    if (opts.trusted && !opts.trusted(st)) throw new ReadRefused(shown, 'could have been written by another account', 'unreadable', 'not trusted');
    return readRegularSync(fd, st, use, shown);
  } catch (err) {
    throw err instanceof ReadRefused ? err : errnoRefusal(shown, err);
  } finally {
    closeSync(fd);
  }
}

/** A stream (stdin) read to its end, at most the bound of `use`. */
export async function readStream(stream: AsyncIterable<Buffer | string>, use: ReadUse, shown = 'stdin'): Promise<Buffer> {
  const limit = BOUNDS[use].bytes;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    total += bytes.length;
    if (total > limit) throw overBound(shown, use);
  }
  return Buffer.concat(chunks, total);
}

/** What opening a symbolic link with O_NOFOLLOW fails with (Linux and macOS; FreeBSD says EMLINK). */
const LINK_CODES = new Set(['ELOOP', 'EMLINK']);

/** A file found in a confined folder by `Confined.files`. */
export interface FoundFile {
  name: string;
  /** Its path relative to the root, with `/`. */
  rel: string;
}

/**
 * A folder whose files are read confined to it: a path relative to the root
 * is resolved one segment at a time, each symbolic link on the way must
 * resolve inside the root, and only a regular file is opened and read.
 */
export class Confined {
  /** Real folder of each relative folder already walked. */
  private readonly folders = new Map<string, Promise<string>>();

  private constructor(
    /** The root as given (resolved), for messages. */
    readonly root: string,
    /** The root with its symbolic links resolved: the folder everything must stay in. */
    private readonly real: string,
    /** The root in messages: "the folder", "the folder of docplat.yaml". */
    readonly name: string,
  ) {}

  /** The root (its own links are the user's choice: resolved, not refused). */
  static async open(root: string, name = `the folder ${root}`): Promise<Confined> {
    const full = resolve(root);
    let real: string;
    try {
      real = await fsp.realpath(full);
    } catch (err) {
      throw errnoRefusal(full, err);
    }
    return new Confined(full, real, name);
  }

  private outside(shown: string, link: boolean): ReadRefused {
    return new ReadRefused(shown, `leads outside ${this.name}${link ? ' (a symbolic link)' : ''}`, 'outside');
  }

  private inside(real: string): boolean {
    return real === this.real || real.startsWith(this.real.endsWith(sep) ? this.real : this.real + sep);
  }

  /** The segments of `rel` below the root; refused when it names a place outside (absolute, `..`). */
  private segments(rel: string, shown: string): string[] {
    const back = relative(this.root, resolve(this.root, rel));
    if (back === '') return [];
    if (isAbsolute(back) || back.split(sep).includes('..')) throw this.outside(shown, false);
    return back.split(sep);
  }

  /** The real path of a folder below the root, every link on the way checked. */
  private folder(segments: string[], shown: string): Promise<string> {
    if (segments.length === 0) return Promise.resolve(this.real);
    const key = segments.join('/');
    let found = this.folders.get(key);
    if (!found) {
      found = (async () => {
        const parent = await this.folder(segments.slice(0, -1), shown);
        const path = join(parent, segments[segments.length - 1]);
        const st = orRefused(shown, () => lstatSync(path));
        if (!st.isSymbolicLink()) return path;
        const real = orRefused(shown, () => realpathSync.native(path));
        if (!this.inside(real)) throw this.outside(shown, true);
        return real;
      })();
      this.folders.set(key, found);
    }
    // A refusal names the path asked for, not the one of the first caller.
    return found.catch((err: unknown) => {
      if (err instanceof ReadRefused) throw err.of(shown);
      throw err;
    });
  }

  /** Opens a regular file inside the root, without following a link out or waiting on a FIFO (calls made at once: write.ts says why). */
  private async openFile(rel: string, shown: string): Promise<{ fd: number; st: Stats }> {
    const segments = this.segments(rel, shown);
    if (segments.length === 0) throw isFolder(shown);
    const dir = await this.folder(segments.slice(0, -1), shown);
    let path = join(dir, segments[segments.length - 1]);
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
    } catch (err) {
      if (!LINK_CODES.has((err as NodeJS.ErrnoException).code ?? '')) throw errnoRefusal(shown, err);
      // A symbolic link: read what it leads to, if that is inside.
      path = orRefused(shown, () => realpathSync.native(path));
      if (!this.inside(path)) throw this.outside(shown, true);
      fd = orRefused(shown, () => openSync(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK));
    }
    try {
      const st = fstatSync(fd);
      const bad = notRegular(st);
      if (bad) throw new ReadRefused(shown, bad.reason, bad.refusal, bad.why);
      return { fd, st };
    } catch (err) {
      closeSync(fd);
      throw err instanceof ReadRefused ? err : errnoRefusal(shown, err);
    }
  }

  /** The bytes of `rel` (relative to the root), within the bound of `use`. */
  async read(rel: string, use: ReadUse, shown = rel): Promise<Buffer> {
    const { fd, st } = await this.openFile(rel, shown);
    try {
      return readRegularSync(fd, st, use, shown);
    } catch (err) {
      throw err instanceof ReadRefused ? err : errnoRefusal(shown, err);
    } finally {
      closeSync(fd);
    }
  }

  /** The same, undefined when there is no such file (any other refusal is thrown). */
  async readIfThere(rel: string, use: ReadUse, shown = rel): Promise<Buffer | undefined> {
    return this.read(rel, use, shown).catch((err: unknown) => {
      if (err instanceof ReadRefused && err.refusal === 'missing') return undefined;
      throw err;
    });
  }

  /** Checks `rel` as `read` will (inside, a regular file, within the bound), without opening it: its size. */
  async size(rel: string, use: ReadUse, shown = rel): Promise<number> {
    return (await this.stat(rel, use, shown)).size;
  }

  /** The same check, with the file's modification time too (content push tells a file untouched since the export by both). */
  async stat(rel: string, use: ReadUse, shown = rel): Promise<{ size: number; mtimeMs: number }> {
    const segments = this.segments(rel, shown);
    if (segments.length === 0) throw isFolder(shown);
    let path = join(await this.folder(segments.slice(0, -1), shown), segments[segments.length - 1]);
    let st = orRefused(shown, () => lstatSync(path));
    if (st.isSymbolicLink()) {
      path = orRefused(shown, () => realpathSync.native(path));
      if (!this.inside(path)) throw this.outside(shown, true);
      st = orRefused(shown, () => lstatSync(path));
    }
    const bad = notRegular(st);
    if (bad) throw new ReadRefused(shown, bad.reason, bad.refusal, bad.why);
    if (st.size > BOUNDS[use].bytes) throw overBound(shown, use);
    return { size: st.size, mtimeMs: st.mtimeMs };
  }

  /**
   * The entries of a folder below the root that are not folders (files, and
   * links to check with `size` or `read`), by name; an empty list when the
   * folder does not exist. The folder itself is confined as a file's is.
   */
  async files(relDir: string, shown = relDir): Promise<FoundFile[]> {
    let dir: string;
    try {
      dir = await this.folder(this.segments(relDir, shown), shown);
    } catch (err) {
      if (err instanceof ReadRefused && err.refusal === 'missing') return [];
      throw err;
    }
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return [];
      if (code === 'ENOTDIR') throw new ReadRefused(shown, 'is not a folder', 'special');
      throw errnoRefusal(shown, err);
    });
    const prefix = relDir === '' ? '' : `${relDir.replace(/\/+$/, '')}/`;
    return entries.filter((e) => !e.isDirectory()).map((e) => ({ name: e.name, rel: `${prefix}${e.name}` }));
  }
}
