// The user, organizations and members in the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, listAll, withSandbox } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const GLOBEX = ids.org('Globex');

// These tests only read (ping changes lastSeenAt only): one sandbox for all.
let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
});
afterAll(() => sb.close());

describe('user and organizations', () => {
  it('GET /user is the token’s user', async () => {
    const res = await call(sb, 'GET', '/user');
    expectOperation(res, 'GET', '/user', 200);
    expect(res.body).toMatchObject({ object: 'user', id: ids.me, displayName: 'Dana Demo' });
  });

  it('lists the user’s organizations; the first is the default', async () => {
    const res = await call(sb, 'GET', '/orgs');
    expectOperation(res, 'GET', '/orgs', 200);
    expect(res.body.items.map((o: { title: string }) => o.title)).toEqual(['Acme Docs', 'Globex', 'Initech']);
    expect(sb.defaultOrg).toBe(ACME);
    expect(res.body.items.map((o: { permissions: { admin: boolean } }) => o.permissions.admin)).toEqual([true, false, true]);
    const paged = await listAll(sb, '/orgs', 1);
    expect(paged.pages).toBe(3);
  });

  it('GET an organization; unknown is 404', async () => {
    const res = await call(sb, 'GET', `/orgs/${GLOBEX}`);
    expectOperation(res, 'GET', '/orgs/{organizationId}', 200);
    expect(res.body).toMatchObject({ object: 'organization', id: GLOBEX, title: 'Globex' });
    expectError(await call(sb, 'GET', '/orgs/nope'), 404, /No organization with id nope/);
  });

  it('ping answers {}', async () => {
    const res = await call(sb, 'POST', `/orgs/${ACME}/ping`);
    expectOperation(res, 'POST', '/orgs/{organizationId}/ping', 200);
    expect(res.body).toEqual({});
  });
});

describe('members', () => {
  it('lists members (default: most recently joined first) with filters', async () => {
    const res = await call(sb, 'GET', `/orgs/${ACME}/members`);
    expectOperation(res, 'GET', '/orgs/{organizationId}/members', 200);
    expect(res.body.count).toBe(25);
    const joined = res.body.items.map((m: { joinedAt: string }) => m.joinedAt);
    expect(joined).toEqual([...joined].sort().reverse());
    const asc = await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { order: 'asc' } });
    expect(asc.body.items.map((m: { joinedAt: string }) => m.joinedAt)).toEqual([...joined].reverse());

    const admins = await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { role: 'admin', sort: 'name', order: 'asc' } });
    expectOperation(admins, 'GET', '/orgs/{organizationId}/members', 200);
    expect(admins.body.items.map((m: { user: { displayName: string } }) => m.user.displayName)).toEqual(['Dana Demo', 'Grace Hopper']);

    const guests = await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { role: 'guest' } });
    expect(guests.body.items).toHaveLength(3);
    for (const g of guests.body.items) expect(g).toMatchObject({ role: null, spaces: 2 });

    const search = await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { search: 'HOPPER' } });
    expect(search.body.items.map((m: { user: { email: string } }) => m.user.email)).toEqual(['grace@acme.example']);

    // Sorting by last activity lists only active members: not the two disabled ones, nor the one never seen.
    const active = await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { sort: 'lastSeenAt', limit: 100 } });
    expect(active.body.count).toBe(22);
    const seen = active.body.items.map((m: { lastSeenAt: string }) => m.lastSeenAt);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(active.body.items.some((m: { disabled: boolean }) => m.disabled)).toBe(false);

    expectError(await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { role: 'owner' } }), 400, /"role" must be one of/);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { sort: 'age' } }), 400, /"sort" must be one of joinedAt, lastSeenAt, name/);
  });

  it('the demo has every role, guests, disabled and SSO members, and activity spread over a year', async () => {
    const { items } = await listAll<{ role: string | null; disabled: boolean; sso: boolean; lastSeenAt?: string }>(sb, `/orgs/${ACME}/members`);
    const count = (f: (m: (typeof items)[number]) => boolean) => items.filter(f).length;
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read']) expect(count((m) => m.role === role), role).toBeGreaterThanOrEqual(2);
    expect(count((m) => m.role === null)).toBe(3);
    expect(count((m) => m.disabled)).toBe(2);
    expect(count((m) => m.sso)).toBe(4);
    const daysAgo = items.filter((m) => m.lastSeenAt).map((m) => (Date.now() - Date.parse(m.lastSeenAt!)) / 86_400_000);
    expect(Math.min(...daysAgo)).toBeLessThan(1);
    expect(Math.max(...daysAgo)).toBeGreaterThan(300);
    expect(Math.max(...daysAgo)).toBeLessThan(366);
    expect(count((m) => !m.lastSeenAt || Date.now() - Date.parse(m.lastSeenAt) > 90 * 86_400_000)).toBe(12);
  });

  it('GET a member; unknown user is 404', async () => {
    const res = await call(sb, 'GET', `/orgs/${ACME}/members/${ids.user('Alan Turing')}`);
    expectOperation(res, 'GET', '/orgs/{organizationId}/members/{userId}', 200);
    expect(res.body).toMatchObject({ object: 'member', id: ids.user('Alan Turing'), role: 'create' });
    expectError(await call(sb, 'GET', `/orgs/${ACME}/members/nope`), 404, /No member/);
    expectError(await call(sb, 'GET', `/orgs/${GLOBEX}/members/${ids.user('Alan Turing')}`), 404);
  });

  it('a member’s spaces carry the permission; a guest sees only the spaces granted', async () => {
    const res = await call(sb, 'GET', `/orgs/${ACME}/members/${ids.user('Margaret Hamilton')}/spaces`, { query: { limit: 5 } });
    expectOperation(res, 'GET', '/orgs/{organizationId}/members/{userId}/spaces', 200);
    const all = await listAll(sb, `/orgs/${ACME}/spaces`);
    expect(res.body.count).toBe(all.items.length);
    expect(res.body.items.every((x: { permission: string }) => x.permission === 'edit')).toBe(true);
    // Default order is desc: the sidebar order reversed.
    expect(res.body.items[0].space.id).toBe(all.items.at(-1).id);
    const asc = await listAll(sb, `/orgs/${ACME}/members/${ids.user('Margaret Hamilton')}/spaces`, 3, { order: 'asc' });
    expect(asc.items.map((x) => x.space.id)).toEqual(all.items.map((s) => s.id));

    const guest = await call(sb, 'GET', `/orgs/${ACME}/members/${ids.user('Gary Guest')}/spaces`, { query: { order: 'asc' } });
    expectOperation(guest, 'GET', '/orgs/{organizationId}/members/{userId}/spaces', 200);
    expect(guest.body.items.map((x: { permission: string; space: { title: string } }) => [x.space.title, x.permission])).toEqual([
      ['REST API', 'comment'],
      ['Webhooks', 'read'],
    ]);
  });
});

