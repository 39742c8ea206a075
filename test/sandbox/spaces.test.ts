// Spaces in the sandbox: fidelity to the OpenAPI description, the state table
// of the API reference, bounds, pagination, move, transfer, duplicate.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, expectValid, latestSpec, listAll, olderSpec } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const GLOBEX = ids.org('Globex');
const DAY = 86_400_000;

let sb: Sandbox;
// A fresh sandbox per test: tests change the state.
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});
beforeAll(() => {
  latestSpec(); // compile once, outside the timed tests
});

const titles = (items: { title: string }[]) => items.map((s) => s.title);

describe('auth and errors', () => {
  it('401 without a token and with a wrong one', async () => {
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { token: null }), 401, /Authorization: Bearer/);
    const wrong = await call(sb, 'GET', `/orgs/${ACME}/spaces`, { token: 'dps_sandbox_0000' });
    expectError(wrong, 401, /not valid/);
    expect(wrong.text).not.toContain(sb.token);
  });

  it('404 for unknown ids and routes, 405 for a wrong method', async () => {
    expectError(await call(sb, 'GET', '/spaces/nope'), 404, /^No space with id nope\.$/);
    expectError(await call(sb, 'GET', '/collections/nope'), 404, /No collection with id nope/);
    expectError(await call(sb, 'GET', '/orgs/nope/spaces'), 404, /No organization with id nope/);
    expectError(await call(sb, 'GET', '/nothing/here'), 404);
    const wrong = await call(sb, 'PUT', `/spaces/${ids.space('Welcome')}`, { body: {} });
    expectError(wrong, 405, /not allowed/);
    expect(wrong.headers.allow).toBe('GET, PATCH, DELETE');
  });

  it('400 for invalid JSON and for a body that is not an object', async () => {
    expectError(await call(sb, 'PATCH', `/spaces/${ids.space('Welcome')}`, { raw: '{"title": ' }), 400, /not valid JSON/);
    expectError(await call(sb, 'PATCH', `/spaces/${ids.space('Welcome')}`, { raw: '[1]' }), 400, /JSON object/);
  });
});

describe('read', () => {
  it('GET a space matches the Space schema, with counters, permissions and urls', async () => {
    const res = await call(sb, 'GET', `/spaces/${ids.space('Getting Started')}`);
    expectOperation(res, 'GET', '/spaces/{spaceId}', 200);
    const s = res.body;
    expect(s).toMatchObject({ object: 'space', title: 'Getting Started', organization: ACME, parent: ids.collection('Guides'), visibility: 'public' });
    expect(s.urls.location).toBe(`${sb.url}/spaces/${s.id}`);
    expect(s.urls.published).toMatch(/^https:\/\//);
    expect(s.permissions).toMatchObject({ view: true, admin: true, edit: true });
    for (const k of ['comments', 'changeRequests', 'changeRequestsOpen', 'changeRequestsDraft']) expect(typeof s[k]).toBe('number');
  });

  it('a space of the second organization has the permissions of an editor', async () => {
    const res = await call(sb, 'GET', `/spaces/${ids.space('Legal')}`);
    expectOperation(res, 'GET', '/spaces/{spaceId}', 200);
    expect(res.body.permissions).toMatchObject({ admin: false, edit: true, comment: true });
  });

  it('shareKey resolves the published URL of a share-link space', async () => {
    const id = ids.space('SDKs');
    expect((await call(sb, 'GET', `/spaces/${id}`)).body.urls.published).toBeUndefined();
    const res = await call(sb, 'GET', `/spaces/${id}`, { query: { shareKey: 'k3y' } });
    expectOperation(res, 'GET', '/spaces/{spaceId}', 200);
    expect(res.body.urls.published).toMatch(/\?share=k3y$/);
  });

  it('lists the organization’s spaces in sidebar order, without deleted ones', async () => {
    const res = await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 1000 } });
    expectOperation(res, 'GET', '/orgs/{organizationId}/spaces', 200);
    expect(res.body.next).toBeUndefined();
    expect(res.body.count).toBe(res.body.items.length);
    expect(titles(res.body.items).slice(0, 4)).toEqual(['Welcome', 'Product Overview', 'Getting Started', 'Installation Guide']);
    expect(titles(res.body.items)).not.toContain('Changelog 2023');
    expect(titles(res.body.items)).not.toContain('Old Intranet');
    expect(res.body.items.every((s: { organization: string }) => s.organization === ACME)).toBe(true);
  });

  it('the default page size is 50', async () => {
    const big = await startSandbox({ port: 0, spaces: 120 });
    try {
      const res = await call(big, 'GET', `/orgs/${ACME}/spaces`);
      expect(res.body.items).toHaveLength(50);
      expect(res.body.next.page).toBeTypeOf('string');
    } finally {
      await big.close();
    }
  });
});

