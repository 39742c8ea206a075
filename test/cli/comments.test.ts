// Comments and replies through the CLI (in this process) against the
// sandbox, on a space and on a change request; the bulk pipe runs the built
// CLI under a real shell.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, lines, runInProcess, setFaults, tempDir, tsv, useTestApi } from '../helpers.js';

const api = useTestApi();

interface Comment {
  id: string;
  status: string;
  replies: number;
  body: { markdown?: string; document?: unknown };
  postedBy: { id: string; displayName: string };
  target: { page?: { id: string; title: string; path: string }; changeRequest?: string; node?: { id: string } };
  reactions: { emoji: string; count: number; users: { user: { id: string } }[] }[];
}

let GS = ''; // Getting Started (Acme: the caller is admin)
let GLOBEX = ''; // Globex Docs (Globex: the caller is an editor)
let ME = '';

async function ok(args: string[], input?: string) {
  const r = await api.cli(args, { input });
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}
/** On a terminal, where a table is the default. */
const onTerminal = (args: string[]) => runInProcess(args, { env: api.env(), stdoutTTY: true });
const json = async <T = Comment>(args: string[], input?: string): Promise<T> => JSON.parse((await ok([...args, '--json'], input)).stdout);

async function spaceId(title: string, org?: string): Promise<string> {
  const r = await ok(['spaces', 'list', ...(org ? ['--org', org] : []), '--jq', `.[] | select(.title == "${title}") | .id`]);
  return r.stdout.trim();
}

/** A fresh comment of the caller's. */
const mine = (body: string, ...more: string[]) => json(['comments', 'create', GS, '--body', body, ...more]);

beforeAll(async () => {
  GS = await spaceId('Getting Started');
  const orgs = await json<{ id: string; title: string }[]>(['orgs', 'list']);
  GLOBEX = await spaceId('Globex Docs', orgs.find((o) => o.title === 'Globex')!.id);
  ME = (await json<{ id: string; postedBy: { id: string } }>(['comments', 'create', GS, '--body', 'who am I'])).postedBy.id;
});

