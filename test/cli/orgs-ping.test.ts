// docplat orgs ping: its output (no blank line).
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers.js';

const api = useTestApi();

describe('orgs ping', () => {
  it('orgs ping prints no blank line', async () => {
    const r = await api.cli(['orgs', 'ping']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/answered the ping/);
    expect(JSON.parse((await api.cli(['orgs', 'ping', '--json'])).stdout)).toEqual({});
    const dry = await api.cli(['orgs', 'ping', '--dry-run']);
    expect(dry.stdout).toBe(`POST ${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/ping\n`);
  });
});
