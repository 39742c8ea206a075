// orgs: list and ping.
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers.js';

const api = useTestApi();

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe('orgs', () => {
  it('lists organizations and pings one', async () => {
    const orgs = json(await api.cli(['orgs', 'list', '--json']));
    expect(orgs.map((o: { title: string }) => o.title)).toEqual(['Acme Docs', 'Globex', 'Initech']);
    const p = await api.cli(['orgs', 'ping', '--json']);
    expect(p.code, p.stderr).toBe(0);
  });
});
