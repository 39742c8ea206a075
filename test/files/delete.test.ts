// The one local delete (src/files/delete.ts): a file goes only inside the
// root, only through real folders, only when it is a regular file; folders
// left empty go, never the root, never through a link. And the static check
// that it is the one: no other module of src/ removes a file, but for the
// temporary files a writer made itself (the allow-list says why).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeEmptyFolders, removeFile, removeFiles, removeTemporaries } from '../../src/files/delete.js';
import { ROOT, tempDir } from '../helpers.js';

const base = tempDir('docplat-delete-');
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

/** A root with `docs/a.md`, `docs/sub/b.md`, and a folder outside it with `keep.md`. */
function layout(): { root: string; outside: string } {
  const dir = join(base, String(n++));
  const root = join(dir, 'root');
  const outside = join(dir, 'outside');
  mkdirSync(join(root, 'docs', 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'docs', 'a.md'), 'a');
  writeFileSync(join(root, 'docs', 'sub', 'b.md'), 'b');
  writeFileSync(join(outside, 'keep.md'), 'keep');
  return { root, outside };
}

describe('removeFile', () => {
  it('removes a regular file inside the root; a missing one is "missing"', async () => {
    const { root } = layout();
    expect(await removeFile(root, 'docs/a.md')).toBe('removed');
    expect(existsSync(join(root, 'docs', 'a.md'))).toBe(false);
    expect(await removeFile(root, 'docs/a.md')).toBe('missing');
  });

  it('never leaves the root: `..` and absolute paths are kept, named', async () => {
    const { root, outside } = layout();
    expect(await removeFile(root, '../outside/keep.md')).toEqual({ path: '../outside/keep.md', why: 'it is outside the folder' });
    expect(await removeFile(root, join(outside, 'keep.md'))).toMatchObject({ why: 'it is outside the folder' });
    expect(await removeFile(root, '')).toMatchObject({ why: 'it is outside the folder' });
    expect(existsSync(join(outside, 'keep.md'))).toBe(true);
  });

  it('never through a link: a folder on the way that is a link, or a link at the file itself, is kept', async () => {
    const { root, outside } = layout();
    rmSync(join(root, 'docs', 'sub'), { recursive: true });
    symlinkSync(outside, join(root, 'docs', 'sub'));
    expect(await removeFile(root, 'docs/sub/keep.md')).toEqual({ path: 'docs/sub/keep.md', why: 'docs/sub is a symbolic link' });
    symlinkSync(join(outside, 'keep.md'), join(root, 'docs', 'link.md'));
    expect(await removeFile(root, 'docs/link.md')).toEqual({ path: 'docs/link.md', why: 'it is a symbolic link' });
    expect(readFileSync(join(outside, 'keep.md'), 'utf8')).toBe('keep');
    expect(existsSync(join(root, 'docs', 'link.md'))).toBe(true);
  });

  it('a folder or a FIFO where a file was is kept', async () => {
    const { root } = layout();
    expect(await removeFile(root, 'docs/sub')).toEqual({ path: 'docs/sub', why: 'it is a folder' });
    execFileSync('mkfifo', [join(root, 'docs', 'pipe.md')]);
    expect(await removeFile(root, 'docs/pipe.md')).toEqual({ path: 'docs/pipe.md', why: 'it is not a regular file' });
  });
});

describe('removeFiles and removeEmptyFolders', () => {
  it('removes what the caller lets go, keeps the rest with the reason, then the folders left empty (never the root)', async () => {
    const { root } = layout();
    const r = await removeFiles(root, ['docs/a.md', 'docs/sub/b.md'], async (rel) => (rel === 'docs/a.md' ? 'edited here' : undefined));
    expect(r).toEqual({ removed: ['docs/sub/b.md'], kept: [{ path: 'docs/a.md', why: 'edited here' }] });
    expect(existsSync(join(root, 'docs', 'sub'))).toBe(false);
    expect(existsSync(join(root, 'docs', 'a.md'))).toBe(true);
    await removeFiles(root, ['docs/a.md']);
    expect(readdirSync(root)).toEqual([]);
    expect(existsSync(root)).toBe(true);
  });

  it('an empty folder reached through a link is not removed', async () => {
    const { root, outside } = layout();
    mkdirSync(join(outside, 'empty'));
    symlinkSync(outside, join(root, 'linked'));
    await removeEmptyFolders(root, ['linked/empty/x.md']);
    expect(existsSync(join(outside, 'empty'))).toBe(true);
  });

  it('temporary files only, and never in a folder that is a link', async () => {
    const { root, outside } = layout();
    writeFileSync(join(root, 'docs', '.a.md.123.abcd.part'), 'tmp');
    writeFileSync(join(outside, '.keep.md.123.abcd.part'), 'tmp');
    symlinkSync(outside, join(root, 'out'));
    const temporary = (name: string) => /\.part$/.test(name);
    await removeTemporaries(root, ['docs', 'out', 'missing'], temporary);
    expect(readdirSync(join(root, 'docs')).sort()).toEqual(['a.md', 'sub']);
    expect(existsSync(join(outside, '.keep.md.123.abcd.part'))).toBe(true);
  });
});

