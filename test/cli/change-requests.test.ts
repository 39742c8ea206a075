// change-requests through the CLI (in this process) against the sandbox:
// list (status filter, output modes), get by number, id and app URL,
// create, update, changes, merge (exit 0; conflicts exit 1 naming the pages,
// the change request left open; a dry run sends nothing), and the issue 21
// path: every change request a space's counters announce can be exported.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lines, tempDir, tsv, useTestApi, withTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function ok(t: TestApi, args: string[], input?: string): Promise<string> {
  const r = await t.cli(args, { input });
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}
const json = async (t: TestApi, args: string[]) => JSON.parse(await ok(t, [...args, '--json']));

async function spaceId(t: TestApi, title: string): Promise<string> {
  return (await json(t, ['spaces', 'list', '--all'])).find((s: { title: string }) => s.title === title).id;
}

/** Sends a batch of content changes to a change request, as `content push` will (straight to the sandbox). */
async function edit(t: TestApi, space: string, cr: string | number, changes: unknown[]): Promise<void> {
  const res = await fetch(`${t.sandbox.url}/spaces/${space}/change-requests/${cr}/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function pageId(t: TestApi, space: string, path: string): Promise<string> {
  const res = await fetch(`${t.sandbox.url}/spaces/${space}/content/pages`, { headers: { authorization: `Bearer ${t.sandbox.token}` } });
  const walk = (pages: { id: string; path?: string; pages?: unknown[] }[]): string | undefined => {
    for (const p of pages) {
      if (p.path === path) return p.id;
      const found = walk((p.pages ?? []) as typeof pages);
      if (found) return found;
    }
    return undefined;
  };
  return walk((await res.json()).pages)!;
}

describe('change-requests list, get, create, update', () => {
  it('list shows open ones by default, --status picks others; TSV when piped, JSON with --json', async () => {
    const gs = await spaceId(api, 'Getting Started');
    const rows = tsv(await ok(api, ['change-requests', 'list', gs]));
    expect(rows.map((r) => [r[0], r[2], r[3]])).toEqual([
      ['2', 'open', 'Fix a typo in the FAQ'],
      ['1', 'open', 'Rewrite the installation guide'],
    ]);
    const merged = await json(api, ['change-requests', 'list', gs, '--status', 'merged']);
    expect(merged.length).toBeGreaterThan(0);
    expect(merged.every((c: { status: string }) => c.status === 'merged')).toBe(true);
    const space = await json(api, ['spaces', 'get', gs]);
    const drafts = await json(api, ['change-requests', 'list', gs, '--status', 'draft']);
    expect(drafts.length).toBe(space.changeRequestsDraft);
  });

  it('get takes the number, the id or the app URL; create and update print the change request', async () => {
    await withTestApi({}, async (t) => {
      const gs = await spaceId(t, 'Getting Started');
      const one = await json(t, ['change-requests', 'get', gs, '1']);
      expect(one).toMatchObject({ number: 1, status: 'open', subject: 'Rewrite the installation guide' });
      expect((await json(t, ['change-requests', 'get', gs, one.id])).number).toBe(1);
      expect((await json(t, ['change-requests', 'get', gs, one.urls.app])).id).toBe(one.id);
      const table = await t.cli(['change-requests', 'get', gs, '1'], { stdoutTTY: true });
      expect(table.stdout).toMatch(/^Subject +Rewrite the installation guide$/m);

      const made = await json(t, ['change-requests', 'create', gs, '--subject', 'Nightly reference']);
      expect(made).toMatchObject({ status: 'open', subject: 'Nightly reference', outdated: false });
      expect(lines(await ok(t, ['change-requests', 'create', gs, '--subject', 'Second', '--jq', '.number']))).toEqual([String(made.number + 1)]);
      const updated = await json(t, ['change-requests', 'update', gs, String(made.number), '--subject', 'Renamed', '--status', 'draft']);
      expect(updated).toMatchObject({ id: made.id, subject: 'Renamed', status: 'draft' });
      const space = await json(t, ['spaces', 'get', gs]);
      expect(space.changeRequestsDraft).toBe((await json(t, ['change-requests', 'list', gs, '--status', 'draft'])).length);
    });
  });
});

describe('change-requests changes and merge', () => {
  it('changes lists what the change request changes; merge makes it the content (exit 0), a re-run answers the same', async () => {
    await withTestApi({}, async (t) => {
      const gs = await spaceId(t, 'Getting Started');
      const changes = tsv(await ok(t, ['change-requests', 'changes', gs, '1']));
      expect(changes).toEqual([
        ['page_edited', 'getting-started/installation', 'Installing', 'title "Installation" -> "Installing", content'],
        ['page_created', 'getting-started/installation/windows', 'Windows', ''],
      ]);
      const limited = await t.cli(['change-requests', 'changes', gs, '1', '--limit', '1']);
      expect(lines(limited.stdout)).toHaveLength(1);
      expect(limited.stderr).toMatch(/1 more change not listed: raise --limit/);

      const before = t.sandbox.requestCount;
      const dry = await t.cli(['change-requests', 'merge', gs, '1', '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.stdout + dry.stderr).toMatch(/POST .*\/change-requests\/1\/merge/);
      expect(t.sandbox.requestCount).toBe(before);

      const merged = await json(t, ['change-requests', 'merge', gs, '1']);
      expect(merged.result).toBe('merge');
      expect((await json(t, ['spaces', 'get', gs])).revision).toBe(merged.revision);
      expect((await json(t, ['change-requests', 'get', gs, '1'])).status).toBe('merged');
      expect((await json(t, ['change-requests', 'merge', gs, '1'])).revision).toBe(merged.revision);
      const tree = await json(t, ['pages', 'list', gs]);
      expect(JSON.stringify(tree)).toContain('Installing');
    });
  });

  it('conflicts: exit 1 naming the pages both changed and who changed them in the space; it stays open and the space keeps its content', async () => {
    await withTestApi({}, async (t) => {
      const gs = await spaceId(t, 'Getting Started');
      const faq = await pageId(t, gs, 'faq');
      const a = await json(t, ['change-requests', 'create', gs, '--subject', 'A']);
      const b = await json(t, ['change-requests', 'create', gs, '--subject', 'B']);
      await edit(t, gs, a.number, [{ operation: 'update_page', page: faq, document: { markdown: '# FAQ\n\nFrom A.\n' } }]);
      await edit(t, gs, b.number, [{ operation: 'update_page', page: faq, document: { markdown: '# FAQ\n\nFrom B.\n' } }]);
      await ok(t, ['change-requests', 'merge', gs, String(a.number)]);
      const r = await t.cli(['change-requests', 'merge', gs, String(b.number)]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(new RegExp(`change request ${b.number} was not merged: the space changed a page it changes too: faq \\(changed in the space by Dana Demo, change request ${a.number}\\) \\(space revision \\w+\\)`));
      expect((await json(t, ['change-requests', 'get', gs, String(b.number)])).status).toBe('open');
      const asJson = await t.cli(['change-requests', 'merge', gs, String(b.number), '--json']);
      expect(asJson.code).toBe(1);
      expect(JSON.parse(asJson.stderr).error).toMatchObject({ result: 'conflicts', pages: [{ id: faq, path: 'faq', changedBy: `Dana Demo, change request ${a.number}` }] });
    });
  });

  it('a missing change request is exit 3', async () => {
    const gs = await spaceId(api, 'Getting Started');
    const r = await api.cli(['change-requests', 'get', gs, '999']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/No change request 999/);
  });
});

describe('counters and the records', () => {
  it('content export --change-request 1 works on every space whose counters announce change requests', async () => {
    const spaces = await json(api, ['spaces', 'list', '--all']);
    const counted = spaces.filter((s: { changeRequests: number; title: string }) => s.changeRequests > 0 && s.title !== 'Getting Started');
    expect(counted.length).toBeGreaterThan(0);
    const dir = tempDir();
    dirs.push(dir);
    const dest = join(dir, 'export');
    const r = await api.cli(['content', 'export', counted[0].id, '--change-request', '1', '--dest', dest]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dest, 'SUMMARY.md'))).toBe(true);
    expect(readFileSync(join(dest, 'SUMMARY.md'), 'utf8')).toContain('Getting started');
    const listed = await json(api, ['change-requests', 'list', counted[0].id, '--status', 'open']);
    expect(listed.length).toBe(counted[0].changeRequestsOpen);
  });
});
