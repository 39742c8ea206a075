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

describe('orgs get (public OpenAPI description 0.202.0)', () => {
  it('shows the default organization, or the one named', async () => {
    const orgs = json(await api.cli(['orgs', 'list', '--json']));
    const mine = json(await api.cli(['orgs', 'get', '--json']));
    expect(mine.id).toBe(api.sandbox.defaultOrg);
    const other = orgs.find((o: { id: string }) => o.id !== mine.id);
    expect(json(await api.cli(['orgs', 'get', other.id, '--json']))).toMatchObject({ id: other.id, title: other.title });
    const piped = await api.cli(['orgs', 'get', '--fields', 'id,title']);
    expect(piped.stdout.trim()).toBe(`${mine.id}\t${mine.title}`);
    expect((await api.cli(['orgs', 'get', 'nosuchorg'])).code).toBe(3);
  });
});
