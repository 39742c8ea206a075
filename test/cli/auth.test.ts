// auth: login, status, token, logout; the config store's file modes; profiles.
import { statSync, readFileSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

function loginEnv() {
  // The token only through stdin: nothing in the environment.
  return baseEnv({ DOCPLAT_API_URL: api.sandbox.url });
}

describe('auth', () => {
  it('login --with-token stores the token (0600 file, 0700 dir) and picks the org when asked', async () => {
    const env = loginEnv();
    const r = await runInProcess(['auth', 'login', '--with-token', '--org', api.sandbox.defaultOrg!], { env, input: api.sandbox.token + '\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Logged in as/);
    const dir = env.DOCPLAT_CONFIG_DIR!;
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.profiles.default.org).toBe(api.sandbox.defaultOrg);

    const status = await runInProcess(['auth', 'status', '--json'], { env });
    expect(status.code, status.stderr).toBe(0);
    const s = JSON.parse(status.stdout);
    expect(s).toMatchObject({ profile: 'default', apiUrl: api.sandbox.url, org: api.sandbox.defaultOrg, tokenSource: 'profile' });
    expect(s.user.id).toBeTruthy();
    expect(status.stdout + status.stderr).not.toContain(api.sandbox.token);

    const list = await runInProcess(['spaces', 'list', '--limit', '2'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(lines(list.stdout)).toHaveLength(2);

    const token = await runInProcess(['auth', 'token'], { env });
    expect(token.stdout.trim()).toBe(api.sandbox.token);

    const out = await runInProcess(['auth', 'logout'], { env });
    expect(out.code).toBe(0);
    const after = await runInProcess(['spaces', 'list'], { env });
    expect(after.code).toBe(4);
  });

  it('login refuses a bad token and stores nothing', async () => {
    const env = loginEnv();
    const r = await runInProcess(['auth', 'login', '--with-token'], { env, input: 'not-the-token\n' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/refused this token/);
    const t = await runInProcess(['auth', 'token'], { env });
    expect(t.code).toBe(4);
  });

  it('login with no terminal and no --with-token fails clearly', async () => {
    const r = await runInProcess(['auth', 'login'], { env: loginEnv() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no terminal to prompt for the token: pipe it in with --with-token/);
  });

  it('--with-token refuses a terminal on stdin, before reading it', async () => {
    const r = await runInProcess(['auth', 'login', '--with-token'], { env: loginEnv(), input: api.sandbox.token, stdinTTY: true });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(['error: --with-token reads the token from stdin, but stdin is a terminal: pipe it in']);
  });

  it('profiles keep separate settings', async () => {
    const env = loginEnv();
    const second = lines((await api.cli(['orgs', 'list', '--fields', 'id'])).stdout)[1];
    await runInProcess(['auth', 'login', '--with-token', '--profile', 'work', '--org', second], { env, input: api.sandbox.token });
    const work = await runInProcess(['config', 'get', 'org', '--profile', 'work'], { env });
    expect(work.stdout.trim()).toBe(second);
    const dflt = await runInProcess(['config', 'get', 'org'], { env });
    expect(dflt.stdout).toBe('');
    const viaEnv = await runInProcess(['config', 'get', 'org'], { env: { ...env, DOCPLAT_PROFILE: 'work' } });
    expect(viaEnv.stdout.trim()).toBe(second);
  });

  it('an existing config file readable by others is tightened, with a warning', async () => {
    const env = loginEnv();
    const dir = env.DOCPLAT_CONFIG_DIR!;
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: { default: { org: 'o1' } } }));
    chmodSync(file, 0o644);
    const r = await runInProcess(['config', 'get', 'org'], { env });
    expect(r.stdout.trim()).toBe('o1');
    expect(r.stderr).toMatch(/readable by other users/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('auth login and the organization of the profile', () => {
  const stored = (env: NodeJS.ProcessEnv) => JSON.parse(readFileSync(join(env.DOCPLAT_CONFIG_DIR!, 'config.json'), 'utf8')).profiles.default;
  const orgIds = async () => (JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout) as { id: string }[]).map((o) => o.id);

  it("a new token keeps the profile's organization only if it has it; otherwise it says to choose, after logging in", async () => {
    const [, second] = await orgIds();
    const env = loginEnv();
    await runInProcess(['config', 'set', 'org', 'OtherAccountsOrg'], { env });
    const r = await runInProcess(['auth', 'login', '--with-token'], { env, input: api.sandbox.token });
    expect(r.code, r.stderr).toBe(0);
    expect(stored(env).org).toBeUndefined();
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(/^Logged in as .* on profile "default"$/),
      '3 organizations: choose one with `docplat config set org <id>` (see `docplat orgs list`)',
    ]);
    await runInProcess(['config', 'set', 'org', second], { env });
    const again = await runInProcess(['auth', 'login', '--with-token'], { env, input: api.sandbox.token });
    expect(lines(again.stderr)).toEqual([expect.stringMatching(new RegExp(`^Logged in as .*, organization ${second}$`))]);
    expect(stored(env).org).toBe(second);
  });
});

describe('with neither a token nor an organization', () => {
  it('an org-scoped command says "not logged in" first (exit 4): the "no organization" hint names orgs list, which needs a token', async () => {
    const r = await runInProcess(['spaces', 'list'], { env: baseEnv() });
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: not logged in: run `docplat auth login`/)]);
    const orgOnly = await runInProcess(['spaces', 'list'], { env: baseEnv({ DOCPLAT_TOKEN: 'tok' }) });
    expect(orgOnly.code).toBe(2);
    expect(orgOnly.stderr).toMatch(/^error: no organization: .*docplat orgs list/m);
  });
});
