// An exclusive lock on a state file, so that two processes using the same
// file (two `docplat --sandbox` commands, or one beside `sandbox serve
// --data`) cannot both load it, change it and overwrite each other's writes.
// The lock is a file next to the state, `<file>.lock`, created with O_EXCL
// and holding the pid of its owner; a lock whose process is gone is stale
// and taken over. A live owner is waited for, polling with backoff.
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { open, stat, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { Confined, ReadRefused } from '../../files/read.js';

/** How long to wait for a live owner by default. */
export const LOCK_WAIT_MS = 30_000;
/** A lock file still empty after this long was left by a process that died while creating it. */
const EMPTY_GRACE_MS = 5_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's text and age, or undefined when it is gone. */
async function look(path: string): Promise<{ text: string; pid?: number; ageMs: number } | undefined> {
  try {
    // Read as a file found in a folder is (src/files/read.ts): a lock planted as a link out, a FIFO or /dev/zero is refused.
    const [bytes, info] = await Promise.all([Confined.open(dirname(path), 'its folder').then((dir) => dir.read(basename(path), 'lock', path)), stat(path)]);
    const text = bytes.toString('utf8');
    const pid = Number(text.split('\n')[0]);
    return { text, pid: Number.isSafeInteger(pid) && pid > 0 ? pid : undefined, ageMs: Date.now() - info.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err instanceof ReadRefused && err.refusal === 'missing')) return undefined;
    throw err;
  }
}

/** Creates `path` exclusively with `text`; false when it exists. */
async function create(path: string, text: string): Promise<boolean> {
  let fh;
  try {
    fh = await open(path, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await fh.writeFile(text);
  } finally {
    await fh.close();
  }
  return true;
}

/**
 * Removes a stale lock, unless it changed since it was seen: two processes
 * that both saw it stale must not remove the lock the first of them took
 * next. A second lock file, `.takeover`, lets only one of them look and remove.
 */
async function takeOver(path: string, seen: string): Promise<void> {
  const guard = `${path}.takeover`;
  if (!(await create(guard, `${process.pid}\n`))) {
    const other = await look(guard);
    if (other && other.ageMs > EMPTY_GRACE_MS) await unlink(guard).catch(() => undefined);
    return;
  }
  try {
    if ((await look(path))?.text === seen) await unlink(path).catch(() => undefined);
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

/** How a lock's errors name what it guards (default: the sandbox state). */
export interface LockWords {
  /** "the sandbox state" */
  what: string;
  /** The error when a live process holds it: given the holder's pid. */
  busy?(pid: string, file: string): string;
}

const SANDBOX_WORDS: LockWords = { what: 'the sandbox state' };

export class FileLock {
  private readonly onExit = () => this.releaseSync();
  private released = false;

  private constructor(
    readonly path: string,
    private readonly text: string,
  ) {
    // A process that exits without close() leaves no lock behind.
    process.once('exit', this.onExit);
  }

  /** Takes the lock of `file`, waiting up to `waitMs` for a live owner to release it. */
  static async acquire(file: string, waitMs = LOCK_WAIT_MS, words: LockWords = SANDBOX_WORDS): Promise<FileLock> {
    const path = `${file}.lock`;
    const text = `${process.pid}\n${randomBytes(8).toString('hex')}\n`;
    const deadline = Date.now() + waitMs;
    let delay = 5;
    for (;;) {
      try {
        if (await create(path, text)) return new FileLock(path, text);
      } catch (err) {
        throw new Error(`cannot lock ${words.what} ${file}: ${(err as Error).message}`);
      }
      const owner = await look(path);
      if (owner === undefined) continue;
      const stale = owner.pid !== undefined ? !alive(owner.pid) : owner.ageMs > EMPTY_GRACE_MS;
      if (stale) {
        await takeOver(path, owner.text);
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        if (words.busy) throw new Error(words.busy(String(owner.pid ?? '(unknown)'), file));
        throw new Error(
          `the sandbox state ${file} is in use by process ${owner.pid ?? '(unknown)'}, still running after ${Math.round(waitMs / 1000)} s of waiting: ` +
            `try again when it has finished (a \`docplat sandbox serve --data\` holds it until it stops)`,
        );
      }
      // Backoff with jitter, so that waiting processes do not knock all at once.
      await sleep(Math.min(left, delay * (0.5 + Math.random())));
      delay = Math.min(delay * 2, 200);
    }
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    if ((await look(this.path))?.text === this.text) await unlink(this.path).catch(() => undefined);
  }

  private releaseSync(): void {
    if (this.released) return;
    this.released = true;
    try {
      if (readFileSync(this.path, 'utf8') === this.text) unlinkSync(this.path);
    } catch {
      // gone already
    }
  }
}
