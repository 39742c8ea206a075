// The core as a demanding user finds it (issue 8): each test reproduces one
// reported defect against the sandbox, and fails without its fix.
import { describe, expect, it } from 'vitest';
import { lines, tsv, until, useTestApi } from '../helpers.js';

const api = useTestApi({ spaces: 530 });

async function spaceIds(n: number): Promise<string[]> {
  const r = await api.cli(['spaces', 'list', '--limit', String(n), '--fields', 'id']);
  expect(r.code, r.stderr).toBe(0);
  return lines(r.stdout);
}

const HOSTILE = '\x1b]0;PWNED\x07\x1b[31mRED\x1b[0m\x1b[2J\nrow';

describe('API data never reaches the terminal raw (2)', () => {
  it('a table, a detail view and TSV show control characters escaped; JSON keeps them', async () => {
    const collection = await api.cli(['collections', 'create', '--title', 'Hostile', '--json']);
    const c = JSON.parse(collection.stdout).id;
    const created = await api.cli(['spaces', 'create', '--title', HOSTILE, '--collection', c, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id;
    const escaped = '\\x1b]0;PWNED\\x07\\x1b[31mRED\\x1b[0m\\x1b[2J\\nrow';
    const get = await api.cli(['spaces', 'get', id], { stdoutTTY: true });
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(get.stdout).toContain(escaped);
    const list = await api.cli(['spaces', 'list', '--collection', c], { stdoutTTY: true });
    expect(list.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    // one row per space: the newline in the title did not split the row
    const row = lines(list.stdout).filter((l) => l.startsWith(id));
    expect(row).toHaveLength(1);
    const piped = await api.cli(['spaces', 'get', id, '--fields', 'id,title']);
    expect(tsv(piped.stdout)).toEqual([[id, escaped]]);
    const json = await api.cli(['spaces', 'get', id, '--json']);
    expect(JSON.parse(json.stdout).title).toBe(HOSTILE);
  });
});

describe('bulk verbs (3, 4, 14, 15)', () => {
  it('on a terminal, every result is printed as it completes, with a progress line, none dropped', async () => {
    const ids = await spaceIds(520);
    const r = await api.cli(['spaces', 'lock', '-', '--concurrency', '16'], { input: ids.join('\n'), stdoutTTY: true, stderrTTY: true });
    expect(r.code, r.stderr).toBe(0);
    const results = lines(r.stdout);
    expect(results).toHaveLength(520);
    expect(new Set(results.map((l) => l.split(':')[0]))).toEqual(new Set(ids));
    expect(r.stderr).toMatch(/\d+\/520 done/);
    // the progress line is cleared before the summary
    expect(r.stderr).toMatch(/\r\x1b\[Klocked \d+ of 520(, \d+ skipped)?\n$/);
  });

  it('a re-run says skipped: lock of a locked space, transfer to its own organization', async () => {
    const ids = await spaceIds(3);
    expect((await api.cli(['spaces', 'unlock', ...ids])).code).toBe(0);
    expect((await api.cli(['spaces', 'lock', ids[0], ids[1]])).code).toBe(0);
    const again = await api.cli(['spaces', 'lock', ...ids]);
    expect(again.code, again.stderr).toBe(0);
    expect(tsv(again.stdout).map((row) => row.slice(1)).sort()).toEqual([
      ['ok', 'locked'],
      ['skipped', 'already locked'],
      ['skipped', 'already locked'],
    ]);
    expect(lines(again.stderr)).toEqual(['locked 1 of 3, 2 skipped']);
    expect((await api.cli(['spaces', 'unlock', ...ids])).code).toBe(0);
    const org = api.sandbox.defaultOrg!;
    const own = await api.cli(['spaces', 'transfer', ids[2], '--to-org', org]);
    expect(own.code, own.stderr).toBe(0);
    expect(tsv(own.stdout)).toEqual([[ids[2], 'skipped', `already in organization ${org}`]]);
  });

  it('one failing id is reported once, by the error line', async () => {
    const r = await api.cli(['spaces', 'restore', 'nope']);
    expect(r.code).toBe(3);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: POST \/spaces\/nope\/restore: 404/)]);
  });
});

describe('--cursor is given to the user (5)', () => {
  it('piped, a list cut by --limit prints the next cursor on stderr, and --cursor continues from it', async () => {
    const first = await api.cli(['spaces', 'list', '--limit', '2', '--fields', 'id']);
    const note = lines(first.stderr).find((l) => l.startsWith('next cursor: '));
    expect(note, first.stderr).toBeDefined();
    const cursor = note!.slice('next cursor: '.length);
    const json = await api.cli(['spaces', 'list', '--limit', '2', '--json']);
    expect(JSON.parse(json.stdout)).toHaveLength(2);
    expect(json.stderr).toContain(`next cursor: ${cursor}`);
    const next = await api.cli(['spaces', 'list', '--limit', '2', '--cursor', cursor, '--fields', 'id']);
    const all = await api.cli(['spaces', 'list', '--limit', '4', '--fields', 'id']);
    expect([...lines(first.stdout), ...lines(next.stdout)]).toEqual(lines(all.stdout));
    // the last page has no cursor to give
    const whole = await api.cli(['spaces', 'list', '--all', '--fields', 'id']);
    expect(whole.stderr).not.toMatch(/cursor/);
  });
});

describe('--fields (6)', () => {
  it('an unknown field is exit 2 before any request, naming it, with a suggestion and the known ones', async () => {
    const before = api.sandbox.requestCount;
    const r = await api.cli(['spaces', 'list', '--fields', 'nope,title']);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: --fields: unknown field "nope"; known: .*\btitle\b.*\beditMode\b/)]);
    const typo = await api.cli(['spaces', 'get', 'x', '--fields', 'titel']);
    expect(typo.stderr).toMatch(/unknown field "titel" \(did you mean "title"\?\)/);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('table headers are accepted as fields; nested paths of a known field too', async () => {
    const [id] = await spaceIds(1);
    const r = await api.cli(['spaces', 'get', id, '--fields', 'ID,Title,urls.app,URL']);
    expect(r.code, r.stderr).toBe(0);
    const [row] = tsv(r.stdout);
    expect(row[0]).toBe(id);
    expect(row[2]).toMatch(/^https:/);
    expect(row[3]).toBe(row[2]);
  });

  it('spaces list --member: items are {permission, space} and carry the space id as id, for --fields id and --jq', async () => {
    const users = await fetch(`${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/members?limit=5`, { headers: { authorization: `Bearer ${api.sandbox.token}` } });
    const { items } = (await users.json()) as { items: { user: { id: string } }[] };
    const user = items[0].user.id;
    const json = await api.cli(['spaces', 'list', '--member', user, '--json']);
    const spaces = JSON.parse(json.stdout) as { id: string; permission: string; space: { id: string } }[];
    expect(spaces.length).toBeGreaterThan(0);
    for (const s of spaces) expect(s.id).toBe(s.space.id);
    const ids = await api.cli(['spaces', 'list', '--member', user, '--fields', 'id']);
    expect(lines(ids.stdout)).toEqual(spaces.map((s) => s.space.id));
    const jq = await api.cli(['spaces', 'list', '--member', user, '--jq', '.[].id']);
    expect(lines(jq.stdout)).toEqual(spaces.map((s) => s.space.id));
    const nested = await api.cli(['spaces', 'list', '--member', user, '--fields', 'space.id,permission']);
    expect(tsv(nested.stdout)).toEqual(spaces.map((s) => [s.space.id, s.permission]));
  });
});

