// Streaming a file's bytes to disk (or stdout): the file's downloadURL may be
// on another origin (the client never sends the token there), the bytes go
// through the safe writer (src/files/write.ts), an existing file is kept
// unless --force, the transfer stops at its Content-Length (or the file's
// size and a margin) and is checked against it, and a terminal shows
// progress for large files. Also used by
// `content export` for each file of the space.
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from '../../context.js';
import { DocplatError } from '../../errors.js';
import { checkTarget, writeSafely } from '../../files/write.js';
import { progressLine } from '../../output/progress.js';
import { v8Gc } from '../../tasks/memory.js';

export interface ApiFile {
  id: string;
  name: string;
  size?: number;
  downloadURL?: string;
  contentType?: string;
}

/** Counts the bytes that flow out of `body` (a listener, not a stream stage: no copy, no extra hop). */
function counter(body: Readable, onBytes: (total: number) => void, gc?: () => void, onChunk?: (chunk: Buffer) => void): { total: number } {
  const count = { total: 0 };
  let sinceGc = 0;
  // A listener would start the flow: held until the writer pipes it (the writer may first check its target).
  body.pause();
  body.on('data', (chunk: Buffer) => {
    count.total += chunk.length;
    sinceGc += chunk.length;
    onChunk?.(chunk);
    if (gc && sinceGc >= COLLECT_EVERY) {
      sinceGc = 0;
      setImmediate(gc);
    }
    onBytes(count.total);
  });
  return count;
}

/** Large writes: fewer pauses of the download while the disk catches up. */
const WRITE_BUFFER = 512 << 10;

/**
 * Each chunk of a download is a Buffer outside the JS heap, and V8 collects
 * them only once tens of MB have piled up, so peak memory would grow with the
 * download's speed. A young-generation collection every 4 MB keeps it flat
 * (each takes well under a millisecond: the chunks are already garbage).
 */
const COLLECT_EVERY = 4 << 20;
function collector(): (() => void) | undefined {
  const gc = v8Gc();
  return gc && (() => gc({ type: 'minor' }));
}

/** The response body of a file's downloadURL (no token goes to another origin: the client sees to it), and its declared length. */
async function openDownload(ctx: Context, file: ApiFile): Promise<{ body: Readable; length?: number }> {
  const url = file.downloadURL;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new DocplatError(`file ${file.id} has no http(s) downloadURL`);
  // Large files (over 8 MB as declared) take the transport that is fastest for a large body, small ones the pooled connections.
  const large = typeof file.size === 'number' && file.size > LARGE;
  const { data, headers } = await ctx.api.send<Readable>(ctx.api.raw('GET', url, { as: 'stream', large }));
  const declared = Array.isArray(headers['content-length']) ? headers['content-length'][0] : headers['content-length'];
  return { body: data, length: declared !== undefined && /^\d{1,15}$/.test(declared.trim()) ? Number(declared) : undefined };
}

const MB = 1024 * 1024;
const LARGE = 8 * MB;

/**
 * How many bytes a download may bring: the smaller of its Content-Length and
 * the file's declared size with a margin (10% and 1 MB: metadata may lag
 * behind the stored bytes); unbounded only when neither is known.
 */
export function downloadLimit(file: ApiFile, length: number | undefined): number {
  return Math.min(length ?? Infinity, sizeLimit(file));
}

const sizeLimit = (file: ApiFile): number => (validSize(file) ? file.size! + Math.ceil(file.size! / 10) + MB : Infinity);

const validSize = (file: ApiFile) => typeof file.size === 'number' && Number.isSafeInteger(file.size) && file.size >= 0;

/**
 * Counts a download's bytes, stops it past its limit, and turns a connection
 * that closed early into "incomplete download: got N of M bytes".
 */
