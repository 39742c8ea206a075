// A user's session with spaces, through the CLI's entry (in this process)
// against the sandbox; pipelines run the built CLI under a real shell.
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { lines, tsv, useTestApi, withTestApi } from '../helpers.js';

const api = useTestApi({ spaces: 250 });

interface Space {
  id: string;
  title: string;
  visibility: string;
  editMode: string;
  parent?: string;
  updatedAt: string;
  urls: { app: string };
}

/** The spaces of the demo seed's first organization that are not deleted, in the API's order. */
const DEMO_SPACE_TITLES = [
  'Welcome', 'Product Overview', 'Getting Started', 'Installation Guide', 'Admin Guide', 'Troubleshooting',
  'Performance Tuning', 'Security Hardening', 'REST API', 'Webhooks', 'SDKs', 'Architecture', 'Coding Standards',
  'Onboarding', 'Incident Response', 'On-call Handbook', 'Company Handbook', 'Release Notes', 'Brand Guidelines',
];

async function spaceIds(limit: number | 'all' = 1000): Promise<string[]> {
  const r = await api.cli(['spaces', 'list', ...(limit === 'all' ? ['--all'] : ['--limit', String(limit)]), '--fields', 'id']);
  expect(r.code, r.stderr).toBe(0);
  return lines(r.stdout);
}

