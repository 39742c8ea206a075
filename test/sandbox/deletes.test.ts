// A repeated delete has one answer in every family: 404 with the error body
// (the description lists only the first delete's status; docs/sandbox.md says
// this rule, and the CLI's delete skips a 404 as "not found"). One case per
// DELETE operation of the operation table: a new one fails here until it has
// its case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { locationOf } from '../../src/sandbox/core/location.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError } from './helpers.js';

const d = demo();
const org = d.org('Acme Docs');
const GS = d.space('Getting Started');
let sb: Sandbox;
let n = 0;
const unique = (base: string) => `${base}${++n}`;

async function made(method: string, path: string, body: unknown): Promise<any> {
  const res = await call(sb, method, path, { body });
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

const site = async () => (await made('POST', `/orgs/${org}/sites`, { title: unique('Site ') })).id as string;
const changeRequest = async () => (await made('POST', `/spaces/${GS}/change-requests`, { subject: unique('cr ') })).id as string;
const comment = async (base: string) => (await made('POST', `${base}/comments`, { body: { markdown: 'hi' } })).id as string;

/** Each DELETE operation: how to make something for it to delete, as its path params. */
const SETUPS: Record<string, () => Promise<Record<string, string>>> = {
  'spaces.delete': async () => ({ spaceId: (await made('POST', `/orgs/${org}/spaces`, { title: unique('Gone ') })).id }),
  'collections.delete': async () => ({ collectionId: (await made('POST', `/orgs/${org}/collections`, { title: unique('Gone ') })).id }),
  'comments.delete': async () => ({ spaceId: GS, commentId: await comment(`/spaces/${GS}`) }),
  'comments.delete.cr': async () => {
    const cr = await changeRequest();
    return { spaceId: GS, changeRequestId: cr, commentId: await comment(`/spaces/${GS}/change-requests/${cr}`) };
  },
  'replies.delete': async () => {
    const commentId = await comment(`/spaces/${GS}`);
    const reply = await made('POST', `/spaces/${GS}/comments/${commentId}/replies`, { body: { markdown: 're' } });
    return { spaceId: GS, commentId, commentReplyId: reply.id };
  },
  'replies.delete.cr': async () => {
    const cr = await changeRequest();
    const base = `/spaces/${GS}/change-requests/${cr}`;
    const commentId = await comment(base);
    const reply = await made('POST', `${base}/comments/${commentId}/replies`, { body: { markdown: 're' } });
    return { spaceId: GS, changeRequestId: cr, commentId, commentReplyId: reply.id };
  },
  'customFields.delete': async () => ({ organizationId: org, fieldName: (await made('POST', `/orgs/${org}/custom-fields`, { name: unique('gone'), type: 'text' })).name }),
  'integrations.unpublish': async () => {
    const name = unique('gone-');
    await made('POST', `/integrations/${name}`, { title: 'Gone', description: 'x', script: 'export default {}', organization: org });
    return { integrationName: name };
  },
  'members.remove': async () => ({ organizationId: org, userId: (await made('POST', `/orgs/${org}/invites`, { emails: [`${unique('gone')}@acme.example`] })).users[0] }),
  'openapi.delete': async () => ({ organizationId: org, specSlug: (await made('POST', `/orgs/${org}/openapi`, { slug: unique('gone-'), source: { text: 'openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths: {}\n' } })).slug }),
  'sites.delete': async () => ({ organizationId: org, siteId: await site() }),
  'sections.delete': async () => {
    const siteId = await site();
    return { organizationId: org, siteId, siteSectionId: (await made('POST', `/orgs/${org}/sites/${siteId}/sections`, { spaceId: GS })).id };
  },
  'sectionGroups.delete': async () => {
    const siteId = await site();
    return { organizationId: org, siteId, siteSectionGroupId: (await made('POST', `/orgs/${org}/sites/${siteId}/section-groups`, { title: 'G' })).id };
  },
  'sectionGroups.removeSection': async () => {
    const siteId = await site();
    const section = (await made('POST', `/orgs/${org}/sites/${siteId}/sections`, { spaceId: GS })).id;
    const group = (await made('POST', `/orgs/${org}/sites/${siteId}/section-groups`, { title: 'G', sections: [section] })).id;
    return { organizationId: org, siteId, siteSectionGroupId: group, siteSectionId: section };
  },
  'siteSpaces.remove': async () => {
    const siteId = await site();
    return { organizationId: org, siteId, siteSpaceId: (await made('POST', `/orgs/${org}/sites/${siteId}/site-spaces`, { spaceId: GS })).id };
  },
  'shareLinks.delete': async () => {
    const siteId = await site();
    return { organizationId: org, siteId, shareLinkId: (await made('POST', `/orgs/${org}/sites/${siteId}/share-links`, { name: 'l' })).id };
  },
  'sso.delete': async () => ({ organizationId: org, samlProviderId: (await made('POST', `/orgs/${org}/saml`, { label: unique('gone') })).id }),
  'teams.delete': async () => ({ organizationId: org, teamId: (await made('PUT', `/orgs/${org}/teams`, { title: unique('Gone ') })).id }),
  'teams.removeMember': async () => {
    const team = (await made('PUT', `/orgs/${org}/teams`, { title: unique('Team '), members: [d.user('Alan Turing')] })).id;
    return { organizationId: org, teamId: team, userId: d.user('Alan Turing') };
  },
  'translations.delete': async () => ({ organizationId: org, translationSettingsId: (await made('POST', `/orgs/${org}/translations`, { title: unique('Gone ') })).id }),
};

const DELETES = Object.values(OPERATIONS as Record<string, Operation>).filter((o) => o.method === 'DELETE');

beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
});
afterAll(() => sb.close());

describe('a repeated delete: 404, in every family', () => {
  it('every DELETE operation of the table has its case here', () => {
    expect(Object.keys(SETUPS).sort()).toEqual(DELETES.map((o) => o.id).sort());
  });

  it.each(DELETES.map((o) => [o.id, o] as const))('%s: the first is a success of the operation, the second a 404', async (id, op) => {
    const path = locationOf(id as keyof typeof OPERATIONS, await SETUPS[id](), '');
    const first = await call(sb, 'DELETE', path);
    expect(first.status, first.text).toBe(op.success[0]);
    expectError(await call(sb, 'DELETE', path), 404);
  });
});