async function transfer(
  ctx: Context,
  file: ApiFile,
  opened: { body: Readable; length?: number },
  progress: ((n: number) => void) | undefined,
  write: () => Promise<'stopped' | unknown>,
  onChunk?: (chunk: Buffer) => void,
): Promise<number> {
  const { body, length } = opened;
  const limit = downloadLimit(file, length);
  // A Content-Length beyond the file's size and margin (10^12 for 10 bytes): not one byte is read.
  if (length !== undefined && length > limit) {
    body.once('error', () => undefined).destroy();
    throw new DocplatError(`download of ${file.name} refused: its Content-Length of ${length} bytes is more than the file's size of ${file.size} bytes and its margin`);
  }
  const count = counter(body, (n) => {
    if (n > limit) body.destroy(new DocplatError(`download of ${file.name} stopped: the server sent more than ${length !== undefined ? `its Content-Length of ${length}` : `the file's size of ${file.size}`} bytes`));
    else progress?.(n);
  }, collector(), onChunk);
  try {
    // The reader of stdout went away: the bytes are no longer wanted, nothing to check.
    if ((await write()) === 'stopped') return count.total;
  } catch (err) {
    if (ctx.signal.aborted || err instanceof DocplatError) throw err;
    const expected = length ?? (validSize(file) ? file.size : undefined);
    if (expected !== undefined && count.total < expected) {
      const why = (err as { code?: string })?.code === 'UND_ERR_BODY_TIMEOUT' ? 'no bytes came within the time limit (--timeout)' : 'the connection closed early';
      throw new DocplatError(`incomplete download: got ${count.total} of ${expected} bytes of ${file.name} (${why})`);
    }
    throw err;
  } finally {
    progress?.(-1);
  }
  if (length !== undefined && count.total !== length) throw new DocplatError(`incomplete download: got ${count.total} of ${length} bytes of ${file.name}`);
  // The storage's answer is what the file is: metadata that says otherwise is worth a warning, not a failure.
  if (validSize(file) && file.size !== count.total) ctx.warn(`${file.name}: its metadata says ${file.size} bytes, the storage sent ${count.total} (kept as sent)`);
  return count.total;
}

/**
 * Writes a file's bytes to `target` through the safe writer (a temporary
 * file renamed when complete). `replace`: an existing file may be replaced.
 */
export async function downloadTo(ctx: Context, file: ApiFile, target: string, opts: { progress?: boolean; replace?: boolean; keepEqual?: boolean; onChunk?: (chunk: Buffer) => void } = {}): Promise<number> {
  const writing = { replace: opts.replace, keepEqual: opts.keepEqual, signal: ctx.signal, highWaterMark: WRITE_BUFFER };
  // A target that will be refused is refused before anything is fetched.
  checkTarget(target, writing);
  const opened = await openDownload(ctx, file);
  const progress = opts.progress ? downloadProgress(ctx, file) : undefined;
  return transfer(ctx, file, opened, progress, () =>
    writeSafely(target, opened.body, writing).catch((err: unknown) => {
      // Not piped (the target was taken meanwhile): the body is dropped, its abort no error of ours.
      opened.body.once('error', () => undefined).destroy();
      throw err;
    }),
    opts.onChunk,
  );
}

/** Streams a file's bytes to stdout, or into a device or pipe given as --dest (written, never replaced). */
export async function downloadToStdout(ctx: Context, file: ApiFile, device?: string): Promise<number> {
  const opened = await openDownload(ctx, file);
  const { body } = opened;
  // `--dest - > file.bin` on a terminal: the progress line goes to stderr (never among the bytes on a terminal's stdout).
  const progress = device === undefined && ctx.io.stdoutTTY ? undefined : downloadProgress(ctx, file);
  return transfer(ctx, file, opened, progress, async () => {
    if (device !== undefined) return pipeline(body, createWriteStream(device, { flags: 'w' }), { signal: ctx.signal });
    return pipeline(body, ctx.io.stdout, { end: false, signal: ctx.signal }).catch((err: NodeJS.ErrnoException) => {
      // The reader went away (`--dest - | head -c 100`): the download stops, as any output does.
      if (err.code !== 'EPIPE') throw err;
      return 'stopped' as const;
    });
  });
}

/** Whether `path` is a device or a named pipe (/dev/null, a FIFO): bytes are written into it, not put in its place. */
export async function isDevice(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isCharacterDevice() || s.isBlockDevice() || s.isFIFO() || s.isSocket(),
    () => false,
  );
}

/** A progress line on stderr (a terminal only, files over 1 MB), at most every 200 ms; called with -1 to clear it. */
function downloadProgress(ctx: Context, file: ApiFile): ((bytes: number) => void) | undefined {
  const line = progressLine(ctx, 200);
  if (!line.on || !(typeof file.size === 'number' && file.size > MB)) return undefined;
  const size = file.size;
  return (bytes) => {
    if (bytes < 0) return line.clear();
    line.show(`${file.name}  ${(bytes / MB).toFixed(1)}/${(size / MB).toFixed(1)} MB  ${Math.floor((bytes / size) * 100)}%`, bytes === size);
  };
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

export async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