/** The first `limit` spaces, as the CLI prints them with --json. */
async function listSpaces(limit: number): Promise<Space[]> {
  const r = await api.cli(['spaces', 'list', '--limit', String(limit), '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('spaces list', () => {
  it('prints TSV without a header when piped, one row per space, default limit 100', async () => {
    const r = await api.cli(['spaces', 'list']);
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toHaveLength(6);
    expect(rows[0][0]).not.toBe('ID');
    expect(rows[0][5]).toMatch(/^\d{4}-\d\d-\d\dT/); // TSV keeps the API's timestamps
    expect(r.stdout).not.toMatch(/\x1b\[/);
    // each row is the API's space, column by column
    const { data } = await fetchJson(`/orgs/${api.sandbox.defaultOrg}/spaces?limit=100`);
    expect(rows).toEqual(data.items.map((s: Space) => [s.id, s.title, s.visibility, s.editMode, s.parent ?? '', s.updatedAt]));
  });

  it('lists the spaces of the demo seed: its titles, with the ids the API gives them', async () => {
    await withTestApi({}, async (demo) => {
      const r = await demo.cli(['spaces', 'list', '--all', '--fields', 'id,title']);
      expect(r.code, r.stderr).toBe(0);
      const rows = tsv(r.stdout);
      expect(rows.map((row) => row[1])).toEqual(DEMO_SPACE_TITLES);
      const { data } = await fetchJson(`/orgs/${demo.sandbox.defaultOrg}/spaces?limit=1000`, demo.sandbox);
      expect(rows.map((row) => row[0])).toEqual(data.items.map((s: Space) => s.id));
    });
  });

  it('follows cursors across pages with --all, without duplicates', async () => {
    const all = await api.cli(['spaces', 'list', '--all', '--fields', 'id']);
    expect(all.code, all.stderr).toBe(0);
    const ids = lines(all.stdout);
    expect(ids.length).toBeGreaterThan(250);
    expect(new Set(ids).size).toBe(ids.length);
    // --limit larger than a page of the server still returns exactly that many
    const some = await api.cli(['spaces', 'list', '--limit', '120', '--fields', 'id']);
    expect(lines(some.stdout)).toEqual(ids.slice(0, 120));
  });

  it('pages of at most 1000: --all follows every cursor, --limit 1500 asks for 1000 then 500', async () => {
    await withTestApi({ spaces: 2500 }, async (big) => {
      const all = await big.cli(['spaces', 'list', '--all', '--fields', 'id']);
      expect(all.code, all.stderr).toBe(0);
      const ids = lines(all.stdout);
      expect(ids.length).toBeGreaterThan(2500);
      expect(new Set(ids).size).toBe(ids.length);
      expect(big.sandbox.requestCount).toBe(3);
      const some = await big.cli(['spaces', 'list', '--limit', '1500', '--fields', 'id', '--debug']);
      expect(lines(some.stdout)).toEqual(ids.slice(0, 1500));
      const asked = [...some.stderr.matchAll(/> GET \S+limit=(\d+)/g)].map((m) => m[1]);
      expect(asked).toEqual(['1000', '500']);
    });
  });

  it('starts from a cursor with --cursor', async () => {
    const first = await api.cli(['spaces', 'list', '--limit', '5', '--json']);
    const ids = JSON.parse(first.stdout).map((s: { id: string }) => s.id);
    const { data } = await fetchJson(`/orgs/${api.sandbox.defaultOrg}/spaces?limit=5`);
    const next = await api.cli(['spaces', 'list', '--limit', '5', '--cursor', data.next.page, '--fields', 'id']);
    const nextIds = lines(next.stdout);
    expect(nextIds).toHaveLength(5);
    expect(nextIds.some((id) => ids.includes(id))).toBe(false);
  });

  it('--json prints one array of API objects; --jsonl one object per line', async () => {
    const json = await api.cli(['spaces', 'list', '--limit', '3', '--json']);
    const arr = JSON.parse(json.stdout);
    expect(arr).toHaveLength(3);
    expect(arr[0].object).toBe('space');
    const jsonl = await api.cli(['spaces', 'list', '--limit', '3', '--jsonl']);
    const objs = lines(jsonl.stdout).map((l) => JSON.parse(l));
    expect(objs.map((o) => o.id)).toEqual(arr.map((o: { id: string }) => o.id));
  });

  it('--output csv has a header and quotes cells', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '2', '--output', 'csv', '--fields', 'id,title,urls.app']);
    const rows = lines(r.stdout);
    expect(rows[0]).toBe('ID,TITLE,urls.app');
    expect(rows).toHaveLength(3);
    const spaces = await listSpaces(2);
    expect(rows.slice(1)).toEqual(spaces.map((s) => `${s.id},${s.title},${s.urls.app}`));
    // a title with a comma and quotes is one quoted cell
    const created: Space = JSON.parse((await api.cli(['spaces', 'create', '--title', 'Q, "quoted"', '--json'])).stdout);
    const got = await api.cli(['spaces', 'get', created.id, '--output', 'csv', '--fields', 'id,title']);
    expect(got.stdout).toBe(`ID,Title\n${created.id},"Q, ""quoted"""\n`);
  });

  it('--fields selects dotted paths, in TSV and JSON', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '2', '--fields', 'id,urls.app']);
    const rows = tsv(r.stdout);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toHaveLength(2);
      expect(row[1]).toMatch(/^https?:\/\//);
    }
    const spaces = await listSpaces(2);
    expect(rows).toEqual(spaces.map((s) => [s.id, s.urls.app]));
    const j = await api.cli(['spaces', 'list', '--limit', '1', '--fields', 'id,urls.app', '--json']);
    const [item] = JSON.parse(j.stdout);
    expect(Object.keys(item).sort()).toEqual(['id', 'urls']);
    expect(Object.keys(item.urls)).toEqual(['app']);
  });

  it('--jq filters the JSON', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '4', '--jq', '.[].id']);
    expect(r.code, r.stderr).toBe(0);
    const ids = await spaceIds(4);
    expect(ids).toHaveLength(4);
    expect(lines(r.stdout)).toEqual(ids);
    const bad = await api.cli(['spaces', 'list', '--jq', '.[[']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --jq/);
  });

  it('lists a collection\'s spaces and a member\'s spaces', async () => {
    const cols = await api.cli(['collections', 'list', '--json']);
    const collections = JSON.parse(cols.stdout);
    let found = false;
    for (const c of collections) {
      const r = await api.cli(['spaces', 'list', '--collection', c.id, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const spaces = JSON.parse(r.stdout);
      for (const s of spaces) expect(s.parent).toBe(c.id);
      if (spaces.length) found = true;
    }
    expect(found).toBe(true);
    const user = await fetchJson('/user');
    const m = await api.cli(['spaces', 'list', '--member', user.data.id, '--json', '--limit', '5']);
    expect(m.code, m.stderr).toBe(0);
    const items = JSON.parse(m.stdout);
    expect(items.length).toBeGreaterThan(0);
    expect(items[0].space.object).toBe('space');
  });
});

