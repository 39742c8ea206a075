// Contract over the command manifest: every command that deletes by
// difference (it has --prune, or --allow-mass-delete) goes through the one
// delete gate (src/commands/deletes.ts): off a terminal it refuses without
// --yes, it needs --allow-mass-delete to delete more than half of a kind,
// and --dry-run lists every delete; in each refusal nothing is deleted. A
// command that only plans (org plan) lists its deletes and deletes nothing.
// Each such command has a scenario here: one added without one fails.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Manifest } from '../../src/manifest.js';
import { admin, filesUnder, spaceId } from '../content-helpers.js';
import { ROOT, tempDir, withTestApi, type TestApi } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;
const deleting = manifest.groups.flatMap((g) =>
  g.commands.filter((c) => c.flags.some((f) => f.long === '--prune' || f.long === '--allow-mass-delete')).map((c) => ({ name: `${g.name} ${c.name}`, c })),
);

const base = tempDir('docplat-deletes-');
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;
const folder = () => join(base, String(n++));

/** A world where the command deletes a few things (`few`: not more than half of a kind) or most of a kind. */
interface Setup {
  args: string[];
  /** Names each delete has in a dry run's output. */
  deletes: string[];
  /** What the deletes would remove, now: unchanged by a refused run. */
  state(): Promise<string>;
}

interface Scenario {
  /** Only plans: lists the deletes, deletes nothing (no --yes, --allow-mass-delete or --dry-run of its own). */
  plansOnly?: boolean;
  /** Deletes by difference on every run, without --prune (content restore makes a space equal to its backup). */
  alwaysPrunes?: boolean;
  setup(api: TestApi, size: 'few' | 'most'): Promise<Setup>;
}

async function translations(api: TestApi, size: 'few' | 'most'): Promise<{ file: string; deletes: string[]; state(): Promise<string> }> {
  const doc = parse((await api.cli(['org', 'pull', '--only', 'translations'])).stdout);
  const gone = size === 'few' ? doc.translations.slice(1) : doc.translations;
  doc.translations = doc.translations.filter((t: { title: string }) => !gone.includes(t));
  const file = join(folder() + '.yaml');
  writeFileSync(file, stringify(doc));
  return { file, deletes: gone.map((t: { title: string }) => t.title), state: async () => (await api.cli(['translations', 'list', '--json'])).stdout };
}

const SCENARIOS: Record<string, Scenario> = {
  'org plan': {
    plansOnly: true,
    async setup(api, size) {
      const t = await translations(api, size);
      return { args: ['org', 'plan', '-f', t.file, '--prune'], deletes: t.deletes, state: t.state };
    },
  },
  'org apply': {
    async setup(api, size) {
      const t = await translations(api, size);
      return { args: ['org', 'apply', '-f', t.file, '--prune'], deletes: t.deletes, state: t.state };
    },
  },
  'content push': {
    async setup(api, size) {
      const id = await spaceId(api, 'Getting Started');
      const src = folder();
      expect((await api.cli(['content', 'export', id, '--dest', src])).code).toBe(0);
      const summary = readFileSync(join(src, 'SUMMARY.md'), 'utf8');
      writeFileSync(join(src, 'SUMMARY.md'), size === 'few' ? summary.replace(/^\* \[FAQ\]\(faq\.md\)\n/m, '') : '# Summary\n');
      const deletes = size === 'few' ? ['faq "FAQ"'] : ['getting-started "Getting started"', 'getting-started/installation/macos "macOS"', 'faq "FAQ"'];
      return { args: ['content', 'push', id, '--src', src, '--prune', '--merge'], deletes, state: async () => (await api.cli(['pages', 'list', id, '--json'])).stdout };
    },
  },
  'content restore': {
    alwaysPrunes: true,
    async setup(api, size) {
      const id = await spaceId(api, 'Getting Started');
      const from = folder();
      expect((await api.cli(['content', 'export', id, '--dest', from])).code).toBe(0);
      // Pages the backup lacks: the restore deletes them (the space has 11 pages; 12 more are more than half).
      const stray = size === 'few' ? ['stray'] : Array.from({ length: 12 }, (_, i) => `stray-${i}`);
      for (const path of stray) await admin(api, 'add-page', { spaceId: id, title: path, path });
      return { args: ['content', 'restore', '--from', from, '--no-verify'], deletes: stray.map((p) => `delete page ${p}`), state: async () => (await api.cli(['pages', 'list', id, '--json'])).stdout };
    },
  },
  'content export': {
    async setup(api, size) {
      const id = await spaceId(api, 'Getting Started');
      const dest = folder();
      expect((await api.cli(['content', 'export', id, '--dest', dest])).code).toBe(0);
      const m = JSON.parse(readFileSync(join(dest, '.docplat-export.json'), 'utf8'));
      const pages = Object.entries(m.pages as Record<string, { path: string }>).filter(([, e]) => e.path !== 'README.md');
      const gone = size === 'few' ? pages.filter(([, e]) => e.path === 'faq.md') : pages;
      for (const [pageId] of gone) await admin(api, 'remove-page', { spaceId: id, pageId });
      return { args: ['content', 'export', id, '--dest', dest, '--prune'], deletes: gone.map(([, e]) => `remove ${e.path}`), state: async () => filesUnder(dest).join('\n') };
    },
  },
};

