// orgs: list and ping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApi, type TestApi } from '../helpers.js';

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(async () => api.close());

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe('orgs', () => {
  it('lists organizations and pings one', async () => {
    const orgs = json(await api.cli(['orgs', 'list', '--json']));
    expect(orgs.length).toBe(2);
    const p = await api.cli(['orgs', 'ping', '--json']);
    expect(p.code, p.stderr).toBe(0);
  });
});
