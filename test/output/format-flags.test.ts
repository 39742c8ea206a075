// Output flags as a command meets them (src/output/format.ts): --fields
// (unknown fields, header labels, nested paths), --output, --dry-run --json,
// --jq errors, and one object piped as key<TAB>value lines.
import { describe, expect, it } from 'vitest';
import { lines, spaceIds, tsv, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('--fields', () => {
  it('an unknown field is exit 2 before any request, naming it, with a suggestion and the known ones', async () => {
    const before = api.sandbox.requestCount;
    const r = await api.cli(['spaces', 'list', '--fields', 'nope,title']);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: --fields: unknown field "nope"; known: .*\btitle\b.*\beditMode\b/)]);
    const typo = await api.cli(['spaces', 'get', 'x', '--fields', 'titel']);
    expect(typo.stderr).toMatch(/unknown field "titel" \(did you mean "title"\?\)/);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('table headers are accepted as fields; nested paths of a known field too', async () => {
    const [id] = await spaceIds(api, 1);
    const r = await api.cli(['spaces', 'get', id, '--fields', 'ID,Title,urls.app,URL']);
    expect(r.code, r.stderr).toBe(0);
    const [row] = tsv(r.stdout);
    expect(row[0]).toBe(id);
    expect(row[2]).toMatch(/^https:/);
    expect(row[3]).toBe(row[2]);
  });

  it('spaces list --member: items are {permission, space} and carry the space id as id, for --fields id and --jq', async () => {
    const users = await fetch(`${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/members?limit=5`, { headers: { authorization: `Bearer ${api.sandbox.token}` } });
    const { items } = (await users.json()) as { items: { user: { id: string } }[] };
    const user = items[0].user.id;
    const json = await api.cli(['spaces', 'list', '--member', user, '--json']);
    const spaces = JSON.parse(json.stdout) as { id: string; permission: string; space: { id: string } }[];
    expect(spaces.length).toBeGreaterThan(0);
    for (const s of spaces) expect(s.id).toBe(s.space.id);
    const ids = await api.cli(['spaces', 'list', '--member', user, '--fields', 'id']);
    expect(lines(ids.stdout)).toEqual(spaces.map((s) => s.space.id));
    const jq = await api.cli(['spaces', 'list', '--member', user, '--jq', '.[].id']);
    expect(lines(jq.stdout)).toEqual(spaces.map((s) => s.space.id));
    const nested = await api.cli(['spaces', 'list', '--member', user, '--fields', 'space.id,permission']);
    expect(tsv(nested.stdout)).toEqual(spaces.map((s) => [s.space.id, s.permission]));
  });
});

describe('output flags', () => {
  it.each([
    [['--json', '--output', 'csv'], '--json and --output csv cannot be used together'],
    [['--json', '--jsonl'], '--json and --jsonl cannot be used together'],
    [['--jq', '.', '--output', 'tsv'], '--jq prints JSON: it cannot be used with --output tsv'],
  ])('%j is refused', async (flags, message) => {
    const r = await api.cli(['spaces', 'list', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('--output table is honoured when piped', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '2', '--output', 'table']);
    expect(lines(r.stdout)[0]).toMatch(/^ID\s+TITLE\s+VISIBILITY/);
    expect(lines(r.stdout)).toHaveLength(3);
  });

  it('--dry-run --json prints the requests as JSON', async () => {
    const ids = await spaceIds(api, 2);
    const r = await api.cli(['spaces', 'delete', ...ids, '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(ids.map((id) => ({ method: 'DELETE', url: `${api.sandbox.url}/spaces/${id}` })));
    const t = await api.cli(['spaces', 'update', ids[0], '--title', 'T', '--dry-run', '--jsonl']);
    expect(JSON.parse(lines(t.stdout)[0])).toEqual({ method: 'PATCH', url: `${api.sandbox.url}/spaces/${ids[0]}`, body: { title: 'T' } });
  });

  it('a --jq error on the data, after the requests, is exit 1 and does not say nothing was sent', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '2', '--jq', '.[] | .title | tonumber']);
    expect(r.code).toBe(1);
    expect(lines(r.stderr).at(-1)).toMatch(/^error: --jq failed on the data: /);
  });
});

describe('one object piped', () => {
  it('prints key<TAB>value lines', async () => {
    const [id] = await spaceIds(api, 1);
    const r = await api.cli(['spaces', 'get', id]);
    const rows = tsv(r.stdout);
    expect(rows.find((row) => row[0] === 'id')).toEqual(['id', id]);
    expect(rows.find((row) => row[0] === 'urls.app')![1]).toMatch(/^https:/);
  });
});
