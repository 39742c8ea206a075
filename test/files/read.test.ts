// The one reader (src/files/read.ts): a typed path is read where it is, within
// its bound (a FIFO fed forever and /dev/zero stop there); a path found in a
// folder is confined to it (a link out, `..`, an absolute path refused, named),
// and only a regular file is read (a FIFO refused without blocking).
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BOUNDS, Confined, ReadRefused, readOwnSync, readStream, readTyped, showBytes } from '../../src/files/read.js';
import { tempFiles } from '../helpers.js';

const { dir, file } = tempFiles();
const root = join(dir, 'root');
const outside = join(dir, 'outside');
mkdirSync(join(root, 'sub'), { recursive: true });
mkdirSync(join(outside, 'deep'), { recursive: true });
writeFileSync(join(root, 'page.md'), '# Page\n');
writeFileSync(join(root, 'sub', 'inner.md'), '# Inner\n');
writeFileSync(join(outside, 'secret.env'), 'DOCPLAT_TOKEN=s3cr3t\n');
writeFileSync(join(outside, 'deep', 'x.md'), '# outside\n');
symlinkSync(join(outside, 'secret.env'), join(root, 'env.md'));
symlinkSync(outside, join(root, 'linked'));
symlinkSync('page.md', join(root, 'alias.md'));
symlinkSync('../sub', join(root, 'sub', 'loop'));
symlinkSync('/dev/zero', join(root, 'zero.md'));
symlinkSync('/proc/self/environ', join(root, 'environ.md'));
execFileSync('mkfifo', [join(root, 'fifo.md')]);
writeFileSync(join(root, 'big.md'), '');
truncateSync(join(root, 'big.md'), BOUNDS.page.bytes + 1);

/** The refusal a promise rejects with. */
async function refusal(p: Promise<unknown>): Promise<ReadRefused> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ReadRefused);
  return err as ReadRefused;
}

/** Resolves the FIFO's reader if one is stuck on it (a failing test must not hang the file). */
function release(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // no reader waiting
  }
}

describe('bounds', () => {
  it('are named in words and bytes', () => {
    expect(showBytes(BOUNDS.org.bytes)).toBe('8 MB');
    expect(showBytes(BOUNDS.certificate.bytes)).toBe('64 KB');
    expect(showBytes(1000)).toBe('1000 bytes');
    // A certificate holds at most 10,000 characters (the API's bound): its file's bound is above it.
    expect(BOUNDS.certificate.bytes).toBeGreaterThan(10_000 * 4);
    // An asset is read whole to be sent: its bound is for reading (1 MB inline is push's own rule).
    expect(BOUNDS.asset.bytes).toBeGreaterThan(1024 * 1024);
  });
});

