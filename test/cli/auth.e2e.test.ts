// auth login on a real terminal: the organization picker (test/cli/auth.test.ts has the rest).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, converse, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('auth login and the organization of the profile, on a terminal', () => {
  const stored = (env: NodeJS.ProcessEnv) => JSON.parse(readFileSync(join(env.DOCPLAT_CONFIG_DIR!, 'config.json'), 'utf8')).profiles.default;
  const orgIds = async () => (JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout) as { id: string }[]).map((o) => o.id);

  it('"none" chosen at the prompt leaves no default organization (it kept the previous one)', async () => {
    const [first] = await orgIds();
    const env = baseEnv({ DOCPLAT_API_URL: api.sandbox.url });
    await runInProcess(['config', 'set', 'org', first], { env });
    const { code, screen } = await converse(['auth', 'login'], env, [
      [/API token/, `${api.sandbox.token}\r`],
      [/Default organization/, '\x1b[B\x1b[B\x1b[B\r'], // the fourth choice (after the three organizations): none
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Logged in as .* on profile "default"\s/);
    expect(stored(env).org).toBeUndefined();
  });
});
