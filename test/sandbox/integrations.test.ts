// Integrations in the sandbox: the catalogue and its filters, publish and
// unpublish by the owner's admins, and installations visible only with the
// integration's own token; responses validated against the public description.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, latestSpec } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const GLOBEX = ids.org('Globex');

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});
beforeAll(() => {
  latestSpec();
});

const names = (items: { name: string }[]) => items.map((i) => i.name);
const PUBLISH = { title: 'Widget', description: 'A widget', script: 'export default {}', organization: ACME, secrets: { API_KEY: 's3cret' } };

describe('integrations', () => {
  it('lists the catalogue, with every filter', async () => {
    const all = await call(sb, 'GET', '/integrations', { query: { limit: 100 } });
    expectOperation(all, 'GET', '/integrations', 200);
    expect(all.body.items.length).toBeGreaterThanOrEqual(11);
    expect(names(all.body.items)).toContain('acme-changelog'); // private, but the caller's
    expect(names(all.body.items)).toContain('globex-search'); // unlisted, but of the caller's organization
    const q = async (query: Record<string, string | boolean>) => names((await call(sb, 'GET', '/integrations', { query })).body.items);
    expect(await q({ category: 'visitor-auth' })).toEqual(['auth0']);
    expect(await q({ blockDomain: 'youtu.be' })).toEqual(['youtube']);
    expect(await q({ search: 'GIT' })).toEqual(['github-files']);
    expect(await q({ owner: ACME })).toEqual(['acme-status', 'acme-changelog']);
    const withBlocks = await q({ blocks: true });
    const without = await q({ blocks: false });
    expect(withBlocks).toContain('mermaid');
    expect(without).toContain('auth0');
    expect(withBlocks.filter((n) => without.includes(n))).toEqual([]);
    expect(await q({ contentSources: true })).toEqual(['openapi-pages', 'tps-reports', 'acme-changelog']);
    expectError(await call(sb, 'GET', '/integrations', { query: { blockDomain: 'a/b' } }), 400, /blockDomain/);
  });

  it('gets one; 404 for an unknown name', async () => {
    const res = await call(sb, 'GET', '/integrations/mermaid');
    expectOperation(res, 'GET', '/integrations/{integrationName}', 200);
    expect(res.body).toMatchObject({ name: 'mermaid', verified: true, permissions: { admin: false } });
    expectError(await call(sb, 'GET', '/integrations/nope'), 404, /No integration named "nope"/);
  });

  it('publishes (version goes up), never renders secrets or the script, and unpublishes (204)', async () => {
    const res = await call(sb, 'POST', '/integrations/widget', { body: { ...PUBLISH, previewImages: ['aGVsbG8='], icon: 'aGVsbG8=' } });
    expectOperation(res, 'POST', '/integrations/{integrationName}', 200);
    expect(res.body).toMatchObject({ name: 'widget', version: 1, permissions: { admin: true } });
    expect(res.body.previewImages).toHaveLength(1);
    expect(res.text).not.toContain('s3cret');
    expect(res.text).not.toContain('export default');
    const again = await call(sb, 'POST', '/integrations/widget', { body: PUBLISH });
    expect(again.body.version).toBe(2);
    expect(sb.integrationToken('widget')).toMatch(/^dpi_sandbox_[0-9a-f]{32}$/);
    expect((await call(sb, 'DELETE', '/integrations/widget')).status).toBe(204);
    expect(sb.integrationToken('widget')).toBeUndefined();
    expectError(await call(sb, 'DELETE', '/integrations/widget'), 404);
  });

  it('refuses a publish from an org where the caller is not admin, or of a name another org owns; bad base64', async () => {
    expectError(await call(sb, 'POST', '/integrations/widget', { body: { ...PUBLISH, organization: GLOBEX } }), 403, /admin role/);
    expectError(await call(sb, 'POST', '/integrations/mermaid', { body: PUBLISH }), 403, /another organization/);
    expectError(await call(sb, 'DELETE', '/integrations/mermaid'), 403, /another organization/);
    expectError(await call(sb, 'DELETE', '/integrations/globex-search'), 403, /admin role/);
    expectError(await call(sb, 'POST', '/integrations/widget', { body: { ...PUBLISH, icon: 'not base64!' } }), 400, /"icon" must be base64/);
    expectError(await call(sb, 'POST', '/integrations/widget', { body: { ...PUBLISH, organization: 'nope' } }), 404, /No organization/);
    expectError(await call(sb, 'POST', '/integrations/bad%20name', { body: PUBLISH }), 400, /The path parameter "integrationName" must be letters, digits, -, _ and \./);
  });

  it("lists installations with the integration's token only", async () => {
    expectError(await call(sb, 'GET', '/integrations/acme-status/installations'), 403, /only the token of integration "acme-status".*user token/i);
    const token = sb.integrationToken('acme-status')!;
    const res = await call(sb, 'GET', '/integrations/acme-status/installations', { token });
    expectOperation(res, 'GET', '/integrations/{integrationName}/installations', 200);
    expect(res.body.items).toHaveLength(2);
    const one = await call(sb, 'GET', '/integrations/acme-status/installations', { token, query: { externalId: 'acme-staging' } });
    expect(one.body.items).toHaveLength(1);
    expectError(await call(sb, 'GET', '/integrations/acme-changelog/installations', { token }), 403, /this is the token of "acme-status"/);
    // An integration token calls nothing else.
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { token }), 403, /token of integration "acme-status"/);
    expectError(await call(sb, 'GET', '/integrations/acme-status/installations', { token: 'dpi_sandbox_' + '0'.repeat(32) }), 401);
  });
});