describe('pagination', () => {
  it('cursors cover the listing with no duplicates and no misses', async () => {
    const full = (await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 1000 } })).body.items.map((s: { id: string }) => s.id);
    for (const limit of [1, 4, 7, full.length, full.length + 1]) {
      const { items, pages, counts } = await listAll(sb, `/orgs/${ACME}/spaces`, limit);
      expect(items.map((s) => s.id)).toEqual(full);
      expect(pages).toBe(Math.max(1, Math.ceil(full.length / limit)));
      expect(new Set(counts)).toEqual(new Set([full.length]));
    }
  });

  it('deleting the items already read does not make the next page skip any', async () => {
    const first = await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 5 } });
    for (const s of first.body.items) expect((await call(sb, 'DELETE', `/spaces/${s.id}`)).status).toBe(205);
    const rest = await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 5, page: first.body.next.page } });
    const now = (await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 5 } })).body.items;
    expect(rest.body.items.map((s: { id: string }) => s.id)).toEqual(now.map((s: { id: string }) => s.id));
  });

  it('limit above 1000, below 1 or not whole, and a bad cursor, are 400', async () => {
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 1001 } }), 400, /"limit" must be a whole number from 1 to 1000/);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 0 } }), 400, /limit/);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 2.5 } }), 400, /limit/);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 'ten' } }), 400, /limit/);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { page: 'not-a-cursor' } }), 400, /"page" is not a valid cursor/);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { page: Buffer.from('{"o":-1,"k":""}').toString('base64url') } }), 400, /cursor/);
    expectOperation(await call(sb, 'GET', `/orgs/${ACME}/spaces`, { query: { limit: 1000 } }), 'GET', '/orgs/{organizationId}/spaces', 200);
  });
});

describe('create and update', () => {
  it('creates a space: 201, Location, in a collection', async () => {
    const res = await call(sb, 'POST', `/orgs/${ACME}/spaces`, { body: { title: 'New', emoji: '🆕', parent: ids.collection('API') } });
    expectOperation(res, 'POST', '/orgs/{organizationId}/spaces', 201);
    expect(res.headers.location).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ title: 'New', emoji: '🆕', parent: ids.collection('API'), visibility: 'in-collection', editMode: 'live' });
    expect(res.body.deletedAt).toBeUndefined();
    const back = await call(sb, 'GET', new URL(res.headers.location as string).pathname.replace(/^\/v1/, ''));
    expect(back.body).toEqual(res.body);
  });

  it('a title of 50 characters is fine, 51 is 400 naming the field and the rule', async () => {
    const t50 = 'x'.repeat(50);
    expectOperation(await call(sb, 'POST', `/orgs/${ACME}/spaces`, { body: { title: t50 } }), 'POST', '/orgs/{organizationId}/spaces', 201);
    expectError(await call(sb, 'POST', `/orgs/${ACME}/spaces`, { body: { title: `${t50}y` } }), 400, /"title" must be at most 50 characters \(it has 51\)/);
    const id = ids.space('Welcome');
    expectOperation(await call(sb, 'PATCH', `/spaces/${id}`, { body: { title: t50 } }), 'PATCH', '/spaces/{spaceId}', 200);
    expectError(await call(sb, 'PATCH', `/spaces/${id}`, { body: { title: `${t50}y` } }), 400, /"title" must be at most 50 characters/);
    // Code points, not UTF-16 units: 50 emoji are 50 characters.
    expectOperation(await call(sb, 'PATCH', `/spaces/${id}`, { body: { title: '😀'.repeat(50) } }), 'PATCH', '/spaces/{spaceId}', 200);
  });

  it('rejects enums and types outside the bounds', async () => {
    const id = ids.space('Welcome');
    expectError(await call(sb, 'PATCH', `/spaces/${id}`, { body: { editMode: 'frozen' } }), 400, /"editMode" must be one of live, locked/);
    expectError(await call(sb, 'PATCH', `/spaces/${id}`, { body: { defaultLevel: 'owner' } }), 400, /"defaultLevel" must be one of .*, or null/);
    expectError(await call(sb, 'PATCH', `/spaces/${id}`, { body: { title: 5 } }), 400, /"title" must be a string/);
    const ok = await call(sb, 'PATCH', `/spaces/${id}`, { body: { defaultLevel: null, emoji: null } });
    expectOperation(ok, 'PATCH', '/spaces/{spaceId}', 200);
    expect(ok.body).toMatchObject({ defaultLevel: null, emoji: '' });
  });

  it('an editor cannot change the edit mode (403)', async () => {
    expectError(await call(sb, 'PATCH', `/spaces/${ids.space('Legal')}`, { body: { editMode: 'locked' } }), 403, /admin role in organization "Globex"/);
  });
});

