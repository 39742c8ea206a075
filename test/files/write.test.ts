// The one writer's JSON (src/files/write.ts): a value written as it is
// serialized, in pieces, is the text JSON.stringify gives, byte for byte,
// and goes through the same exclusive temporary file (a link at the target
// is refused, a file replaced only when allowed).
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

// Small texts and bytes are written by synchronous calls (AT_ONCE), larger ones through the thread pool: each
// way keeps the writer's promises (no temporary file left, an existing file kept unless allowed, never a link
// or a folder replaced).
describe.each([
  ['a small text, written at once', 'x'.repeat(100)],
  ['small bytes, written at once', Buffer.alloc(4096, 7)],
  ['a large text, through the thread pool', 'y'.repeat(200_000)],
  ['large bytes, through the thread pool', Buffer.alloc(100_000, 9)],
])('writeSafely: %s', (_, data) => {
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.part'));

  it('writes the bytes and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const target = join(dir, 'page.md');
    expect(await writeSafely(target, data)).toBe(size);
    expect(readFileSync(target)).toEqual(Buffer.from(data));
    expect(leftovers(dir)).toEqual([]);
  });

  it('keeps an existing file unless it may be replaced', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const target = join(dir, 'page.md');
    writeFileSync(target, 'theirs');
    await expect(writeSafely(target, data, { existsHint: 'not ours' })).rejects.toThrow(`${target} exists; not ours`);
    expect(readFileSync(target, 'utf8')).toBe('theirs');
    expect(leftovers(dir)).toEqual([]);
    await writeSafely(target, data, { replace: true });
    expect(readFileSync(target)).toEqual(Buffer.from(data));
  });

  it('never writes through a link or over a folder, even when allowed to replace', async () => {
    const dir = mkdtempSync(join(root, 'w-'));
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, 'kept');
    symlinkSync(outside, join(dir, 'link.md'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling.md'));
    mkdirSync(join(dir, 'folder.md'));
    for (const replace of [false, true]) {
      await expect(writeSafely(join(dir, 'link.md'), data, { replace })).rejects.toThrow(/symbolic link/);
      await expect(writeSafely(join(dir, 'dangling.md'), data, { replace })).rejects.toThrow(/symbolic link|exists/);
      await expect(writeSafely(join(dir, 'folder.md'), data, { replace })).rejects.toThrow(/folder|exists/);
    }
    expect(readFileSync(outside, 'utf8')).toBe('kept');
    expect(lstatSync(join(dir, 'link.md')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });
});