/** --all-spaces of `content export` deletes by difference too: its own scenario. */
const ALL_SPACES: Scenario = {
  async setup(api, size) {
    const dest = folder();
    expect((await api.cli(['content', 'export', '--all-spaces', '--dest', dest])).code).toBe(0);
    const top = JSON.parse(readFileSync(join(dest, '.docplat-export-all.json'), 'utf8'));
    const entries = Object.entries(top.spaces as Record<string, { path: string }>);
    const gone = size === 'few' ? entries.slice(0, 1) : entries.slice(0, Math.ceil(entries.length * 0.6));
    for (const [id] of gone) expect((await api.cli(['spaces', 'delete', id, '--yes'])).code).toBe(0);
    return { args: ['content', 'export', '--all-spaces', '--dest', dest, '--prune'], deletes: gone.map(([, e]) => `delete space folder ${e.path}`), state: async () => filesUnder(dest).join('\n') };
  },
};

describe('deletes by difference go through the one gate', () => {
  it('every command with --prune or --allow-mass-delete has a scenario here, and each that deletes has --allow-mass-delete', () => {
    expect(deleting.map((d) => d.name).sort()).toEqual(Object.keys(SCENARIOS).sort());
    for (const { name, c } of deleting) {
      const flags = c.flags.map((f) => f.long);
      if (SCENARIOS[name].plansOnly) expect(flags, name).not.toContain('--allow-mass-delete');
      else expect(flags, name).toEqual(expect.arrayContaining(SCENARIOS[name].alwaysPrunes ? ['--allow-mass-delete'] : ['--prune', '--allow-mass-delete']));
    }
  });

  const cases = [...Object.entries(SCENARIOS), ['content export --all-spaces', ALL_SPACES] as const];
  it.each(cases.map(([name, s]) => ({ name, s })))('$name', ({ s }) =>
    withTestApi({}, async (api) => {
      const text = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;
      // --dry-run (the plan itself, for a command that only plans) lists every delete, and deletes nothing.
      const few = await s.setup(api, 'few');
      const before = await few.state();
      const listed = await api.cli(s.plansOnly ? [...few.args, '--yes'] : [...few.args, '--dry-run']);
      expect(listed.code, listed.stderr).toBe(0);
      for (const d of few.deletes) expect(text(listed)).toContain(d);
      expect(await few.state()).toBe(before);
      if (s.plansOnly) return;
      // Off a terminal, without --yes: refused (exit 2) naming --yes, nothing deleted.
      const noYes = await api.cli(few.args);
      expect(noYes.code, noYes.stderr).toBe(2);
      expect(noYes.stderr).toMatch(/needs confirmation; pass --yes when not on a terminal/);
      expect(await few.state()).toBe(before);
      // With --yes it deletes.
      const yes = await api.cli([...few.args, '--yes']);
      expect([0, 1], yes.stderr).toContain(yes.code);
      expect(await few.state()).not.toBe(before);
    }),
  );

  it.each(cases.filter(([, s]) => !s.plansOnly).map(([name, s]) => ({ name, s })))('$name: more than half of a kind needs --allow-mass-delete', ({ s }) =>
    withTestApi({}, async (api) => {
      const most = await s.setup(api, 'most');
      const before = await most.state();
      const r = await api.cli([...most.args, '--yes']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^error: the run deletes \d+ of \d+ .*: more than half, which needs --allow-mass-delete; nothing was changed$/m);
      expect(await most.state()).toBe(before);
      const dry = await api.cli([...most.args, '--dry-run']);
      expect(dry.stderr).toMatch(/needs --allow-mass-delete/);
      const allowed = await api.cli([...most.args, '--yes', '--allow-mass-delete']);
      expect([0, 1], allowed.stderr).toContain(allowed.code);
      expect(await most.state()).not.toBe(before);
    }),
  );
});