describe('states and transitions (API reference)', () => {
  it('active → DELETE → deleted: 205, gone from lists, GET shows deletedAt; DELETE again is 404', async () => {
    const id = ids.space('Webhooks');
    const del = await call(sb, 'DELETE', `/spaces/${id}`);
    expect(del.status).toBe(205);
    expect(del.text).toBe('');
    const get = await call(sb, 'GET', `/spaces/${id}`);
    expectOperation(get, 'GET', '/spaces/{spaceId}', 200);
    expect(Date.parse(get.body.deletedAt)).toBeCloseTo(sb.clock.now(), -4);
    const { items } = await listAll(sb, `/orgs/${ACME}/spaces`);
    expect(items.map((s) => s.id)).not.toContain(id);
    expect((await listAll(sb, `/collections/${ids.collection('API')}/spaces`)).items.map((s) => s.id)).not.toContain(id);
    expectError(await call(sb, 'DELETE', `/spaces/${id}`), 404, /already deleted/);
  });

  it('deleted → restore within 7 days → active, back in its place; returns the Space', async () => {
    const before = titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items);
    const id = ids.space('Webhooks');
    await call(sb, 'DELETE', `/spaces/${id}`);
    sb.clock.advance(6 * DAY);
    const res = await call(sb, 'POST', `/spaces/${id}/restore`);
    expectOperation(res, 'POST', '/spaces/{spaceId}/restore', 200);
    expect(res.body.deletedAt).toBeUndefined();
    expect(titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items)).toEqual(before);
  });

  it('the seeded space deleted 3 days ago can be restored', async () => {
    const id = ids.space('Changelog 2023');
    expect((await call(sb, 'GET', `/spaces/${id}`)).body.deletedAt).toBeTypeOf('string');
    expectOperation(await call(sb, 'POST', `/spaces/${id}/restore`), 'POST', '/spaces/{spaceId}/restore', 200);
  });

  it('deleted more than 7 days ago: restore is 400 and the space is gone (404)', async () => {
    const id = ids.space('Webhooks');
    await call(sb, 'DELETE', `/spaces/${id}`);
    sb.clock.advance(7 * DAY + 60_000);
    expectError(await call(sb, 'POST', `/spaces/${id}/restore`), 400, /more than 7 days ago.*removed permanently/);
    expectError(await call(sb, 'GET', `/spaces/${id}`), 404);
    expectError(await call(sb, 'DELETE', `/spaces/${id}`), 404, /No space/);
    // The seeded space deleted 10 days ago is in the same state.
    expectError(await call(sb, 'POST', `/spaces/${ids.space('Old Intranet')}/restore`), 400, /removed permanently/);
    expectError(await call(sb, 'GET', `/spaces/${ids.space('Old Intranet')}`), 404);
  });

  it('restoring an active space is 409', async () => {
    expectError(await call(sb, 'POST', `/spaces/${ids.space('Welcome')}/restore`), 409, /^Space \S+ is not deleted\.$/);
  });

  it('a deleted space cannot be changed before it is restored (409)', async () => {
    const id = ids.space('Webhooks');
    await call(sb, 'DELETE', `/spaces/${id}`);
    expectError(await call(sb, 'PATCH', `/spaces/${id}`, { body: { title: 'x' } }), 409, /restore it/);
  });

  it('live → PATCH editMode=locked → locked (edit permission off)', async () => {
    const res = await call(sb, 'PATCH', `/spaces/${ids.space('Welcome')}`, { body: { editMode: 'locked' } });
    expectOperation(res, 'PATCH', '/spaces/{spaceId}', 200);
    expect(res.body.editMode).toBe('locked');
    expect(res.body.permissions.edit).toBe(false);
    expect((await call(sb, 'GET', `/spaces/${ids.space('Welcome')}`)).body.editMode).toBe('locked');
  });

  it('locked → PATCH editMode=live → live', async () => {
    const id = ids.space('Admin Guide');
    expect((await call(sb, 'GET', `/spaces/${id}`)).body).toMatchObject({ editMode: 'locked', permissions: { edit: false } });
    const res = await call(sb, 'PATCH', `/spaces/${id}`, { body: { editMode: 'live' } });
    expectOperation(res, 'PATCH', '/spaces/{spaceId}', 200);
    expect(res.body).toMatchObject({ editMode: 'live', permissions: { edit: true } });
  });
});

