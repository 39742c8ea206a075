// Sites in the sandbox: every response validates against the public OpenAPI
// description (0.130.0 for section-group add/remove, which the latest lacks),
// and the rules a faithful emulator needs (same-org spaces, first site space
// of a section, cascades, one group per section, defaults, positions, bounds).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadWorld, seedWorld, stateOf } from '../../src/sandbox/core/persist.js';
import { FAMILIES } from '../../src/sandbox/families/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, latestSpec, listAll, olderSpec } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const GLOBEX = ids.org('Globex');
const SITES = `/orgs/${ACME}/sites`;
const P = '/orgs/{organizationId}/sites';

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});
beforeAll(() => {
  latestSpec();
  olderSpec();
});

async function siteId(title: string): Promise<string> {
  const { items } = await listAll(sb, SITES);
  const site = items.find((s) => s.title === title);
  if (!site) throw new Error(`no site ${title}`);
  return site.id;
}

const titles = (items: { title: string }[]) => items.map((x) => x.title);

describe('demo sites', () => {
  it('lists the three demo sites of Acme, each a valid Site', async () => {
    const res = await call(sb, 'GET', SITES);
    expectOperation(res, 'GET', P, 200);
    expect(titles(res.body.items)).toEqual(['Acme Help Center', 'Acme Internal', 'Acme Partners']);
    const [help, internal, partners] = res.body.items;
    expect(help).toMatchObject({ visibility: 'public', published: true, siteSpaces: 5, basename: 'help' });
    expect(help.urls.published).toMatch(/^https:\/\/acme-docs\.docplat\.test\/help\/$/);
    expect(internal).toMatchObject({ visibility: 'unlisted', published: false, siteSpaces: 2 });
    expect(internal.urls.published).toBeUndefined();
    expect(partners).toMatchObject({ visibility: 'share-link', published: true, siteSpaces: 1 });
    expect(partners.urls.published).toBeUndefined();
    expect((await call(sb, 'GET', `/orgs/${GLOBEX}/sites`)).body.items).toEqual([]);
  });

  it('filters by published, title and space', async () => {
    const q = async (query: Record<string, string | boolean>) => titles((await call(sb, 'GET', SITES, { query })).body.items);
    expect(await q({ published: true })).toEqual(['Acme Help Center', 'Acme Partners']);
    expect(await q({ published: false })).toEqual(['Acme Internal']);
    expect(await q({ title: 'help' })).toEqual(['Acme Help Center']);
    expect(await q({ space: ids.space('SDKs') })).toEqual(['Acme Partners']);
    expectError(await call(sb, 'GET', SITES, { query: { published: 'yes' } }), 400, /published/);
  });

  it('the help center: three sections in two groups, five site spaces, conditions', async () => {
    const site = await siteId('Acme Help Center');
    const sections = await call(sb, 'GET', `${SITES}/${site}/sections`);
    expectOperation(sections, 'GET', `${P}/{siteId}/sections`, 200);
    expect(titles(sections.body.items)).toEqual(['Get started', 'Guides', 'API']);
    const [start, guides, api] = sections.body.items;
    expect(start).toMatchObject({ default: true, path: 'get-started', icon: 'rocket' });
    expect(api).toMatchObject({ default: false, condition: 'visitor.claims.unsigned.developer', description: 'Reference for developers' });
    expect(start.siteSpaces.map((s: any) => s.title)).toEqual(['Welcome', 'Getting Started']);
    expect(start.siteSpaces.map((s: any) => s.default)).toEqual([true, false]);
    expect(guides.siteSpaces[1]).toMatchObject({ title: 'Troubleshooting', condition: 'visitor.claims.unsigned.customer' });
    const groups = await call(sb, 'GET', `${SITES}/${site}/section-groups`);
    expectOperation(groups, 'GET', `${P}/{siteId}/section-groups`, 200);
    expect(groups.body.items.map((g: any) => [g.title, titles(g.sections)])).toEqual([
      ['Learn', ['Get started', 'Guides']],
      ['Build', ['API']],
    ]);
    expect(start.sectionGroup).toBe(groups.body.items[0].id);
    const spaces = await call(sb, 'GET', `${SITES}/${site}/site-spaces`);
    expectOperation(spaces, 'GET', `${P}/{siteId}/site-spaces`, 200);
    expect(titles(spaces.body.items)).toEqual(['Welcome', 'Getting Started', 'Installation Guide', 'Troubleshooting', 'REST API']);
    expect(spaces.body.items[0].space).toMatchObject({ object: 'space', id: ids.space('Welcome') });
    expect(spaces.body.items[0].urls.published).toBe('https://acme-docs.docplat.test/help/get-started/welcome/');
    const defaults = await call(sb, 'GET', `${SITES}/${site}/site-spaces`, { query: { default: true } });
    expect(titles(defaults.body.items)).toEqual(['Welcome', 'Installation Guide', 'REST API']);
    const others = await call(sb, 'GET', `${SITES}/${site}/site-spaces`, { query: { default: false } });
    expect(titles(others.body.items)).toEqual(['Getting Started', 'Troubleshooting']);
  });

  it('published: the public site; a share-link site with an active key, 404 with an inactive or unknown one', async () => {
    const help = await siteId('Acme Help Center');
    const res = await call(sb, 'GET', `${SITES}/${help}/published`);
    expectOperation(res, 'GET', `${P}/{siteId}/published`, 200);
    expect(res.body.structure.type).toBe('sections');
    expect(titles(res.body.structure.structure)).toEqual(['Get started', 'Guides', 'API']);

    const partners = await siteId('Acme Partners');
    const links = await call(sb, 'GET', `${SITES}/${partners}/share-links`);
    expectOperation(links, 'GET', `${P}/{siteId}/share-links`, 200);
    expect(links.body.items.map((l: any) => [l.name, l.active])).toEqual([
      ['Partner A', true],
      ['Former partner', false],
    ]);
    const key = (l: any) => new URL(l.urls.published).searchParams.get('share')!;
    const active = await call(sb, 'GET', `${SITES}/${partners}/published`, { query: { shareKey: key(links.body.items[0]) } });
    expectOperation(active, 'GET', `${P}/{siteId}/published`, 200);
    expect(active.body.structure.type).toBe('siteSpaces');
    expect(active.body.site.urls.published).toBe(links.body.items[0].urls.published);
    expect(active.body.structure.structure[0].urls.published).toContain(`?share=${key(links.body.items[0])}`);
    expectError(await call(sb, 'GET', `${SITES}/${partners}/published`, { query: { shareKey: key(links.body.items[1]) } }), 404, /No active share link/);
    expectError(await call(sb, 'GET', `${SITES}/${partners}/published`, { query: { shareKey: 'nope' } }), 404);
    expectError(await call(sb, 'GET', `${SITES}/${partners}/published`), 404, /shareKey/);
    expectError(await call(sb, 'GET', `${SITES}/${await siteId('Acme Internal')}/published`), 404, /not published/);
  });
});

