// Streaming a file's bytes to disk (or stdout): the file's downloadURL may be
// on another origin (the client never sends the token there), the bytes go
// to a temporary file renamed when complete, an existing file is kept unless
// --force, and a terminal shows progress for large files. Also used by
// `content export` for each file of the space.
import { createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from '../../context.js';
import { DocplatError, UsageError } from '../../errors.js';
import { progressLine } from '../../output/progress.js';

export interface ApiFile {
  id: string;
  name: string;
  size?: number;
  downloadURL?: string;
  contentType?: string;
}

/** Counts the bytes that flow out of `body` (a listener, not a stream stage: no copy, no extra hop). */
function counter(body: Readable, onBytes: (total: number) => void, gc?: () => void): { total: number } {
  const count = { total: 0 };
  let sinceGc = 0;
  body.on('data', (chunk: Buffer) => {
    count.total += chunk.length;
    sinceGc += chunk.length;
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
let minorGc: (() => void) | undefined | null;
async function collector(): Promise<(() => void) | undefined> {
  if (minorGc === undefined) {
    try {
      const [{ setFlagsFromString }, { runInNewContext }] = await Promise.all([import('node:v8'), import('node:vm')]);
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as (opts?: { type: string }) => void;
      minorGc = () => gc({ type: 'minor' });
    } catch {
      minorGc = null;
    }
  }
  return minorGc ?? undefined;
}

/** The response body of a file's downloadURL (no token goes to another origin: the client sees to it). */
async function openDownload(ctx: Context, file: ApiFile): Promise<Readable> {
  const url = file.downloadURL;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new DocplatError(`file ${file.id} has no http(s) downloadURL`);
  const client = await ctx.client();
  const { data } = await client.request<Readable>('GET', url, { as: 'stream', signal: ctx.signal });
  return data;
}

const MB = 1024 * 1024;

/**
 * Writes a file's bytes to `target` through a temporary file in the same
 * folder, renamed when complete and of the announced size. `exclusive`:
 * fail rather than replace a file that appeared meanwhile.
 */
export async function downloadTo(ctx: Context, file: ApiFile, target: string, opts: { progress?: boolean; exclusive?: boolean } = {}): Promise<number> {
  const body = await openDownload(ctx, file);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.part`);
  const progress = opts.progress ? downloadProgress(ctx, file) : undefined;
  const count = counter(body, (n) => progress?.(n), await collector());
  try {
    await pipeline(body, createWriteStream(tmp, { flags: 'wx', highWaterMark: WRITE_BUFFER }), { signal: ctx.signal });
    if (typeof file.size === 'number' && count.total !== file.size) {
      throw new DocplatError(`incomplete download of ${file.name}: got ${count.total} of ${file.size} bytes`);
    }
    if (opts.exclusive && (await exists(target))) throw new UsageError(`${target} exists; use --force to overwrite it`);
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  } finally {
    progress?.(-1);
  }
  return count.total;
}

/** Streams a file's bytes to stdout, or into a device or pipe given as --dest (written, never replaced). */
export async function downloadToStdout(ctx: Context, file: ApiFile, device?: string): Promise<number> {
  const body = await openDownload(ctx, file);
  // `--dest - > file.bin` on a terminal: the progress line goes to stderr (never among the bytes on a terminal's stdout).
  const progress = device === undefined && ctx.io.stdoutTTY ? undefined : downloadProgress(ctx, file);
  const count = counter(body, (n) => progress?.(n), await collector());
  try {
    if (device !== undefined) await pipeline(body, createWriteStream(device, { flags: 'w' }), { signal: ctx.signal });
    else {
      await pipeline(body, ctx.io.stdout, { end: false, signal: ctx.signal }).catch((err: NodeJS.ErrnoException) => {
        // The reader went away (`--dest - | head -c 100`): the download stops, as any output does.
        if (err.code !== 'EPIPE') throw err;
      });
    }
  } finally {
    progress?.(-1);
  }
  return count.total;
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
