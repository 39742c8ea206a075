// --output yaml: the same data as --json, as YAML, from the one formatter:
// lists (streamed as a sequence), single objects, --fields, --jq, dry runs.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers.js';

const api = useTestApi();
const SPACE = 'XMTcnou4GLQ44FZ3SWYg';

describe('--output yaml', () => {
  it('a list is the YAML of what --json prints', async () => {
    const yaml = await api.cli(['spaces', 'list', '--output', 'yaml', '--all']);
    const json = await api.cli(['spaces', 'list', '--json', '--all']);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/^- object: space\n {2}id: /);
    expect(parse(yaml.stdout)).toEqual(JSON.parse(json.stdout));
  });

  it('one object, with --fields reaching into it', async () => {
    const run = await api.cli(['spaces', 'get', SPACE, '--output', 'yaml', '--fields', 'id,title,urls.app']);
    expect(run.code).toBe(0);
    const value = parse(run.stdout) as { id: string; title: string; urls: { app: string } };
    expect(Object.keys(value)).toEqual(['id', 'title', 'urls']);
    expect(value.id).toBe(SPACE);
    expect(value.urls.app).toMatch(/^https:/);
  });

  it('--jq runs over the fields selected; strings print raw, objects as YAML', async () => {
    const ids = await api.cli(['spaces', 'list', '--limit', '3', '--output', 'yaml', '--fields', 'id,title', '--jq', '.[] | select(.title | test("^W")) | .id']);
    expect(ids.code).toBe(0);
    expect(ids.stdout).toBe('uKsCPULeNA6b7rWQ1WdX\n');
    const one = await api.cli(['spaces', 'list', '--limit', '2', '--output', 'yaml', '--jq', '.[0] | {id, title}']);
    expect(one.stdout).toBe('id: uKsCPULeNA6b7rWQ1WdX\ntitle: Welcome\n');
    const many = await api.cli(['spaces', 'list', '--limit', '2', '--output', 'yaml', '--jq', '.[] | {id}']);
    expect(many.stdout).toBe('---\nid: uKsCPULeNA6b7rWQ1WdX\n---\nid: adGAq6oN9Mio5kDlVLsW\n');
  });

  it('an empty list is [] and a dry run lists its requests', async () => {
    expect((await api.cli(['spaces', 'list', '--collection', '7H1LjGduoX1ympJWd6GN', '--output', 'yaml'])).stdout).toBe('[]\n');
    const dry = await api.cli(['spaces', 'delete', SPACE, '--dry-run', '--output', 'yaml']);
    expect(dry.code).toBe(0);
    expect(parse(dry.stdout)).toEqual([{ method: 'DELETE', url: `${api.sandbox.url}/spaces/${SPACE}` }]);
  });

  it('is offered where the formats are listed, and --jq with a cell format is still refused', async () => {
    expect((await api.cli(['spaces', 'list', '--output', 'xml'])).stderr).toMatch(/--output must be one of table, tsv, csv, json, jsonl, yaml/);
    const csv = await api.cli(['spaces', 'list', '--output', 'csv', '--jq', '.']);
    expect(csv.code).toBe(2);
  });

  it('api prints YAML too', async () => {
    const run = await api.cli(['api', `/spaces/${SPACE}`, '--output', 'yaml']);
    expect(run.code).toBe(0);
    expect((parse(run.stdout) as { id: string }).id).toBe(SPACE);
  });
});
