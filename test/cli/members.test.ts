// docplat members: the audit of who has not been seen, role changes in bulk
// (re-runs skip what is done), removal, SSO, a member's spaces and teams,
// through the CLI against the sandbox.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { demo } from '../sandbox/helpers.js';
import { BIN, baseEnv, lines, tsv, useTestApi, withTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();
const ids = demo();
const GLOBEX = ids.org('Globex');
const DAY = 86_400_000;

interface Member {
  id: string;
  role: string | null;
  user: { displayName: string; email: string };
  disabled: boolean;
  sso: boolean;
  lastSeenAt?: string;
  joinedAt: string;
}

const json = <T = Member[]>(r: { stdout: string; stderr: string; code: number | null }): T => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
};

/** The names of the demo members not seen for 90 days, or never. */
const NOT_SEEN_90 = [
  'Linus Pauling', 'Ken Thompson', 'Gary Guest', 'John Backus', 'Frances Allen', 'Katherine Johnson',
  'Tim Berners-Lee', 'Whitfield Diffie', 'Hedy Lamarr', 'Dennis Ritchie', 'Annie Easley', 'Guido Guest',
].sort();

/** Runs a shell pipeline of the built CLI (`docplat` is the built entry). */
function shell(t: TestApi | NodeJS.ProcessEnv, script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = typeof t.env === 'function' ? (t as TestApi).env() : (t as NodeJS.ProcessEnv);
    const child = spawn('sh', ['-c', script.replaceAll('docplat', `"${process.execPath}" "${BIN}"`)], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('members list', () => {
  it('lists every member with the flags the API has: --role (guest too), --search, --sort, --order', async () => {
    const all = json(await api.cli(['members', 'list', '--json']));
    expect(all).toHaveLength(25);
    const joined = all.map((m) => m.joinedAt);
    expect(joined).toEqual([...joined].sort().reverse());

    const guests = json(await api.cli(['members', 'list', '--role', 'guest', '--json']));
    expect(guests.map((m) => m.user.displayName).sort()).toEqual(['Gary Guest', 'Guido Guest', 'Sophie Wilson']);
    expect(guests.every((m) => m.role === null)).toBe(true);
    expect(json(await api.cli(['members', 'list', '--role', 'admin', '--json'])).map((m) => m.user.displayName).sort()).toEqual(['Dana Demo', 'Grace Hopper']);
    expect(json(await api.cli(['members', 'list', '--search', 'PARTNER.example', '--json'])).map((m) => m.user.displayName).sort()).toEqual(['Gary Guest', 'Guido Guest']);

    const active = json(await api.cli(['members', 'list', '--sort', 'lastSeenAt', '--order', 'asc', '--json']));
    expect(active).toHaveLength(22);
    const seen = active.map((m) => m.lastSeenAt!);
    expect(seen).toEqual([...seen].sort());
    expect(active[0].user.displayName).toBe('Tim Berners-Lee');
  });

  it('--last-seen-before keeps the members not seen since then (and those never seen), filtering as pages arrive', async () => {
    const old = json(await api.cli(['members', 'list', '--last-seen-before', '90d', '--json']));
    expect(old.map((m) => m.user.displayName).sort()).toEqual(NOT_SEEN_90);
    const cutoff = Date.now() - 90 * DAY;
    for (const m of old) if (m.lastSeenAt) expect(Date.parse(m.lastSeenAt)).toBeLessThan(cutoff);
    // The same in weeks, and in hours.
    expect(json(await api.cli(['members', 'list', '--last-seen-before', '13w', '--json'])).length).toBe(12);
    expect(json(await api.cli(['members', 'list', '--last-seen-before', `${90 * 24}h`, '--json'])).length).toBe(12);
    // A date (midnight UTC) 260 days ago: Tim (364 days) and Whitfield (300), and the two never seen; not Guido (250).
    const day = new Date(Date.now() - 260 * DAY).toISOString().slice(0, 10);
    const older = json(await api.cli(['members', 'list', '--last-seen-before', day, '--json']));
    expect(older.map((m) => m.user.displayName).sort()).toEqual(['Annie Easley', 'Ken Thompson', 'Tim Berners-Lee', 'Whitfield Diffie']);
    expect(json(await api.cli(['members', 'list', '--last-seen-before', `${day}T00:00:00Z`, '--json']))).toHaveLength(4);

    // --limit counts members that pass: pages come until 3 are found, one page of 1000 at most each.
    const before = api.sandbox.requestCount;
    const three = await api.cli(['members', 'list', '--last-seen-before', '90d', '--limit', '3', '--fields', 'id']);
    expect(three.code, three.stderr).toBe(0);
    expect(lines(three.stdout)).toHaveLength(3);
    expect(api.sandbox.requestCount - before).toBe(1);
    // Nine more match, and no cursor can resume within the page: the note says so.
    expect(three.stderr).toBe('Showing 3; more match: --all for every one\n');
    const all = await api.cli(['members', 'list', '--last-seen-before', '90d', '--limit', '12', '--fields', 'id']);
    expect(lines(all.stdout)).toHaveLength(12);
    expect(all.stderr).toBe('');
    // Combined with the API's filters.
    const guests = json(await api.cli(['members', 'list', '--role', 'guest', '--last-seen-before', '90d', '--json']));
    expect(guests.map((m) => m.user.displayName).sort()).toEqual(['Gary Guest', 'Guido Guest']);
  });

  it('prints TSV, CSV (with the table\'s headers), JSON lines, --fields and --jq', async () => {
    const rows = tsv((await api.cli(['members', 'list', '--role', 'guest', '--search', 'sophie'])).stdout);
    expect(rows).toEqual([[ids.user('Sophie Wilson'), 'Sophie Wilson', 'sophie@contractor.example', '', expect.stringMatching(/^\d{4}-/)]]);
    const csv = lines((await api.cli(['members', 'list', '--search', 'ken@', '--output', 'csv'])).stdout);
    expect(csv[0]).toBe('ID,NAME,EMAIL,ROLE,LAST SEEN');
    expect(csv[1]).toBe(`${ids.user('Ken Thompson')},Ken Thompson,ken@acme.example,read,`);
    expect(tsv((await api.cli(['members', 'list', '--search', 'ken@', '--fields', 'user.email,disabled,sso'])).stdout)).toEqual([['ken@acme.example', 'true', 'false']]);
    const jsonl = lines((await api.cli(['members', 'list', '--role', 'admin', '--jsonl'])).stdout).map((l) => JSON.parse(l));
    expect(jsonl.map((m) => m.object)).toEqual(['member', 'member']);
    const emails = await api.cli(['members', 'list', '--role', 'admin', '--fields', 'user.email']);
    expect(lines(emails.stdout).sort()).toEqual(['dana@acme.example', 'grace@acme.example']);
    const jq = await api.cli(['members', 'list', '--last-seen-before', '90d', '--jq', '.[].id']);
    expect(lines(jq.stdout)).toHaveLength(12);
  });
});

describe('members get, spaces, teams', () => {
  it('get shows a member with counts', async () => {
    const r = await api.cli(['members', 'get', ids.me, '--output', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const [head, row] = lines(r.stdout).map((l) => l.split(','));
    expect(head).toEqual(['ID', 'Name', 'Email', 'Role', 'Disabled', 'SSO', 'Spaces', 'Teams', 'Joined', 'Last seen']);
    expect(row.slice(0, 8)).toEqual([ids.me, 'Dana Demo', 'dana@acme.example', 'admin', 'false', 'false', expect.stringMatching(/^\d+$/), '2']);
    const m = json<Member & { teams: number; spaces: number }>(await api.cli(['members', 'get', ids.user('Gary Guest'), '--json']));
    expect(m).toMatchObject({ role: null, spaces: 2, teams: 0 });
    const missing = await api.cli(['members', 'get', 'nobody']);
    expect(missing.code).toBe(3);
  });

  it('spaces prints each space title with the permission; --jq and --fields reach the nested ids', async () => {
    const rows = tsv((await api.cli(['members', 'spaces', ids.user('Gary Guest'), '--order', 'asc'])).stdout);
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      ['REST API', 'comment'],
      ['Webhooks', 'read'],
    ]);
    expect(rows[0][0]).toBe(ids.space('REST API'));
    const csv = await api.cli(['members', 'spaces', ids.user('Gary Guest'), '--output', 'csv']);
    expect(lines(csv.stdout)[0]).toBe('ID,TITLE,PERMISSION,VISIBILITY,UPDATED');
    const jq = await api.cli(['members', 'spaces', ids.user('Gary Guest'), '--jq', '.[].space.id']);
    expect(lines(jq.stdout).sort()).toEqual([ids.space('REST API'), ids.space('Webhooks')].sort());
    const fields = await api.cli(['members', 'spaces', ids.user('Gary Guest'), '--fields', 'space.id,permission', '--order', 'asc']);
    expect(tsv(fields.stdout)).toEqual([
      [ids.space('REST API'), 'comment'],
      [ids.space('Webhooks'), 'read'],
    ]);
  });

  it('spaces and teams: --fields id and --jq .[].id reach the wrapped space or team id, as spaces list --member does', async () => {
    const gary = ids.user('Gary Guest');
    const spaces = [ids.space('REST API'), ids.space('Webhooks')].sort();
    expect(lines((await api.cli(['members', 'spaces', gary, '--jq', '.[].id'])).stdout).sort()).toEqual(spaces);
    expect(lines((await api.cli(['members', 'spaces', gary, '--fields', 'id'])).stdout).sort()).toEqual(spaces);
    expect(json<{ id: string }[]>(await api.cli(['members', 'spaces', gary, '--json'])).map((x) => x.id).sort()).toEqual(spaces);
    const member = await api.cli(['members', 'spaces', gary, '--jq', '.[].id']);
    const viaSpaces = await api.cli(['spaces', 'list', '--member', gary, '--jq', '.[].id']);
    expect(lines(member.stdout).sort()).toEqual(lines(viaSpaces.stdout).sort());
    const teams = json<{ team: { id: string } }[]>(await api.cli(['members', 'teams', ids.me, '--json'])).map((x) => x.team.id).sort();
    expect(teams).toHaveLength(2);
    expect(lines((await api.cli(['members', 'teams', ids.me, '--jq', '.[].id'])).stdout).sort()).toEqual(teams);
    expect(lines((await api.cli(['members', 'teams', ids.me, '--fields', 'id'])).stdout).sort()).toEqual(teams);
  });

  it('teams prints each team title with the member’s role; --title filters', async () => {
    const rows = tsv((await api.cli(['members', 'teams', ids.me])).stdout);
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['Docs Guild', 'member', '6'],
      ['Security', 'owner', '3'],
    ]);
    const csv = await api.cli(['members', 'teams', ids.me, '--output', 'csv']);
    expect(lines(csv.stdout)[0]).toBe('ID,TEAM,ROLE,MEMBERS');
    const titled = json<{ team: { title: string } }[]>(await api.cli(['members', 'teams', ids.me, '--title', 'GUILD', '--json']));
    expect(titled.map((x) => x.team.title)).toEqual(['Docs Guild']);
    expect(lines((await api.cli(['members', 'teams', ids.me, '--jq', '.[].team.id'])).stdout)).toHaveLength(2);
  });
});