describe('sites', () => {
  it('create, get, update (defaults, proxy set and removed), delete', async () => {
    const res = await call(sb, 'POST', SITES, { body: { title: 'Dev portal', visibility: 'unlisted', spaces: [ids.space('Webhooks'), ids.space('SDKs')] } });
    expectOperation(res, 'POST', P, 201);
    const site = res.body;
    expect(res.headers.location).toBe(site.urls.location);
    expect(site).toMatchObject({ title: 'Dev portal', type: 'basic', visibility: 'unlisted', published: false, siteSpaces: 2 });
    expectOperation(await call(sb, 'GET', `${SITES}/${site.id}`), 'GET', `${P}/{siteId}`, 200);

    const spaces = (await call(sb, 'GET', `${SITES}/${site.id}/site-spaces`)).body.items;
    expect(spaces.map((s: any) => s.default)).toEqual([true, false]);
    const up = await call(sb, 'PATCH', `${SITES}/${site.id}`, {
      body: { title: 'Developer portal', basename: 'dev', adaptiveContent: { enabled: true }, proxy: 'acme.example/dev', defaultSiteSpace: spaces[1].id },
    });
    expectOperation(up, 'PATCH', `${P}/{siteId}`, 200);
    expect(up.body).toMatchObject({ title: 'Developer portal', basename: 'dev', adaptiveContent: { enabled: true }, proxy: { origin: 'acme.example/dev' } });
    const after = (await call(sb, 'GET', `${SITES}/${site.id}/site-spaces`)).body.items;
    expect(after.map((s: any) => s.default)).toEqual([false, true]);
    const unchanged = await call(sb, 'PATCH', `${SITES}/${site.id}`, { body: { visibility: 'public' } });
    expect(unchanged.body.proxy).toEqual({ origin: 'acme.example/dev', target: expect.any(String) });
    const removed = await call(sb, 'PATCH', `${SITES}/${site.id}`, { body: { proxy: null } });
    expect(removed.body.proxy).toBeUndefined();

    expect((await call(sb, 'DELETE', `${SITES}/${site.id}`)).status).toBe(205);
    expectError(await call(sb, 'GET', `${SITES}/${site.id}`), 404, /No site with id/);
    expectError(await call(sb, 'DELETE', `${SITES}/${site.id}`), 404);
  });

  it('a site space must be a space of the same organization', async () => {
    const globexSpace = ids.space('Globex Docs');
    expectError(await call(sb, 'POST', SITES, { body: { title: 'Mixed', spaces: [globexSpace] } }), 400, /another organization/);
    expect(titles((await listAll(sb, SITES)).items)).not.toContain('Mixed');
    const help = await siteId('Acme Help Center');
    expectError(await call(sb, 'POST', `${SITES}/${help}/site-spaces`, { body: { spaceId: globexSpace } }), 400, /another organization/);
    expectError(await call(sb, 'POST', `${SITES}/${help}/sections`, { body: { spaceId: globexSpace } }), 400, /another organization/);
    expectError(await call(sb, 'POST', `${SITES}/${help}/site-spaces`, { body: { spaceId: 'nope' } }), 404, /No space/);
    expectError(await call(sb, 'POST', `${SITES}/${help}/site-spaces`, { body: { spaceId: ids.space('Changelog 2023') } }), 400, /deleted/);
  });

  it('bounds of the reference: titles, basename, proxy; the site of another org is 404', async () => {
    const help = await siteId('Acme Help Center');
    expectError(await call(sb, 'POST', SITES, { body: { title: 'x' } }), 400, /"title" must be 2 to 128 characters/);
    expectError(await call(sb, 'PATCH', `${SITES}/${help}`, { body: { basename: '' } }), 400, /"basename" must be 1 to 100/);
    expectError(await call(sb, 'PATCH', `${SITES}/${help}`, { body: { proxy: 'https://acme.example/docs' } }), 400, /"proxy" must be a host and path/);
    expectError(await call(sb, 'PATCH', `${SITES}/${help}`, { body: { visibility: 'secret' } }), 400, /visibility/);
    expectError(await call(sb, 'GET', `/orgs/${GLOBEX}/sites/${help}`), 404, /No site/);
  });

  it('adaptive schema: read, replace (updatedAt moves), refuse a bad shape', async () => {
    const help = await siteId('Acme Help Center');
    const res = await call(sb, 'GET', `${SITES}/${help}/adaptive-schema`);
    expectOperation(res, 'GET', `${P}/{siteId}/adaptive-schema`, 200);
    const jsonSchema = {
      type: 'object',
      properties: {
        unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: { beta: { type: 'boolean', description: 'In the beta' } }, additionalProperties: false },
        developer: { type: 'boolean', description: 'A developer' },
      },
      additionalProperties: false,
    };
    const put = await call(sb, 'PUT', `${SITES}/${help}/adaptive-schema`, { body: { jsonSchema } });
    expectOperation(put, 'PUT', `${P}/{siteId}/adaptive-schema`, 200);
    expect(put.body.jsonSchema).toEqual(jsonSchema);
    expect(Date.parse(put.body.updatedAt)).toBeGreaterThan(Date.parse(res.body.updatedAt));
    expectError(await call(sb, 'PUT', `${SITES}/${help}/adaptive-schema`, { body: { jsonSchema: { type: 'object', properties: { x: { type: 'number' } }, additionalProperties: false } } }), 400, /"properties\.x" needs a "description"/);
    expectError(await call(sb, 'PUT', `${SITES}/${help}/adaptive-schema`, { body: { jsonSchema: { type: 'object', properties: { x: { type: 'date', description: 'd' } }, additionalProperties: false } } }), 400, /"properties\.x" must be a claim/);
    expectError(await call(sb, 'PUT', `${SITES}/${help}/adaptive-schema`, { body: {} }), 400, /"jsonSchema" is required/);
  });

  it('takes every kind of claim the description has, not only booleans (and answers it back, valid)', async () => {
    const help = await siteId('Acme Help Center');
    const claims = {
      plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan' },
      name: { type: 'string', description: 'Name' },
      seats: { type: 'number', description: 'Seats' },
      roles: { type: 'array', description: 'Roles', items: { type: 'string', description: 'A role' } },
      account: { type: 'object', description: 'Account', properties: { beta: { type: 'boolean', description: 'Beta' } }, additionalProperties: false },
    };
    const jsonSchema = { type: 'object', properties: { ...claims, unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: claims, additionalProperties: false } }, additionalProperties: false };
    const put = await call(sb, 'PUT', `${SITES}/${help}/adaptive-schema`, { body: { jsonSchema } });
    expectOperation(put, 'PUT', `${P}/{siteId}/adaptive-schema`, 200);
    expect(put.body.jsonSchema).toEqual(jsonSchema);
  });
});