describe('empty values (7, 8)', () => {
  it.each([
    [['spaces', 'create', '--title', ''], '--title is empty'],
    [['spaces', 'create', '--title', '   '], '--title is blank'],
    [['collections', 'create', '--title', '  '], '--title is blank'],
    [['spaces', 'update', 'S', '--title', ''], '--title is empty'],
    [['spaces', 'get', 'S', '--share-key', ''], '--share-key is empty'],
  ])('docplat %j: exit 2, nothing sent', async (args, message) => {
    const before = api.sandbox.requestCount;
    const r = await api.cli(args);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([`error: ${message}`]);
    expect(api.sandbox.requestCount).toBe(before);
  });
});

describe('spaces links (10)', () => {
  it('a table row is short: status, target, where it was found', async () => {
    const ids = await spaceIds(20);
    for (const id of ids) {
      const r = await api.cli(['spaces', 'links', id], { stdoutTTY: true });
      if (!r.stdout.trim()) continue;
      for (const l of lines(r.stdout)) expect(l.length).toBeLessThanOrEqual(80);
      return;
    }
    throw new Error('no space with links');
  });
});

describe('output flags (16)', () => {
  it.each([
    [['--json', '--output', 'csv'], '--json and --output csv cannot be used together'],
    [['--json', '--jsonl'], '--json and --jsonl cannot be used together'],
    [['--jq', '.', '--output', 'tsv'], '--jq prints JSON: it cannot be used with --output tsv'],
  ])('%j is refused', async (flags, message) => {
    const r = await api.cli(['spaces', 'list', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it('--output table is honoured when piped', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '2', '--output', 'table']);
    expect(lines(r.stdout)[0]).toMatch(/^ID\s+TITLE\s+VISIBILITY/);
    expect(lines(r.stdout)).toHaveLength(3);
  });

  it('--dry-run --json prints the requests as JSON', async () => {
    const ids = await spaceIds(2);
    const r = await api.cli(['spaces', 'delete', ...ids, '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(ids.map((id) => ({ method: 'DELETE', url: `${api.sandbox.url}/spaces/${id}` })));
    const t = await api.cli(['spaces', 'update', ids[0], '--title', 'T', '--dry-run', '--jsonl']);
    expect(JSON.parse(lines(t.stdout)[0])).toEqual({ method: 'PATCH', url: `${api.sandbox.url}/spaces/${ids[0]}`, body: { title: 'T' } });
  });

  it('a --jq error on the data, after the requests, is exit 1 and does not say nothing was sent', async () => {
    const r = await api.cli(['spaces', 'list', '--limit', '2', '--jq', '.[] | .title | tonumber']);
    expect(r.code).toBe(1);
    expect(lines(r.stderr).at(-1)).toMatch(/^error: --jq failed on the data: /);
  });
});

describe('one object piped (expected)', () => {
  it('prints key<TAB>value lines', async () => {
    const [id] = await spaceIds(1);
    const r = await api.cli(['spaces', 'get', id]);
    const rows = tsv(r.stdout);
    expect(rows.find((row) => row[0] === 'id')).toEqual(['id', id]);
    expect(rows.find((row) => row[0] === 'urls.app')![1]).toMatch(/^https:/);
  });
});

describe('`-` on a terminal (9)', () => {
  it('spaces delete - says stdin is a terminal, before any prompt', async () => {
    const r = await api.cli(['spaces', 'delete', '-'], { stdinTTY: true, stderrTTY: true });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(['error: "-" reads space ids from stdin, but stdin is a terminal: pipe them in']);
  });
});

describe('ids as app URLs, and --web (expected)', () => {
  it('an app URL is accepted where an id is asked for: arguments, id flags, ids from stdin', async () => {
    const [id] = await spaceIds(1);
    const space = JSON.parse((await api.cli(['spaces', 'get', id, '--json'])).stdout);
    const byUrl = await api.cli(['spaces', 'get', space.urls.app, '--fields', 'id']);
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(lines(byUrl.stdout)).toEqual([id]);
    const collection = JSON.parse((await api.cli(['collections', 'create', '--title', 'By URL', '--json'])).stdout);
    const created = await api.cli(['spaces', 'create', '--title', 'In it', '--collection', collection.urls.app, '--json']);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).parent).toBe(collection.id);
    const dry = await api.cli(['spaces', 'delete', '-', '--dry-run'], { input: `${space.urls.app}\n${id}\n` });
    expect(lines(dry.stdout)).toEqual([`DELETE ${api.sandbox.url}/spaces/${id}`]);
    const wrong = await api.cli(['spaces', 'get', collection.urls.app]);
    expect(wrong.code).toBe(2);
    expect(lines(wrong.stderr)).toEqual([`error: "${collection.urls.app}" is not the app URL of a space (expected …/s/<id>/)`]);
  });

  it('--web opens urls.app with $BROWSER, and prints it under CI', async () => {
    const [id] = await spaceIds(1);
    const space = JSON.parse((await api.cli(['spaces', 'get', id, '--json'])).stdout);
    const ci = await api.cli(['spaces', 'get', id, '--web'], { env: { CI: 'true' } });
    expect(ci.code, ci.stderr).toBe(0);
    expect(ci.stdout).toBe(`${space.urls.app}\n`);
    const { existsSync, mkdtempSync, readFileSync, writeFileSync, chmodSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'docplat-web-'));
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\necho "$1" > "${join(dir, 'opened')}"\n`);
    chmodSync(browser, 0o755);
    const opened = await api.cli(['spaces', 'get', id, '--web'], { env: { BROWSER: browser, CI: '' } });
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.stderr).toContain(`Opening ${space.urls.app} in your browser.`);
    await until(() => existsSync(join(dir, 'opened')) && readFileSync(join(dir, 'opened'), 'utf8').endsWith('\n'));
    expect(readFileSync(join(dir, 'opened'), 'utf8').trim()).toBe(space.urls.app);
  });
});

describe('error lines (2)', () => {
  it('an API error message with control characters is shown escaped', async () => {
    const r = await api.cli(['spaces', 'get', 'no\x1b[2Jpe']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\x1b/);
    expect(r.stderr).toContain('\\x1b[2J');
  });
});

describe('`-` with nothing on stdin', () => {
  it('is nothing to do, exit 0, for every bulk verb: the second run of a pipe that found nothing', async () => {
    for (const args of [['spaces', 'lock', '-'], ['spaces', 'delete', '-', '--yes'], ['members', 'update', '-', '--role', 'read'], ['teams', 'add', 'T', '-'], ['comments', 'resolve', 'S', '-']]) {
      const before = api.sandbox.requestCount;
      const r = await api.cli(args, { input: '\n  \n' });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/^nothing to do: no (space|member|user|comment) ids on stdin$/)]);
      // only what a command reads before its ids (the team's members) may be asked for
      expect(api.sandbox.requestCount - before).toBeLessThanOrEqual(0);
    }
  });
});
