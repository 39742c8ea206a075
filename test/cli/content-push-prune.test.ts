// content push --prune through the delete gate: a SUMMARY.md that lists
// nothing never deletes every page silently (more than half of the space's
// pages needs --allow-mass-delete, any delete --yes off a terminal, a
// question on one), each page that goes with a deleted one is listed, and a
// folder exported from another space is refused with --prune.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin, flat, spaceId, tempFolders, type Page } from '../content-helpers.js';
import { lines, withTestApi, type TestApi } from '../helpers.js';

const dir = tempFolders();

async function exported(api: TestApi, title = 'Getting Started'): Promise<{ id: string; src: string }> {
  const id = await spaceId(api, title);
  const src = dir('docs');
  expect((await api.cli(['content', 'export', id, '--dest', src])).code).toBe(0);
  return { id, src };
}

async function pages(api: TestApi, id: string): Promise<Page[]> {
  return flat(JSON.parse((await api.cli(['pages', 'list', id, '--json'])).stdout));
}

/** Change requests of the space (any status), counted. */
async function changeRequests(api: TestApi, id: string): Promise<number> {
  let n = 0;
  for (const status of ['draft', 'open', 'archived', 'merged']) n += JSON.parse((await api.cli(['change-requests', 'list', id, '--status', status, '--all', '--json'])).stdout).length;
  return n;
}

describe('content push --prune and the delete gate', () => {
  it('a SUMMARY.md that lists nothing: --prune --merge needs --allow-mass-delete, then --yes; nothing is sent until both are given', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      const before = await pages(api, id);
      const top = JSON.parse((await api.cli(['pages', 'list', id, '--json'])).stdout).length;
      const crs = await changeRequests(api, id);
      writeFileSync(join(src, 'SUMMARY.md'), '# Table of contents\n');

      const mass = await api.cli(['content', 'push', id, '--src', src, '--prune', '--merge']);
      expect(mass.code).toBe(2);
      expect(lines(mass.stderr).filter((l) => !l.includes('not in SUMMARY.md'))).toEqual([`error: the run deletes ${before.length} of ${before.length} pages (all of them): more than half, which needs --allow-mass-delete; nothing was changed`]);
      const noYes = await api.cli(['content', 'push', id, '--src', src, '--prune', '--merge', '--allow-mass-delete']);
      expect(noYes.code).toBe(2);
      expect(noYes.stderr).toMatch(new RegExp(`^error: Delete from space ${id}: ${top} pages, and with them ${before.length - top} pages: needs confirmation; pass --yes when not on a terminal$`, 'm'));
      expect(await pages(api, id)).toEqual(before);
      expect(await changeRequests(api, id)).toBe(crs);

      const done = await api.cli(['content', 'push', id, '--src', src, '--prune', '--merge', '--allow-mass-delete', '--yes']);
      expect(done.code, done.stderr).toBe(0);
      expect(await pages(api, id)).toEqual([]);
    }));

  // On a terminal the deletes are listed and asked: content-push-prune.e2e.test.ts.
  it('--dry-run lists every page a delete takes with it; --yes deletes them', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      const summary = join(src, 'SUMMARY.md');
      const text = (await import('node:fs')).readFileSync(summary, 'utf8');
      // Drop "Getting started" and everything under it (4 pages).
      writeFileSync(summary, text.split('\n').filter((l) => !/getting-started/.test(l)).join('\n'));
      const dry = await api.cli(['content', 'push', id, '--src', src, '--prune', '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(lines(dry.stdout)).toEqual([
        'delete page getting-started "Getting started"',
        '  and with it page getting-started/installation "Installation"',
        '  and with it page getting-started/installation/linux "Linux"',
        '  and with it page getting-started/installation/macos "macOS"',
        '  and with it page getting-started/quickstart "Quickstart"',
      ]);
      const before = await pages(api, id);
      const yes = await api.cli(['content', 'push', id, '--src', src, '--prune', '--merge', '--yes']);
      expect(yes.code, yes.stderr).toBe(0);
      expect((await pages(api, id)).map((p) => p.title)).toEqual(before.filter((p) => !String(p.path).startsWith('getting-started')).map((p) => p.title));
    }));

  it('a folder exported from another space is refused with --prune (exit 2, before any request); --force pushes it', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      const other = await spaceId(api, 'Release Notes');
      await admin(api, 'add-page', { spaceId: other, title: 'Only here', path: 'only-here' });
      const sent = api.sandbox.requestCount;
      const r = await api.cli(['content', 'push', other, '--src', src, '--prune', '--yes', '--allow-mass-delete']);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toEqual([
        `error: --src holds an export of space ${id} (its .docplat-export.json says so), not of ${other}: with --prune the push would delete the pages of ${other} the folder does not have; push it into ${id}, or pass --force to push it here`,
      ]);
      expect(api.sandbox.requestCount).toBe(sent);
      const forced = await api.cli(['content', 'push', other, '--src', src, '--prune', '--force', '--dry-run']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(lines(forced.stdout)).toEqual(['delete page only-here "Only here"']);
      // Without --prune nothing is deleted: the folder is pushed as new pages.
      const added = await api.cli(['content', 'push', other, '--src', src, '--dry-run']);
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).not.toMatch(/^delete /m);
    }));
});
