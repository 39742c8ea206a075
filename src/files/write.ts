// The one way docplat writes a file (content export, files download, openapi
// content --dest): the bytes go to a temporary file beside the target,
// created exclusively (O_EXCL: a file or symbolic link planted at its name is
// never opened, let alone followed), and the complete file then takes the
// target's name. A symbolic link or a folder at the target is never replaced;
// an existing file is replaced only when the caller says so, and otherwise
// kept even when it appears while the bytes arrive (a hard link, which fails
// when the name is taken, publishes the file).
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DocplatError, UsageError } from '../errors.js';
import { lstatOrNot } from './paths.js';
import { sameBytes } from './read.js';

export interface WriteOptions {
  /** Replace a regular file at the target (never a link or a folder); without it, an existing target is kept and the write fails. */
  replace?: boolean;
  /** Aborts a streamed write (the temporary file is removed). */
  signal?: AbortSignal;
  /** Buffer size of a streamed write. */
  highWaterMark?: number;
  /** What the "exists" error suggests (default: --force). */
  existsHint?: string;
  /** The new file's mode before the umask (default 0o666: what the umask leaves). */
  mode?: number;
  /** The bytes reach the disk (fsync) before the file takes the target's name: a crash never leaves a torn file there. */
  durable?: boolean;
  /**
   * Without `replace`: a regular file at the target that holds exactly the bytes written is no conflict. It is
   * kept as it is (nothing replaced) and the write succeeds: what a run killed before it recorded its files wrote.
   */
  keepEqual?: boolean;
}

/** The target exists and the write was not allowed to replace it. */
export class TargetExists extends UsageError {
  constructor(
    readonly path: string,
    hint = 'use --force to overwrite it',
  ) {
    super(`${path} exists; ${hint}`);
  }
}

/** The temporary files of this writer: `.<name>.<pid>.<random>.part`. */
export const TEMPORARY = /^\..+\.\d+\.[a-z0-9]{1,8}\.part$/;

// process.pid asks the system each time it is read (a system call per file written).
let pid: number | undefined;
// Random bytes for 128 names at a time: asked for one name at a time, they cost an export more than its names.
let random = Buffer.alloc(0);
let used = 0;

function temporary(target: string): string {
  pid ??= process.pid;
  if (used === random.length) {
    random = randomBytes(6 * 128);
    used = 0;
  }
  const part = random.subarray(used, (used += 6)).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0');
  return join(dirname(target), `.${basename(target)}.${pid}.${part}.part`);
}

/**
 * Writes `data` (text, bytes, or a stream read to its end) to `target`
 * through an exclusive temporary file; returns the bytes written.
 *
 * Every system call is made at once (synchronously), a stream's chunks each
 * written as it arrives: measured on a busy 2-core machine, each call handed
 * to the thread pool held the main thread 0.3 to 1 ms (the pool's thread
 * woken takes its core), more than the call itself takes; an `export
 * --all-spaces` of ~70 spaces spent ~0.8 s there, with no request in flight
 * for a quarter of its run. A local file's write goes to the page cache.
 */
export async function writeSafely(target: string, data: string | Uint8Array | Readable, opts: WriteOptions = {}): Promise<number> {
  const streamed = !(typeof data === 'string' || data instanceof Uint8Array);
  // A stream is refused before its bytes are fetched; any write is checked again when the file is complete.
  if (streamed) checkTarget(target, opts);
  const tmp = temporary(target);
  let renamed = false;
  try {
    let bytes: number;
    if (!streamed) {
      writeFileSync(tmp, data, { flag: 'wx', mode: opts.mode, flush: opts.durable === true });
      bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    } else bytes = await writeStream(tmp, data, opts);
    if (opts.replace) {
      checkTarget(target, opts);
      renameSync(tmp, target);
      renamed = true;
    } else publish(tmp, target, opts);
    return bytes;
  } finally {
    if (!renamed) {
      try {
        unlinkSync(tmp);
      } catch {
        /* already gone */
      }
    }
  }
}