describe('changing members (each on a sandbox of its own)', () => {
  it('the audit pipe with --sandbox on both sides: the update reads its ids before it starts the embedded sandbox the list holds', async () => {
    const env = baseEnv();
    // The list starts last, as it may in any pipe: the update waiting for stdin must not hold the sandbox's state.
    const list = "(sleep 1; docplat --sandbox members list --last-seen-before 90d --jq '.[].id')";
    const dry = await shell(env, `${list} | docplat --sandbox members update - --role read --dry-run`);
    expect(dry.stderr).not.toMatch(/in use by process/);
    expect(dry.code, dry.stderr).toBe(0);
    expect(lines(dry.stdout)).toHaveLength(12);
    const real = await shell(env, `${list} | docplat --sandbox members update - --role read`);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stderr).toMatch(/updated 6 of 12, 6 skipped/);
  }, 60_000);

  it('the audit pipe: members not seen for 90 days, made readers (dry run, then for real, then a re-run that skips them all)', async () => {
    await withTestApi({}, async (t) => {
      const before = t.sandbox.requestCount;
      const dry = await shell(t, "docplat members list --last-seen-before 90d --jq '.[].id' | docplat members update - --role read --dry-run");
      expect(dry.code, dry.stderr).toBe(0);
      const patches = lines(dry.stdout);
      expect(patches).toHaveLength(12);
      for (const p of patches) expect(p).toMatch(/^PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/\w+\/members\/\w+ \{"role":"read"\}$/);
      expect(dry.stderr).toMatch(/dry run: 12 requests not sent/);
      // Only the listing was sent.
      expect(t.sandbox.requestCount - before).toBe(1);

      const audit = await t.cli(['members', 'list', '--last-seen-before', '90d', '--jq', '.[].id']);
      const real = await t.cli(['members', 'update', '-', '--role', 'read'], { input: audit.stdout });
      expect(real.code, real.stderr).toBe(0);
      const results = tsv(real.stdout);
      expect(results).toHaveLength(12);
      // Six of them were readers already.
      expect(results.filter((r) => r[1] === 'skipped').map((r) => r[2])).toEqual(Array(6).fill('already read'));
      expect(results.filter((r) => r[1] === 'ok')).toHaveLength(6);
      expect(real.stderr).toMatch(/updated 6 of 12, 6 skipped/);
      const roles = json(await t.cli(['members', 'list', '--last-seen-before', '90d', '--json']));
      expect(roles.every((m) => m.role === 'read')).toBe(true);

      const again = await t.cli(['members', 'update', '-', '--role', 'read'], { input: audit.stdout });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(/updated 0 of 12, 12 skipped/);
    });
  });

  it('update: guest sends null; the last admin is refused with the API’s message (exit 1); a non-admin is refused (exit 4); partial failure is exit 5', async () => {
    await withTestApi({}, async (t) => {
      const alan = ids.user('Alan Turing');
      const dry = await t.cli(['members', 'update', alan, '--role', 'guest', '--dry-run']);
      expect(dry.stdout).toMatch(/PATCH \S+\/members\/\w+ \{"role":null\}/);
      const guest = await t.cli(['members', 'update', alan, '--role', 'guest']);
      expect(guest.code, guest.stderr).toBe(0);
      expect(tsv(guest.stdout)).toEqual([[alan, 'ok', 'updated']]);
      expect(json<Member>(await t.cli(['members', 'get', alan, '--json'])).role).toBeNull();
      expect(tsv((await t.cli(['members', 'update', alan, '--role', 'guest'])).stdout)).toEqual([[alan, 'skipped', 'already guest']]);

      expect((await t.cli(['members', 'update', ids.user('Grace Hopper'), '--role', 'edit'])).code).toBe(0);
      const last = await t.cli(['members', 'update', ids.me, '--role', 'edit']);
      expect(last.code).toBe(1);
      expect(last.stderr).toMatch(/error: .*400 Cannot change the role of Dana Demo .*: they are the last admin of organization "Acme Docs"; make another member admin first\./);

      const refused = await t.cli(['members', 'update', ids.user('Frank Grimes'), '--role', 'edit', '--org', GLOBEX]);
      expect(refused.code).toBe(4);
      expect(refused.stderr).toMatch(/403 You need the admin role in organization "Globex"/);

      const partial = await t.cli(['members', 'update', ids.user('Ada Lovelace'), 'nobody', '--role', 'comment']);
      expect(partial.code).toBe(5);
      expect(tsv(partial.stdout).map((r) => r.slice(0, 2)).sort()).toEqual([[ids.user('Ada Lovelace'), 'ok'], ['nobody', 'failed']].sort());
      expect(partial.stderr).toMatch(/updated 1 of 2, 1 failed: nobody/);
    });
  });

  it('remove needs --yes without a terminal, removes from stdin, and removing a removed member again is skipped; set-sso, then skipped', async () => {
    await withTestApi({}, async (t) => {
      const leavers = [ids.user('Tim Berners-Lee'), ids.user('Dennis Ritchie')];
      const before = t.sandbox.requestCount;
      const ask = await t.cli(['members', 'remove', leavers[0]]);
      expect(ask.code).toBe(2);
      expect(ask.stderr).toMatch(/needs confirmation; pass --yes/);
      expect(t.sandbox.requestCount).toBe(before);
      const r = await t.cli(['members', 'remove', '-', '--yes'], { input: leavers.join('\n') + '\n' });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr).sort()).toEqual([`${leavers[0]}: removed`, `${leavers[1]}: removed`, 'removed 2 of 2'].sort());
      expect(json(await t.cli(['members', 'list', '--json']))).toHaveLength(23);
      const gone = await t.cli(['members', 'get', leavers[0]]);
      expect(gone.code).toBe(3);
      // Dennis was in Support: the team has one member fewer.
      const support = json<{ title: string; members: number }[]>(await t.cli(['teams', 'list', '--title', 'support', '--json']));
      expect(support[0].members).toBe(2);
      const again = await t.cli(['members', 'remove', leavers[0], '--yes']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain(`${leavers[0]}: skipped (not found: already deleted, or never existed)`);

      const ada = ids.user('Ada Lovelace');
      const sso = await t.cli(['members', 'set-sso', ada, ids.user('Katherine Johnson')]);
      expect(sso.code, sso.stderr).toBe(0);
      expect(tsv(sso.stdout).sort()).toEqual([[ada, 'ok', 'set to SSO'], [ids.user('Katherine Johnson'), 'skipped', 'already SSO']].sort());
      expect(json<Member>(await t.cli(['members', 'get', ada, '--json'])).sso).toBe(true);
      expect(sso.stderr).toMatch(/set to SSO 1 of 2, 1 skipped/);
    });
  });
});

