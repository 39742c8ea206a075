// docplat config get: the value in effect and where it comes from, as text and
// as JSON.
import { describe, expect, it } from 'vitest';
import { baseEnv, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('config get', () => {
  it('config get prints the value in effect, and where it comes from on stderr', async () => {
    const url = await api.cli(['config', 'get', 'api-url']);
    expect(url.code, url.stderr).toBe(0);
    expect(url.stdout).toBe(`${api.sandbox.url}\n`);
    expect(url.stderr).toBe('(from DOCPLAT_API_URL)\n');
    const dflt = await runInProcess(['config', 'get', 'api-url'], { env: baseEnv() });
    expect(dflt.stdout).toBe('https://api.gitbook.com/v1\n');
    expect(dflt.stderr).toBe('(from the default)\n');
    const flag = await api.cli(['config', 'get', 'org', '--org', 'o-flag']);
    expect([flag.stdout, flag.stderr]).toEqual(['o-flag\n', '(from the --org flag)\n']);
    const env = baseEnv();
    await runInProcess(['config', 'set', 'org', 'o-stored'], { env });
    const stored = await runInProcess(['config', 'get', 'org'], { env });
    expect([stored.stdout, stored.stderr]).toEqual(['o-stored\n', '(from profile "default")\n']);
  });

  it('config get --json prints the key, value and source (null when not set)', async () => {
    expect(JSON.parse((await api.cli(['config', 'get', 'org', '--json'])).stdout)).toEqual({ key: 'org', value: api.sandbox.defaultOrg, source: 'env' });
    const unset = await runInProcess(['config', 'get', 'org', '--json'], { env: baseEnv() });
    expect(unset.code).toBe(0);
    expect(JSON.parse(unset.stdout)).toEqual({ key: 'org', value: null, source: null });
  });
});