describe('comments list', () => {
  it('prints TSV when piped: id, author, status, page title, replies, age, first line of the body; newest first', async () => {
    const items = await json<Comment[]>(['comments', 'list', GS]);
    const rows = tsv((await ok(['comments', 'list', GS])).stdout);
    expect(rows.length).toBe(items.length);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const [i, row] of rows.entries()) {
      const c = items[i];
      expect(row.slice(0, 5)).toEqual([c.id, c.postedBy.displayName, c.status, c.target.page?.title ?? '', String(c.replies)]);
      expect(row[5]).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    const times = items.map((c) => (c as unknown as { postedAt: string }).postedAt);
    expect(times).toEqual([...times].sort().reverse());
    const asc = await json<Comment[]>(['comments', 'list', GS, '--order', 'asc']);
    expect(asc.map((c) => c.id)).toEqual(items.map((c) => c.id).reverse());
  });

  it('a table shows a header and only the first line of a body; JSON has the Markdown bodies', async () => {
    const c = await mine('Line one\n\nline two');
    const table = await onTerminal(['comments', 'list', GS]);
    expect(lines(table.stdout)[0]).toMatch(/^ID\s+AUTHOR\s+STATUS\s+PAGE\s+REPLIES\s+POSTED\s+BODY$/);
    const row = lines(table.stdout).find((l) => l.startsWith(c.id))!;
    expect(row).toMatch(/just now\s+Line one$/);
    expect(table.stdout).not.toContain('line two');
    const listed = await json<Comment[]>(['comments', 'list', GS]);
    expect(listed.find((x) => x.id === c.id)!.body).toEqual({ markdown: 'Line one\n\nline two' });
    const doc = await json<Comment[]>(['comments', 'list', GS, '--format', 'document']);
    expect(doc.find((x) => x.id === c.id)!.body.document).toMatchObject({ object: 'document' });
    const jsonl = lines((await ok(['comments', 'list', GS, '--jsonl'])).stdout);
    expect(jsonl.map((l) => JSON.parse(l).id)).toEqual(listed.map((x) => x.id));
  });

  it('at 80 columns the table fits and the age is whole and short ("2y ago"), never cut; TSV keeps the ISO time', async () => {
    const table = await onTerminal(['comments', 'list', GS, '--order', 'asc']);
    const rows = lines(table.stdout.replace(/\x1b\[[0-9;]*m/g, ''));
    for (const row of rows) expect(row.length, row).toBeLessThanOrEqual(80);
    const age = rows[0].search(/\bPOSTED\b/);
    expect(rows[1].slice(age).split(/\s{2,}/)[0]).toMatch(/^\d+(y|mo|w|d|h|m) ago$/);
    const piped = tsv((await ok(['comments', 'list', GS, '--order', 'asc'])).stdout);
    expect(piped[0][5]).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('--status, --page-id, --author (repeated), --limit and --all', async () => {
    const all = await json<Comment[]>(['comments', 'list', GS]);
    const open = await json<Comment[]>(['comments', 'list', GS, '--status', 'open']);
    const resolved = await json<Comment[]>(['comments', 'list', GS, '--status', 'resolved']);
    expect(open.every((c) => c.status === 'open') && resolved.every((c) => c.status === 'resolved')).toBe(true);
    expect(open.length + resolved.length).toBe(all.length);
    expect(resolved.length).toBeGreaterThan(0);
    const page = all.find((c) => c.target.page)!.target.page!.id;
    const onPage = await json<Comment[]>(['comments', 'list', GS, '--page-id', page]);
    expect(onPage.length).toBeGreaterThan(0);
    expect(onPage.every((c) => c.target.page?.id === page)).toBe(true);
    const authors = [...new Set(all.map((c) => c.postedBy.id))].slice(0, 2);
    const dry = await ok(['comments', 'list', GS, '--author', authors[0], '--author', authors[1], '--dry-run']);
    expect(dry.stdout).toContain(`authors=${authors[0]}&authors=${authors[1]}`);
    const two = await json<Comment[]>(['comments', 'list', GS, '--author', authors[0], '--author', authors[1]]);
    expect(new Set(two.map((c) => c.postedBy.id))).toEqual(new Set(authors));
    expect(two.length).toBe(all.filter((c) => authors.includes(c.postedBy.id)).length);
    expect(await json<Comment[]>(['comments', 'list', GS, '--limit', '2'])).toHaveLength(2);
    expect((await json<Comment[]>(['comments', 'list', GS, '--all'])).map((c) => c.id)).toEqual(all.map((c) => c.id));
  });

  it('every list flag on a change request: --status, --page-id, --author, --order, --format, --limit', async () => {
    const cr = ['--change-request', '1'];
    const a = await json(['comments', 'create', GS, ...cr, '--body', 'cr a', '--page', 'faq']);
    const b = await json(['comments', 'create', GS, ...cr, '--body', 'cr b', '--page', 'faq']);
    await ok(['comments', 'resolve', GS, b.id, ...cr]);
    const ids = async (...more: string[]) => (await json<Comment[]>(['comments', 'list', GS, ...cr, ...more])).map((c) => c.id);
    expect(await ids('--status', 'open', '--page-id', a.target.page!.id)).toEqual([a.id]);
    expect(await ids('--status', 'resolved', '--page-id', a.target.page!.id)).toEqual([b.id]);
    expect(await ids('--page-id', a.target.page!.id, '--order', 'asc')).toEqual([a.id, b.id]);
    expect(await ids('--page-id', a.target.page!.id, '--author', ME, '--limit', '1')).toEqual([b.id]);
    const all = await json<Comment[]>(['comments', 'list', GS, ...cr]);
    const other = all.find((c) => c.postedBy.id !== ME)!;
    expect(await ids('--author', other.postedBy.id)).toEqual(all.filter((c) => c.postedBy.id === other.postedBy.id).map((c) => c.id));
    const doc = await json<Comment[]>(['comments', 'list', GS, ...cr, '--format', 'document', '--page-id', a.target.page!.id]);
    expect(doc.every((c) => c.body.document !== undefined)).toBe(true);
    expect(await json(['comments', 'get', GS, a.id, ...cr, '--format', 'document'])).toMatchObject({ body: { document: { object: 'document' } } });
  });

  it('--change-request lists the change request’s comments only, by number or id', async () => {
    const onCr = await json<Comment[]>(['comments', 'list', GS, '--change-request', '1']);
    expect(onCr.length).toBeGreaterThan(0);
    const cr = onCr[0].target.changeRequest!;
    expect(onCr.every((c) => c.target.changeRequest === cr)).toBe(true);
    expect((await json<Comment[]>(['comments', 'list', GS, '--change-request', cr])).map((c) => c.id)).toEqual(onCr.map((c) => c.id));
    const onSpace = await json<Comment[]>(['comments', 'list', GS]);
    expect(onSpace.some((c) => c.target.changeRequest)).toBe(false);
    const missing = await api.cli(['comments', 'list', GS, '--change-request', '999']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/No change request 999/);
  });
});

describe('output modes', () => {
  it('csv has a header; --fields picks columns; --jsonl and --jq on a get; on a change request too', async () => {
    for (const cr of [[], ['--change-request', '1']]) {
      const c = await json(['comments', 'create', GS, ...cr, '--body', 'modes']);
      const csv = lines((await ok(['comments', 'list', GS, ...cr, '--output', 'csv'])).stdout);
      expect(csv[0]).toBe('ID,AUTHOR,STATUS,PAGE,REPLIES,POSTED,BODY');
      expect(csv.some((l) => l.startsWith(`${c.id},Dana Demo,open,`))).toBe(true);
      expect(tsv((await ok(['comments', 'list', GS, ...cr, '--fields', 'id,status'])).stdout)).toContainEqual([c.id, 'open']);
      expect(JSON.parse((await ok(['comments', 'get', GS, c.id, ...cr, '--jsonl'])).stdout).id).toBe(c.id);
      expect((await ok(['comments', 'get', GS, c.id, ...cr, '--jq', '.body.markdown'])).stdout).toBe('modes\n');
      expect(lines((await ok(['replies', 'list', GS, c.id, ...cr, '--output', 'csv'])).stdout)).toEqual(['ID,AUTHOR,POSTED,BODY']);
      expect(tsv((await ok(['comments', 'resolve', GS, c.id, ...cr])).stdout)).toEqual([[c.id, 'ok', 'resolved']]);
      expect(JSON.parse((await ok(['comments', 'reopen', GS, c.id, ...cr, '--json'])).stdout)).toEqual([{ id: c.id, result: 'ok', message: 'reopened', status: 200 }]);
      expect((await json(['comments', 'get', GS, c.id, ...cr])).status).toBe('open');
    }
  });
});

describe('comments get, create, update', () => {
  it('get prints the detail fields in TSV, the object in JSON; unknown ids exit 3', async () => {
    const c = await mine('Detail');
    const r = await ok(['comments', 'get', GS, c.id]);
    expect(r.stdout.split('\n')[0]).toBe(`id\t${c.id}`);
    expect(r.stdout).toContain('Detail');
    expect((await json(['comments', 'get', GS, c.id])).body).toEqual({ markdown: 'Detail' });
    expect(((await json(['comments', 'get', GS, c.id, '--format', 'document'])).body.document as { object: string }).object).toBe('document');
    const table = await onTerminal(['comments', 'get', GS, c.id]);
    expect(table.stdout).toMatch(/^ID\s+/);
    expect(table.stdout).toMatch(/Author\s+Dana Demo/);
    const missing = await api.cli(['comments', 'get', GS, 'nosuch']);
    expect(missing.code).toBe(3);
    expect(lines(missing.stderr)).toHaveLength(1);
  });

  it('create sends the Markdown body variant, with --page (id) and --node; --dry-run sends nothing', async () => {
    const page = (await json<Comment[]>(['comments', 'list', GS])).find((c) => c.target.page)!.target.page!;
    const before = api.sandbox.requestCount;
    const dry = await ok(['comments', 'create', GS, '--body', 'Hi', '--page', page.id, '--node', 'nd1', '--dry-run']);
    expect(dry.stdout.trim()).toBe(`POST ${api.sandbox.url}/spaces/${GS}/comments {"body":{"markdown":"Hi"},"page":"${page.id}","node":"nd1"}`);
    expect(api.sandbox.requestCount).toBe(before);
    const c = await json(['comments', 'create', GS, '--body', 'Hi', '--page', page.id, '--node', 'nd1']);
    expect(c).toMatchObject({ status: 'open', body: { markdown: 'Hi' }, target: { page: { id: page.id }, node: { id: 'nd1' } } });
  });

  it('--page takes a page path, resolved through the page tree (of the change request with --change-request)', async () => {
    const c = await json(['comments', 'create', GS, '--body', 'On a path', '--page', 'guides/authentication']);
    expect(c.target.page).toMatchObject({ path: 'guides/authentication', title: 'Authentication' });
    expect((await json(['comments', 'create', GS, '--body', 'Slashes', '--page', '/guides/authentication/'])).target.page!.id).toBe(c.target.page!.id);
    const byId = await json(['comments', 'create', GS, '--body', 'By id', '--page', c.target.page!.id]);
    expect(byId.target.page!.path).toBe('guides/authentication');
    const onCr = await json(['comments', 'create', GS, '--change-request', '1', '--body', 'CR page', '--page', 'faq']);
    expect(onCr.target).toMatchObject({ changeRequest: expect.any(String), page: { path: 'faq' } });
    const before = api.sandbox.requestCount;
    const missing = await api.cli(['comments', 'create', GS, '--body', 'x', '--page', 'no/such/page']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/no page with id or path "no\/such\/page" in space/);
    expect(api.sandbox.requestCount - before).toBe(1); // the tree was read; nothing was posted
  });

  it('create reads the body from a file or from stdin (-), trailing white space dropped', async () => {
    const file = join(tempDir(), 'note.md');
    writeFileSync(file, '# Title\n\nFrom a *file*.\n\n');
    expect((await json(['comments', 'create', GS, '--body-file', file])).body.markdown).toBe('# Title\n\nFrom a *file*.');
    expect((await json(['comments', 'create', GS, '--body-file', '-'], 'From stdin\n')).body.markdown).toBe('From stdin');
  });

  it('create on a change request', async () => {
    const c = await json(['comments', 'create', GS, '--change-request', '1', '--body', 'In the CR']);
    expect(c.target.changeRequest).toBeDefined();
    const onCr = await json<Comment[]>(['comments', 'list', GS, '--change-request', '1']);
    expect(onCr.map((x) => x.id)).toContain(c.id);
    expect((await json<Comment[]>(['comments', 'list', GS])).map((x) => x.id)).not.toContain(c.id);
    expect((await json(['comments', 'get', GS, c.id, '--change-request', '1'])).id).toBe(c.id);
    expect((await api.cli(['comments', 'get', GS, c.id])).code).toBe(3);
  });

  it('update changes your own body; someone else’s exits 4 and changes nothing', async () => {
    const c = await mine('Before');
    expect((await json(['comments', 'update', GS, c.id, '--body', 'After'])).body.markdown).toBe('After');
    expect((await json(['comments', 'update', GS, c.id, '--body-file', '-'], 'Piped\n')).body.markdown).toBe('Piped');
    const theirs = (await json<Comment[]>(['comments', 'list', GS])).find((x) => x.postedBy.id !== ME)!;
    const r = await api.cli(['comments', 'update', GS, theirs.id, '--body', 'Mine now']);
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/Only the author/);
    expect((await json(['comments', 'get', GS, theirs.id])).body.markdown).toBe(theirs.body.markdown);
    const cr = await json(['comments', 'create', GS, '--change-request', '1', '--body', 'v1']);
    expect((await json(['comments', 'update', GS, cr.id, '--change-request', '1', '--body', 'v2'])).body.markdown).toBe('v2');
  });
});

describe('resolve, reopen, react, delete', () => {
  it('list --jq into resolve - (a real pipe); a second run skips them as already resolved; reopen', async () => {
    const page = (await json<Comment[]>(['comments', 'list', GS])).find((c) => c.target.page)!.target.page!;
    const made = [await mine('a', '--page', page.id), await mine('b', '--page', page.id)];
    const pipe = `${process.execPath} ${BIN} comments list ${GS} --status open --page-id ${page.id} --jq '.[].id' | ${process.execPath} ${BIN} comments resolve ${GS} -`;
    const run = () =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const sh = spawn('bash', ['-c', `set -o pipefail; ${pipe}`], { env: api.env() });
        let stdout = '';
        let stderr = '';
        sh.stdout.on('data', (d) => (stdout += d));
        sh.stderr.on('data', (d) => (stderr += d));
        sh.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    const first = await run();
    expect(first.code, first.stderr).toBe(0);
    const rows = tsv(first.stdout);
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(made.map((c) => c.id)));
    expect(rows.every((r) => r[1] === 'ok' && r[2] === 'resolved')).toBe(true);
    expect(first.stderr).toMatch(/^resolved (\d+) of \1$/m);
    expect(await json<Comment[]>(['comments', 'list', GS, '--status', 'open', '--page-id', page.id])).toEqual([]);
    const again = await ok(['comments', 'resolve', GS, ...made.map((c) => c.id)]);
    expect(tsv(again.stdout)).toEqual(made.map((c) => [c.id, 'skipped', 'already resolved']));
    expect(again.stderr).toMatch(/resolved 0 of 2, 2 skipped/);
    const reopened = await ok(['comments', 'reopen', GS, made[0].id]);
    expect(tsv(reopened.stdout)).toEqual([[made[0].id, 'ok', 'reopened']]);
    expect((await json(['comments', 'get', GS, made[0].id])).status).toBe('open');
    expect(tsv((await ok(['comments', 'reopen', GS, made[0].id])).stdout)).toEqual([[made[0].id, 'skipped', 'already open']]);
  });

  it('resolve: --dry-run prints the PUTs; an unknown id among others exits 5; --change-request', async () => {
    const c = await mine('dry');
    const dry = await ok(['comments', 'resolve', GS, c.id, 'other', '--dry-run']);
    expect(lines(dry.stdout)).toEqual([
      `PUT ${api.sandbox.url}/spaces/${GS}/comments/${c.id} {"resolved":true}`,
      `PUT ${api.sandbox.url}/spaces/${GS}/comments/other {"resolved":true}`,
    ]);
    const r = await api.cli(['comments', 'resolve', GS, c.id, 'nosuch', '--concurrency', '1']);
    expect(r.code).toBe(5);
    expect(tsv(r.stdout)).toEqual([
      [c.id, 'ok', 'resolved'],
      ['nosuch', 'failed', expect.stringMatching(/No comment with id nosuch/)],
    ]);
    const cr = await json(['comments', 'create', GS, '--change-request', '1', '--body', 'cr']);
    expect(tsv((await ok(['comments', 'resolve', GS, cr.id, '--change-request', '1'])).stdout)).toEqual([[cr.id, 'ok', 'resolved']]);
    expect((await json(['comments', 'get', GS, cr.id, '--change-request', '1'])).status).toBe('resolved');
  });

  it('react adds, --remove removes; twice is not an error', async () => {
    const c = await mine('react to me');
    for (let i = 0; i < 2; i++) {
      const r = await json(['comments', 'react', GS, c.id, '👍']);
      expect(r.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 1 })]);
    }
    const dry = await ok(['comments', 'react', GS, c.id, '🎉', '--remove', '--dry-run']);
    expect(dry.stdout.trim()).toBe(`PUT ${api.sandbox.url}/spaces/${GS}/comments/${c.id} {"removedReactions":["🎉"]}`);
    for (let i = 0; i < 2; i++) expect((await json(['comments', 'react', GS, c.id, '👍', '--remove'])).reactions).toEqual([]);
    const cr = await json(['comments', 'create', GS, '--change-request', '1', '--body', 'cr']);
    expect((await json(['comments', 'react', GS, cr.id, '🚀', '--change-request', '1'])).reactions[0].emoji).toBe('🚀');
  });

  it('react refuses what is not an emoji before anything is sent (exit 2), for comments and replies; codepoints are emoji', async () => {
    const c = await mine('react with words');
    const before = api.sandbox.requestCount;
    const cases: [string[], string][] = [
      [['comments', 'react', GS, c.id, 'notanemoji'], 'notanemoji'],
      [['comments', 'react', GS, c.id, 'notanemoji', '--remove'], 'notanemoji'],
      [['replies', 'react', GS, c.id, 'r1', ':tada:'], ':tada:'],
    ];
    for (const [args, word] of cases) {
      const r = await api.cli(args);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toEqual([`error: emoji must be an emoji (🎉) or its Unicode codepoints (1f389) (got "${word}")`]);
    }
    expect(api.sandbox.requestCount).toBe(before);
    expect((await json(['comments', 'react', GS, c.id, '1f389'])).reactions).toEqual([expect.objectContaining({ emoji: '1f389', count: 1 })]);
    // The sandbox refuses it too, as the platform's description does, when the CLI is bypassed.
    const raw = await api.cli(['api', '-X', 'PUT', `/spaces/${GS}/comments/${c.id}`, '--input', '-'], { input: '{"addedReactions":["notanemoji"]}' });
    expect(raw.code).toBe(1);
    expect(raw.stderr).toMatch(/400 The field "addedReactions\.0" must be an emoji/);
  });

  it('delete asks for --yes without a terminal; deletes; again: skipped; someone else’s as a non-admin exits 4', async () => {
    const [a, b] = [await mine('del a'), await mine('del b')];
    const noYes = await api.cli(['comments', 'delete', GS, a.id]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);
    const del = await api.cli(['comments', 'delete', GS, '-', '--yes'], { input: `${a.id}\n${b.id}\n` });
    expect(del.code, del.stderr).toBe(0);
    expect(del.stdout).toBe('');
    expect((await api.cli(['comments', 'get', GS, a.id])).code).toBe(3);
    const again = await api.cli(['comments', 'delete', GS, a.id, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/skipped \(not found: already deleted, or never existed\)/);
    // An admin deletes anyone's comment.
    const theirs = (await json<Comment[]>(['comments', 'list', GS])).find((x) => x.postedBy.id !== ME && x.replies === 0)!;
    expect((await api.cli(['comments', 'delete', GS, theirs.id, '--yes'])).code).toBe(0);
    // In Globex the caller is an editor: the admin's comment stays.
    const hank = (await json<Comment[]>(['comments', 'list', GLOBEX]))[0];
    const refused = await api.cli(['comments', 'delete', GLOBEX, hank.id, '--yes']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/Only the author of comment .* or an admin/);
    const cr = await json(['comments', 'create', GS, '--change-request', '1', '--body', 'cr']);
    expect((await api.cli(['comments', 'delete', GS, cr.id, '--change-request', '1', '--yes'])).code).toBe(0);
  });
});

