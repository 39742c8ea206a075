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
