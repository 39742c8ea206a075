// The one writer's JSON (src/files/write.ts): a value written as it is
// serialized, in pieces, is the text JSON.stringify gives, byte for byte,
// and goes through the same exclusive temporary file (a link at the target
// is refused, a file replaced only when allowed).
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonChunks, writeJson, writeSafely } from '../../src/files/write.js';
import { tempDir } from '../helpers.js';

const root = tempDir('docplat-write-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const manifest = {
  format: 'docplat-export/1',
  space: 'S1',
  changeRequest: null,
  pages: Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [`p${i}`, { path: `section/page-${i}.md`, updatedAt: i % 7 ? '2024-04-22T03:44:27.000Z' : null, bytes: 295 + i, sha256: 'ab'.repeat(32), deps: i % 3 ? [] : [`p${i + 1}`], mtimeMs: 1764627000000.5 + i }]),
  ),
  files: {},
  tree: { p0: { parent: null, after: null, title: 'Über "quotes" \\ \n\t\u2028 👋', type: 'document', updatedAt: null } },
  backup: { organization: 'O', revision: 'r1', settings: { title: 'Welcome', emoji: '👋' }, collection: null, tree: [{ id: 'p0', type: 'document', title: 'x', parent: null }] },
  skipped: undefined,
};

describe('jsonChunks', () => {
  it('joins to the text JSON.stringify gives, in pieces of about the size asked', () => {
    const chunks = [...jsonChunks(manifest, 1000)];
    expect(chunks.join('')).toBe(JSON.stringify(manifest));
    expect(chunks.length).toBeGreaterThan(20);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeLessThan(2000);
  });

  it('writes what JSON.stringify writes for any value: undefined and functions left out (null in an array), toJSON, Maps, empty ones', () => {
    const values: unknown[] = [
      null,
      0,
      'text',
      [],
      {},
      [undefined, () => 1, Symbol('s'), 1],
      { a: undefined, b: () => 1, c: [{}, []], d: new Date(0), e: new Map([[1, 2]]), f: { toJSON: () => 'mine' } },
      Object.assign(Object.create(null), { x: { y: [1, { z: null }] } }),
      { nested: { deep: { deeper: { deepest: [1, 2, 3] } } } },
    ];
    for (const v of values) expect([...jsonChunks(v, 3)].join('')).toBe(JSON.stringify(v));
  });
});

describe('writeJson', () => {
  it('writes the file as JSON.stringify would, replacing a file only when allowed', async () => {
    const target = join(root, 'manifest.json');
    const bytes = await writeJson(target, manifest);
    expect(readFileSync(target, 'utf8')).toBe(JSON.stringify(manifest));
    expect(bytes).toBe(Buffer.byteLength(JSON.stringify(manifest)));
    await expect(writeJson(target, { again: true })).rejects.toThrow(/exists/);
    await writeJson(target, { again: true }, { replace: true });
    expect(readFileSync(target, 'utf8')).toBe('{"again":true}');
  });

  it('never writes through a symbolic link at the target', async () => {
    const outside = join(root, 'outside.json');
    writeFileSync(outside, 'kept');
    const link = join(root, 'link.json');
    symlinkSync(outside, link);
    await expect(writeJson(link, manifest, { replace: true })).rejects.toThrow(/symbolic link/);
    expect(readFileSync(outside, 'utf8')).toBe('kept');
  });
});

