// What a change request changes, from the terminal: `diff` (a unified diff of
// the pages' Markdown against the base, `a -> b` for moves and renames, new
// and deleted pages, files, --stat, --name-only, --json, colour on a
// terminal only, control characters from the API escaped), `changes` with
// `old -> new` and what changed, and `rebase` (up to date, taking what the
// space merged, conflicts: exit 1 naming the pages and who changed them).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, runInProcess, testApi, tsv, withTestApi, type TestApi } from '../helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==';

async function ok(t: TestApi, args: string[], env: Record<string, string | undefined> = {}): Promise<string> {
  const r = await t.cli(args, { env });
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}
const json = async (t: TestApi, args: string[], env: Record<string, string | undefined> = {}) => JSON.parse(await ok(t, [...args, '--json'], env));

const tokenOf = (t: TestApi, name: string) => t.sandbox.userTokens().find((u) => u.email.startsWith(`${name}@`))!.token;

async function spaceId(t: TestApi): Promise<string> {
  return (await json(t, ['spaces', 'list', '--all'])).find((s: { title: string }) => s.title === 'Getting Started').id;
}

async function pageIds(t: TestApi, space: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = (pages: { id: string; path?: string; pages?: unknown[] }[]) => {
    for (const p of pages) {
      if (p.path !== undefined) out[p.path] = p.id;
      walk((p.pages ?? []) as typeof pages);
    }
  };
  walk(await json(t, ['pages', 'list', space]));
  return out;
}

