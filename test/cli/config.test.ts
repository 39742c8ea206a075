// config: get, set, unset, list, path, and the configured output format.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();


describe('config', () => {
  it('set, get, list, unset, path', async () => {
    const env = baseEnv();
    expect((await runInProcess(['config', 'set', 'org', 'o-123'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'set', 'format', 'json'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'get', 'org'], { env })).stdout).toBe('o-123\n');
    const list = await runInProcess(['config', 'list', '--output', 'tsv'], { env });
    expect(list.stdout).toContain('o-123');
    expect((await runInProcess(['config', 'unset', 'org'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'get', 'org'], { env })).stdout).toBe('');
    const path = await runInProcess(['config', 'path'], { env });
    expect(path.stdout.trim()).toBe(join(env.DOCPLAT_CONFIG_DIR!, 'config.json'));
  });

  it('the configured format is the default output', async () => {
    const env = api.env();
    await runInProcess(['config', 'set', 'format', 'jsonl'], { env });
    const r = await runInProcess(['spaces', 'list', '--limit', '2'], { env });
    expect(lines(r.stdout).map((l) => JSON.parse(l).object)).toEqual(['space', 'space']);
  });

  it('refuses unknown keys and bad values', async () => {
    const env = baseEnv();
    const r1 = await runInProcess(['config', 'set', 'colour', 'x'], { env });
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/unknown config key "colour"/);
    const r2 = await runInProcess(['config', 'set', 'format', 'xml'], { env });
    expect(r2.code).toBe(2);
    const r3 = await runInProcess(['config', 'set', 'api-url', 'not a url'], { env });
    expect(r3.code).toBe(2);
  });

  it('an empty or blank value is named as such, with the way to remove a value', async () => {
    const env = baseEnv();
    const empty = await runInProcess(['config', 'set', 'org', ''], { env });
    expect(empty.code).toBe(2);
    expect(lines(empty.stderr)).toEqual(['error: the value of org is empty: `docplat config unset org` removes it']);
    const blank = await runInProcess(['config', 'set', 'api-url', '  '], { env });
    expect(lines(blank.stderr)).toEqual(['error: the value of api-url is blank: `docplat config unset api-url` removes it']);
  });
});