describe('readTyped: the path a user typed', () => {
  it('reads a file, through a link, wherever it is', async () => {
    expect((await readTyped(join(root, 'env.md'), 'value')).toString()).toBe('DOCPLAT_TOKEN=s3cr3t\n');
  });

  it('refuses a regular file over the bound by its size, naming the file and the bound', async () => {
    const err = await refusal(readTyped(join(root, 'big.md'), 'page'));
    expect(err.refusal).toBe('bound');
    expect(err.message).toBe(`${join(root, 'big.md')} is over 4 MB, the most docplat reads for a page's Markdown file`);
    expect(err.exitCode).toBe(2);
  });

  it('stops /dev/zero and /dev/urandom at the bound', async () => {
    for (const dev of ['/dev/zero', '/dev/urandom']) {
      const started = Date.now();
      const err = await refusal(readTyped(dev, 'certificate'));
      expect(err.message).toBe(`${dev} is over 64 KB, the most docplat reads for a certificate file`);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('reads a pipe (a FIFO with a writer) to its end, and stops one fed forever at the bound', async () => {
    const fifo = file('typed.fifo', '');
    execFileSync('rm', [fifo]);
    execFileSync('mkfifo', [fifo]);
    try {
      const writer = spawn('sh', ['-c', `printf 'hello' > '${fifo}'`]);
      const written = new Promise((r) => writer.on('close', r));
      expect((await readTyped(fifo, 'value')).toString()).toBe('hello');
      await written;
      // The writer ends when the reader is gone (SIGPIPE).
      const forever = spawn('sh', ['-c', `exec cat /dev/zero > '${fifo}'`]);
      const ended = new Promise((r) => forever.on('close', r));
      const err = await refusal(readTyped(fifo, 'lock'));
      expect(err.refusal).toBe('bound');
      await ended;
    } finally {
      release(fifo);
    }
  });

  it('names a folder and a missing file', async () => {
    expect((await refusal(readTyped(root, 'value'))).why).toBe('it is a folder');
    expect((await refusal(readTyped(join(root, 'nope'), 'value'))).why).toBe('no such file');
  });
});

describe("readOwnSync: a file of docplat's own, read at start-up", () => {
  const refusedSync = (f: () => unknown): ReadRefused => {
    let err: unknown;
    try {
      f();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ReadRefused);
    return err as ReadRefused;
  };

  it('reads a regular file whole, and says nothing of a missing one', () => {
    expect(readOwnSync(join(root, 'page.md'), 'config')?.toString()).toBe('# Page\n');
    expect(readOwnSync(join(root, 'none.json'), 'config')).toBeUndefined();
  });

  it('refuses a FIFO at once (not waited for), a device and a folder', () => {
    expect(refusedSync(() => readOwnSync(join(root, 'fifo.md'), 'config')).refusal).toBe('special');
    expect(refusedSync(() => readOwnSync('/dev/zero', 'config')).refusal).toBe('special');
    expect(refusedSync(() => readOwnSync(join(root, 'sub'), 'config')).refusal).toBe('folder');
  });

  it('refuses a file over the bound of its use by its size', () => {
    const err = refusedSync(() => readOwnSync(join(root, 'big.md'), 'config', 'the config file'));
    expect(err.refusal).toBe('bound');
    expect(err.message).toBe("the config file is over 1 MB, the most docplat reads for docplat's config file");
  });
});

describe('readStream: stdin', () => {
  it('reads to the end, and stops at the bound', async () => {
    expect((await readStream(Readable.from([Buffer.from('a'), 'b']), 'value')).toString()).toBe('ab');
    const endless = Readable.from(
      (function* () {
        for (;;) yield Buffer.alloc(64 * 1024);
      })(),
    );
    const err = await refusal(readStream(endless, 'certificate'));
    expect(err.message).toBe('stdin is over 64 KB, the most docplat reads for a certificate file');
  });
});

describe('Confined: a path found in a folder or named in a file', () => {
  it('reads a file inside, through a link that stays inside', async () => {
    const d = await Confined.open(root, 'the folder');
    expect((await d.read('page.md', 'page')).toString()).toBe('# Page\n');
    expect((await d.read('alias.md', 'page')).toString()).toBe('# Page\n');
    expect((await d.read('sub/inner.md', 'page')).toString()).toBe('# Inner\n');
    expect((await d.read('sub/loop/inner.md', 'page')).toString()).toBe('# Inner\n');
    expect(await d.readIfThere('missing.md', 'page')).toBeUndefined();
  });

  it('refuses a link out, a linked folder out, `..` and an absolute path: the path named, "leads outside", nothing of its content', async () => {
    const d = await Confined.open(root, 'the folder');
    for (const [rel, link] of [
      ['env.md', true],
      ['linked/deep/x.md', true],
      ['environ.md', true],
      ['zero.md', true],
      ['../outside/secret.env', false],
      [join(outside, 'secret.env'), false],
      ['/proc/self/environ', false],
    ] as const) {
      const err = await refusal(d.read(rel, 'page'));
      expect(err.refusal, rel).toBe('outside');
      expect(err.message).toBe(`${rel} leads outside the folder${link ? ' (a symbolic link)' : ''}`);
      expect(err.message).not.toContain('s3cr3t');
    }
  });

  it('refuses a FIFO without waiting for a writer, a folder, and a file over the bound by its size', async () => {
    const d = await Confined.open(root, 'the folder');
    const started = Date.now();
    try {
      const fifo = await refusal(d.read('fifo.md', 'page'));
      expect(fifo.message).toBe('fifo.md is a FIFO (named pipe), not a regular file');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      release(join(root, 'fifo.md'));
    }
    expect((await refusal(d.read('sub', 'page'))).message).toBe('sub is a folder, not a file');
    expect((await refusal(d.read('big.md', 'page'))).refusal).toBe('bound');
    expect((await refusal(d.size('big.md', 'page'))).refusal).toBe('bound');
    expect(await d.size('page.md', 'page')).toBe(7);
  });

  it('lists the files of a folder inside (links to check, folders left out), and refuses a folder that leads outside', async () => {
    const d = await Confined.open(root, 'the folder');
    const names = (await d.files('')).map((f) => f.rel).sort();
    expect(names).toEqual(['alias.md', 'big.md', 'env.md', 'environ.md', 'fifo.md', 'linked', 'page.md', 'zero.md']);
    expect((await d.files('sub')).map((f) => f.rel)).toEqual(['sub/inner.md', 'sub/loop']);
    expect(await d.files('nowhere')).toEqual([]);
    const err = await refusal(d.files('linked/deep'));
    expect(err.message).toBe('linked/deep leads outside the folder (a symbolic link)');
  });

  it('the root itself may be a link (the user chose it)', async () => {
    const linkedRoot = join(dir, 'root-link');
    symlinkSync(root, linkedRoot);
    const d = await Confined.open(linkedRoot, 'the folder');
    expect((await d.read('page.md', 'page')).toString()).toBe('# Page\n');
    expect((await refusal(d.read('env.md', 'page'))).refusal).toBe('outside');
  });
});
