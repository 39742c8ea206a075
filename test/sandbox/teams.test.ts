// Teams and their members in the sandbox: every answer validated against the
// public OpenAPI description, and the rules (who manages a team, add and
// remove of the same user, all or nothing).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, listAll, withSandbox } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const GLOBEX = ids.org('Globex');
const TEAMS = '/orgs/{organizationId}/teams';
const TEAM = `${TEAMS}/{teamId}`;

type Team = { id: string; title: string; members: number; permissions: { admin: boolean } };

const teamId = async (sb: Sandbox, org: string, title: string): Promise<string> =>
  (await listAll<Team>(sb, `/orgs/${org}/teams`)).items.find((t) => t.title === title)!.id;

const memberNames = async (sb: Sandbox, team: string) =>
  Object.fromEntries(
    (await listAll<{ organization: { user: { displayName: string } }; team: { role: string } }>(sb, `/orgs/${ACME}/teams/${team}/members`)).items.map((m) => [
      m.organization.user.displayName,
      m.team.role,
    ]),
  );

describe('reading teams (one sandbox)', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0 });
  });
  afterAll(() => sb.close());

  it('lists the teams with counts and what the caller may do; title filter; owner filter', async () => {
    const res = await call(sb, 'GET', `/orgs/${ACME}/teams`);
    expectOperation(res, 'GET', TEAMS, 200);
    expect(res.body.items.map((t: Team) => [t.title, t.members])).toEqual([
      ['Platform', 6],
      ['Docs Guild', 6],
      ['Support', 4],
      ['Security', 3],
      ['Design', 2],
    ]);
    // Dana is an admin of Acme: she manages every team.
    expect(res.body.items.every((t: Team) => t.permissions.admin)).toBe(true);
    const titled = await call(sb, 'GET', `/orgs/${ACME}/teams`, { query: { title: 'GUILD' } });
    expect(titled.body.items.map((t: Team) => t.title)).toEqual(['Docs Guild']);
    // Teams a member can manage: Margaret owns Docs Guild only; an admin manages all.
    const owned = await call(sb, 'GET', `/orgs/${ACME}/teams`, { query: { owner: ids.user('Margaret Hamilton') } });
    expectOperation(owned, 'GET', TEAMS, 200);
    expect(owned.body.items.map((t: Team) => t.title)).toEqual(['Docs Guild']);
    expect((await call(sb, 'GET', `/orgs/${ACME}/teams`, { query: { owner: ids.user('Grace Hopper') } })).body.count).toBe(5);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/teams`, { query: { owner: 'nope' } }), 404, /No member/);
    // In Globex Dana is an editor who owns no team.
    const globex = await call(sb, 'GET', `/orgs/${GLOBEX}/teams`);
    expect(globex.body.items.map((t: Team) => [t.title, t.permissions.admin])).toEqual([['Operations', false]]);
  });

  it('GET a team, its members (organization member and team role), a member’s teams; 404s', async () => {
    const guild = await teamId(sb, ACME, 'Docs Guild');
    const res = await call(sb, 'GET', `/orgs/${ACME}/teams/${guild}`);
    expectOperation(res, 'GET', TEAM, 200);
    expect(res.body).toMatchObject({ object: 'team', id: guild, title: 'Docs Guild', members: 6 });
    const members = await call(sb, 'GET', `/orgs/${ACME}/teams/${guild}/members`, { query: { limit: 2 } });
    expectOperation(members, 'GET', `${TEAM}/members`, 200);
    expect(members.body.items).toHaveLength(2);
    expect(members.body.next.page).toBeTypeOf('string');
    expect(await memberNames(sb, guild)).toEqual({
      'Margaret Hamilton': 'owner',
      'Barbara Liskov': 'member',
      'Linus Pauling': 'member',
      'Hedy Lamarr': 'member',
      'Frances Allen': 'member',
      'Dana Demo': 'member',
    });
    const mine = await call(sb, 'GET', `/orgs/${ACME}/members/${ids.me}/teams`);
    expectOperation(mine, 'GET', '/orgs/{organizationId}/members/{userId}/teams', 200);
    expect(mine.body.items.map((x: { team: Team; member: { role: string } }) => [x.team.title, x.member.role])).toEqual([
      ['Docs Guild', 'member'],
      ['Security', 'owner'],
    ]);
    const titled = await call(sb, 'GET', `/orgs/${ACME}/members/${ids.me}/teams`, { query: { title: 'secu' } });
    expect(titled.body.count).toBe(1);
    // A member's `teams` is the number of teams they are in.
    expect((await call(sb, 'GET', `/orgs/${ACME}/members/${ids.me}`)).body.teams).toBe(2);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/teams/nope`), 404, /No team with id nope/);
    expectError(await call(sb, 'GET', `/orgs/${GLOBEX}/teams/${guild}`), 404);
    expectError(await call(sb, 'GET', `/orgs/${ACME}/members/nope/teams`), 404);
  });
});

