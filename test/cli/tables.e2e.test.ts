// Tables and formats as a person and a script read them (issue 20, item 10):
// at 80 columns no id is cut (other columns give up room or are left out),
// trees cut labels and never wrap, ages read one short way everywhere, sizes
// are human on a terminal and bytes elsewhere, --fields keeps the labels.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../src/output/format.js';
import { displayWidth } from '../../src/output/format.js';
import { lines, ROOT, runInProcess, tsv, useTestApi } from '../helpers.js';

const api = useTestApi({ largeFileMB: 2 });

/** The command on an 80-column terminal (the in-process default). */
async function onTerminal(args: string[]) {
  const r = await runInProcess(args, { env: api.env({ NO_COLOR: '1' }), stdoutTTY: true });
  expect(r.code, r.stderr).toBe(0);
  return r;
}

async function json<T = any>(args: string[]): Promise<T> {
  const r = await api.cli([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

const firstSite = async () => (await json<{ id: string; title: string }[]>(['sites', 'list'])).find((s) => s.title === 'Acme Help Center')!.id;

describe('tables at 80 columns', () => {
  it('site-spaces list keeps the section and space ids whole; the row fits', async () => {
    const site = await firstSite();
    const items = await json<{ id: string; section?: string; space: { id: string } }[]>(['site-spaces', 'list', '--site', site]);
    const r = await onTerminal(['site-spaces', 'list', '--site', site]);
    const rows = lines(r.stdout);
    const head = rows[0].split(/\s{2,}/);
    expect(head).toEqual(expect.arrayContaining(['ID', 'SECTION', 'SPACE']));
    for (const row of rows) expect(displayWidth(row), row).toBeLessThanOrEqual(80);
    for (const item of items) {
      const row = rows.find((l) => l.startsWith(`${item.id}  `))!;
      expect(row, item.id).toBeDefined();
      const cells = row.split(/\s{2,}/);
      expect(cells).toContain(item.space.id);
      if (item.section) expect(cells).toContain(item.section);
    }
    // What is left out to fit is said, on stderr, within the 80 columns too.
    expect(r.stderr).toMatch(/^Left out to fit 80 columns: .*(PATH|CONDITION)/m);
    for (const line of lines(r.stderr)) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
  });

  it('sites tree cuts its labels to the width and never breaks a line', async () => {
    const site = await firstSite();
    const piped = lines((await api.cli(['sites', 'tree', site])).stdout);
    const drawn = lines((await onTerminal(['sites', 'tree', site])).stdout);
    expect(drawn).toHaveLength(piped.length);
    for (const line of drawn) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    expect(drawn.some((l) => l.endsWith('…'))).toBe(true);
  });

  it('ages read one short way in every table ("2y ago", never "2 years ago")', async () => {
    const space = (await json<{ id: string; title: string }[]>(['spaces', 'list', '--all'])).find((s) => s.title === 'Getting Started')!.id;
    for (const args of [['members', 'list', '--all'], ['comments', 'list', space], ['spaces', 'get', space]]) {
      const out = (await onTerminal(args)).stdout;
      expect(out, args.join(' ')).toMatch(/\b\d+(y|mo|w|d|h|m) ago\b/);
      expect(out, args.join(' ')).not.toMatch(/\d+ (years?|months?|weeks?|days?|hours?|minutes?) ago/);
    }
  });

  it('sizes: KB/MB in a table, bytes in TSV, CSV and JSON', async () => {
    const space = (await json<{ id: string; title: string }[]>(['spaces', 'list', '--all'])).find((s) => s.title === 'Getting Started')!.id;
    const files = await json<{ id: string; size: number }[]>(['files', 'list', space, '--all']);
    const big = files.find((f) => f.size >= 1_000_000)!;
    expect(big).toBeDefined();
    const table = lines((await onTerminal(['files', 'list', space, '--all'])).stdout);
    expect(table.find((l) => l.startsWith(big.id))).toMatch(/\s\d+(\.\d)? MB(\s|$)/);
    const piped = tsv((await api.cli(['files', 'list', space, '--all', '--fields', 'id,size'])).stdout);
    expect(piped.find((r) => r[0] === big.id)![1]).toBe(String(big.size));
    const csv = lines((await api.cli(['files', 'list', space, '--all', '--output', 'csv', '--fields', 'id,size'])).stdout);
    expect(csv).toContain(`${big.id},${big.size}`);
  });

  it('--fields keeps the columns\' labels (typed as keys or as labels)', async () => {
    for (const fields of ['id,title', 'ID,Title']) {
      const out = lines((await onTerminal(['spaces', 'list', '--fields', fields])).stdout);
      expect(out[0], fields).toMatch(/^ID\s+TITLE$/);
      const csv = lines((await api.cli(['spaces', 'list', '--output', 'csv', '--fields', fields])).stdout);
      expect(csv[0], fields).toBe('ID,TITLE');
    }
  });

  it('pages list puts ID first, as every other list', async () => {
    const space = (await json<{ id: string; title: string }[]>(['spaces', 'list', '--all'])).find((s) => s.title === 'Getting Started')!.id;
    expect(lines((await onTerminal(['pages', 'list', space])).stdout)[0]).toMatch(/^ID\s+TITLE/);
  });
});

describe('columns of every resource', () => {
  it('a column of ISO times is named for what it holds (never AGE); comment ages are times, in the one format', async () => {
    const dir = join(ROOT, 'src', 'resources');
    const columns: Column[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const mod = (await import(join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(mod)) if (Array.isArray(value) && value.every((c) => c && typeof c === 'object' && 'key' in c)) columns.push(...(value as Column[]));
    }
    expect(columns.length).toBeGreaterThan(100);
    const times = columns.filter((c) => /At$/.test(c.key));
    for (const c of times) {
      expect(c.kind, `${c.key} (${c.header})`).toBe('time');
      expect(c.format, `${c.key} (${c.header}) is shown through the one age format`).toBeUndefined();
      expect(c.header, c.key).not.toMatch(/\bage\b/i);
    }
  });
});
