// Collections in the sandbox: listing (nested or not), create, update, move,
// transfer and delete, checked against the OpenAPI description.
import { beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, listAll } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const GLOBEX = ids.org('Globex');

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});

const titles = (items: { title: string }[]) => items.map((s) => s.title);

describe('collections', () => {
  it('lists nested collections in sidebar order, or only top-level ones with nested=false', async () => {
    const all = await call(sb, 'GET', `/orgs/${ACME}/collections`);
    expectOperation(all, 'GET', '/orgs/{organizationId}/collections', 200);
    expect(titles(all.body.items)).toEqual(['Product', 'Guides', 'Advanced', 'API', 'Engineering', 'Runbooks', 'Archive']);
    const advanced = all.body.items.find((c: { title: string }) => c.title === 'Advanced');
    expect(advanced.parent).toBe(ids.collection('Guides'));
    const roots = await call(sb, 'GET', `/orgs/${ACME}/collections`, { query: { nested: false } });
    expectOperation(roots, 'GET', '/orgs/{organizationId}/collections', 200);
    expect(titles(roots.body.items)).toEqual(['Product', 'Engineering', 'Archive']);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/collections`, { query: { nested: 'yes' } }), 400, /"nested" must be true or false; got "yes"/);
    const paged = await listAll(sb, `/orgs/${ACME}/collections`, 2);
    expect(titles(paged.items)).toEqual(titles(all.body.items));
  });

  it('GET a collection, and the spaces directly in it', async () => {
    const id = ids.collection('Guides');
    const res = await call(sb, 'GET', `/collections/${id}`);
    expectOperation(res, 'GET', '/collections/{collectionId}', 200);
    expect(res.body).toMatchObject({ object: 'collection', title: 'Guides', organization: ACME, parent: ids.collection('Product'), defaultLevel: 'comment' });
    expect(res.body.urls.location).toBe(`${sb.url}/collections/${id}`);
    expect(res.body.permissions).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true });
    const spaces = await call(sb, 'GET', `/collections/${id}/spaces`, { query: { limit: 2 } });
    expectOperation(spaces, 'GET', '/collections/{collectionId}/spaces', 200);
    expect(spaces.body.count).toBe(4);
    expect(titles((await listAll(sb, `/collections/${id}/spaces`, 3)).items)).toEqual(['Getting Started', 'Installation Guide', 'Admin Guide', 'Troubleshooting']);
    expectError(await call(sb, 'GET', '/collections/nope/spaces'), 404, /No collection with id nope/);
  });

  it('creates a collection: 201 with Location; nested under a parent', async () => {
    const res = await call(sb, 'POST', `/orgs/${ACME}/collections`, { body: { title: 'Tutorials', parent: ids.collection('Guides') } });
    expectOperation(res, 'POST', '/orgs/{organizationId}/collections', 201);
    expect(res.headers.location).toBe(`${sb.url}/collections/${res.body.id}`);
    expect(res.body).toMatchObject({ title: 'Tutorials', parent: ids.collection('Guides'), organization: ACME });
    const all = titles((await call(sb, 'GET', `/orgs/${ACME}/collections`)).body.items);
    expect(all.indexOf('Tutorials')).toBe(all.indexOf('Advanced') + 1);
    expectError(await call(sb, 'POST', `/orgs/${ACME}/collections`, { body: { title: 'c'.repeat(51) } }), 400, /"title" must be at most 50 characters/);
    expectError(await call(sb, 'POST', `/orgs/${ACME}/collections`, { body: { parent: 'nope' } }), 404, /No collection with id nope/);
    // The caller is an editor in Globex: creating needs the create role.
    expectError(await call(sb, 'POST', `/orgs/${GLOBEX}/collections`, { body: { title: 'x' } }), 403, /create role/);
  });

  it('PATCH title, description (max 100, null removes it) and defaultLevel', async () => {
    const id = ids.collection('API');
    const res = await call(sb, 'PATCH', `/collections/${id}`, { body: { title: 'API reference', description: 'd'.repeat(100), defaultLevel: 'read' } });
    expectOperation(res, 'PATCH', '/collections/{collectionId}', 200);
    expect(res.body).toMatchObject({ title: 'API reference', defaultLevel: 'read' });
    expectError(await call(sb, 'PATCH', `/collections/${id}`, { body: { description: 'd'.repeat(101) } }), 400, /"description" must be at most 100 characters/);
    const cleared = await call(sb, 'PATCH', `/collections/${id}`, { body: { description: null, defaultLevel: null } });
    expectOperation(cleared, 'PATCH', '/collections/{collectionId}', 200);
    expect(cleared.body.description).toBeUndefined();
    expect(cleared.body.defaultLevel).toBeNull();
  });

  it('move: position among siblings, new parent, never into itself', async () => {
    const api = ids.collection('API');
    const res = await call(sb, 'POST', `/collections/${api}/move`, { body: { position: { before: { type: 'space', space: ids.space('Product Overview') } } } });
    expectOperation(res, 'POST', '/collections/{collectionId}/move', 200);
    let all = titles((await call(sb, 'GET', `/orgs/${ACME}/collections`)).body.items);
    expect(all.slice(0, 4)).toEqual(['Product', 'API', 'Guides', 'Advanced']);
    const spaces = titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items);
    expect(spaces.slice(0, 5)).toEqual(['Welcome', 'REST API', 'Webhooks', 'SDKs', 'Product Overview']);

    const top = await call(sb, 'POST', `/collections/${ids.collection('Advanced')}/move`, { body: { parent: null } });
    expectOperation(top, 'POST', '/collections/{collectionId}/move', 200);
    expect(top.body.parent).toBeUndefined();
    all = titles((await call(sb, 'GET', `/orgs/${ACME}/collections`, { query: { nested: false } })).body.items);
    expect(all).toEqual(['Product', 'Engineering', 'Archive', 'Advanced']);

    expectError(await call(sb, 'POST', `/collections/${ids.collection('Product')}/move`, { body: { parent: ids.collection('Guides') } }), 400, /into itself or one of its sub-collections/);
    expectError(await call(sb, 'POST', `/collections/${ids.collection('Product')}/move`, { body: { parent: ids.collection('Product') } }), 400, /into itself/);
  });

  it('transfer: needs admin in the target (403); unknown organization 404; to its own organization, nothing changes', async () => {
    expectError(await call(sb, 'POST', `/collections/${ids.collection('Engineering')}/transfer`, { body: { organization: GLOBEX } }), 403, /admin role in organization "Globex"/);
    expectError(await call(sb, 'POST', `/collections/${ids.collection('Engineering')}/transfer`, { body: { organization: 'nope' } }), 404, /No organization with id nope/);
    expectError(await call(sb, 'POST', `/collections/${ids.collection('Engineering')}/transfer`, {}), 400, /"organization" is required/);
    const same = await call(sb, 'POST', `/collections/${ids.collection('Engineering')}/transfer`, { body: { organization: ACME } });
    expectOperation(same, 'POST', '/collections/{collectionId}/transfer', 200);
    expect(same.body.organization).toBe(ACME);
  });

  it('transfer moves the collection with its sub-collections and spaces to the top level of the target', async () => {
    const marketing = ids.collection('Marketing');
    const res = await call(sb, 'POST', `/collections/${marketing}/transfer`, { body: { organization: ACME } });
    expectOperation(res, 'POST', '/collections/{collectionId}/transfer', 200);
    expect(res.body.organization).toBe(ACME);
    expect(res.body.parent).toBeUndefined();
    const campaigns = await call(sb, 'GET', `/collections/${ids.collection('Campaigns')}`);
    expect(campaigns.body).toMatchObject({ organization: ACME, parent: marketing });
    expect((await call(sb, 'GET', `/spaces/${ids.space('Campaign 2024')}`)).body).toMatchObject({ organization: ACME, parent: ids.collection('Campaigns') });
    expect(titles((await call(sb, 'GET', `/orgs/${ACME}/collections`)).body.items).slice(-2)).toEqual(['Marketing', 'Campaigns']);
    expect(titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items).slice(-2)).toEqual(['Press Kit', 'Campaign 2024']);
    expect(titles((await listAll(sb, `/orgs/${GLOBEX}/spaces`)).items)).toEqual(['Globex Docs', 'Partner Portal', 'Legal']);
    expect((await call(sb, 'GET', `/orgs/${GLOBEX}/collections`)).body).toEqual({ count: 0, items: [] });
  });

  it('delete: 205; sub-collections gone; its spaces deleted (restorable) at the top level; again 404', async () => {
    const product = ids.collection('Product');
    const del = await call(sb, 'DELETE', `/collections/${product}`);
    expect(del.status).toBe(205);
    expect(del.text).toBe('');
    for (const t of ['Product', 'Guides', 'Advanced', 'API']) expectError(await call(sb, 'GET', `/collections/${ids.collection(t)}`), 404);
    expect(titles((await call(sb, 'GET', `/orgs/${ACME}/collections`)).body.items)).toEqual(['Engineering', 'Runbooks', 'Archive']);
    const left = titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items);
    for (const t of ['Product Overview', 'Getting Started', 'Performance Tuning', 'SDKs']) expect(left).not.toContain(t);
    const sdk = await call(sb, 'GET', `/spaces/${ids.space('SDKs')}`);
    expect(sdk.body.deletedAt).toBeTypeOf('string');
    expect(sdk.body.parent).toBeUndefined();
    const restored = await call(sb, 'POST', `/spaces/${ids.space('SDKs')}/restore`);
    expectOperation(restored, 'POST', '/spaces/{spaceId}/restore', 200);
    expect(titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items)).toContain('SDKs');
    expectError(await call(sb, 'DELETE', `/collections/${product}`), 404, /already deleted/);
    expectError(await call(sb, 'DELETE', `/collections/${ids.collection('Guides')}`), 404, /already deleted/);
    expectError(await call(sb, 'DELETE', '/collections/nope'), 404);
  });
});
