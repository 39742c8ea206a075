// A hand-written command imports only define.ts and its own helpers: the
// runner's tools reach it through its context (ctx.api, ctx.resolve,
// ctx.readUserFile; src/commands/tools.ts). This walks every module of
// every command group and fails on an import of the runner's internals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, importsOf, modules } from './imports.js';

/** The runner's modules: its folder, its public face, the tools it gives contexts, and the modules its stages share. */
const INTERNALS = ['runner.ts', 'tools.ts', 'bulk.ts', 'naming.ts', 'requests.ts', 'segments.ts', 'titles.ts', 'listing.ts', 'missing.ts', 'resolve.ts', 'user-file.ts'];

/** Folders not migrated yet, with the reason (empty when every group is migrated). */
const ALLOWED: Record<string, string> = {};

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