describe('replies', () => {
  it.each([[[]], [['--change-request', '1']]])('list, get, create, update and react %j', async (cr: string[]) => {
    const c = await json(['comments', 'create', GS, ...cr, '--body', 'topic']);
    const r1 = await json(['replies', 'create', GS, c.id, ...cr, '--body', 'first']);
    const r2 = await json(['replies', 'create', GS, c.id, ...cr, '--body-file', '-'], 'second\n');
    expect([r1.body.markdown, r2.body.markdown]).toEqual(['first', 'second']);
    expect((await json(['comments', 'get', GS, c.id, ...cr])).replies).toBe(2);
    const rows = tsv((await ok(['replies', 'list', GS, c.id, ...cr])).stdout);
    expect(rows.map((r) => [r[0], r[1], r[3]])).toEqual([
      [r1.id, 'Dana Demo', 'first'],
      [r2.id, 'Dana Demo', 'second'],
    ]);
    expect((await json(['replies', 'get', GS, c.id, r1.id, ...cr])).body).toEqual({ markdown: 'first' });
    expect((await json(['replies', 'update', GS, c.id, r1.id, ...cr, '--body', 'edited'])).body.markdown).toBe('edited');
    expect((await json(['replies', 'react', GS, c.id, r1.id, '👀', ...cr])).reactions[0]).toMatchObject({ emoji: '👀', count: 1 });
    expect((await json(['replies', 'react', GS, c.id, r1.id, '👀', '--remove', ...cr])).reactions).toEqual([]);
    expect((await api.cli(['replies', 'get', GS, c.id, 'nosuch', ...cr])).code).toBe(3);
  });

  it('editing someone else’s reply exits 4', async () => {
    let found: { comment: string; reply: string } | undefined;
    for (const c of (await json<Comment[]>(['comments', 'list', GS])).filter((x) => x.replies > 0)) {
      const theirs = (await json<{ id: string; postedBy: { id: string } }[]>(['replies', 'list', GS, c.id])).find((r) => r.postedBy.id !== ME);
      if (theirs) found ??= { comment: c.id, reply: theirs.id };
    }
    const withReplies = { id: found!.comment };
    const theirs = { id: found!.reply };
    const r = await api.cli(['replies', 'update', GS, withReplies.id, theirs.id, '--body', 'x']);
    expect(r.code).toBe(4);
  });
});

