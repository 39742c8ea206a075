// docplat spaces get: the detail view of a space with no default level.
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('spaces get', () => {
  it('spaces get shows "none" for a space with no default level', async () => {
    const [id] = lines((await api.cli(['spaces', 'list', '--limit', '1', '--fields', 'id'])).stdout);
    expect((await api.cli(['spaces', 'update', id, '--default-level', 'none'])).code).toBe(0);
    const r = await runInProcess(['spaces', 'get', id], { env: api.env(), stdoutTTY: true });
    expect(r.stdout).toMatch(/^Default level\s+none$/m);
    expect(JSON.parse((await api.cli(['spaces', 'get', id, '--json'])).stdout).defaultLevel).toBeNull();
  });
});
