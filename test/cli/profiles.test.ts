// Logging in and profiles as a user meets them (issue 8): an org that is not
// the token's, unknown profiles, switching, status of every profile, and what
// logout says when a token from elsewhere stays in effect.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

/** A fresh config dir pointed at the sandbox, with no token in the environment. */
const loginEnv = (extra: Record<string, string> = {}) => baseEnv({ DOCPLAT_API_URL: api.sandbox.url, ...extra });

async function login(env: NodeJS.ProcessEnv, ...args: string[]) {
  const r = await runInProcess(['auth', 'login', '--with-token', ...args], { env, input: api.sandbox.token });
  expect(r.code, r.stderr).toBe(0);
}

const stored = (env: NodeJS.ProcessEnv) => {
  try {
    return JSON.parse(readFileSync(join(env.DOCPLAT_CONFIG_DIR!, 'config.json'), 'utf8'));
  } catch {
    return undefined;
  }
};

describe('auth login --org', () => {
  it('refuses an organization the token does not belong to, naming the known ones, and stores nothing', async () => {
    const env = loginEnv();
    const r = await runInProcess(['auth', 'login', '--with-token', '--org', 'nope'], { env, input: api.sandbox.token });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/--org nope is not an organization of this token/);
    expect(r.stderr).toContain(api.sandbox.defaultOrg!);
    expect(stored(env)?.profiles?.default?.token).toBeUndefined();
  });
});

describe('profiles', () => {
  it('--profile or DOCPLAT_PROFILE naming no profile says so and lists them (exit 2, nothing sent)', async () => {
    const env = loginEnv();
    await login(env);
    await login(env, '--profile', 'work');
    const before = api.sandbox.requestCount;
    for (const [args, extra, from] of [
      [['--profile', 'nope', 'spaces', 'list'], {}, '--profile'],
      [['auth', 'status'], { DOCPLAT_PROFILE: 'nope' }, 'DOCPLAT_PROFILE'],
      [['--profile', 'nope', 'auth', 'logout'], {}, '--profile'],
      [['--profile', 'nope', 'config', 'get', 'org'], {}, '--profile'],
    ] as const) {
      const r = await runInProcess([...args], { env: { ...env, ...extra } });
      expect(r.code, r.stderr).toBe(2);
      expect(lines(r.stderr)).toEqual([`error: no such profile "nope" (from ${from}): the profiles are default, work; \`docplat auth login --profile nope\` creates it`]);
    }
    expect(api.sandbox.requestCount).toBe(before);
    // A new profile is created by logging in to it.
    await login(env, '--profile', 'ci');
    expect(Object.keys(stored(env).profiles)).toEqual(['default', 'work', 'ci']);
  });

  it('auth switch makes another profile the active one; an unknown one is refused', async () => {
    const env = loginEnv();
    await login(env);
    const second = lines((await api.cli(['orgs', 'list', '--fields', 'id'])).stdout)[1];
    await login(env, '--profile', 'work', '--org', second);
    const bad = await runInProcess(['auth', 'switch', 'nope'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no such profile "nope": the profiles are default, work/);
    const empty = await runInProcess(['auth', 'switch', ''], { env });
    expect(lines(empty.stderr)).toEqual(['error: profile is empty']);
    const r = await runInProcess(['auth', 'switch', 'work'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Profile "work" is now the active one/);
    expect(stored(env).profile).toBe('work');
    const status = JSON.parse((await runInProcess(['auth', 'status', '--json'], { env })).stdout);
    expect(status).toMatchObject({ profile: 'work', org: second });
    // DOCPLAT_PROFILE still wins, and switch says so.
    const warned = await runInProcess(['auth', 'switch', 'default'], { env: { ...env, DOCPLAT_PROFILE: 'work' } });
    expect(warned.stderr).toMatch(/DOCPLAT_PROFILE=work is set and still wins/);
  });

  it('auth status shows every profile and marks the active one (--json: a profiles array, never a token)', async () => {
    const env = loginEnv();
    await login(env, '--org', api.sandbox.defaultOrg!);
    await login(env, '--profile', 'work');
    await runInProcess(['config', 'set', 'format', 'json', '--profile', 'bare'], { env });
    const json = await runInProcess(['auth', 'status', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    const s = JSON.parse(json.stdout);
    expect(s.profiles).toEqual([
      { name: 'default', active: true, apiUrl: api.sandbox.url, org: api.sandbox.defaultOrg, token: true },
      { name: 'work', active: false, apiUrl: api.sandbox.url, org: null, token: true },
      { name: 'bare', active: false, apiUrl: null, org: null, token: false },
    ]);
    expect(json.stdout).not.toContain(api.sandbox.token);
    const table = await runInProcess(['auth', 'status', '--output', 'table'], { env, stdoutTTY: true });
    expect(table.stdout).toMatch(/Profiles\s+default \(active\), work, bare \(no token stored\)/);
    // Not logged in on the active profile: exit 4, naming the profiles that have a token.
    const none = await runInProcess(['auth', 'status', '--profile', 'bare'], { env });
    expect(none.code).toBe(4);
    expect(none.stderr).toMatch(/profiles with a token: default, work \(`docplat auth switch <profile>`\)/);
  });

  it('auth login without a terminal while DOCPLAT_TOKEN is set says the variable is already in use', async () => {
    const r = await runInProcess(['auth', 'login'], { env: loginEnv({ DOCPLAT_TOKEN: api.sandbox.token }) });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/DOCPLAT_TOKEN is set and commands already use it without logging in/);
    expect(r.stderr).not.toMatch(/or set DOCPLAT_TOKEN/);
    expect(r.stderr).not.toContain(api.sandbox.token);
  });

  it('auth logout with DOCPLAT_TOKEN set says that token stays in effect', async () => {
    const env = loginEnv();
    await login(env);
    const r = await runInProcess(['auth', 'logout'], { env: { ...env, DOCPLAT_TOKEN: 'x' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Logged out of profile "default", but DOCPLAT_TOKEN is set and stays in effect/);
    expect(stored(env).profiles.default.token).toBeUndefined();
  });

  it('--sandbox auth logout (and switch) is refused and leaves the real profiles alone', async () => {
    const env = loginEnv();
    await login(env);
    await login(env, '--profile', 'work');
    const r = await runInProcess(['--sandbox', 'auth', 'logout'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--sandbox uses none/);
    expect(stored(env).profiles.default.token).toBe(api.sandbox.token);
    const s = await runInProcess(['--sandbox', 'auth', 'switch', 'work'], { env });
    expect(s.code).toBe(2);
    expect(stored(env).profile).toBeUndefined();
  });

  it('auth login while DOCPLAT_TOKEN is set warns that the variable wins', async () => {
    const r = await runInProcess(['auth', 'login', '--with-token'], { env: loginEnv({ DOCPLAT_TOKEN: 'other' }), input: api.sandbox.token });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/DOCPLAT_TOKEN is set and wins over the stored token/);
  });
});
