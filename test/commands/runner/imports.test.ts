// A hand-written command imports only define.ts and its own helpers: the
// runner's tools reach it through its context (ctx.api, ctx.resolve,
// ctx.readUserFile; src/commands/runner/tools.ts). This walks every module of
// every command group and fails on an import of the runner's internals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers.js';

const COMMANDS = join(ROOT, 'src', 'commands');

/** The runner's modules: its folder, its public face and the stages it has not moved into the folder yet. */
const INTERNALS = ['runner.ts', 'bulk.ts', 'naming.ts', 'listing.ts', 'missing.ts', 'resolve.ts', 'user-file.ts'];

/** Folders not migrated yet, with the reason (empty when every group is migrated). */
const ALLOWED: Record<string, string> = {};

function* modules(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* modules(path);
    else if (/\.ts$/.test(name)) yield path;
  }
}

/** The src/commands-relative paths a module imports (static, re-exported or dynamic). */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.map((s) => relative(COMMANDS, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}

function isInternal(path: string): boolean {
  return INTERNALS.includes(path) || path.startsWith('runner/');
}

describe('nothing outside the runner imports its internals', () => {
  it('finds an import of an internal, static or dynamic (the check can fail)', () => {
    const file = join(COMMANDS, 'spaces', 'x.ts');
    expect(importsOf(file, "import { send } from '../runner.js';").filter(isInternal)).toEqual(['runner.ts']);
    expect(importsOf(file, "const { dryRun } = await import('../bulk.js');").filter(isInternal)).toEqual(['bulk.ts']);
    expect(importsOf(file, "export { execute } from '../runner/pipeline.js';").filter(isInternal)).toEqual(['runner/pipeline.ts']);
    expect(importsOf(file, "import { defineCommand } from '../define.js';\nimport { X } from './shared.js';").filter(isInternal)).toEqual([]);
  });

  const groups = readdirSync(COMMANDS).filter((name) => name !== 'runner' && statSync(join(COMMANDS, name)).isDirectory());
  it.each(groups)('%s', (group) => {
    if (ALLOWED[group]) return;
    const found: string[] = [];
    for (const file of modules(join(COMMANDS, group))) {
      for (const path of importsOf(file, readFileSync(file, 'utf8')).filter(isInternal)) found.push(`${relative(COMMANDS, file)} imports ${path}`);
    }
    expect(found).toEqual([]);
  });
});