describe('spaces get, create, update, duplicate', () => {
  it('creates, gets and updates a space', async () => {
    const created = await api.cli(['spaces', 'create', '--title', 'Runbooks', '--emoji', '📘', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const space = JSON.parse(created.stdout);
    expect(space.title).toBe('Runbooks');
    const got = await api.cli(['spaces', 'get', space.id, '--json']);
    expect(JSON.parse(got.stdout).id).toBe(space.id);
    const upd = await api.cli(['spaces', 'update', space.id, '--title', 'Runbooks v2', '--default-level', 'none', '--json']);
    expect(upd.code, upd.stderr).toBe(0);
    const updated = JSON.parse(upd.stdout);
    expect(updated.title).toBe('Runbooks v2');
    expect(updated.defaultLevel).toBeNull();
    const dup = await api.cli(['spaces', 'duplicate', space.id, '--json']);
    expect(dup.code, dup.stderr).toBe(0);
    expect(JSON.parse(dup.stdout).id).not.toBe(space.id);
  });

  it('a get piped prints one key<TAB>value line per detail field; --fields one line of values', async () => {
    const [id] = await spaceIds(1);
    const r = await api.cli(['spaces', 'get', id]);
    expect(r.code).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows[0]).toEqual(['id', id]);
    expect(rows.map((row) => row[0])).toEqual(['id', 'title', 'emoji', 'visibility', 'editMode', 'defaultLevel', 'organization', 'parent', 'comments', 'changeRequestsOpen', 'createdAt', 'updatedAt', 'deletedAt', 'urls.app']);
    expect(rows.every((row) => row.length === 2)).toBe(true);
    const f = await api.cli(['spaces', 'get', id, '--fields', 'id,title']);
    expect(tsv(f.stdout)).toEqual([[id, expect.any(String)]]);
  });

  it('a title of 50 characters is sent, 51 is refused before sending', async () => {
    const [id] = await spaceIds(1);
    const ok = await api.cli(['spaces', 'update', id, '--title', 'x'.repeat(50), '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    const before = api.sandbox.requestCount;
    const bad = await api.cli(['spaces', 'update', id, '--title', 'x'.repeat(51)]);
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual(['error: --title must be at most 50 characters (got 51 characters)']);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('refuses a bad enum and an update with nothing to change', async () => {
    const [id] = await spaceIds(1);
    const before = api.sandbox.requestCount;
    const r = await api.cli(['spaces', 'update', id, '--edit-mode', 'frozen']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--edit-mode must be one of live, locked/);
    const r2 = await api.cli(['spaces', 'update', id]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/nothing to change/);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('exits 3 on an unknown id', async () => {
    const r = await api.cli(['spaces', 'get', 'no-such-space']);
    expect(r.code).toBe(3);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: GET \/spaces\/no-such-space: 404/);
    expect(r.stdout).toBe('');
  });
});

describe('bulk verbs', () => {
  it('delete needs --yes without a terminal, then deletes; restore brings them back', async () => {
    const ids = (await spaceIds(200)).slice(150, 153);
    const noYes = await api.cli(['spaces', 'delete', ...ids]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);

    const del = await api.cli(['spaces', 'delete', ...ids, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stdout).toBe('');
    for (const id of ids) {
      const g = await api.cli(['spaces', 'get', id, '--json']);
      expect(JSON.parse(g.stdout).deletedAt).toBeTruthy();
    }
    const listed = await spaceIds('all');
    for (const id of ids) expect(listed).not.toContain(id);

    // a second delete is reported as such, not as a failure
    const again = await api.cli(['spaces', 'delete', ...ids, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/already deleted/);

    const restore = await api.cli(['spaces', 'restore', '-'], { input: ids.join('\n') + '\n' });
    expect(restore.code, restore.stderr).toBe(0);
    const rows = tsv(restore.stdout);
    expect(rows.map((r) => r[0]).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r[1] === 'ok')).toBe(true);
    expect(restore.stderr).toMatch(/restored 3 of 3/);

    const twice = await api.cli(['spaces', 'restore', ...ids]);
    expect(twice.code).toBe(0);
    expect(tsv(twice.stdout).every((r) => r[1] === 'skipped')).toBe(true);
  });

  it('exits 5 and names the failed ids when some fail', async () => {
    const [good] = await spaceIds(1);
    const r = await api.cli(['spaces', 'lock', good, 'missing-1', 'missing-2', '--json']);
    expect(r.code).toBe(5);
    const results = JSON.parse(r.stdout);
    expect(results.find((x: { id: string }) => x.id === good).result).toBe('ok');
    expect(results.filter((x: { result: string }) => x.result === 'failed').map((x: { id: string }) => x.id).sort()).toEqual(['missing-1', 'missing-2']);
    const err = JSON.parse(lines(r.stderr).at(-1)!);
    expect(err.error.exitCode).toBe(5);
    expect(err.error.failed.sort()).toEqual(['missing-1', 'missing-2']);
    const got = await api.cli(['spaces', 'get', good, '--json']);
    expect(JSON.parse(got.stdout).editMode).toBe('locked');
    const un = await api.cli(['spaces', 'unlock', good]);
    expect(un.code).toBe(0);
    expect(JSON.parse((await api.cli(['spaces', 'get', good, '--json'])).stdout).editMode).toBe('live');
  });

  it('a single id that fails exits with that failure\'s code', async () => {
    const r = await api.cli(['spaces', 'lock', 'missing-space']);
    expect(r.code).toBe(3);
    expect(tsv(r.stdout)).toEqual([['missing-space', 'failed', expect.stringMatching(/404/)]]);
    // lock reads the space first (a locked one is skipped): the read is what fails
    expect(lines(r.stderr).at(-1)).toMatch(/^error: GET \/spaces\/missing-space: 404/);
  });

  it('--dry-run prints the requests and sends none', async () => {
    const ids = await spaceIds(3);
    const before = api.sandbox.requestCount;
    const r = await api.cli(['spaces', 'delete', ...ids, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual(ids.map((id) => `DELETE ${api.sandbox.url}/spaces/${id}`));
    const t = await api.cli(['spaces', 'transfer', ...ids, '--to-org', 'other', '--dry-run']);
    expect(lines(t.stdout)[0]).toBe(`POST ${api.sandbox.url}/spaces/${ids[0]}/transfer {"organization":"other"}`);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('transfers spaces into an organization where the user is admin, and is refused (exit 5, 403) elsewhere', async () => {
    const orgs = JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout);
    const other = orgs.find((o: { id: string }) => o.id !== api.sandbox.defaultOrg);
    // The demo user only edits in the other organization: transferring into it is refused.
    const created = JSON.parse((await api.cli(['spaces', 'create', '--title', 'Moving out', '--json'])).stdout);
    const refused = await api.cli(['spaces', 'transfer', created.id, '--to-org', other.id]);
    expect(refused.code).toBe(4); // one id: the failure's own exit code (403)
    expect(refused.stdout).toMatch(/\tfailed\t.*403/);
    // ...but their spaces can come into the default organization, where the user is admin.
    const theirs = lines((await api.cli(['spaces', 'list', '--org', other.id, '--fields', 'id', '--limit', '2'])).stdout);
    expect(theirs.length).toBe(2);
    const r = await api.cli(['spaces', 'transfer', ...theirs, '--to-org', api.sandbox.defaultOrg!]);
    expect(r.code, r.stderr).toBe(0);
    for (const id of theirs) {
      const got = JSON.parse((await api.cli(['spaces', 'get', id, '--json'])).stdout);
      expect(got.organization).toBe(api.sandbox.defaultOrg);
    }
    const ours = await api.cli(['spaces', 'list', '--all', '--fields', 'id']);
    expect(lines(ours.stdout)).toEqual(expect.arrayContaining(theirs));
  });

  it('--concurrency is checked', async () => {
    const r = await api.cli(['spaces', 'restore', 'a', '--concurrency', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--concurrency must be a whole number from 1 to 64/);
  });
});

describe('spaces move', () => {
  it('moves a space into a collection before a sibling, and back to the root', async () => {
    const collections = JSON.parse((await api.cli(['collections', 'list', '--json'])).stdout);
    const target = collections[0];
    const members = JSON.parse((await api.cli(['spaces', 'list', '--collection', target.id, '--json'])).stdout);
    const created = JSON.parse((await api.cli(['spaces', 'create', '--title', 'Mover', '--json'])).stdout);
    const args = ['spaces', 'move', created.id, '--parent', target.id];
    if (members.length) args.push('--before', members[0].id);
    const r = await api.cli([...args, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).parent).toBe(target.id);
    const after = JSON.parse((await api.cli(['spaces', 'list', '--collection', target.id, '--json'])).stdout);
    expect(after[0].id).toBe(created.id);
    const root = await api.cli(['spaces', 'move', created.id, '--root', '--json']);
    expect(JSON.parse(root.stdout).parent).toBeUndefined();
    const bad = await api.cli(['spaces', 'move', created.id, '--root', '--parent', target.id]);
    expect(bad.code).toBe(2);
  });
});

describe('spaces links and search', () => {
  interface Link {
    status: string;
    targetReference: { url: string };
    locationReferences: { page: { title: string; path: string } }[];
  }

  it('lists links: each row has its status and target, and --status keeps exactly those links', async () => {
    // A space with broken links and others: the filter has something to keep and something to drop.
    let id: string | undefined;
    let all: Link[] = [];
    for (const candidate of await spaceIds(30)) {
      const r = await api.cli(['spaces', 'links', candidate, '--json']);
      expect(r.code, r.stderr).toBe(0);
      all = JSON.parse(r.stdout);
      const broken = all.filter((link) => link.status === 'broken').length;
      if (broken > 0 && broken < all.length) {
        id = candidate;
        break;
      }
    }
    expect(id).toBeDefined();
    // TSV: status, target (the URL), where it was found (page title and path): readable, not whole embedded objects
    const rows = tsv((await api.cli(['spaces', 'links', id!])).stdout);
    expect(rows.map((row) => [row[0], row[1]])).toEqual(all.map((link) => [link.status, link.targetReference.url]));
    for (const [row, link] of rows.map((r, i) => [r, all[i]] as const)) {
      expect(row).toHaveLength(3);
      expect(['ok', 'broken', 'in-app']).toContain(row[0]);
      expect(row[1]).toMatch(/^https:\/\/\S+$/);
      const page = link.locationReferences[0].page;
      expect(row[2]).toBe(`${page.title} (${page.path})${link.locationReferences.length > 1 ? ` +${link.locationReferences.length - 1} more` : ''}`);
    }
    const l = await api.cli(['spaces', 'links', id!, '--status', 'broken', '--json']);
    expect(l.code, l.stderr).toBe(0);
    expect(JSON.parse(l.stdout)).toEqual(all.filter((link) => link.status === 'broken'));
    const bad = await api.cli(['spaces', 'links', id!, '--status', 'dead']);
    expect(bad.code).toBe(2);
  });

  it('searches the content of a space', async () => {
    const [id] = await spaceIds(1);
    const s = await api.cli(['spaces', 'search', id, 'getting started', '--json', '--fields', 'title,path']);
    expect(s.code, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout)).toContainEqual({ title: 'Getting started', path: 'getting-started' });
    const none = await api.cli(['spaces', 'search', id, 'zebra', '--json']);
    expect(none.code, none.stderr).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual([]);
    const long = await api.cli(['spaces', 'search', id, 'q'.repeat(513)]);
    expect(long.code).toBe(2);
  });
});

async function fetchJson(path: string, sandbox: Sandbox = api.sandbox) {
  const res = await fetch(sandbox.url + path, { headers: { authorization: `Bearer ${sandbox.token}` } });
  return { status: res.status, data: await res.json() };
}

describe('a reader that goes away', () => {
  // A real shell pipeline: when head exits, the CLI's stdout is a broken pipe.
  const pipeToHead = async (env: NodeJS.ProcessEnv, args: string[], input = '') => {
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('../helpers.js');
    const quoted = [process.execPath, BIN, ...args].map((a) => `'${a}'`).join(' ');
    return new Promise<{ code: number | null; head: string; stderr: string }>((resolve) => {
      const sh = spawn('bash', ['-c', `set -o pipefail; ${quoted} | head -n 1`], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      let head = '';
      let stderr = '';
      sh.stdout.on('data', (d) => (head += d));
      sh.stderr.on('data', (d) => (stderr += d));
      sh.stdin.end(input);
      sh.on('close', (code) => resolve({ code, head, stderr }));
    });
  };

  it('`list --all | head -1` stops listing after the reader leaves', async () => {
    // 11 pages of 1000 to list; the reader leaves after the first line.
    await withTestApi({ spaces: 10_000 }, async (big) => {
      const listed = await pipeToHead(big.env(), ['spaces', 'list', '--all', '--fields', 'id', '--jsonl']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(lines(listed.head)).toHaveLength(1);
      expect(listed.stderr).toBe('');
      expect(big.sandbox.requestCount).toBeLessThanOrEqual(4);
    });
  });

  it('`restore - | head -1` still restores every id', async () => {
    const ids = lines((await api.cli(['spaces', 'list', '--limit', '60', '--fields', 'id'])).stdout).slice(40, 60);
    expect((await api.cli(['spaces', 'delete', '-', '--yes'], { input: ids.join('\n') })).code).toBe(0);
    const restored = await pipeToHead(api.env(), ['spaces', 'restore', '-', '--concurrency', '2'], ids.join('\n'));
    expect(restored.code, restored.stderr).toBe(0);
    expect(lines(restored.head)).toHaveLength(1);
    expect(restored.stderr).toMatch(/restored 20 of 20/);
    const all = new Set(lines((await api.cli(['spaces', 'list', '--all', '--fields', 'id'])).stdout));
    for (const id of ids) expect(all.has(id)).toBe(true);
  });
});