// ---- the static check ------------------------------------------------------------------------

/** Modules that remove files other than through the gate, each with why. */
const ALLOWED: Record<string, string> = {
  'src/files/delete.ts': 'the gate itself (and withTemporaryFolder, the one removal of a private folder docplat made)',
  'src/files/write.ts': 'removes the temporary file it created itself (O_EXCL) when a write fails',
  'src/sandbox/core/lock.ts': "removes the sandbox's and an export's own lock files, after checking they are its own",
  'src/sandbox/core/persist.ts': "removes the sandbox's own temporary state file",
};

const NAMES = ['rm', 'rmSync', 'rmdir', 'rmdirSync', 'unlink', 'unlinkSync'];
const FS = `['"](?:node:)?fs(?:/promises)?['"]`;

/**
 * The lines of a module that can delete a file: an import of a deleting
 * function from node:fs (aliased or not, static or dynamic), or a call of
 * one through an object (`fs.rmSync(`, `promises.unlink(`).
 */
function deletersIn(file: string, text: string): string[] {
  const found: string[] = [];
  const at = (index: number) => text.slice(0, index).split('\n').length;
  const imports = new RegExp(`(?:import\\s*\\{([^}]*)\\}\\s*from\\s*${FS})|(?:\\{([^}]*)\\}\\s*=\\s*(?:await\\s+)?(?:import|require)\\s*\\(\\s*${FS})`, 'g');
  for (const m of text.matchAll(imports)) {
    const names = (m[1] ?? m[2]).split(',').map((x) => x.trim().split(/\s+as\s+|\s*:\s*/)[0]);
    for (const name of names.filter((x) => NAMES.includes(x))) found.push(`${file}:${at(m.index!)}: imports ${name}`);
  }
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    const m = new RegExp(`\\.(${NAMES.join('|')})\\s*\\(`).exec(code);
    if (m) found.push(`${file}:${i + 1}: calls ${m[1]}`);
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

describe('deletes go through the gate', () => {
  it('finds a delete, imported or through a namespace (the check can fail)', () => {
    expect(deletersIn('x.ts', "import { readFile, unlink } from 'node:fs/promises';\nawait unlink(p);")).toEqual(['x.ts:1: imports unlink']);
    expect(deletersIn('x.ts', "import * as fs from 'node:fs';\nfs.rmSync(dir, { recursive: true });")).toEqual(['x.ts:2: calls rmSync']);
    expect(deletersIn('x.ts', "import {\n  rm as remove,\n} from 'fs';")).toEqual(['x.ts:1: imports rm']);
    expect(deletersIn('x.ts', "const { rmdir } = await import('node:fs/promises');")).toEqual(['x.ts:1: imports rmdir']);
    expect(deletersIn('x.ts', "aliases: ['rm'],\nconst rm = 1; // fs.unlink(x)")).toEqual([]);
  });

  it('no module of src/ removes a file but the gate and the allow-listed writers of their own temporary files', () => {
    const found = sources(join(ROOT, 'src'))
      .map((f) => relative(ROOT, f).split('\\').join('/'))
      .filter((rel) => !ALLOWED[rel])
      .flatMap((rel) => deletersIn(rel, readFileSync(join(ROOT, rel), 'utf8')));
    expect(found).toEqual([]);
    // Every allow-listed module still deletes something (an entry that no longer applies goes).
    for (const rel of Object.keys(ALLOWED)) expect(deletersIn(rel, readFileSync(join(ROOT, rel), 'utf8')), rel).not.toEqual([]);
  });
});
