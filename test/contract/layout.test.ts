// The test tree mirrors src/ (test/README.md): a test file's path names what
// it tests, so a module's or a command's tests are found from its name. In
// test/cli/ the name starts with a command group (`spaces`, `sites-tree`) or a
// src module or folder (`runner-empty-values`, `bulk`); in a folder that
// mirrors a top src folder (test/output/, test/client/), with a module or
// folder of it; a deeper mirrored folder (test/commands/runner/) is its module;
// the cross-cutting folders hold what spans them all.
// No test file is named after an issue or a review round (`core-defects`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest.js';
import { ROOT } from '../helpers.js';

/** Folders of tests that span every module: manifest contracts, the README's examples, the package, benchmarks, the sandbox server. */
const CROSS_CUTTING = ['contract', 'readme', 'package', 'bench', 'sandbox'];

const SRC = join(ROOT, 'src');
const groups = (JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest).groups.map((g) => g.name);

/** Basenames of the modules and folders under `dir` (recursively), but not under `skip`. */
function moduleNames(dir: string, skip?: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === skip) continue;
    if (entry.isDirectory()) {
      names.add(entry.name);
      for (const n of moduleNames(path, skip)) names.add(n);
    } else if (entry.name.endsWith('.ts')) names.add(entry.name.slice(0, -3));
  }
  return names;
}

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** Why a test file's path (relative to test/) names nothing it tests; undefined when it does. */
export function layoutProblem(rel: string): string | undefined {
  const parts = rel.split('/');
  const name = parts.pop()!.replace(/(\.e2e)?\.test\.ts$/, '');
  if (CROSS_CUTTING.includes(parts[0])) return undefined;
  let known: Set<string>;
  if (parts.join('/') === 'cli') {
    // The CLI's tests: a command group, or any module of the CLI (the sandbox server's are test/sandbox's).
    known = new Set([...groups, ...moduleNames(SRC, join(SRC, 'sandbox'))]);
  } else {
    const mirror = [join(SRC, ...parts), join(SRC, 'commands', ...parts)].find(isDir);
    if (!mirror) return `test/${parts.join('/')}/ mirrors no folder of src/ and is not one of the cross-cutting folders (${CROSS_CUTTING.join(', ')})`;
    // A folder below the top one is a module of its own (test/commands/runner/ is src/commands/runner/, the runner's stages).
    if (parts.length > 1) return undefined;
    known = moduleNames(mirror);
  }
  // The name, or its first words: `sites-tree` is of `sites`, `runner-empty-values` of `runner`; a plural reads as its module (`prompts`).
  const words = name.split('-');
  const heads = words.map((_, i) => words.slice(0, i + 1).join('-'));
  if (heads.some((h) => known.has(h) || (h.endsWith('s') && known.has(h.slice(0, -1))))) return undefined;
  return `test/${rel} names no command group or module of ${parts.join('/') === 'cli' ? 'src' : `src/…/${parts.join('/')}`}: name it after what it tests (test/README.md)`;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
}

describe('the test tree mirrors src/', () => {
  it('every test file names a command group, a src module, or is in a cross-cutting folder', () => {
    const problems = testFiles(join(ROOT, 'test'))
      .map((f) => layoutProblem(relative(join(ROOT, 'test'), f).split('\\').join('/')))
      .filter((p): p is string => p !== undefined);
    expect(problems).toEqual([]);
  });

  it('refuses a file named after an issue or a review round, or in a folder that mirrors nothing', () => {
    expect(layoutProblem('cli/core-defects.test.ts')).toMatch(/names no command group or module/);
    expect(layoutProblem('output/core-gaps.test.ts')).toMatch(/names no command group or module of src\/…\/output/);
    expect(layoutProblem('issue-20/prompts.test.ts')).toMatch(/mirrors no folder of src/);
    expect(layoutProblem('cli/sites-tree.test.ts')).toBeUndefined();
    expect(layoutProblem('cli/prompts.test.ts')).toBeUndefined();
    expect(layoutProblem('cli/prompts.e2e.test.ts')).toBeUndefined();
    expect(layoutProblem('cli/core-defects.e2e.test.ts')).toMatch(/names no command group or module/);
    expect(layoutProblem('output/format.test.ts')).toBeUndefined();
    expect(layoutProblem('help/wrap.test.ts')).toBeUndefined();
    expect(layoutProblem('commands/api/error-body.test.ts')).toBeUndefined();
    expect(layoutProblem('contract/masked.test.ts')).toBeUndefined();
  });
});

/** A describe block's name that tells a review round, not what is tested: "(2)", "(item 5)", "(issue 21)", "small gaps", "(expected)". */
const ROUND_NAME = /\((?:\d+(?:, \d+)*|item \d+|issue \d+|expected)\)|small gaps/;

describe('describe blocks name what they test', () => {
  it('none is named after a review round or a finding\'s number', () => {
    const named = testFiles(join(ROOT, 'test')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bdescribe(?:\.\w+)?\((['`"])(.*?)\1/g)]
        .filter((m) => ROUND_NAME.test(m[2]))
        .map((m) => `${relative(ROOT, f)}: describe('${m[2]}')`),
    );
    expect(named).toEqual([]);
  });

  it('the check knows such names', () => {
    for (const name of ['error lines (2)', 'bulk verbs (3, 4, 14)', 'small gaps', 'answer size (item 11)', 'counters (issue 21)', 'one object piped (expected)']) expect(name).toMatch(ROUND_NAME);
    for (const name of ['spaces get', 'member changes (each on a sandbox of its own)', '--fields']) expect(name).not.toMatch(ROUND_NAME);
  });
});
