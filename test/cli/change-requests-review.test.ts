// Review from the terminal, with several people in one sandbox: a profile per
// user (auth login --profile), request-review (members by e-mail), the
// reviewer's inbox (`list --requested-reviewer me`, the organization's
// listing), review (--approve, --request-changes, --body), reviews (who
// approved or asked for changes, --current, --requested), and the refusals:
// the author, two verdicts or none, no member, an unknown e-mail.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { lines, refusedBy, tempDir, tempFiles, tsv, withTestApi, type TestApi } from '../helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The token of a demo user (by the first word of their e-mail), as `sandbox serve` prints it. */
function tokenOf(t: TestApi, name: string): string {
  return t.sandbox.userTokens().find((u) => u.email.startsWith(`${name}@`))!.token;
}

/** A run as a demo user: their token instead of the sandbox's own. */
async function as(t: TestApi, name: string, args: string[], input?: string) {
  return t.cli(args, { env: { DOCPLAT_TOKEN: tokenOf(t, name) }, input });
}

async function ok(t: TestApi, name: string, args: string[]): Promise<string> {
  const r = name === 'dana' ? await t.cli(args) : await as(t, name, args);
  expect(r.code, `${name}: ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}
const json = async (t: TestApi, name: string, args: string[]) => JSON.parse(await ok(t, name, [...args, '--json']));

async function spaceId(t: TestApi): Promise<string> {
  return (await json(t, 'dana', ['spaces', 'list', '--all'])).find((s: { title: string }) => s.title === 'Getting Started').id;
}

/** Sends a batch of content changes to a change request as a user (what `content push` does). */
async function edit(t: TestApi, name: string, space: string, cr: number, changes: unknown[]): Promise<void> {
  const res = await fetch(`${t.sandbox.url}/spaces/${space}/change-requests/${cr}/content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenOf(t, name)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('two editors and a reviewer', () => {
  it('a profile per user; the editor asks by e-mail, the reviewer finds it in their inbox, asks for changes, then approves; the admin merges', async () => {
    await withTestApi({}, async (t) => {
      const config = tempDir();
      dirs.push(config);
      // Each person logs in once, on a profile named after them; `--profile <name>` switches.
      for (const name of ['margaret', 'linus']) {
        const login = await t.cli(['auth', 'login', '--profile', name, '--with-token'], { env: { DOCPLAT_TOKEN: undefined, DOCPLAT_CONFIG_DIR: config }, input: `${tokenOf(t, name)}\n` });
        expect(login.code, login.stderr).toBe(0);
      }
      const run = (name: string, args: string[]) => t.cli(['--profile', name, ...args], { env: { DOCPLAT_TOKEN: undefined, DOCPLAT_CONFIG_DIR: config } });
      const mine = async (name: string, args: string[]) => {
        const r = await run(name, args);
        expect(r.code, `${name}: ${args.join(' ')}: ${r.stderr}`).toBe(0);
        return r.stdout;
      };
      expect(JSON.parse(await mine('linus', ['auth', 'status', '--json'])).user.displayName).toBe('Linus Pauling');

      const gs = await spaceId(t);
      const made = JSON.parse(await mine('margaret', ['change-requests', 'create', gs, '--subject', 'Shorter FAQ', '--json']));
      const faq = (await json(t, 'dana', ['pages', 'list', gs])).find((p: { path: string }) => p.path === 'faq').id;
      await edit(t, 'margaret', gs, made.number, [{ operation: 'update_page', page: faq, document: { markdown: '# FAQ\n\nShort answers.\n' } }]);

      const asked = JSON.parse(await mine('margaret', ['change-requests', 'request-review', gs, String(made.number), 'linus@acme.example', '--json']));
      expect(asked.users.map((u: { user: { displayName: string } }) => u.user.displayName)).toEqual(['Linus Pauling']);

      // Linus's inbox: every space of the organization, his own requests only.
      const inbox = tsv(await mine('linus', ['change-requests', 'list', '--requested-reviewer', 'me']));
      expect(inbox.map((r) => [r[0], r[2], r[4]])).toEqual([[String(made.number), gs, 'Shorter FAQ']]);
      expect(await mine('linus', ['change-requests', 'diff', gs, String(made.number), '--name-only'])).toBe('faq.md\n');

      const asks = JSON.parse(await mine('linus', ['change-requests', 'review', gs, String(made.number), '--request-changes', '--body', 'Keep the restore window.', '--json']));
      expect(asks).toMatchObject({ status: 'changes-requested', reviewer: { displayName: 'Linus Pauling' }, requestedBy: { displayName: 'Margaret Hamilton' }, comment: { body: { markdown: 'Keep the restore window.' } } });
      expect(await mine('linus', ['change-requests', 'list', '--requested-reviewer', 'me'])).toBe('');
      await edit(t, 'margaret', gs, made.number, [{ operation: 'update_page', page: faq, document: { markdown: '# FAQ\n\nShort answers. Restore within 7 days.\n' } }]);
      await mine('linus', ['change-requests', 'review', gs, String(made.number), '--approve']);

      const reviews = tsv(await ok(t, 'dana', ['change-requests', 'reviews', gs, String(made.number)]));
      expect(reviews.map((r) => [r[1], r[2], r[3]])).toEqual([
        ['Linus Pauling', 'approved', 'false'],
        ['Linus Pauling', 'changes-requested', 'true'],
      ]);
      expect(tsv(await ok(t, 'dana', ['change-requests', 'reviews', gs, String(made.number), '--current'])).map((r) => r[2])).toEqual(['approved']);
      const merged = await json(t, 'dana', ['change-requests', 'merge', gs, String(made.number)]);
      expect(merged.result).toBe('merge');
      expect(await json(t, 'dana', ['change-requests', 'get', gs, String(made.number)])).toMatchObject({ status: 'merged', createdBy: { displayName: 'Margaret Hamilton' }, mergedBy: { displayName: 'Dana Demo' } });
    });
  });
});

describe('review and request-review refusals', () => {
  it('the author cannot review (exit 4); one verdict exactly (exit 2, nothing sent); a draft takes no review (exit 1)', async () => {
    await withTestApi({}, async (t) => {
      const gs = await spaceId(t);
      // The demo's change request 1 is Margaret's.
      const own = await as(t, 'margaret', ['change-requests', 'review', gs, '1', '--approve']);
      expect(own.code).toBe(4);
      expect(own.stderr).toMatch(/You created change request 1: its author cannot review it/);
      const refused = refusedBy(t);
      await refused(['change-requests', 'review', gs, '1', '--approve', '--request-changes'], /^error: --approve and --request-changes cannot be used together$/);
      await refused(['change-requests', 'review', gs, '1'], /^error: --approve or --request-changes is required$/);
      await refused(['change-requests', 'review', gs, '1', '--approve', '--body', '  '], /^error: --body is blank$/);
      const body = tempFiles();
      dirs.push(body.dir);
      const fromFile = await json(t, 'dana', ['change-requests', 'review', gs, '1', '--approve', '--body-file', body.file('review.md', 'Looks **good**.\n')]);
      expect(fromFile.comment.body.markdown).toBe('Looks **good**.\n');

      await ok(t, 'dana', ['change-requests', 'update', gs, '2', '--status', 'draft']);
      const draft = await t.cli(['change-requests', 'review', gs, '2', '--approve']);
      expect(draft.code).toBe(1);
      expect(draft.stderr).toMatch(/is a draft: request a review/);
      // Asking for a review puts the draft into review.
      await ok(t, 'dana', ['change-requests', 'request-review', gs, '2', 'linus@acme.example']);
      expect((await json(t, 'dana', ['change-requests', 'get', gs, '2'])).status).toBe('open');
      const waiting = tsv(await ok(t, 'dana', ['change-requests', 'reviews', gs, '2', '--requested']));
      expect(waiting.map((r) => [r[1], r[2], r[3]])).toEqual([['Linus Pauling <linus@acme.example>', 'user', 'Dana Demo']]);
    });
  });

  it('request-review: a member at least (exit 2), an unknown e-mail is exit 3 naming it, a dry run resolves e-mails and sends nothing else', async () => {
    await withTestApi({}, async (t) => {
      const gs = await spaceId(t);
      await refusedBy(t)(['change-requests', 'request-review', gs, '1'], /missing required argument 'member'/);
      const unknown = await t.cli(['change-requests', 'request-review', gs, '1', 'linus@acme.example', 'nobody@acme.example']);
      expect(unknown.code).toBe(3);
      expect(unknown.stderr).toMatch(/member: no member with the e-mail "nobody@acme\.example"/);
      expect((await json(t, 'dana', ['change-requests', 'reviews', gs, '1', '--requested']))).toEqual([]);
      const dry = await t.cli(['change-requests', 'request-review', gs, '1', 'linus@acme.example', '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      const linus = (await json(t, 'dana', ['members', 'list', '--all'])).find((m: { user: { email: string } }) => m.user.email === 'linus@acme.example').id;
      expect(dry.stdout).toMatch(new RegExp(`^POST \\S+/change-requests/1/requested-reviewers \\{"users":\\["${linus}"\\]\\}$`, 'm'));
      expect(await json(t, 'dana', ['change-requests', 'reviews', gs, '1', '--requested'])).toEqual([]);
      const both = await t.cli(['change-requests', 'reviews', gs, '1', '--requested', '--current']);
      expect([both.code, lines(both.stderr)]).toEqual([2, ['error: --current and --requested cannot be used together']]);
    });
  });

  it("request-review looks members up in the space's own organization, whatever --org says", async () => {
    await withTestApi({}, async (t) => {
      const globex = (await json(t, 'dana', ['orgs', 'list'])).find((o: { title: string }) => o.title === 'Globex').id;
      const space = (await json(t, 'dana', ['spaces', 'list', '--org', globex]))[0].id;
      const cr = (await json(t, 'dana', ['change-requests', 'create', space, '--subject', 'In Globex'])).number;
      // Frank is a member of Globex, not of Acme (the default organization here).
      const asked = await json(t, 'dana', ['change-requests', 'request-review', space, String(cr), 'frank@globex.example']);
      expect(asked.users.map((u: { user: { email: string } }) => u.user.email)).toEqual(['frank@globex.example']);
    });
  });
});

describe("the organization's change requests", () => {
  it('list without a space: every space of --org, with its space; --status takes several; `me` is the caller', async () => {
    await withTestApi({}, async (t) => {
      const gs = await spaceId(t);
      const all = await json(t, 'dana', ['change-requests', 'list', '--all']);
      expect(new Set(all.map((c: { space: string }) => c.space)).size).toBeGreaterThan(1);
      expect(all.every((c: { status: string }) => c.status === 'open')).toBe(true);
      const table = await t.cli(['change-requests', 'list', '--limit', '3'], { stdoutTTY: true });
      expect(lines(table.stdout)[0]).toMatch(/^#\s+ID\s+SPACE\s+STATUS\s+SUBJECT\s+AUTHOR\s+UPDATED$/);
      const both = await json(t, 'dana', ['change-requests', 'list', '--status', 'open,draft', '--all']);
      expect(both.length).toBeGreaterThan(all.length);
      expect(new Set(both.map((c: { status: string }) => c.status))).toEqual(new Set(['open', 'draft']));
      const margarets = await json(t, 'dana', ['change-requests', 'list', '--creator', 'margaret@acme.example', '--all']);
      expect(margarets.map((c: { space: string; number: number }) => [c.space, c.number])).toEqual([[gs, 1]]);
      expect(await json(t, 'margaret', ['change-requests', 'list', '--creator', 'me', '--all'])).toEqual(margarets);
      // In the space's listing, `me` and e-mails are the same people.
      expect((await json(t, 'margaret', ['change-requests', 'list', gs, '--contributor', 'me'])).map((c: { number: number }) => c.number)).toEqual([1]);
      const other = await t.cli(['change-requests', 'list', '--org', 'InitechDemoOrg000001', '--json']);
      expect([other.code, JSON.parse(other.stdout)]).toEqual([0, []]);
    });
  });
});
