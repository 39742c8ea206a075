// docplat teams: listing, creating, renaming and deleting teams, and filling
// them from files of e-mails in batches with a result per user, through the
// CLI against the sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demo } from '../sandbox/helpers.js';
import { lines, tempDir, tsv, useTestApi, withTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();
const ids = demo();
const GLOBEX = ids.org('Globex');

interface Team {
  id: string;
  title: string;
  members: number;
  spaces: number;
  permissions: { admin: boolean };
}

const json = <T = Team[]>(r: { stdout: string; stderr: string; code: number | null }): T => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
};

async function teamId(t: Pick<TestApi, 'cli'>, title: string, org?: string): Promise<string> {
  const teams = json(await t.cli(['teams', 'list', '--title', title, '--json', ...(org ? ['--org', org] : [])]));
  return teams.find((x) => x.title === title)!.id;
}

/** name → team role, from `teams members --json`. */
async function roster(t: Pick<TestApi, 'cli'>, team: string): Promise<Record<string, string>> {
  const items = json<{ organization: { user: { displayName: string } }; team: { role: string } }[]>(await t.cli(['teams', 'members', team, '--all', '--json']));
  return Object.fromEntries(items.map((m) => [m.organization.user.displayName, m.team.role]));
}

describe('reading teams', () => {
  it('list: every output, --title, --owner', async () => {
    const rows = tsv((await api.cli(['teams', 'list'])).stdout);
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      ['Platform', '6'],
      ['Docs Guild', '6'],
      ['Support', '4'],
      ['Security', '3'],
      ['Design', '2'],
    ]);
    expect(lines((await api.cli(['teams', 'list', '--output', 'csv'])).stdout)[0]).toBe('ID,TITLE,MEMBERS,SPACES,CREATED');
    expect(lines((await api.cli(['teams', 'list', '--jsonl'])).stdout).map((l) => JSON.parse(l).object)).toEqual(Array(5).fill('team'));
    expect(json(await api.cli(['teams', 'list', '--title', 'SUP', '--json'])).map((t) => t.title)).toEqual(['Support']);
    expect(json(await api.cli(['teams', 'list', '--owner', ids.user('Ada Lovelace'), '--json'])).map((t) => t.title)).toEqual(['Design']);
    expect(lines((await api.cli(['teams', 'list', '--limit', '2', '--fields', 'title'])).stdout)).toEqual(['Platform', 'Docs Guild']);
  });

  it('get and members: team and organization roles side by side; --jq reaches nested fields', async () => {
    const guild = await teamId(api, 'Docs Guild');
    const team = json<Team>(await api.cli(['teams', 'get', guild, '--json']));
    expect(team).toMatchObject({ id: guild, title: 'Docs Guild', members: 6, permissions: { admin: true } });
    const csv = lines((await api.cli(['teams', 'get', guild, '--output', 'csv'])).stdout);
    expect(csv[0]).toBe('ID,Title,Members,Spaces,Created,You manage it');
    const rows = tsv((await api.cli(['teams', 'members', guild])).stdout);
    expect(rows[0]).toEqual([ids.user('Margaret Hamilton'), 'Margaret Hamilton', 'margaret@acme.example', 'owner', 'edit']);
    expect(rows).toHaveLength(6);
    expect(lines((await api.cli(['teams', 'members', guild, '--output', 'csv'])).stdout)[0]).toBe('ID,NAME,EMAIL,TEAM ROLE,ORG ROLE');
    const emails = await api.cli(['teams', 'members', guild, '--jq', '.[].organization.user.email']);
    expect(lines(emails.stdout)).toContain('hedy@acme.example');
    expect((await api.cli(['teams', 'get', 'nope'])).code).toBe(3);
  });
});

