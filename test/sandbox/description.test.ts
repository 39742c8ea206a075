// The public description (0.202.0) as the judge where the API reference is
// silent: requests it documents are accepted and do what it says, requests
// that break it are a 400 with the error body, and the answers validate
// against its schemas. One case per finding of an independent tester.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, listAll } from './helpers.js';

const d = demo();
const ORG = d.org('Acme Docs');
const GS = d.space('Getting Started');
let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
});
afterAll(() => sb.close());

const site = async () => (await call(sb, 'GET', `/orgs/${ORG}/sites`)).body.items[0].id as string;
const paragraph = (text: string) => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] });

describe('valid requests are accepted, as documented', () => {
  it('defaultLevel "inherit" on a space and a collection', async () => {
    const space = await call(sb, 'PATCH', `/spaces/${GS}`, { body: { defaultLevel: 'inherit' } });
    expectOperation(space, 'PATCH', '/spaces/{spaceId}', 200);
    expect(space.body.defaultLevel).toBe('inherit');
    const c = await call(sb, 'PATCH', `/collections/${d.collection('Guides')}`, { body: { defaultLevel: 'inherit' } });
    expectOperation(c, 'PATCH', '/collections/{collectionId}', 200);
    expect(c.body.defaultLevel).toBe('inherit');
  });

  it('space creation with empty: true (no page, no file), a template (its pages) or a language', async () => {
    const empty = await call(sb, 'POST', `/orgs/${ORG}/spaces`, { body: { title: 'Blank', empty: true, language: 'fr' } });
    expectOperation(empty, 'POST', '/orgs/{organizationId}/spaces', 201);
    expect(empty.body.language).toBe('fr');
    const content = await call(sb, 'GET', `/spaces/${empty.body.id}/content`);
    expect([content.body.pages, content.body.files]).toEqual([[], []]);
    expect((await call(sb, 'GET', `/spaces/${empty.body.id}/search`, { query: { query: 'install' } })).body.items).toEqual([]);
    const templated = await call(sb, 'POST', `/orgs/${ORG}/spaces`, { body: { title: 'From a template', template: { id: 'product-docs' } } });
    expectOperation(templated, 'POST', '/orgs/{organizationId}/spaces', 201);
    expect((await call(sb, 'GET', `/spaces/${templated.body.id}/content`)).body.pages.length).toBeGreaterThan(0);
  });

  it('comment and reply bodies as a JSON document (kept as its text)', async () => {
    const c = await call(sb, 'POST', `/spaces/${GS}/comments`, { body: { body: { document: paragraph('Hello from a document') } } });
    expectOperation(c, 'POST', '/spaces/{spaceId}/comments', 200);
    const read = await call(sb, 'GET', `/spaces/${GS}/comments/${c.body.id}`, { query: { format: 'markdown' } });
    expect(read.body.body.markdown).toBe('Hello from a document');
    const r = await call(sb, 'POST', `/spaces/${GS}/comments/${c.body.id}/replies`, { body: { body: { document: paragraph('A reply') } } });
    expectOperation(r, 'POST', '/spaces/{spaceId}/comments/{commentId}/replies', 200);
  });

  it('a change request reply update with resolved: the comment is resolved', async () => {
    const cr = (await call(sb, 'POST', `/spaces/${GS}/change-requests`, { body: { subject: 'resolve me' } })).body.id;
    const base = `/spaces/${GS}/change-requests/${cr}/comments`;
    const c = (await call(sb, 'POST', base, { body: { body: { markdown: 'topic' } } })).body.id;
    const r = (await call(sb, 'POST', `${base}/${c}/replies`, { body: { body: { markdown: 'done' } } })).body.id;
    const up = await call(sb, 'PUT', `${base}/${c}/replies/${r}`, { body: { resolved: true } });
    expectOperation(up, 'PUT', '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}', 200);
    expect((await call(sb, 'GET', `${base}/${c}`)).body.status).toBe('resolved');
  });

  it('sections and site spaces with spaceId null create a space, titled as the section or variant', async () => {
    const s = await site();
    const section = await call(sb, 'POST', `/orgs/${ORG}/sites/${s}/sections`, { body: { spaceId: null, title: 'Brand new' } });
    expectOperation(section, 'POST', '/orgs/{organizationId}/sites/{siteId}/sections', 201);
    const variant = await call(sb, 'POST', `/orgs/${ORG}/sites/${s}/site-spaces`, { body: { spaceId: null, title: 'A variant', sectionId: section.body.id } });
    expectOperation(variant, 'POST', '/orgs/{organizationId}/sites/{siteId}/site-spaces', 201);
    const titles = (await listAll(sb, `/orgs/${ORG}/spaces`)).items.map((x) => x.title);
    expect(titles).toEqual(expect.arrayContaining(['Brand new', 'A variant']));
    // A space's title is at most 50 characters: a longer section or variant title makes a space of its first 50.
    const long = await call(sb, 'POST', `/orgs/${ORG}/sites/${s}/site-spaces`, { body: { spaceId: null, title: 'é'.repeat(60), sectionId: section.body.id } });
    expectOperation(long, 'POST', '/orgs/{organizationId}/sites/{siteId}/site-spaces', 201);
    expect(long.body.space.title).toBe('é'.repeat(50));
    expectOperation(await call(sb, 'POST', `/orgs/${ORG}/sites/${s}/sections`, { body: { spaceId: null, title: 'x'.repeat(64) } }), 'POST', '/orgs/{organizationId}/sites/{siteId}/sections', 201);
    expectError(await call(sb, 'POST', `/orgs/${ORG}/sites/${s}/sections`, { body: { spaceId: null, pageId: 'p' } }), 400, /"pageId" needs "spaceId"/);
  });

  it('a space move without a position goes to the end; a position of neither side too; with both, before places it', async () => {
    const order = async () => (await listAll(sb, `/collections/${d.collection('Guides')}/spaces`)).items.map((x) => x.id as string);
    const [first, second] = await order();
    expectOperation(await call(sb, 'POST', `/spaces/${first}/move`, { body: { parent: d.collection('Guides') } }), 'POST', '/spaces/{spaceId}/move', 200);
    expect((await order()).at(-1)).toBe(first);
    const both = { before: { type: 'space', space: second }, after: { type: 'space', space: first } };
    expect((await call(sb, 'POST', `/spaces/${first}/move`, { body: { position: both } })).status).toBe(200);
    expect((await order()).indexOf(first)).toBe((await order()).indexOf(second) - 1);
    expect((await call(sb, 'POST', `/spaces/${first}/move`, { body: { position: {} } })).status).toBe(200);
    expect((await order()).at(-1)).toBe(first);
    expectError(await call(sb, 'POST', `/spaces/${first}/move`, { body: {} }), 400, /Nothing to move/);
  });

  it('invites with an address and a role each', async () => {
    const res = await call(sb, 'POST', `/orgs/${ORG}/invites`, { body: { emails: [{ email: 'eve@acme.example', role: 'edit' }, 'fay@acme.example'], role: 'comment' } });
    expect(res.status, res.text).toBe(200);
    const members = (await listAll(sb, `/orgs/${ORG}/members`)).items;
    const role = (email: string) => members.find((m) => m.user.email === email)?.role;
    expect([role('eve@acme.example'), role('fay@acme.example')]).toEqual(['edit', 'comment']);
    expectError(await call(sb, 'POST', `/orgs/${ORG}/invites`, { body: { emails: [{ email: 'x@acme.example' }] } }), 400, /"emails\.0\.role" is required/);
  });

  it('a page read with the description’s document options; a change request created with an empty body; a site space made draft by an update', async () => {
    const page = (await call(sb, 'GET', `/spaces/${GS}/content/pages`)).body.pages[0].id;
    const read = await call(sb, 'GET', `/spaces/${GS}/content/page/${page}`, { query: { format: 'markdown', 'format.markdown.refs': 'stable', evaluated: 'deterministic-only', dereferenced: 'true' } });
    expectOperation(read, 'GET', '/spaces/{spaceId}/content/page/{pageId}', 200);
    expectOperation(await call(sb, 'POST', `/spaces/${GS}/change-requests`, { body: {} }), 'POST', '/spaces/{spaceId}/change-requests', 201);
    const s = await site();
    const ss = (await call(sb, 'GET', `/orgs/${ORG}/sites/${s}/site-spaces`)).body.items[0].id;
    const up = await call(sb, 'PATCH', `/orgs/${ORG}/sites/${s}/site-spaces/${ss}`, { body: { draft: true } });
    expectOperation(up, 'PATCH', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', 200);
    expect(up.body.draft).toBe(true);
  });

  it('a section group placed next to another group (type site-section-group), and made draft by an update', async () => {
    const s = await site();
    const base = `/orgs/${ORG}/sites/${s}/section-groups`;
    const [g1, g2] = [(await call(sb, 'POST', base, { body: { title: 'One' } })).body.id, (await call(sb, 'POST', base, { body: { title: 'Two' } })).body.id];
    const moved = await call(sb, 'POST', `${base}/${g2}/move`, { body: { position: { before: { type: 'site-section-group', id: g1 } } } });
    expectOperation(moved, 'POST', '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move', 200);
    const ids = (await listAll(sb, base)).items.map((g) => g.id);
    expect(ids.indexOf(g2)).toBe(ids.indexOf(g1) - 1);
    expect((await call(sb, 'PATCH', `${base}/${g1}`, { body: { draft: true } })).body.draft).toBe(true);
  });

  it('a section moved into a group by an update (siteSectionGroupId), and back to the top level with null', async () => {
    const s = await site();
    const base = `/orgs/${ORG}/sites/${s}`;
    const group = (await call(sb, 'POST', `${base}/section-groups`, { body: { title: 'Group' } })).body.id;
    const section = (await call(sb, 'GET', `${base}/sections`)).body.items[0].id;
    const into = await call(sb, 'PATCH', `${base}/sections/${section}`, { body: { siteSectionGroupId: group } });
    expectOperation(into, 'PATCH', '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', 200);
    const grouped = async () => (await listAll(sb, `${base}/section-groups`)).items.find((g) => g.id === group).sections.map((x: { id: string }) => x.id);
    expect(await grouped()).toEqual([section]);
    expect((await call(sb, 'PATCH', `${base}/sections/${section}`, { body: { siteSectionGroupId: null } })).status).toBe(200);
    expect(await grouped()).toEqual([]);
  });

  it('a SAML provider created with only a label answers an ssoURL that is a URI', async () => {
    const res = await call(sb, 'POST', `/orgs/${ORG}/saml`, { body: { label: 'Later' } });
    expectOperation(res, 'POST', '/orgs/{organizationId}/saml', 201);
    expect(res.body.status).toBe('pending');
  });
});

describe('invalid requests are refused with the description’s 400', () => {
  it.each([
    ['GET', '/integrations?target=AAA', undefined, /"target" must be one of all, site, space, organization/],
    ['GET', '/integrations?scope=AAA', undefined, /"scope" must be one of/],
    ['PATCH', `/spaces/${GS}`, { icon: {} }, /"icon" must be a string, or null/],
    ['POST', `/orgs/${ORG}/spaces`, { language: 'xx' }, /"language" must be one of en, fr/],
    ['POST', `/spaces/${GS}/change-requests`, { template: { id: 'x', params: 5 } }, /"template\.params" must be an object/],
    ['POST', `/spaces/${GS}/comments`, { body: { document: { object: 'document' } } }, /"body\.document\.data" is required/],
    // Found by description-properties.test.ts: inputs the description documents, once ignored whatever their value.
    ['GET', `/spaces/${GS}/content/page/p1?format.markdown.refs=AAA`, undefined, /"format\.markdown\.refs" must be one of relative, stable/],
    ['GET', `/spaces/${GS}/revisions/r1/page/p1?dereferenced=AAA`, undefined, /"dereferenced" must be one of true, false, reusable-contents/],
    ['GET', `/spaces/${GS}/change-requests/cr1/reviews?format=AAA`, undefined, /"format" must be one of document, markdown/],
    ['GET', `/spaces/${GS}/change-requests/cr1/changes?limit=1001`, undefined, /"limit" must be a whole number from 1 to 1000/],
    ['POST', `/spaces/${GS}/change-requests/cr1/requested-reviewers`, { users: ['u1'], description: { object: 'x', data: {}, nodes: [] } }, /"description\.object" must be one of document/],
    ['PATCH', `/spaces/${GS}/change-requests/cr1`, { description: 12345 }, /"description" must be an object/],
    ['PATCH', `/spaces/${GS}/change-requests/cr1`, { description: { object: 'document', data: {}, nodes: [], meta: 12345 } }, /"description\.meta" must be an object/],
    ['POST', `/spaces/${GS}/change-requests/cr1/requested-reviewers`, { users: ['u1'], description: { object: 'document', data: { schemaVersion: 'x' }, nodes: [] } }, /"description\.data\.schemaVersion" must be a number/],
    ['POST', `/spaces/${GS}/comments`, { body: { document: { object: 'document', data: {}, nodes: [{ object: 'text', leaves: [] }] } } }, /"body\.document\.nodes\.0\.object" must be one of block/],
    ['POST', `/spaces/${GS}/comments`, { body: { markdown: 'x' }, tableCell: { record: {}, definition: 'd' } }, /"tableCell\.record" must be a string/],
    ['PATCH', `/orgs/${ORG}/sites/s1/site-spaces/ss1`, { draft: {} }, /"draft" must be true or false/],
    ['PATCH', `/orgs/${ORG}/sites/s1/site-spaces/ss1`, { hidden: 'yes' }, /"hidden" must be true or false/],
    ['PATCH', `/orgs/${ORG}/sites/s1/sections/x1`, { draft: {} }, /"draft" must be true or false/],
    ['PATCH', `/orgs/${ORG}/sites/s1/section-groups/g1`, { draft: 'no' }, /"draft" must be true or false/],
    ['GET', `/orgs/${ORG}/change-requests?finding=AAA`, undefined, /"finding" must be one of none, all/],
    ['GET', `/orgs/${ORG}/sites?type=AAA`, undefined, /"type\.0" must be one of/],
    ['PATCH', `/spaces/${GS}`, { mergeRules: 5 }, /"mergeRules" must be an object/],
    ['PATCH', `/orgs/${ORG}/sites/s1`, { defaultLevel: 'owner' }, /"defaultLevel" must be one of/],
    ['PATCH', `/orgs/${ORG}/sites/s1`, { styleguide: 5 }, /"styleguide" must be a string, or null/],
    ['POST', '/integrations/some-name', { runtime: 'v9' }, /"runtime" must be one of v1, v2/],
    ['POST', '/integrations/some-name', { title: 'Name', description: 'd', configurations: 12345 }, /"configurations" must be an object/],
    ['POST', '/integrations/some-name', { title: 'Name', description: 'd', configurations: { space: [] } }, /"configurations\.space" must be an object/],
    ['POST', '/integrations/some-name', { title: 'Name', description: 'd', blocks: ['x'] }, /"blocks\.0" must be an object/],
    ['PATCH', `/orgs/${ORG}/sites/s1/sections/x1`, { localizedTitle: { fr: 5 } }, /"localizedTitle\.fr" must be a string/],
    ['PATCH', `/orgs/${ORG}/sites/s1/sections/x1`, { siteSectionGroupId: 5 }, /"siteSectionGroupId" must be a string, or null/],
    ['PATCH', `/orgs/${ORG}/sites/s1/section-groups/g1`, { parentSectionGroupId: 5 }, /"parentSectionGroupId" must be a string, or null/],
    ['POST', `/spaces/${GS}/change-requests`, undefined, /The request body is required/],
  ] as const)('%s %s %j', async (method, path, body, says) => {
    expectError(await call(sb, method, path, body === undefined ? {} : { body }), 400, says);
  });

  it('a section group with draft: {}', async () => {
    expectError(await call(sb, 'POST', `/orgs/${ORG}/sites/${await site()}/section-groups`, { body: { title: 'G', draft: {} } }), 400, /"draft" must be true or false/);
  });
});
