// Settings and errors (src/context.ts): no token, a wrong token, no org, an
// unreachable API, JSON errors, flag > environment > profile, --debug
// redaction, an unknown --output.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

describe('settings and errors', () => {
  it('no token: exit 4 with a hint, nothing sent', async () => {
    const before = api.sandbox.requestCount;
    const r = await runInProcess(['spaces', 'list'], { env: baseEnv({ DOCPLAT_API_URL: api.sandbox.url, DOCPLAT_ORG: 'x' }) });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: not logged in/);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('a wrong token: exit 4 with the API message', async () => {
    const r = await api.cli(['spaces', 'list'], { env: { DOCPLAT_TOKEN: 'wrong-token' } });
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/401/);
  });

  it('no org: exit 2 with a hint', async () => {
    const r = await api.cli(['spaces', 'list'], { env: { DOCPLAT_ORG: '' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no organization: pass --org/);
  });

  it('an unreachable API URL: exit 1, "cannot reach ... (connection refused)"', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/v1`;
    const r = await api.cli(['spaces', 'get', 'abc', '--retries', '0'], { env: { DOCPLAT_API_URL: url } });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`error: cannot reach ${url} (connection refused)`]);
  });

  it('errors are JSON objects on stderr with --json', async () => {
    const r = await api.cli(['spaces', 'get', 'nope', '--json']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    const err = JSON.parse(r.stderr);
    expect(err.error).toMatchObject({ status: 404, exitCode: 3, method: 'GET', path: '/spaces/nope' });
    const usage = await api.cli(['spaces', 'list', '--limit', '0', '--json']);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr).error.message).toBe('--limit must be a whole number of at least 1, got "0"');
  });

  it('flag beats environment beats profile', async () => {
    const env = api.env();
    // profile: org set in the config store
    const set = await runInProcess(['config', 'set', 'org', 'from-profile'], { env });
    expect(set.code, set.stderr).toBe(0);
    const noEnv = { ...env, DOCPLAT_ORG: undefined };
    const status = (e: NodeJS.ProcessEnv, extra: string[] = []) => runInProcess(['auth', 'status', '--json', ...extra], { env: e }).then((r) => JSON.parse(r.stdout));
    expect((await status(noEnv)).org).toBe('from-profile');
    expect((await status(noEnv)).orgSource).toBe('profile');
    expect((await status({ ...noEnv, DOCPLAT_ORG: 'from-env' })).org).toBe('from-env');
    expect((await status({ ...noEnv, DOCPLAT_ORG: 'from-env' }, ['--org', 'from-flag'])).org).toBe('from-flag');
  });

  it('--debug traces requests with the token redacted', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '1', '--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/> GET .*\/spaces\?/);
    expect(r.stderr).toContain('Bearer ***');
    expect(r.stderr + r.stdout).not.toContain(api.sandbox.token);
  });

  it('--output with an unknown format is a usage error', async () => {
    const r = await api.cli(['spaces', 'list', '--output', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--output must be one of table, tsv, csv, json, jsonl/);
  });
});
