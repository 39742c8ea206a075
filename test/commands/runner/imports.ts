// What a module of src/commands imports, read from its text: the static
// tests of the road (imports.test.ts, stages.test.ts) walk these.
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../../helpers.js';

export const COMMANDS = join(ROOT, 'src', 'commands');

/** Every .ts module under `dir`. */
export function* modules(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* modules(path);
    else if (/\.ts$/.test(name)) yield path;
  }
}

/** The src/commands-relative paths a module imports (static, type-only, re-exported or dynamic). */
export function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.map((s) => relative(COMMANDS, resolve(dirname(file), s)).replace(/\.js$/, '.ts'));
}