/** A stream's chunks written to a new file `tmp` as they arrive; returns the bytes written. */
async function writeStream(tmp: string, data: Readable, opts: WriteOptions): Promise<number> {
  const fd = openSync(tmp, 'wx', opts.mode ?? 0o666);
  let bytes = 0;
  try {
    const sink = new Writable({
      highWaterMark: opts.highWaterMark,
      write(chunk: Buffer, _encoding, done) {
        try {
          for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
          bytes += chunk.length;
          // The next chunk after the event loop's turn: a source that has its chunks at once (a generator, a file)
          // never holds the process in one long write (timers, Ctrl-C and the requests in flight go on).
          setImmediate(done);
        } catch (err) {
          done(err as Error);
        }
      },
    });
    await pipeline(data, sink, { signal: opts.signal });
    if (opts.durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/**
 * Writes `value` as JSON (the text JSON.stringify gives) as it is
 * serialized (jsonChunks): a manifest of thousands of entries, saved again
 * and again while an export runs, is never one string of megabytes and its
 * bytes at once.
 */
export function writeJson(target: string, value: unknown, opts: WriteOptions = {}): Promise<number> {
  // One piece made ahead of the one being written, no more (each is a young string, gone once written).
  return writeSafely(target, Readable.from(jsonChunks(value), { highWaterMark: 1 }), opts);
}

/**
 * The text of JSON.stringify(value) in pieces of about `size` characters
 * (each one flat string): plain objects and arrays are walked two levels
 * down (a manifest, its `pages`), anything below is stringified whole. Keys
 * are read when their turn comes: a value replaced meanwhile is written as
 * it is then.
 */
export function* jsonChunks(value: unknown, size = 16_384): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const piece of jsonPieces(value, 2)) {
    parts.push(piece);
    length += piece.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (parts.length) yield parts.join('');
}

/** Plain objects and arrays are walked; anything else (a Date, a Map, a boxed value) JSON.stringify writes whole. */
const walked = (v: unknown): v is object => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return Array.isArray(v) || proto === Object.prototype || proto === null;
};

function* jsonPieces(value: unknown, depth: number): Generator<string> {
  if (depth === 0 || !walked(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    // As JSON.stringify writes what it cannot write (undefined, a function) inside an array.
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i) yield ',';
      yield* jsonPieces(value[i], depth - 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(v, depth - 1);
  }
  yield '}';
}

/** A link or a folder at the target is refused; an existing file too unless it may be replaced (callers check before fetching). */
export function checkTarget(target: string, opts: WriteOptions): void {
  // One system call of metadata, made at once: through the thread pool, with an exception for each missing target, it
  // cost more than it does (an export checks thousands of targets).
  const st = lstatOrNot(target);
  if (!st) return;
  if (st.isSymbolicLink()) throw new DocplatError(`refusing to write ${target}: it is a symbolic link (remove it first)`);
  if (st.isDirectory()) throw new UsageError(`${target} is a folder`);
  // A file that may hold the same bytes is compared once they are written (publish).
  if (!opts.replace && !(opts.keepEqual && st.isFile())) throw new TargetExists(target, opts.existsHint);
}

/** Gives the complete temporary file the target's name, unless that name was taken meanwhile. */
function publish(tmp: string, target: string, opts: WriteOptions): void {
  try {
    linkSync(tmp, target);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A file system without hard links: renamed into the name, free a moment ago (checkTarget) unless a file that may
    // hold the same bytes is there.
    const noLinks = code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS';
    if (code !== 'EEXIST' && !noLinks) throw err;
    if (code === 'EEXIST' || (opts.keepEqual && lstatOrNot(target))) taken(tmp, target, opts);
    else renameSync(tmp, target);
  }
}

/** The target's name is taken: by a link, a folder or a file (each its own error), unless by a file of the same bytes that may be kept. */
function taken(tmp: string, target: string, opts: WriteOptions): void {
  checkTarget(target, opts);
  if (!(opts.keepEqual && sameBytes(tmp, target))) throw new TargetExists(target, opts.existsHint);
}