describe('what is sent again', () => {
  const faults = (spec: string) => setFaults(api, spec);

  it('a comment or reply create is not resent after an unknown outcome; a PUT update is', async () => {
    const c = await mine('retry');
    try {
      await faults('reset=1');
      for (const args of [['comments', 'create', GS, '--body', 'x'], ['replies', 'create', GS, c.id, '--body', 'x']]) {
        const before = api.sandbox.requestCount;
        const r = await api.cli([...args, '--retries', '2']);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/outcome unknown/);
        expect(api.sandbox.requestCount - before).toBe(1);
      }
      const before = api.sandbox.requestCount;
      const r = await api.cli(['comments', 'update', GS, c.id, '--body', 'y', '--retries', '2']);
      expect(r.code).toBe(1);
      expect(api.sandbox.requestCount - before).toBe(3);
    } finally {
      await faults('');
    }
  });
});

describe('replies delete (public OpenAPI description 0.202.0)', () => {
  it.each([[[]], [['--change-request', '1']]])('deletes replies, a second run skips them %j', async (cr: string[]) => {
    const c = await json(['comments', 'create', GS, ...cr, '--body', 'to prune']);
    const r1 = await json<{ id: string }>(['replies', 'create', GS, c.id, ...cr, '--body', 'one']);
    const r2 = await json<{ id: string }>(['replies', 'create', GS, c.id, ...cr, '--body', 'two']);
    const del = await ok(['replies', 'delete', GS, c.id, r1.id, r2.id, ...cr, '--yes']);
    expect(del.stderr).toMatch(/deleted 2 of 2/);
    expect((await json(['comments', 'get', GS, c.id, ...cr])).replies).toBe(0);
    const again = await ok(['replies', 'delete', GS, c.id, r1.id, ...cr, '--yes']);
    expect(again.stderr).toMatch(/skipped \(not found: already deleted, or never existed\)/);
    // As every bulk delete: an id that is not there is a skip, so a re-run is safe.
    expect((await ok(['replies', 'delete', GS, c.id, 'nosuch', ...cr, '--yes'])).stderr).toMatch(/nosuch: skipped \(not found/);
  });

  it('asks before deleting, and refuses without --yes when no one can be asked', async () => {
    const c = await json(['comments', 'create', GS, '--body', 'keep']);
    const r = await json<{ id: string }>(['replies', 'create', GS, c.id, '--body', 'keep me']);
    const refused = await api.cli(['replies', 'delete', GS, c.id, r.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    expect((await json(['comments', 'get', GS, c.id])).replies).toBe(1);
  });
});
