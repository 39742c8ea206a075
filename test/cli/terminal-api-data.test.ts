// API data on a terminal (src/output/terminal.ts): control characters in titles
// and cells are shown escaped in tables, detail views and TSV; JSON keeps them.
import { describe, expect, it } from 'vitest';
import { lines, tsv, useTestApi } from '../helpers.js';

const api = useTestApi();

const HOSTILE = '\x1b]0;PWNED\x07\x1b[31mRED\x1b[0m\x1b[2J\nrow';

describe('API data never reaches the terminal raw', () => {
  it('a table, a detail view and TSV show control characters escaped; JSON keeps them', async () => {
    const collection = await api.cli(['collections', 'create', '--title', 'Hostile', '--json']);
    const c = JSON.parse(collection.stdout).id;
    const created = await api.cli(['spaces', 'create', '--title', HOSTILE, '--collection', c, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id;
    const escaped = '\\x1b]0;PWNED\\x07\\x1b[31mRED\\x1b[0m\\x1b[2J\\nrow';
    const get = await api.cli(['spaces', 'get', id], { stdoutTTY: true });
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(get.stdout).toContain(escaped);
    const list = await api.cli(['spaces', 'list', '--collection', c], { stdoutTTY: true });
    expect(list.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    // one row per space: the newline in the title did not split the row
    const row = lines(list.stdout).filter((l) => l.startsWith(id));
    expect(row).toHaveLength(1);
    const piped = await api.cli(['spaces', 'get', id, '--fields', 'id,title']);
    expect(tsv(piped.stdout)).toEqual([[id, escaped]]);
    const json = await api.cli(['spaces', 'get', id, '--json']);
    expect(JSON.parse(json.stdout).title).toBe(HOSTILE);
  });
});