describe('members invite (public OpenAPI description 0.202.0)', () => {
  it('invites each address with its own result; members are skipped; guests; stdin; a re-run changes nothing', async () => {
    await withTestApi({}, async (t) => {
      const existing = json<Member[]>(await t.cli(['members', 'list', '--limit', '1', '--json']))[0].user.email;
      const r = await t.cli(['members', 'invite', 'new.one@example.com', existing, '--role', 'edit']);
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout).sort()).toEqual(
        [
          ['new.one@example.com', 'ok', 'invited'],
          [existing, 'skipped', 'already a member'],
        ].sort(),
      );
      expect(r.stderr).toMatch(/invited 1 of 2, 1 skipped/);
      const found = json<Member[]>(await t.cli(['members', 'list', '--search', 'new.one@', '--json']));
      expect(found.map((m) => m.role)).toEqual(['edit']);

      const guests = await t.cli(['members', 'invite', '-', '--role', 'guest', '--json'], { input: 'g1@example.com\ng2@example.com new.one@example.com\n' });
      expect(guests.code, guests.stderr).toBe(0);
      expect(JSON.parse(guests.stdout).map((x: { id: string; result: string }) => [x.id, x.result]).sort()).toEqual([
        ['g1@example.com', 'ok'],
        ['g2@example.com', 'ok'],
        ['new.one@example.com', 'skipped'],
      ]);
      expect(json<Member[]>(await t.cli(['members', 'list', '--search', 'g1@', '--json']))[0].role).toBeNull();

      const again = await t.cli(['members', 'invite', 'g1@example.com', 'g2@example.com']);
      expect(again.stderr).toMatch(/invited 0 of 2, 2 skipped/);
    });
  });

  it('--sso: someone of another organization is invited, and the result says not as an SSO member', async () => {
    await withTestApi({}, async (t) => {
      const acme = new Set(json<Member[]>(await t.cli(['members', 'list', '--all', '--json'])).map((m) => m.user.email));
      const other = json<Member[]>(await t.cli(['members', 'list', '--all', '--org', GLOBEX, '--json'])).find((m) => !acme.has(m.user.email))!;
      const r = await t.cli(['members', 'invite', other.user.email, 'fresh@example.com', '--sso']);
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout).sort()).toEqual(
        [
          [other.user.email, 'ok', 'invited, but not as an SSO member (a member of another organization)'],
          ['fresh@example.com', 'ok', 'invited'],
        ].sort(),
      );
      const fresh = json<Member[]>(await t.cli(['members', 'list', '--search', 'fresh@', '--json']))[0];
      expect(fresh.sso).toBe(true);
    });
  });

  it('--dry-run prints one request per address and sends none', async () => {
    const before = api.sandbox.requestCount;
    const r = await api.cli(['members', 'invite', 'a@example.com', 'b@example.com', '--sso', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([
      expect.stringMatching(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/\w+\/invites \{"emails":\["a@example\.com"\],"sso":true\}$/),
      expect.stringMatching(/\{"emails":\["b@example\.com"\],"sso":true\}$/),
    ]);
    expect(api.sandbox.requestCount).toBe(before);
  });
});
