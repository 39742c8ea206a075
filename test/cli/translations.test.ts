// docplat translations: translation settings listed, created, shown, renamed
// and deleted; only admins change them.
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, tsv, useTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

/** The CLI with stdout on a terminal: tables. */
const onTerminal = (t: TestApi, args: string[]) => runInProcess(args, { env: t.env({ NO_COLOR: '1' }), stdoutTTY: true });

async function globex(t: TestApi = api): Promise<string> {
  return json(await t.cli(['orgs', 'list', '--json'])).find((o: { title: string }) => o.title === 'Globex').id;
}

describe('translations', () => {
  it('lists, creates, shows, renames and deletes; a second delete is skipped', async () => {
    expect(tsv((await api.cli(['translations', 'list'])).stdout).map((r) => r.slice(1, 3))).toEqual([
      ['French', 'fr'],
      ['German', 'de,de-AT'],
    ]);
    const made = json(await api.cli(['translations', 'create', '--title', 'Japanese', '--json']));
    expect(made).toMatchObject({ object: 'translation-settings', title: 'Japanese', languages: [] });
    const table = await onTerminal(api, ['translations', 'get', made.id]);
    expect(table.stdout).toMatch(/^ID\s+\S+\nTitle\s+Japanese\n/);
    const upd = await api.cli(['translations', 'update', made.id, '--title', '日本語', '--fields', 'title']);
    expect(upd.stdout).toBe('日本語\n');
    expect(lines((await api.cli(['translations', 'list', '--jsonl'])).stdout)).toHaveLength(3);
    expect(lines((await api.cli(['translations', 'list', '--output', 'csv'])).stdout)[0]).toBe('ID,TITLE,LANGUAGES,UPDATED');
    const del = await api.cli(['translations', 'delete', made.id, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    const again = await api.cli(['translations', 'delete', made.id, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`${made.id}: skipped (not found: already deleted, or never existed)`);
    expect((await api.cli(['translations', 'get', made.id])).code).toBe(3);
  });

  it('only admins change translation settings (exit 4)', async () => {
    const r = await api.cli(['translations', 'create', '--title', 'Mine', '--org', await globex()]);
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toHaveLength(1);
  });
});