describe('duplicate, move, transfer', () => {
  it('duplicate: 201 "<title> (copy)" right after the original, same parent', async () => {
    const id = ids.space('Installation Guide');
    const res = await call(sb, 'POST', `/spaces/${id}/duplicate`);
    expectOperation(res, 'POST', '/spaces/{spaceId}/duplicate', 201);
    expect(res.headers.location).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ title: 'Installation Guide (copy)', parent: ids.collection('Guides') });
    expect(res.body.id).not.toBe(id);
    const inGuides = titles((await listAll(sb, `/collections/${ids.collection('Guides')}/spaces`)).items);
    expect(inGuides.indexOf('Installation Guide (copy)')).toBe(inGuides.indexOf('Installation Guide') + 1);
    const long = await call(sb, 'PATCH', `/spaces/${id}`, { body: { title: 'L'.repeat(50) } });
    expect(long.status).toBe(200);
    const copy = await call(sb, 'POST', `/spaces/${id}/duplicate`);
    expect([...copy.body.title]).toHaveLength(50);
    expect(copy.body.title).toMatch(/ \(copy\)$/);
  });

  it('move with a position reorders siblings; the list reflects it', async () => {
    const guides = ids.collection('Guides');
    const order = () => listAll(sb, `/collections/${guides}/spaces`).then((r) => titles(r.items));
    expect(await order()).toEqual(['Getting Started', 'Installation Guide', 'Admin Guide', 'Troubleshooting']);
    const res = await call(sb, 'POST', `/spaces/${ids.space('Troubleshooting')}/move`, {
      body: { position: { before: { type: 'space', space: ids.space('Getting Started') } } },
    });
    expectOperation(res, 'POST', '/spaces/{spaceId}/move', 200);
    expect(await order()).toEqual(['Troubleshooting', 'Getting Started', 'Installation Guide', 'Admin Guide']);
    await call(sb, 'POST', `/spaces/${ids.space('Troubleshooting')}/move`, { body: { position: { after: { type: 'space', space: ids.space('Admin Guide') } } } });
    expect(await order()).toEqual(['Getting Started', 'Installation Guide', 'Admin Guide', 'Troubleshooting']);
    // The organization's listing follows the same order.
    const all = titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items);
    expect(all.slice(all.indexOf('Getting Started'), all.indexOf('Getting Started') + 4)).toEqual(await order());
  });

  it('move relative to a collection, to another collection, and to the top level', async () => {
    const welcome = ids.space('Welcome');
    let res = await call(sb, 'POST', `/spaces/${welcome}/move`, { body: { position: { after: { type: 'collection', collection: ids.collection('Engineering') } } } });
    expectOperation(res, 'POST', '/spaces/{spaceId}/move', 200);
    let all = titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items);
    expect(all.indexOf('Welcome')).toBe(all.indexOf('On-call Handbook') + 1);

    res = await call(sb, 'POST', `/spaces/${welcome}/move`, { body: { parent: ids.collection('Runbooks') } });
    expect(res.body.parent).toBe(ids.collection('Runbooks'));
    expect(titles((await listAll(sb, `/collections/${ids.collection('Runbooks')}/spaces`)).items)).toEqual(['Incident Response', 'On-call Handbook', 'Welcome']);

    res = await call(sb, 'POST', `/spaces/${ids.space('Webhooks')}/move`, { body: { parent: null, position: { before: { type: 'collection', collection: ids.collection('Product') } } } });
    expectOperation(res, 'POST', '/spaces/{spaceId}/move', 200);
    expect(res.body.parent).toBeUndefined();
    expect(res.body.visibility).toBe('private');
    all = titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items);
    expect(all[0]).toBe('Webhooks');
  });

  it('move errors: unknown sibling 404, sibling elsewhere 400, empty body 400, foreign collection 400', async () => {
    const id = ids.space('Troubleshooting');
    expectError(await call(sb, 'POST', `/spaces/${id}/move`, { body: { position: { before: { type: 'space', space: 'nope' } } } }), 404, /No space with id nope/);
    expectError(await call(sb, 'POST', `/spaces/${id}/move`, { body: { position: { before: { type: 'space', space: ids.space('Welcome') } } } }), 400, /not a sibling in collection/);
    expectError(await call(sb, 'POST', `/spaces/${id}/move`, { body: {} }), 400, /Nothing to move/);
    expectError(await call(sb, 'POST', `/spaces/${id}/move`, { body: { position: { before: { type: 'page', page: 'x' } } } }), 400, /position.before/);
    expectError(await call(sb, 'POST', `/spaces/${id}/move`, { body: { parent: ids.collection('Marketing') } }), 400, /another organization/);
  });

  it('transfer to an organization where the caller is admin: organization changes, parent cleared', async () => {
    const id = ids.space('Campaign 2024');
    expect((await call(sb, 'GET', `/spaces/${id}`)).body).toMatchObject({ organization: GLOBEX, parent: ids.collection('Campaigns') });
    const res = await call(sb, 'POST', `/spaces/${id}/transfer`, { body: { organization: ACME } });
    // The latest description has no transfer operation; 0.130.0 has it and
    // returns a Space. Checked against the latest Space schema (0.130.0's
    // Space differs only by an undefined required `type`, see olderSpec()).
    expect(res.status, res.text).toBe(200);
    expectValid(latestSpec().schema('Space'), res.body);
    expectValid(olderSpec().response('POST', '/spaces/{spaceId}/transfer', 200), res.body);
    expect(res.body.organization).toBe(ACME);
    expect(res.body.parent).toBeUndefined();
    expect(res.body.permissions.admin).toBe(true);
    expect(titles((await listAll(sb, `/orgs/${ACME}/spaces`)).items).at(-1)).toBe('Campaign 2024');
    expect(titles((await listAll(sb, `/orgs/${GLOBEX}/spaces`)).items)).not.toContain('Campaign 2024');
    // Again: nothing to do, same answer (safe to retry).
    const again = await call(sb, 'POST', `/spaces/${id}/transfer`, { body: { organization: ACME } });
    expect(again.status).toBe(200);
    expect(again.body.organization).toBe(ACME);
  });

  it('transfer errors: not admin of the target 403, unknown organization 404, no organization 400', async () => {
    const id = ids.space('Welcome');
    expectError(await call(sb, 'POST', `/spaces/${id}/transfer`, { body: { organization: GLOBEX } }), 403, /admin role in organization "Globex".*your role there is edit/);
    expectError(await call(sb, 'POST', `/spaces/${id}/transfer`, { body: { organization: 'nope' } }), 404, /No organization with id nope/);
    expectError(await call(sb, 'POST', `/spaces/${id}/transfer`, { body: {} }), 400, /"organization" is required/);
    expect((await call(sb, 'GET', `/spaces/${id}`)).body.organization).toBe(ACME);
  });
});