// Each kind of data the writer takes (text, bytes, a stream of chunks) keeps its promises: no temporary file
// left, an existing file kept unless allowed, never a link or a folder replaced.
const chunks = () => Readable.from(Array.from({ length: 40 }, (_, i) => Buffer.alloc(5000, i)), { objectMode: false });
describe.each([
  ['a small text', () => 'x'.repeat(100), 100],
  ['bytes', () => Buffer.alloc(4096, 7), 4096],
  ['a large text', () => 'y'.repeat(200_000), 200_000],
  ['a stream of chunks', chunks, 200_000],
])('writeSafely: %s', (_, data, size) => {
  const expected = () => (data() instanceof Readable ? Buffer.concat(Array.from({ length: 40 }, (_, i) => Buffer.alloc(5000, i))) : Buffer.from(data() as string | Buffer));
  const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.part'));

  it('writes the bytes and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const target = join(dir, 'page.md');
    expect(await writeSafely(target, data())).toBe(size);
    expect(readFileSync(target)).toEqual(expected());
    expect(leftovers(dir)).toEqual([]);
  });

  it('keeps an existing file unless it may be replaced', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const target = join(dir, 'page.md');
    writeFileSync(target, 'theirs');
    await expect(writeSafely(target, data(), { existsHint: 'not ours' })).rejects.toThrow(`${target} exists; not ours`);
    expect(readFileSync(target, 'utf8')).toBe('theirs');
    expect(leftovers(dir)).toEqual([]);
    await writeSafely(target, data(), { replace: true });
    expect(readFileSync(target)).toEqual(expected());
  });

  it('keepEqual: a file of the same bytes is kept as it is (the write succeeds); one of other bytes, a link or a folder is not', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const target = join(dir, 'page.md');
    writeFileSync(target, expected());
    const before = lstatSync(target);
    expect(await writeSafely(target, data(), { keepEqual: true, existsHint: 'not ours' })).toBe(size);
    // The same file, not one put in its place.
    expect(lstatSync(target).ino).toBe(before.ino);
    expect(readFileSync(target)).toEqual(expected());
    // One byte other, or one byte more or less: refused, kept.
    const other = Buffer.from(expected());
    other[other.length - 1] ^= 1;
    for (const theirs of [other, Buffer.concat([expected(), Buffer.from('x')]), expected().subarray(1)]) {
      writeFileSync(target, theirs);
      await expect(writeSafely(target, data(), { keepEqual: true, existsHint: 'not ours' })).rejects.toThrow(`${target} exists; not ours`);
      expect(readFileSync(target)).toEqual(theirs);
    }
    // A link to a file of the same bytes, a folder: refused as without keepEqual.
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, expected());
    symlinkSync(outside, join(dir, 'link.md'));
    mkdirSync(join(dir, 'folder.md'));
    await expect(writeSafely(join(dir, 'link.md'), data(), { keepEqual: true })).rejects.toThrow(/symbolic link/);
    await expect(writeSafely(join(dir, 'folder.md'), data(), { keepEqual: true })).rejects.toThrow(/folder/);
    expect(lstatSync(join(dir, 'link.md')).isSymbolicLink()).toBe(true);
    expect(leftovers(dir)).toEqual([]);
  });

  it('never writes through a link or over a folder, even when allowed to replace', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'kept');
    symlinkSync(outside, join(dir, 'link.md'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.md'));
    mkdirSync(join(dir, 'folder.md'));
    for (const replace of [false, true]) {
      await expect(writeSafely(join(dir, 'link.md'), data(), { replace })).rejects.toThrow(/symbolic link/);
      await expect(writeSafely(join(dir, 'dangling.md'), data(), { replace })).rejects.toThrow(/symbolic link|exists/);
      await expect(writeSafely(join(dir, 'folder.md'), data(), { replace })).rejects.toThrow(/folder|exists/);
    }
    expect(readFileSync(outside, 'utf8')).toBe('kept');
    expect(lstatSync(join(dir, 'link.md')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('writeSafely: a stream that fails or is aborted', () => {
  it('leaves no file and no temporary file, and says why', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const failing = Readable.from((async function* () {
      yield Buffer.alloc(1000, 1);
      throw new Error('connection reset');
    })(), { objectMode: false });
    await expect(writeSafely(join(dir, 'a.bin'), failing)).rejects.toThrow('connection reset');
    const stop = new AbortController();
    // Chunks at once, 50 MB at most (a writer that never yields to the event loop writes them all and is not aborted).
    let pushed = 0;
    const endless = new Readable({ read() { this.push(pushed++ < 50_000 ? Buffer.alloc(1000, 2) : null); } });
    setTimeout(() => stop.abort(), 20);
    await expect(writeSafely(join(dir, 'b.bin'), endless, { signal: stop.signal })).rejects.toThrow(/abort/i);
    expect(readdirSync(dir)).toEqual([]);
  });
});