describe('changing teams (each on a sandbox of its own)', () => {
  it('create with --member (repeated), rename, set-role, delete in bulk (needs --yes; a second delete is skipped)', async () => {
    await withTestApi({}, async (t) => {
      const made = json<Team>(await t.cli(['teams', 'create', '--title', 'Writers', '--member', ids.user('Alan Turing'), '--member', ids.user('Ada Lovelace'), '--json']));
      expect(made).toMatchObject({ title: 'Writers', members: 2 });
      const dry = await t.cli(['teams', 'create', '--title', 'Dry', '--member', 'U1', '--dry-run']);
      expect(dry.stdout).toMatch(/^PUT \S+\/orgs\/\w+\/teams \{"title":"Dry","members":\["U1"\]\}\n$/);
      const renamed = json<Team>(await t.cli(['teams', 'rename', made.id, '--title', 'Tech writers', '--json']));
      expect(renamed.title).toBe('Tech writers');

      const role = await t.cli(['teams', 'set-role', made.id, ids.user('Ada Lovelace'), '--role', 'owner']);
      expect(role.code, role.stderr).toBe(0);
      expect(role.stdout).toBe('');
      expect(await roster(t, made.id)).toEqual({ 'Alan Turing': 'member', 'Ada Lovelace': 'owner' });
      // set-role adds a member who is not in the team.
      expect((await t.cli(['teams', 'set-role', made.id, ids.user('Hedy Lamarr'), '--role', 'member'])).code).toBe(0);
      expect(Object.keys(await roster(t, made.id))).toContain('Hedy Lamarr');

      const other = json<Team>(await t.cli(['teams', 'create', '--title', 'Temporary', '--json']));
      const ask = await t.cli(['teams', 'delete', made.id]);
      expect(ask.code).toBe(2);
      const del = await t.cli(['teams', 'delete', '-', '--yes'], { input: `${made.id}\n${other.id}\n` });
      expect(del.code, del.stderr).toBe(0);
      expect(lines(del.stderr).sort()).toEqual([`${made.id}: deleted`, `${other.id}: deleted`, 'deleted 2 of 2'].sort());
      const again = await t.cli(['teams', 'delete', made.id, '--yes']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(`${made.id}: skipped (not found: already deleted, or never existed)`);
      expect(json(await t.cli(['teams', 'list', '--json']))).toHaveLength(5);
    });
  });

  it('a team filled from a file of e-mails: one PUT, a result per user, re-run skips; remove; --role owner', async () => {
    await withTestApi({}, async (t) => {
      const support = await teamId(t, 'Support');
      const file = join(tempDir(), 'emails.txt');
      writeFileSync(file, ['ada@acme.example', 'GRACE@acme.example', 'nobody@nowhere.example', 'tim@acme.example', ids.user('Hedy Lamarr'), 'hedy@acme.example', ''].join('\n'));
      // What `docplat teams add <teamId> - < emails.txt` reads.
      const emails = readFileSync(file, 'utf8');

      const dry = await t.cli(['teams', 'add', support, '-', '--dry-run'], { input: emails });
      expect(dry.code, dry.stderr).toBe(0);
      expect(lines(dry.stdout)).toEqual([
        expect.stringMatching(/^PUT \S+\/teams\/\w+\/members \{"add":\["ada@acme.example","GRACE@acme.example","nobody@nowhere.example","tim@acme.example","\w+","hedy@acme.example"\]\}$/),
      ]);

      const before = t.sandbox.requestCount;
      const r = await t.cli(['teams', 'add', support, '-'], { input: emails });
      expect(r.code).toBe(5);
      expect(tsv(r.stdout)).toEqual([
        ['ada@acme.example', 'ok', 'added'],
        ['GRACE@acme.example', 'ok', 'added'],
        ['nobody@nowhere.example', 'failed', 'not a member of the organization'],
        ['tim@acme.example', 'skipped', 'already in the team (member)'],
        [ids.user('Hedy Lamarr'), 'ok', 'added'],
        ['hedy@acme.example', 'skipped', `the same member as ${ids.user('Hedy Lamarr')}`],
      ]);
      expect(r.stderr).toMatch(/error: added 3 of 6, 2 skipped, 1 failed: nobody@nowhere.example/);
      // The team's members, the organization's members, and one PUT.
      expect(t.sandbox.requestCount - before).toBe(3);
      expect(Object.keys(await roster(t, support))).toEqual(expect.arrayContaining(['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr']));

      const again = await t.cli(['teams', 'add', support, 'ada@acme.example', 'grace@acme.example']);
      expect(again.code, again.stderr).toBe(0);
      expect(tsv(again.stdout).map((x) => x[1])).toEqual(['skipped', 'skipped']);

      const owner = await t.cli(['teams', 'add', support, 'ada@acme.example', '--role', 'owner']);
      expect(owner.code, owner.stderr).toBe(0);
      expect(tsv(owner.stdout)).toEqual([['ada@acme.example', 'ok', 'role set to owner']]);
      expect((await roster(t, support))['Ada Lovelace']).toBe('owner');

      const removed = await t.cli(['teams', 'remove', support, 'ada@acme.example', ids.user('Grace Hopper'), 'frances@acme.example']);
      expect(removed.code, removed.stderr).toBe(0);
      expect(tsv(removed.stdout)).toEqual([
        ['ada@acme.example', 'ok', 'removed'],
        [ids.user('Grace Hopper'), 'ok', 'removed'],
        ['frances@acme.example', 'skipped', 'not in the team'],
      ]);
      expect(removed.stderr).toMatch(/removed 2 of 3, 1 skipped/);
      expect(Object.keys(await roster(t, support))).not.toContain('Ada Lovelace');
    });
  });

  it('more names than a batch: the dry run shows a PUT per batch; only real changes are sent; JSON results', async () => {
    await withTestApi({}, async (t) => {
      const { BATCH } = await import('../../src/commands/teams/members.js');
      const design = await teamId(t, 'Design');
      // Every member of the organization by e-mail, and made-up ones up to more than a batch.
      const members = json<{ user: { email: string } }[]>(await t.cli(['members', 'list', '--all', '--json']));
      const names = [...members.map((m) => m.user.email), ...Array.from({ length: BATCH - members.length + 5 }, (_, i) => `ghost${i}@nowhere.example`)];
      const dry = await t.cli(['teams', 'add', design, '-', '--dry-run'], { input: names.join('\n') });
      const puts = lines(dry.stdout).map((l) => JSON.parse(l.slice(l.indexOf('{'))).add.length);
      expect(puts).toEqual([BATCH, names.length - BATCH]);
      const before = t.sandbox.requestCount;
      const r = await t.cli(['teams', 'add', design, '-', '--json'], { input: names.join('\n') });
      expect(r.code).toBe(5);
      expect(t.sandbox.requestCount - before).toBe(3);
      const results = JSON.parse(r.stdout) as { id: string; result: string; message: string }[];
      expect(results.map((x) => x.id)).toEqual(names);
      // Ada and Donald own the team already; the ghosts are no members.
      expect(results.filter((x) => x.result === 'ok')).toHaveLength(members.length - 2);
      expect(results.filter((x) => x.result === 'skipped')).toHaveLength(2);
      expect(results.filter((x) => x.result === 'failed').every((x) => x.message === 'not a member of the organization')).toBe(true);
      expect(json<Team>(await t.cli(['teams', 'get', design, '--json'])).members).toBe(members.length);
    });
  });

  it('only an admin or an owner manages a team (exit 4); an unknown team is exit 3 before anything changes', async () => {
    await withTestApi({}, async (t) => {
      const ops = await teamId(t, 'Operations', GLOBEX);
      const rename = await t.cli(['teams', 'rename', ops, '--title', 'Ops', '--org', GLOBEX]);
      expect(rename.code).toBe(4);
      expect(rename.stderr).toMatch(/403 Only an admin of organization "Globex" .* or an owner of team "Operations"/);
      const add = await t.cli(['teams', 'add', ops, 'frank@globex.example', 'hank@globex.example', '--org', GLOBEX, '--role', 'owner']);
      expect(add.code).toBe(5);
      // Hank owns the team already; Frank's change is refused.
      expect(tsv(add.stdout).map((x) => x.slice(0, 2))).toEqual([
        ['frank@globex.example', 'failed'],
        ['hank@globex.example', 'skipped'],
      ]);
      expect(tsv(add.stdout)[0][2]).toMatch(/403 Only an admin/);
      const one = await t.cli(['teams', 'remove', ops, 'frank@globex.example', '--org', GLOBEX]);
      expect(one.code).toBe(4);
      const missing = await t.cli(['teams', 'add', 'nope', 'ada@acme.example']);
      expect(missing.code).toBe(3);
      expect(missing.stderr).toMatch(/No team with id nope/);
    });
  });
});