describe('links and search', () => {
  it('links: items with stats, filtered by status (0.130.0 schema: the latest has no links operation)', async () => {
    const id = ids.space('REST API');
    const res = await call(sb, 'GET', `/spaces/${id}/links`);
    expectOperation(res, 'GET', '/spaces/{spaceId}/links', 200, olderSpec());
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.stats.total).toBe(res.body.count);
    const broken = await call(sb, 'GET', `/spaces/${id}/links`, { query: { status: 'broken' } });
    expectOperation(broken, 'GET', '/spaces/{spaceId}/links', 200, olderSpec());
    expect(broken.body.count).toBe(res.body.stats.broken.total);
    expect(broken.body.items.every((l: { status: string }) => l.status === 'broken')).toBe(true);
    expectError(await call(sb, 'GET', `/spaces/${id}/links`, { query: { status: 'dead' } }), 400, /"status" must be one of ok, broken, in-app/);
  });

  it('search: pages matching the query; query required and at most 512 characters', async () => {
    const id = ids.space('Getting Started');
    const res = await call(sb, 'GET', `/spaces/${id}/search`, { query: { query: 'bearer TOKEN' } });
    expectOperation(res, 'GET', '/spaces/{spaceId}/search', 200);
    expect(res.body.count).toBeGreaterThan(0);
    expect(res.body.items.map((p: { title: string }) => p.title)).toEqual(['Authentication']);
    expect(res.body.items[0].sections[0].body).toMatch(/bearer token/);
    const none = await call(sb, 'GET', `/spaces/${id}/search`, { query: { query: 'zebra' } });
    expectOperation(none, 'GET', '/spaces/{spaceId}/search', 200);
    expect(none.body).toEqual({ count: 0, items: [] });
    expectError(await call(sb, 'GET', `/spaces/${id}/search`), 400, /"query" is required/);
    expectError(await call(sb, 'GET', `/spaces/${id}/search`, { query: { query: 'q'.repeat(513) } }), 400, /"query" must be 1 to 512 characters \(it has 513\)/);
    expectOperation(await call(sb, 'GET', `/spaces/${id}/search`, { query: { query: 'q'.repeat(512) } }), 'GET', '/spaces/{spaceId}/search', 200);
  });
});

afterAll(() => undefined);