describe('changing teams (each on a sandbox of its own)', () => {
  it('PUT creates a team (201) with members by id; PATCH renames; DELETE deletes (204, then 404); bounds are 400', async () => {
    await withSandbox({}, async (sb) => {
      const res = await call(sb, 'PUT', `/orgs/${ACME}/teams`, { body: { title: 'Writers', members: [ids.user('Alan Turing'), ids.user('Ada Lovelace')] } });
      expectOperation(res, 'PUT', TEAMS, 201);
      expect(res.headers.location).toBe(`${sb.url}/orgs/${ACME}/teams/${res.body.id}`);
      expect(res.body).toMatchObject({ title: 'Writers', members: 2, spaces: 0 });
      const renamed = await call(sb, 'PATCH', `/orgs/${ACME}/teams/${res.body.id}`, { body: { title: 'Tech writers' } });
      expectOperation(renamed, 'PATCH', TEAM, 200);
      expect(renamed.body.title).toBe('Tech writers');
      expectError(await call(sb, 'PATCH', `/orgs/${ACME}/teams/${res.body.id}`, { body: { title: 'x'.repeat(65) } }), 400, /"title" must be 1 to 64 characters/);
      expectError(await call(sb, 'PUT', `/orgs/${ACME}/teams`, { body: {} }), 400, /"title"/);
      expectError(await call(sb, 'PUT', `/orgs/${ACME}/teams`, { body: { title: 'Ghosts', members: ['nobody'] } }), 400, /Not members of organization .*: nobody/);
      const del = await call(sb, 'DELETE', `/orgs/${ACME}/teams/${res.body.id}`);
      expect(del.status).toBe(204);
      expectError(await call(sb, 'DELETE', `/orgs/${ACME}/teams/${res.body.id}`), 404);
      expect((await call(sb, 'GET', `/orgs/${ACME}/members/${ids.user('Alan Turing')}`)).body.teams).toBe(1);
    });
  });

  it('PUT members adds by id or e-mail with roles, removes, and a user both added and removed is removed; all or nothing', async () => {
    await withSandbox({}, async (sb) => {
      const security = await teamId(sb, ACME, 'Security');
      const path = `/orgs/${ACME}/teams/${security}/members`;
      const res = await call(sb, 'PUT', path, {
        body: {
          add: ['GRACE@acme.example', ids.user('Tim Berners-Lee'), ids.user('Hedy Lamarr')],
          remove: [ids.user('John Backus'), 'hedy@acme.example'],
          memberships: { 'GRACE@acme.example': { role: 'owner' } },
        },
      });
      expect(res.status, res.text).toBe(204);
      expect(await memberNames(sb, security)).toEqual({
        'Dana Demo': 'owner',
        'Claude Shannon': 'member',
        'Grace Hopper': 'owner',
        'Tim Berners-Lee': 'member',
      });
      // One unknown name: nothing changes.
      expectError(await call(sb, 'PUT', path, { body: { add: [ids.user('Ada Lovelace'), 'ghost@nowhere.example'] } }), 400, /ghost@nowhere.example/);
      expect(Object.keys(await memberNames(sb, security))).not.toContain('Ada Lovelace');
      expectError(await call(sb, 'PUT', path, { body: { add: ['x'], memberships: { x: { role: 'boss' } } } }), 400, /"memberships.x.role" must be one of owner, member/);

      // PUT one member sets the role (adding them when needed); DELETE one removes.
      expect((await call(sb, 'PUT', `${path}/${ids.user('Claude Shannon')}`, { body: { role: 'owner' } })).status).toBe(204);
      expect((await call(sb, 'PUT', `${path}/${ids.user('Ada Lovelace')}`, { body: { role: 'member' } })).status).toBe(204);
      expect(await memberNames(sb, security)).toMatchObject({ 'Claude Shannon': 'owner', 'Ada Lovelace': 'member' });
      expect((await call(sb, 'DELETE', `${path}/${ids.user('Ada Lovelace')}`)).status).toBe(204);
      expectError(await call(sb, 'DELETE', `${path}/${ids.user('Ada Lovelace')}`), 404, /not a member of team/);
    });
  });

  it('only an admin or an owner of the team manages it (403); a non-admin creator owns the team; guests see no teams', async () => {
    await withSandbox({}, async (sb) => {
      const ops = await teamId(sb, GLOBEX, 'Operations');
      expectError(await call(sb, 'PATCH', `/orgs/${GLOBEX}/teams/${ops}`, { body: { title: 'Ops' } }), 403, /Only an admin of organization "Globex" .* or an owner of team "Operations"/);
      expectError(await call(sb, 'DELETE', `/orgs/${GLOBEX}/teams/${ops}`), 403);
      expectError(await call(sb, 'PUT', `/orgs/${GLOBEX}/teams/${ops}/members`, { body: { remove: [ids.user('Frank Grimes')] } }), 403);
      expectError(await call(sb, 'PUT', `/orgs/${GLOBEX}/teams/${ops}/members/${ids.me}`, { body: { role: 'owner' } }), 403);
      // Creating a team takes the create role: Dana is an editor of Globex.
      expectError(await call(sb, 'PUT', `/orgs/${GLOBEX}/teams`, { body: { title: 'Night shift' } }), 403, /You need the create role in organization "Globex"/);
      // A creator who is not an admin owns the team, so that they can manage it.
      await call(sb, 'PATCH', `/orgs/${ACME}/members/${ids.me}`, { body: { role: 'create' } });
      const made = await call(sb, 'PUT', `/orgs/${ACME}/teams`, { body: { title: 'Night shift', members: ['frances@acme.example'] } });
      expectOperation(made, 'PUT', TEAMS, 201);
      expect(made.body).toMatchObject({ members: 2, permissions: { admin: true } });
      expectOperation(await call(sb, 'PATCH', `/orgs/${ACME}/teams/${made.body.id}`, { body: { title: 'Day shift' } }), 'PATCH', TEAM, 200);
      // Not an owner of Platform, no longer an admin: 403.
      expectError(await call(sb, 'PATCH', `/orgs/${ACME}/teams/${await teamId(sb, ACME, 'Platform')}`, { body: { title: 'P' } }), 403);

    });
    await withSandbox({}, async (sb) => {
      // Demoted to guest (Grace stays admin), Dana sees no teams of Acme.
      expect((await call(sb, 'PATCH', `/orgs/${ACME}/members/${ids.me}`, { body: { role: null } })).status).toBe(200);
      expectError(await call(sb, 'GET', `/orgs/${ACME}/teams`), 403, /your role there is guest/);
    });
  });
});

describe('teams in the state file', () => {
  it('a team and its members are saved and loaded', async () => {
    const file = join(tempDir(), 'sandbox.json');
    let made = '';
    await withSandbox({ dataFile: file }, async (sb) => {
      made = (await call(sb, 'PUT', `/orgs/${ACME}/teams`, { body: { title: 'Kept', members: ['ada@acme.example'] } })).body.id;
      await sb.save();
    });
    await withSandbox({ dataFile: file }, async (sb) => {
      expect((await call(sb, 'GET', `/orgs/${ACME}/teams/${made}`)).body).toMatchObject({ title: 'Kept', members: 1 });
      expect(await memberNames(sb, made)).toEqual({ 'Ada Lovelace': 'member' });
      expect((await call(sb, 'GET', `/orgs/${ACME}/members/${ids.user('Ada Lovelace')}`)).body.teams).toBe(3);
    });
  });
});
