// The sandbox's layers, read from its import statements: core at the bottom,
// then the families in the order of the family list (families/index.ts),
// then the list itself, the server and the storage host. A module imports
// only its own layer's modules and those below; and no source file of the
// sandbox is over 450 lines.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { World, type Family, type FamilyFactory } from '../../src/sandbox/core/world.js';

const ROOT = resolve(__dirname, '../../src/sandbox');
const MAX_LINES = 450;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? sources(path) : e.name.endsWith('.ts') ? [path] : [];
  });
}

/** The specifiers of every import and re-export of a module, static or dynamic, type-only ones included. */
function importsOf(text: string): string[] {
  const out: string[] = [];
  const patterns = [/^\s*(?:import|export)\s[^;]*?\sfrom\s*'([^']+)'/gms, /^\s*import\s*'([^']+)'/gm, /\bimport\(\s*'([^']+)'\s*\)/g];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) out.push(m[1]);
  return out;
}

/** The families' folders and files (without .ts), by the order of the family list. */
function familyOrder(): string[] {
  const text = readFileSync(join(ROOT, 'families/index.ts'), 'utf8');
  const moduleOf = new Map<string, string>();
  for (const m of text.matchAll(/import\s*\{\s*(\w+)\s*\}\s*from\s*'\.\/([^']+)'/g)) moduleOf.set(m[1], m[2].replace(/(\/index)?\.js$/, ''));
  const list = /FAMILIES[^=]*=\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((factory) => {
      const module = moduleOf.get(factory);
      if (!module) throw new Error(`families/index.ts: no import of ${factory}`);
      return module;
    });
}

/** A module's layer: 0 for core, 1 + its family's place in the list, the top for the rest; undefined when under families/ but in no family. */
function layerOf(file: string, families: string[]): { layer: number; name: string } | undefined {
  const rel = relative(ROOT, file).replace(/\\/g, '/').replace(/\.ts$/, '');
  if (rel.startsWith('core/')) return { layer: 0, name: 'core' };
  if (rel === 'families/index') return { layer: families.length + 1, name: 'the family list' };
  if (rel.startsWith('families/')) {
    const stem = rel.slice('families/'.length).split('/')[0];
    const at = families.indexOf(stem);
    return at < 0 ? undefined : { layer: at + 1, name: `family ${stem}` };
  }
  return { layer: families.length + 2, name: rel };
}

/** Each import of a sandbox module that goes to a higher layer, as "importer → imported". */
function upwardImports(files: { path: string; text: string }[], families: string[]): string[] {
  const bad: string[] = [];
  for (const { path, text } of files) {
    const from = layerOf(path, families);
    if (!from) {
      bad.push(`${relative(ROOT, path)} is under families/ but in no family of the list`);
      continue;
    }
    for (const spec of importsOf(text)) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(path), spec).replace(/\.js$/, '.ts');
      if (!target.startsWith(ROOT + '/')) continue;
      const to = layerOf(target, families);
      if (to && to.layer > from.layer) bad.push(`${relative(ROOT, path)} (${from.name}) imports ${relative(ROOT, target)} (${to.name}, a higher layer)`);
    }
  }
  return bad;
}

const files = sources(ROOT).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const families = familyOrder();

describe('the sandbox in layers', () => {
  it('reads the family list: orgs first, every family once', () => {
    expect(families[0]).toBe('orgs');
    expect(families.indexOf('members')).toBeGreaterThan(families.indexOf('spaces'));
    expect(new Set(families).size).toBe(families.length);
    expect(files.length).toBeGreaterThan(30);
  });

  it('no module imports one of a higher layer (core < families in list order < server)', () => {
    expect(upwardImports(files, families)).toEqual([]);
  });

  it('finds an upward import: orgs importing spaces, core importing a family, an import type, a dynamic import', () => {
    const at = (rel: string, text: string) => [{ path: join(ROOT, rel), text }];
    expect(upwardImports(at('families/orgs/index.ts', "import type { SpaceRec } from '../spaces/index.js';"), families)).toHaveLength(1);
    expect(upwardImports(at('core/world.ts', "import {\n  FAMILIES,\n} from '../families/index.js';"), families)).toHaveLength(1);
    expect(upwardImports(at('families/spaces/views.ts', "export { x } from '../comments/index.js';"), families)).toHaveLength(1);
    expect(upwardImports(at('families/spaces/views.ts', "const m = await import('../content/index.js');"), families)).toHaveLength(1);
    expect(upwardImports(at('families/stray.ts', ''), families)).toHaveLength(1);
    expect(upwardImports(at('families/comments/index.ts', "import { userObject } from '../orgs/index.js';"), families)).toEqual([]);
  });

  it('a world where a family builds on one after it in the list does not start', () => {
    const family =
      (name: string, ...lower: string[]): FamilyFactory =>
      (world) => {
        world.lower(name, ...(lower as never[]));
        return { name, handlers: {}, toJSON: () => ({}), load: () => undefined, seed: () => undefined } as Family;
      };
    expect(() => new World([family('a'), family('b', 'a')])).not.toThrow();
    expect(() => new World([family('b', 'a'), family('a')])).toThrow(/family b builds on a, which is not before it in the family list/);
    expect(() => new World([family('a', 'a')])).toThrow(/family a builds on a/);
  });

  it(`no source file of the sandbox is over ${MAX_LINES} lines`, () => {
    const long = files.map(({ path, text }) => ({ file: relative(ROOT, path), lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) })).filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