describe('member changes (each on a sandbox of its own)', () => {
  const MEMBER = '/orgs/{organizationId}/members/{userId}';

  it('PATCH changes a role (null: guest); 400 for a bad role; the member is rendered with the new role', async () => {
    await withSandbox({}, async (sb) => {
      const alan = ids.user('Alan Turing');
      const res = await call(sb, 'PATCH', `/orgs/${ACME}/members/${alan}`, { body: { role: 'read' } });
      expectOperation(res, 'PATCH', MEMBER, 200);
      expect(res.body).toMatchObject({ id: alan, role: 'read' });
      const guest = await call(sb, 'PATCH', `/orgs/${ACME}/members/${alan}`, { body: { role: null } });
      expectOperation(guest, 'PATCH', MEMBER, 200);
      expect(guest.body.role).toBeNull();
      expect((await call(sb, 'GET', `/orgs/${ACME}/members/${alan}`)).body.role).toBeNull();
      expectError(await call(sb, 'PATCH', `/orgs/${ACME}/members/${alan}`, { body: { role: 'owner' } }), 400, /"role" must be one of/);
      expectError(await call(sb, 'PATCH', `/orgs/${ACME}/members/${alan}`, { body: {} }), 400, /"role"/);
      expectError(await call(sb, 'PATCH', `/orgs/${ACME}/members/nope`, { body: { role: 'read' } }), 404, /No member/);
    });
  });

  it('only admins change roles, remove members or set SSO (403); the last admin can be neither demoted nor removed (400)', async () => {
    await withSandbox({}, async (sb) => {
      const frank = ids.user('Frank Grimes');
      expectError(await call(sb, 'PATCH', `/orgs/${GLOBEX}/members/${frank}`, { body: { role: 'edit' } }), 403, /You need the admin role in organization "Globex"/);
      expectError(await call(sb, 'DELETE', `/orgs/${GLOBEX}/members/${frank}`), 403, /admin role/);
      expectError(await call(sb, 'POST', `/orgs/${GLOBEX}/members/${frank}/sso`), 403, /admin role/);

      // Acme has two admins: Grace can be demoted, then Dana is the last one.
      expectOperation(await call(sb, 'PATCH', `/orgs/${ACME}/members/${ids.user('Grace Hopper')}`, { body: { role: 'edit' } }), 'PATCH', MEMBER, 200);
      expectError(await call(sb, 'PATCH', `/orgs/${ACME}/members/${ids.me}`, { body: { role: 'edit' } }), 400, /last admin of organization "Acme Docs"/);
      expectError(await call(sb, 'DELETE', `/orgs/${ACME}/members/${ids.me}`), 400, /Cannot remove Dana Demo .*last admin/);
      // Keeping the admin role is no demotion.
      expectOperation(await call(sb, 'PATCH', `/orgs/${ACME}/members/${ids.me}`, { body: { role: 'admin' } }), 'PATCH', MEMBER, 200);
    });
  });

  it('DELETE removes a member from the organization and its teams (204, then 404); POST sso sets sso', async () => {
    await withSandbox({}, async (sb) => {
      const alan = ids.user('Alan Turing');
      const platform = (await call(sb, 'GET', `/orgs/${ACME}/teams`, { query: { title: 'platform' } })).body.items[0];
      expect((await call(sb, 'GET', `/orgs/${ACME}/members/${alan}`)).body.teams).toBe(1);
      const res = await call(sb, 'DELETE', `/orgs/${ACME}/members/${alan}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expectError(await call(sb, 'GET', `/orgs/${ACME}/members/${alan}`), 404);
      expectError(await call(sb, 'DELETE', `/orgs/${ACME}/members/${alan}`), 404, /No member/);
      expect((await call(sb, 'GET', `/orgs/${ACME}/members`, { query: { limit: 100 } })).body.count).toBe(24);
      expect((await call(sb, 'GET', `/orgs/${ACME}/teams/${platform.id}`)).body.members).toBe(platform.members - 1);

      const ada = ids.user('Ada Lovelace');
      const sso = await call(sb, 'POST', `/orgs/${ACME}/members/${ada}/sso`);
      expectOperation(sso, 'POST', `${MEMBER}/sso`, 200);
      expect(sso.body).toMatchObject({ id: ada, sso: true });
    });
  });
});

describe('invites (public OpenAPI description 0.202.0)', () => {
  it('adds new addresses as members with the role (null: guest); members and repeats add nobody; admins only', async () => {
    await withSandbox({}, async (own) => {
      const members = (await listAll(own, `/orgs/${ACME}/members`)).items;
      const existing = members[0].user.email;
      const res = await call(own, 'POST', `/orgs/${ACME}/invites`, { body: { emails: ['new.one@example.com', existing, 'NEW.ONE@example.com'], role: 'edit' } });
      expectOperation(res, 'POST', '/orgs/{organizationId}/invites', 200);
      expect(res.body.invited).toBe(1);
      expect(res.body.users).toHaveLength(1);
      const added = await call(own, 'GET', `/orgs/${ACME}/members/${res.body.users[0]}`);
      expect(added.body).toMatchObject({ role: 'edit', user: { email: 'new.one@example.com' } });
      const guest = await call(own, 'POST', `/orgs/${ACME}/invites`, { body: { emails: ['guest@example.com'], role: null, sso: true } });
      expectOperation(guest, 'POST', '/orgs/{organizationId}/invites', 200);
      expect(guest.body).toMatchObject({ invited: 1, failedSSOEmails: [] });
      expect((await call(own, 'GET', `/orgs/${ACME}/members/${guest.body.users[0]}`)).body.role).toBeNull();
      expect((await call(own, 'POST', `/orgs/${ACME}/invites`, { body: { emails: ['guest@example.com'] } })).body).toEqual({ users: [], invited: 0 });
      expectError(await call(own, 'POST', `/orgs/${ACME}/invites`, { body: { emails: ['not an address'] } }), 400, /emails\.0/);
      expectError(await call(own, 'POST', `/orgs/${ACME}/invites`, { body: { emails: [] } }), 400, /emails/);
      expectError(await call(own, 'POST', `/orgs/${GLOBEX}/invites`, { body: { emails: ['x@example.com'] } }), 403, /admin/);
    });
  });
});