async function edit(t: TestApi, space: string, cr: number, changes: unknown[]): Promise<void> {
  const res = await fetch(`${t.sandbox.url}/spaces/${space}/change-requests/${cr}/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('change-requests diff', () => {
  let t: TestApi;
  let gs: string;
  let cr: number;
  beforeAll(async () => {
    t = await testApi();
    gs = await spaceId(t);
    const p = await pageIds(t, gs);
    cr = (await json(t, ['change-requests', 'create', gs, '--subject', 'Everything'])).number;
    await edit(t, gs, cr, [
      { operation: 'update_page', page: p.faq, document: { markdown: '# FAQ\n\nShort answers.\n' } },
      { operation: 'update_page', page: p['getting-started/quickstart'], slug: 'quick-start', title: 'Quick start' },
      { operation: 'update_page', page: p['guides/configuration'], into: p['getting-started'] },
      { operation: 'delete_page', page: p['getting-started/installation/linux'] },
      { operation: 'insert_page', ref: 'notes', document: { markdown: '# Release notes\n\nFirst.\n' } },
      { operation: 'insert_files', files: [{ name: 'shot.png', contentType: 'image/png', base64: PNG }] },
    ]);
  }, 60_000);
  afterAll(() => t?.close());

  it('--name-only: each page by the file export writes, old -> new when moved or renamed, then the files', async () => {
    expect(lines(await ok(t, ['change-requests', 'diff', gs, String(cr), '--name-only'])).sort()).toEqual(
      [
        '.gitbook/assets/shot.png',
        'faq.md',
        'getting-started/installation/linux.md',
        'getting-started/quickstart.md -> getting-started/quick-start.md',
        'guides/configuration.md -> getting-started/configuration.md',
        'release-notes.md',
      ].sort(),
    );
  });

  it('the diff: hunks of the Markdown with its front matter, renames, a new title, new and deleted pages, a file', async () => {
    const text = await ok(t, ['change-requests', 'diff', gs, String(cr)]);
    expect(text).toContain(['diff faq.md', '--- a/faq.md', '+++ b/faq.md', '@@ -4,21 +4,4 @@', ' ', ' # FAQ', ' ', '-Yes, a deleted space'].join('\n'));
    expect(text).toMatch(/^-Yes, a deleted space can be restored within 7 days\..*\n/m);
    expect(text).toMatch(/^\+Short answers\.$/m);
    expect(text).toContain(['diff getting-started/quickstart.md -> getting-started/quick-start.md', 'rename getting-started/quickstart.md -> getting-started/quick-start.md', 'title "Quickstart" -> "Quick start"', 'diff '].join('\n'));
    expect(text).toContain(['diff guides/configuration.md -> getting-started/configuration.md', 'rename guides/configuration.md -> getting-started/configuration.md', 'diff '].join('\n'));
    expect(text).toContain(['diff release-notes.md', 'new document "Release notes"', '--- /dev/null', '+++ b/release-notes.md', '@@ -0,0 +1,3 @@', '+# Release notes', '+', '+First.'].join('\n'));
    expect(text).toContain(['diff getting-started/installation/linux.md', 'deleted document "Linux"', '--- a/getting-started/installation/linux.md', '+++ /dev/null'].join('\n'));
    expect(text).toContain('diff .gitbook/assets/shot.png\nbinary file added\n');
    // Piped, no colour.
    expect(text).not.toContain('\x1b');
  });

  it('--stat counts each page, then the totals; --json is a row per page or file; --stat with --name-only is exit 2', async () => {
    const stat = lines(await ok(t, ['change-requests', 'diff', gs, String(cr), '--stat']));
    expect(stat.find((l) => l.includes('faq.md'))).toMatch(/^ faq\.md +\| 19 \+-{18}$/);
    expect(stat.find((l) => l.includes('shot.png'))).toMatch(/\| binary$/);
    expect(stat.at(-1)).toMatch(/^ 6 pages or files changed, \d+ insertions\(\+\), \d+ deletions\(-\)$/);
    const rows = await json(t, ['change-requests', 'diff', gs, String(cr)]);
    const byName = Object.fromEntries(rows.map((r: { to?: string; from?: string }) => [r.to ?? r.from, r]));
    expect(byName['getting-started/quick-start.md']).toMatchObject({ change: 'renamed', from: 'getting-started/quickstart.md', title: { before: 'Quickstart', after: 'Quick start' }, added: 0, removed: 0, diff: '' });
    expect(byName['getting-started/configuration.md']).toMatchObject({ change: 'moved', from: 'guides/configuration.md' });
    expect(byName['faq.md']).toMatchObject({ change: 'edited', added: 1, removed: 18 });
    expect(byName['faq.md'].diff).toMatch(/^--- a\/faq\.md\n/);
    expect(byName['getting-started/installation/linux.md'].change).toBe('deleted');
    expect(byName['.gitbook/assets/shot.png']).toMatchObject({ change: 'created', file: { name: 'shot.png' } });
    const both = await t.cli(['change-requests', 'diff', gs, String(cr), '--stat', '--name-only']);
    expect([both.code, lines(both.stderr)]).toEqual([2, ['error: --stat and --name-only cannot be used together']]);
  });

  it('changes: old -> new for a page moved or renamed, and what each edit changed', async () => {
    const rows = tsv(await ok(t, ['change-requests', 'changes', gs, String(cr), '--limit', '50']));
    expect(rows).toEqual(
      expect.arrayContaining([
        ['page_edited', 'faq', 'FAQ', 'content'],
        ['page_edited', 'getting-started/quickstart -> getting-started/quick-start', 'Quick start', 'title "Quickstart" -> "Quick start", slug'],
        ['page_moved', 'guides/configuration -> getting-started/configuration', 'Configuration', 'moved from guides to getting-started'],
        ['page_deleted', 'getting-started/installation/linux', 'Linux', ''],
      ]),
    );
  });

  it('coloured on a terminal only, with control characters from the API escaped; a dry run sends nothing', async () => {
    const p = await pageIds(t, gs);
    const hostile = (await json(t, ['change-requests', 'create', gs, '--subject', 'Hostile'])).number;
    await edit(t, gs, hostile, [{ operation: 'update_page', page: p.faq, document: { markdown: '# FAQ\n\nClear \x1b[2J the screen \x1b]52;c;cHduZWQ=\x07\n' } }]);
    const env = { ...t.env(), NO_COLOR: undefined };
    const tty = await runInProcess(['change-requests', 'diff', gs, String(hostile)], { env, stdoutTTY: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toContain('\x1b[32m+Clear \\x1b[2J the screen \\x1b]52;c;cHduZWQ=\\x07\x1b[39m');
    expect(tty.stdout).toContain('\x1b[1mdiff faq.md\x1b[22m');
    const plain = await runInProcess(['change-requests', 'diff', gs, String(hostile)], { env: t.env(), stdoutTTY: true });
    expect(plain.stdout).not.toContain('\x1b');
    expect(plain.stdout).toContain('+Clear \\x1b[2J the screen');

    const before = t.sandbox.requestCount;
    const dry = await t.cli(['change-requests', 'diff', gs, String(hostile), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^GET \S+\/change-requests\/\d+\/changes\?limit=100$/m);
    expect(t.sandbox.requestCount).toBe(before);
    const empty = (await json(t, ['change-requests', 'create', gs, '--subject', 'Nothing'])).number;
    const none = await t.cli(['change-requests', 'diff', gs, String(empty)]);
    expect([none.code, none.stdout, none.stderr.trim()]).toEqual([0, '', `change request ${empty} changes nothing`]);
  });
});

describe('change-requests rebase', () => {
  it('takes what the space merged since (its diff is its own again); up to date, it changes nothing; conflicts are exit 1 naming the page and who changed it', async () => {
    await withTestApi({}, async (t) => {
      const gs = await spaceId(t);
      const p = await pageIds(t, gs);
      const mine = (await json(t, ['change-requests', 'create', gs, '--subject', 'Mine'])).number;
      await edit(t, gs, mine, [{ operation: 'update_page', page: p.faq, document: { markdown: '# FAQ\n\nMine.\n' } }]);
      const same = await json(t, ['change-requests', 'rebase', gs, String(mine)]);
      expect(same).toEqual({ result: 'update', revision: (await json(t, ['change-requests', 'get', gs, String(mine)])).revision });

      const other = (await json(t, ['change-requests', 'create', gs, '--subject', 'Other'])).number;
      await edit(t, gs, other, [{ operation: 'update_page', page: p['getting-started/quickstart'], document: { markdown: '# Quickstart\n\nOther.\n' } }]);
      await ok(t, ['change-requests', 'merge', gs, String(other)]);
      expect((await json(t, ['change-requests', 'get', gs, String(mine)])).outdated).toBe(true);
      const rebased = await json(t, ['change-requests', 'rebase', gs, String(mine)]);
      expect(rebased.result).toBe('update');
      expect(await json(t, ['change-requests', 'get', gs, String(mine)])).toMatchObject({ outdated: false, revision: rebased.revision });
      expect(await ok(t, ['change-requests', 'diff', gs, String(mine), '--name-only'])).toBe('faq.md\n');

      // Edsger changes the FAQ in another change request and merges it: the rebase meets it.
      const edsger = { DOCPLAT_TOKEN: tokenOf(t, 'edsger') };
      const theirs = (await json(t, ['change-requests', 'create', gs, '--subject', 'Theirs'], edsger)).number;
      await edit(t, gs, theirs, [{ operation: 'update_page', page: p.faq, document: { markdown: '# FAQ\n\nTheirs.\n' } }]);
      await ok(t, ['change-requests', 'merge', gs, String(theirs)], edsger);
      const clash = await t.cli(['change-requests', 'rebase', gs, String(mine)]);
      expect(clash.code).toBe(1);
      expect(clash.stdout).toBe('');
      expect(clash.stderr).toMatch(
        new RegExp(`^error: change request ${mine} was not brought up to date: the space changed a page it changes too: faq \\(changed in the space by Edsger Dijkstra, change request ${theirs}\\) \\(space revision \\w+\\)\\. See its changes with`),
      );
      const asJson = await t.cli(['change-requests', 'rebase', gs, String(mine), '--json']);
      expect(JSON.parse(asJson.stderr).error).toMatchObject({ result: 'conflicts', pages: [{ id: p.faq, path: 'faq', changedBy: `Edsger Dijkstra, change request ${theirs}` }] });
      expect((await json(t, ['change-requests', 'get', gs, String(mine)])).revision).toBe(rebased.revision);
      const dry = await t.cli(['change-requests', 'rebase', gs, String(mine), '--dry-run']);
      expect(dry.stdout).toMatch(/^POST \S+\/change-requests\/\d+\/update$/m);
    });
  });
});
