// The one reader is the only place src/ reads a file (src/files/read.ts): a
// module that imports a reading function of node:fs (readFile, readFileSync,
// createReadStream, open, openSync, read, readSync, the module as a whole) is
// refused unless it is listed below with the reason it reads a file docplat
// owns rather than one a user or a file names. Read from the import statements.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const SRC = join(ROOT, 'src');

/** The functions of node:fs that open or read a file by its path (or an opened one). */
const READING = new Set(['readFile', 'readFileSync', 'createReadStream', 'open', 'openSync', 'read', 'readSync', 'opendir', 'promises']);

/** Modules that read files of their own, each with the names it may import and why. */
const ALLOWED: Record<string, { names: string[]; why: string }> = {
  'files/read.ts': { names: ['openSync', 'readSync', 'promises'], why: 'the reader itself' },
  'config/safety.ts': { names: ['openSync'], why: "opens the config file without following a link only to tighten its mode (fchmod): it reads nothing (config/profile.ts reads it through the reader)" },
  'files/write.ts': { names: ['openSync'], why: "the writer: creates its temporary file exclusively ('wx') to write a stream into it; it reads nothing (keepEqual compares through the reader, sameBytes)" },
  'cli.ts': { names: ['readFileSync'], why: 'the help files the build wrote beside the bundle' },
  'code-cache.ts': { names: ['readFileSync'], why: 'the bundles the build wrote in dist/ (their code cache is read through the reader, readOwnSync)' },
  'completion/files.ts': { names: ['readFileSync'], why: 'the completion scripts the build wrote in completions/' },
  'sandbox/core/persist.ts': { names: ['open'], why: "writes the sandbox's state file atomically (it is read through the reader)" },
  'sandbox/core/lock.ts': { names: ['open', 'readFileSync'], why: 'creates its lock exclusively, and at exit compares the lock it wrote; the lock of another is read through the reader' },
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

const FS = /^(node:)?fs(\/promises)?$/;

/** The reading names a module's text imports from node:fs; `*` for the whole module (a namespace, a default, a dynamic import or require). */
export function readingImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*import\s+(type\s+)?([^;]*?)\s+from\s*['"]([^'"]+)['"]/gms)) {
    if (m[1] || !FS.test(m[3])) continue;
    const clause = m[2];
    const named = /\{([^}]*)\}/.exec(clause);
    if (named) {
      for (const part of named[1].split(',')) {
        const words = part.trim().split(/\s+/);
        if (words[0] === 'type' || words[0] === '') continue;
        if (READING.has(words[0])) found.push(words[0]);
      }
    }
    if (clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim() !== '') found.push('*');
  }
  for (const m of text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g)) if (FS.test(m[1])) found.push('*');
  return found;
}

describe('only the reader reads files', () => {
  const modules = sources(SRC).map((file) => ({ rel: relative(SRC, file).split('\\').join('/'), names: readingImports(readFileSync(file, 'utf8')) }));

  it('no module outside the allow-list imports a reading function of node:fs', () => {
    const found = modules.flatMap(({ rel, names }) => names.filter((n) => !ALLOWED[rel]?.names.includes(n)).map((n) => `src/${rel} imports ${n === '*' ? 'node:fs whole' : n}`));
    expect(found, 'read a path a user or a file names through src/files/read.ts (readTyped, Confined)').toEqual([]);
  });

  it('the allow-list names only what is imported (a module that stops reading leaves it)', () => {
    for (const [rel, { names }] of Object.entries(ALLOWED)) {
      const imported = modules.find((m) => m.rel === rel)?.names ?? [];
      for (const n of names) expect(imported, `src/${rel}: ${n}`).toContain(n);
    }
  });

  it('reads every form of import', () => {
    expect(readingImports("import { readFile, stat } from 'node:fs/promises';")).toEqual(['readFile']);
    expect(readingImports("import {\n  open as o,\n  mkdir,\n} from 'fs/promises';")).toEqual(['open']);
    expect(readingImports("import { type Stats, createReadStream } from 'node:fs';")).toEqual(['createReadStream']);
    expect(readingImports("import * as fs from 'node:fs';")).toEqual(['*']);
    expect(readingImports("import fs, { mkdirSync } from 'fs';")).toEqual(['*']);
    expect(readingImports("const { readFile } = await import('node:fs/promises');")).toEqual(['*']);
    expect(readingImports("import type { Stats } from 'node:fs';\nimport { writeFile } from 'node:fs/promises';")).toEqual([]);
  });
});
