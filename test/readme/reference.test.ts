// The command reference, docs/reference/: the build writes it from the command
// manifest (bin/reference.mjs, src/reference.ts), and what is committed is
// what the build writes. The pages are compared with the last commit (the
// build has just rewritten the working tree's), so a change to a command's
// flags, help or examples without its regenerated pages fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest.js';
import { exitCodes, md, referencePages } from '../../src/reference.js';
import { ROOT } from '../helpers.js';

const manifest: Manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8'));
const pages = referencePages(manifest);
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const REGENERATE = 'run `npm run build` (it writes docs/reference/) and commit docs/reference/';

describe('docs/reference/', () => {
  it('is committed as the build generates it', () => {
    const committed = git('ls-tree', '--name-only', 'HEAD', 'docs/reference/').split('\n').filter(Boolean).map((p) => p.slice('docs/reference/'.length));
    expect(committed.sort(), `the committed pages are not the build's: ${REGENERATE}`).toEqual([...pages.keys()].sort());
    const stale = [...pages].filter(([name, text]) => git('show', `HEAD:docs/reference/${name}`) !== text).map(([name]) => `docs/reference/${name}`);
    expect(stale, `these pages differ from what the build generates: ${REGENERATE}`).toEqual([]);
  });

  it('has every group, command, flag and example of the manifest, and an index of the groups', () => {
    const index = pages.get('README.md')!;
    for (const g of manifest.groups.filter((x) => !x.hidden)) {
      const page = pages.get(`${g.name}.md`)!;
      expect(index).toContain(`](${g.name}.md)`);
      for (const [path, c] of g.command ? [[g.name, g.command] as const] : g.commands.map((c) => [`${g.name} ${c.name}`, c] as const)) {
        expect(page).toContain(`## docplat ${path}\n`);
        expect(page).toContain(`\`\`\`\n${c.usage}\n\`\`\``);
        for (const f of c.flags.filter((x) => x.long !== '--help')) expect(page, `${path} ${f.flags}`).toContain(`| \`${f.flags.replace(/\|/g, '\\|')}\` |`);
        for (const e of c.examples ?? []) expect(page).toContain(`${e}\n`);
      }
    }
    for (const f of manifest.globalFlags) expect(index).toContain(`\`${f.flags}\``);
    expect(manifest.groups.filter((g) => g.hidden).map((g) => pages.has(`${g.name}.md`))).toEqual([false]);
  });

  it('gives each command the exit codes it can end with', () => {
    const command = (group: string, name: string) => manifest.groups.find((g) => g.name === group)!.commands.find((c) => c.name === name)!;
    const codes = (group: string, name: string) => exitCodes(`${group} ${name}`, command(group, name)).map(([code]) => code);
    expect(codes('org', 'plan')).toEqual([0, 1, 2, 3, 4, 6, 130]);
    expect(codes('spaces', 'delete')).toEqual([0, 1, 2, 3, 4, 5, 130]);
    expect(codes('spaces', 'get')).toEqual([0, 1, 2, 3, 4, 130]);
    expect(codes('config', 'set')).toEqual([0, 2, 130]);
    expect(pages.get('org.md')).toContain('`6` with `--exit-code`: exit 6 when there are changes');
  });

  it('keeps what Markdown would eat: <placeholders>, emphasis and table pipes', () => {
    expect(md('the <spaceId> of DOCPLAT_ORG or *x* and _y_, `<kept> | too`')).toBe('the &lt;spaceId&gt; of DOCPLAT_ORG or \\*x\\* and \\_y\\_, `<kept> | too`');
    expect(md('a | b `c|d`', true)).toBe('a \\| b `c\\|d`');
  });
});