describe('structure', () => {
  it('adding a section creates its first site space; deleting it removes them and moves the default', async () => {
    const help = await siteId('Acme Help Center');
    const res = await call(sb, 'POST', `${SITES}/${help}/sections`, { body: { spaceId: ids.space('Webhooks') } });
    expectOperation(res, 'POST', `${P}/{siteId}/sections`, 201);
    expect(res.body).toMatchObject({ title: 'Webhooks', path: 'webhooks', default: false });
    expect(res.body.siteSpaces.map((s: any) => [s.title, s.default])).toEqual([['Webhooks', true]]);
    const before = (await listAll(sb, `${SITES}/${help}/site-spaces`)).items.length;

    const start = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items[0];
    expect((await call(sb, 'DELETE', `${SITES}/${help}/sections/${start.id}`)).status).toBe(205);
    const spaces = (await listAll(sb, `${SITES}/${help}/site-spaces`)).items;
    expect(spaces.length).toBe(before - 2);
    expect(titles(spaces)).not.toContain('Welcome');
    const sections = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items;
    expect(sections.map((s: any) => [s.title, s.default])).toEqual([
      ['Guides', true],
      ['API', false],
      ['Webhooks', false],
    ]);
    expect(titles((await call(sb, 'GET', `${SITES}/${help}/section-groups`)).body.items[0].sections)).toEqual(['Guides']);
    expectError(await call(sb, 'DELETE', `${SITES}/${help}/sections/${start.id}`), 404, /No section/);
  });

  it('section bounds: title 2 to 64 on create, 2 to 128 on update; path 1 to 100; condition 1 to 1024', async () => {
    const help = await siteId('Acme Help Center');
    const body = { spaceId: ids.space('Webhooks') };
    expectError(await call(sb, 'POST', `${SITES}/${help}/sections`, { body: { ...body, title: 'x'.repeat(65) } }), 400, /2 to 64 characters/);
    expectError(await call(sb, 'POST', `${SITES}/${help}/sections`, { body: { ...body, title: 'x' } }), 400, /"title" must be 2 to 64 characters, or null \(it has 1\)/);
    const created = await call(sb, 'POST', `${SITES}/${help}/sections`, { body: { ...body, title: 'x'.repeat(64) } });
    expect(created.status).toBe(201);
    const url = `${SITES}/${help}/sections/${created.body.id}`;
    expectError(await call(sb, 'PATCH', url, { body: { title: 'x' } }), 400, /2 to 128/);
    expectError(await call(sb, 'PATCH', url, { body: { path: '' } }), 400, /1 to 100/);
    expectError(await call(sb, 'PATCH', url, { body: { condition: 'x'.repeat(1025) } }), 400, /1 to 1024 characters, or null/);
    expectError(await call(sb, 'PATCH', url, { body: { icon: 'x'.repeat(51) } }), 400, /at most 50/);
  });

  it('section update: null removes condition, icon and description; absent leaves them; default site space', async () => {
    const help = await siteId('Acme Help Center');
    const [start, , api] = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items;
    const url = `${SITES}/${help}/sections/${api.id}`;
    const kept = await call(sb, 'PATCH', url, { body: { title: 'API reference' } });
    expectOperation(kept, 'PATCH', `${P}/{siteId}/sections/{siteSectionId}`, 200);
    expect(kept.body).toMatchObject({ title: 'API reference', condition: 'visitor.claims.unsigned.developer', description: 'Reference for developers' });
    const cleared = await call(sb, 'PATCH', url, { body: { condition: null, description: null, icon: 'code' } });
    expect(cleared.body.condition).toBeUndefined();
    expect(cleared.body.description).toBeUndefined();
    expect(cleared.body.icon).toBe('code');
    const up = await call(sb, 'PATCH', `${SITES}/${help}/sections/${start.id}`, { body: { defaultSiteSpace: start.siteSpaces[1].id } });
    expect(up.body.siteSpaces.map((s: any) => s.default)).toEqual([false, true]);
    expectError(await call(sb, 'PATCH', `${SITES}/${help}/sections/${start.id}`, { body: { defaultSiteSpace: api.siteSpaces[0].id } }), 400, /not in section/);
  });

  it('the default section moves with defaultSiteSection', async () => {
    const help = await siteId('Acme Help Center');
    const [, guides] = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items;
    await call(sb, 'PATCH', `${SITES}/${help}`, { body: { defaultSiteSection: guides.id } });
    const sections = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items;
    expect(sections.map((s: any) => s.default)).toEqual([false, true, false]);
  });

  it('section moves reorder siblings; a section of another group is not a sibling', async () => {
    const help = await siteId('Acme Help Center');
    const [start, guides, api] = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items;
    const res = await call(sb, 'POST', `${SITES}/${help}/sections/${guides.id}/move`, { body: { position: { before: { type: 'site-section', siteSection: start.id } } } });
    expectOperation(res, 'POST', `${P}/{siteId}/sections/{siteSectionId}/move`, 200);
    expect(titles((await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items)).toEqual(['Guides', 'Get started', 'API']);
    expectError(await call(sb, 'POST', `${SITES}/${help}/sections/${guides.id}/move`, { body: { position: { after: { type: 'site-section', siteSection: api.id } } } }), 400, /not a sibling/);
    expectError(await call(sb, 'POST', `${SITES}/${help}/sections/${guides.id}/move`, { body: { position: { after: { type: 'site-space', siteSpace: api.id } } } }), 400, /position/);
    // Both sides: `before` places it (the description has no rule for both; docs/sandbox.md says this one).
    const both = { before: { type: 'site-section', siteSection: start.id }, after: { type: 'site-section', siteSection: start.id } };
    expect((await call(sb, 'POST', `${SITES}/${help}/sections/${start.id}/move`, { body: { position: { before: { type: 'site-section', siteSection: guides.id } } } })).status).toBe(200);
    expect((await call(sb, 'POST', `${SITES}/${help}/sections/${guides.id}/move`, { body: { position: both } })).status).toBe(200);
    const order = async () => titles((await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items);
    expect((await order()).slice(0, 2)).toEqual(['Guides', 'Get started']);
    // No body, no position, or one with neither side: at the end ("when not provided, moved at the end of the site").
    for (const opts of [{}, { body: {} }, { body: { position: {} } }]) {
      expect((await call(sb, 'POST', `${SITES}/${help}/sections/${guides.id}/move`)).status).toBe(200);
      const moved = await call(sb, 'POST', `${SITES}/${help}/sections/${start.id}/move`, opts);
      expectOperation(moved, 'POST', `${P}/{siteId}/sections/{siteSectionId}/move`, 200);
      expect((await order()).indexOf('Get started'), JSON.stringify(opts)).toBeGreaterThan((await order()).indexOf('Guides'));
    }
  });

  it('section groups: create, update, add and remove (0.130.0), one group per section, move, delete', async () => {
    const help = await siteId('Acme Help Center');
    const [start, guides, api] = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items;
    const [learn, build] = (await call(sb, 'GET', `${SITES}/${help}/section-groups`)).body.items;
    const G = `${P}/{siteId}/section-groups`;

    const res = await call(sb, 'POST', `${SITES}/${help}/section-groups`, { body: { title: 'Extra', icon: 'star', sections: [api.id] } });
    expectOperation(res, 'POST', G, 201);
    expect(titles(res.body.sections)).toEqual(['API']);
    const groups = (await call(sb, 'GET', `${SITES}/${help}/section-groups`)).body.items;
    expect(groups.map((g: any) => [g.title, titles(g.sections)])).toEqual([
      ['Learn', ['Get started', 'Guides']],
      ['Build', []],
      ['Extra', ['API']],
    ]);

    const add = await call(sb, 'POST', `${SITES}/${help}/section-groups/${build.id}/sections`, { body: { sectionId: start.id } });
    expectOperation(add, 'POST', `${G}/{siteSectionGroupId}/sections`, 201, olderSpec());
    expect(titles(add.body.sections)).toEqual(['Get started']);
    const again = await call(sb, 'POST', `${SITES}/${help}/section-groups/${build.id}/sections`, { body: { sectionId: start.id } });
    expect(titles(again.body.sections)).toEqual(['Get started']);
    expect(titles((await call(sb, 'GET', `${SITES}/${help}/section-groups`)).body.items[0].sections)).toEqual(['Guides']);

    expect((await call(sb, 'DELETE', `${SITES}/${help}/section-groups/${build.id}/sections/${start.id}`)).status).toBe(205);
    expectError(await call(sb, 'DELETE', `${SITES}/${help}/section-groups/${build.id}/sections/${start.id}`), 404, /is not in section group/);
    expect((await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items.find((s: any) => s.id === start.id).sectionGroup).toBeUndefined();

    const up = await call(sb, 'PATCH', `${SITES}/${help}/section-groups/${learn.id}`, { body: { title: 'Learning', icon: null } });
    expectOperation(up, 'PATCH', `${G}/{siteSectionGroupId}`, 200);
    expect(up.body.icon).toBeUndefined();

    const moved = await call(sb, 'POST', `${SITES}/${help}/section-groups/${learn.id}/move`, { body: { position: { after: { type: 'site-section', id: res.body.id } } } });
    expectOperation(moved, 'POST', `${G}/{siteSectionGroupId}/move`, 200);
    expect(titles((await call(sb, 'GET', `${SITES}/${help}/section-groups`)).body.items)).toEqual(['Build', 'Extra', 'Learning']);
    expectError(await call(sb, 'POST', `${SITES}/${help}/section-groups/${learn.id}/move`, { body: { position: { after: { type: 'site-section', id: guides.id } } } }), 400, /not a sibling/);

    expect((await call(sb, 'DELETE', `${SITES}/${help}/section-groups/${res.body.id}`)).status).toBe(205);
    const sections = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items;
    expect(sections.find((s: any) => s.id === api.id).sectionGroup).toBeUndefined();
    expectError(await call(sb, 'POST', `${SITES}/${help}/section-groups`, { body: { title: '' } }), 400, /1 to 100/);
  });

  it('site spaces: add to the default section, update (null versus absent condition), move, remove', async () => {
    const help = await siteId('Acme Help Center');
    const S = `${P}/{siteId}/site-spaces`;
    const res = await call(sb, 'POST', `${SITES}/${help}/site-spaces`, { body: { spaceId: ids.space('Webhooks') } });
    expectOperation(res, 'POST', S, 201);
    const start = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items[0];
    expect(res.body).toMatchObject({ section: start.id, default: false, path: 'webhooks' });
    const url = `${SITES}/${help}/site-spaces/${res.body.id}`;
    const up = await call(sb, 'PATCH', url, { body: { path: 'hooks', condition: 'visitor.claims.unsigned.beta' } });
    expectOperation(up, 'PATCH', `${S}/{siteSpaceId}`, 200);
    expect((await call(sb, 'PATCH', url, { body: { path: 'hooks2' } })).body.condition).toBe('visitor.claims.unsigned.beta');
    expect((await call(sb, 'PATCH', url, { body: { condition: null } })).body.condition).toBeUndefined();
    expectError(await call(sb, 'PATCH', url, { body: { path: 'welcome' } }), 400, /path "welcome"/);

    const moved = await call(sb, 'POST', `${url}/move`, { body: { position: { before: { type: 'site-space', siteSpace: start.siteSpaces[0].id } } } });
    expectOperation(moved, 'POST', `${S}/{siteSpaceId}/move`, 200);
    const after = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items[0];
    expect(titles(after.siteSpaces)).toEqual(['Webhooks', 'Welcome', 'Getting Started']);

    expect((await call(sb, 'DELETE', `${SITES}/${help}/site-spaces/${start.siteSpaces[0].id}`)).status).toBe(205);
    const left = (await call(sb, 'GET', `${SITES}/${help}/sections`)).body.items[0];
    expect(left.siteSpaces.map((s: any) => [s.title, s.default])).toEqual([
      ['Webhooks', true],
      ['Getting Started', false],
    ]);
    expectError(await call(sb, 'DELETE', `${SITES}/${help}/site-spaces/${start.siteSpaces[0].id}`), 404, /No site space/);
  });

  it('share links: create with its published URL, rename, deactivate, delete', async () => {
    const partners = await siteId('Acme Partners');
    const L = `${P}/{siteId}/share-links`;
    const res = await call(sb, 'POST', `${SITES}/${partners}/share-links`, { body: { name: 'Partner B' } });
    expectOperation(res, 'POST', L, 201);
    expect(res.body).toMatchObject({ name: 'Partner B', active: true });
    const key = new URL(res.body.urls.published).searchParams.get('share')!;
    expect((await call(sb, 'GET', `${SITES}/${partners}/published`, { query: { shareKey: key } })).status).toBe(200);
    const up = await call(sb, 'PATCH', `${SITES}/${partners}/share-links/${res.body.id}`, { body: { active: false, name: 'Partner B (old)' } });
    expectOperation(up, 'PATCH', `${L}/{shareLinkId}`, 200);
    expect(up.body).toMatchObject({ active: false, name: 'Partner B (old)' });
    expectError(await call(sb, 'GET', `${SITES}/${partners}/published`, { query: { shareKey: key } }), 404);
    expectError(await call(sb, 'POST', `${SITES}/${partners}/share-links`, { body: { name: 'x'.repeat(51) } }), 400, /at most 50/);
    expectError(await call(sb, 'PATCH', `${SITES}/${partners}/share-links/${res.body.id}`, { body: {} }), 400);
    expect((await call(sb, 'DELETE', `${SITES}/${partners}/share-links/${res.body.id}`)).status).toBe(205);
    expectError(await call(sb, 'DELETE', `${SITES}/${partners}/share-links/${res.body.id}`), 404, /No share link/);
  });

  it('an editor cannot create sites (403)', async () => {
    const res = await call(sb, 'POST', `/orgs/${GLOBEX}/sites`, { body: { title: 'Globex site' } });
    expectError(res, 403, /admin role/);
  });

  it('the sites survive a save and load unchanged', () => {
    const state = JSON.parse(JSON.stringify(stateOf(seedWorld(FAMILIES, { seed: 'demo' }))));
    expect(stateOf(loadWorld(FAMILIES, state)).families.sites).toEqual(state.families.sites);
    expect((state.families.sites as { sites: unknown[] }).sites).toHaveLength(3);
  });
});

describe('publish and unpublish (public OpenAPI description 0.202.0)', () => {
  it('flip `published` (each answer a valid Site), twice is the same as once; the published view follows', async () => {
    const internal = await siteId('Acme Internal');
    const on = await call(sb, 'POST', `${SITES}/${internal}/publish`);
    expectOperation(on, 'POST', `${P}/{siteId}/publish`, 200);
    expect(on.body.published).toBe(true);
    expect((await call(sb, 'POST', `${SITES}/${internal}/publish`)).body.published).toBe(true);
    expect((await call(sb, 'GET', `${SITES}/${internal}/published`)).status).toBe(200);
    const off = await call(sb, 'POST', `${SITES}/${internal}/unpublish`);
    expectOperation(off, 'POST', `${P}/{siteId}/unpublish`, 200);
    expect(off.body.published).toBe(false);
    expectError(await call(sb, 'GET', `${SITES}/${internal}/published`), 404, /not published/);
    expectError(await call(sb, 'POST', `${SITES}/nosuch/publish`), 404);
  });
});
