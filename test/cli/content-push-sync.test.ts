// content push as a team works: the export's manifest is the base of a
// three-way push. A page changed in the space since the export is never
// reverted; a page both sides changed stops the push before anything is sent
// (exit 1, the page and who changed it named); --prune deletes only pages the
// export had; --force sends the folder as it is, after naming what it
// overwrites. Assets are compared by content; a renamed or removed one is
// named (no change-request operation deletes a file). --dry-run --json
// prints one row per change; a Markdown file SUMMARY.md does not list is
// warned of; a title renamed alone is reported as such.
import { cpSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin, flat, spaceId, tempFolders, type Page } from '../content-helpers.js';
import { withTestApi, type TestApi } from '../helpers.js';

const dir = tempFolders();

const tokenOf = (t: TestApi, name: string) => t.sandbox.userTokens().find((u) => u.email.startsWith(`${name}@`))!.token;

/** The demo space "Getting Started" exported into `a`, and `b` a copy of that folder. */
async function twoFolders(api: TestApi): Promise<{ id: string; a: string; b: string }> {
  const id = await spaceId(api, 'Getting Started');
  const a = dir('a');
  expect((await api.cli(['content', 'export', id, '--dest', a])).code).toBe(0);
  const b = dir('b');
  cpSync(a, b, { recursive: true });
  return { id, a, b };
}

const edit = (path: string, from: string, to: string) => {
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};

async function pages(api: TestApi, id: string): Promise<Page[]> {
  return flat(JSON.parse((await api.cli(['pages', 'list', id, '--json'])).stdout));
}

async function markdownOf(api: TestApi, id: string, path: string): Promise<string> {
  const r = await api.cli(['pages', 'get', id, path, '--format', 'markdown', '--json', '--jq', '.markdown']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

async function openChangeRequests(api: TestApi, id: string): Promise<number> {
  let n = 0;
  for (const status of ['draft', 'open', 'merged']) n += JSON.parse((await api.cli(['change-requests', 'list', id, '--status', status, '--all', '--json'])).stdout).length;
  return n;
}

describe('content push, three ways', () => {
  it('a push from an older export never reverts what others merged: both sides changed faq.md, so it stops before sending anything, naming the page and who', () =>
    withTestApi({}, async (api) => {
      const { id, a, b } = await twoFolders(api);
      edit(join(b, 'faq.md'), 'restored within 7 days', 'restored within 30 days');
      edit(join(a, 'faq.md'), 'Open a terminal.', 'Open a shell.');
      const first = await api.cli(['content', 'push', id, '--src', b, '--merge'], { env: { DOCPLAT_TOKEN: tokenOf(api, 'margaret') } });
      expect(first.code, first.stderr).toBe(0);
      const crs = await openChangeRequests(api, id);

      const second = await api.cli(['content', 'push', id, '--src', a, '--merge']);
      expect(second.code, second.stderr).toBe(1);
      expect(second.stderr).toMatch(/faq\.md/);
      expect(second.stderr).toMatch(/changed here and in the space/);
      expect(second.stderr).toMatch(/Margaret Hamilton/);
      expect(second.stderr).toMatch(/nothing was sent/);
      expect(await openChangeRequests(api, id)).toBe(crs);
      expect(await markdownOf(api, id, 'faq')).toContain('restored within 30 days');

      // --force sends the folder as it is, after naming what it overwrites.
      const forced = await api.cli(['content', 'push', id, '--src', a, '--merge', '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stderr).toMatch(/overwrites faq\.md/);
      expect(await markdownOf(api, id, 'faq')).toContain('Open a shell.');
      expect(await markdownOf(api, id, 'faq')).not.toContain('30 days');
    }));

  it('the folder brought up to date: export again writes the space\'s version beside the page (exit 1), push refuses until it is merged, then sends the merge', () =>
    withTestApi({}, async (api) => {
      const { id, a, b } = await twoFolders(api);
      edit(join(b, 'faq.md'), 'restored within 7 days', 'restored within 30 days');
      edit(join(a, 'faq.md'), 'Open a terminal.', 'Open a shell.');
      edit(join(b, 'guides/configuration.md'), 'Settings live in a JSON file.', 'Settings live in a TOML file.');
      expect((await api.cli(['content', 'push', id, '--src', b, '--merge'])).code).toBe(0);
      expect((await api.cli(['content', 'push', id, '--src', a, '--merge'])).code).toBe(1);

      const update = await api.cli(['content', 'export', id, '--dest', a]);
      expect(update.code, update.stderr).toBe(1);
      expect(update.stderr).toMatch(/faq\.md \(faq\.remote\.md\)/);
      // Not edited here: the space's change is taken. Edited here: kept, the space's version beside it.
      expect(readFileSync(join(a, 'guides/configuration.md'), 'utf8')).toContain('TOML');
      expect(readFileSync(join(a, 'faq.md'), 'utf8')).toContain('Open a shell.');
      expect(readFileSync(join(a, 'faq.remote.md'), 'utf8')).toContain('restored within 30 days');

      const unmerged = await api.cli(['content', 'push', id, '--src', a, '--merge']);
      expect(unmerged.code).toBe(1);
      expect(unmerged.stderr).toMatch(/faq\.remote\.md \(beside faq\.md\)/);

      // Merged by hand: both edits in faq.md, the version beside it removed.
      edit(join(a, 'faq.md'), 'restored within 7 days', 'restored within 30 days');
      unlinkSync(join(a, 'faq.remote.md'));
      const pushed = await api.cli(['content', 'push', id, '--src', a, '--merge']);
      expect(pushed.code, pushed.stderr).toBe(0);
      const now = await markdownOf(api, id, 'faq');
      expect(now).toContain('restored within 30 days');
      expect(now).toContain('Open a shell.');
      const again = dir('again');
      expect((await api.cli(['content', 'export', id, '--dest', again])).code).toBe(0);
      expect(readFileSync(join(again, 'faq.md'), 'utf8')).toBe(readFileSync(join(a, 'faq.md'), 'utf8'));
    }));

  it('a page changed, renamed or moved in the space since the export is not undone by a push of other edits', () =>
    withTestApi({}, async (api) => {
      const { id, a } = await twoFolders(api);
      const before = await pages(api, id);
      const faq = before.find((p) => p.path === 'faq')!;
      const linux = before.find((p) => p.path === 'getting-started/installation/linux')!;
      await admin(api, 'edit-page', { spaceId: id, pageId: faq.id, markdown: '# FAQ\n\nEdited in the app.\n' });
      await admin(api, 'edit-page', { spaceId: id, pageId: linux.id, title: 'GNU/Linux' });
      edit(join(a, 'guides/configuration.md'), 'Settings live in a JSON file.', 'Settings live in a TOML file.');
      const pushed = await api.cli(['content', 'push', id, '--src', a, '--merge']);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(await markdownOf(api, id, 'faq')).toContain('Edited in the app.');
      expect((await pages(api, id)).find((p) => p.id === linux.id)!.title).toBe('GNU/Linux');
      expect(await markdownOf(api, id, 'guides/configuration')).toContain('TOML');
    }));

  it('--prune deletes only pages the export had and the folder removed, never a page added in the space since', () =>
    withTestApi({}, async (api) => {
      const { id, a } = await twoFolders(api);
      await admin(api, 'add-page', { spaceId: id, title: 'Added in the app', path: 'added-in-the-app', markdown: '# Added\n' });
      edit(join(a, 'SUMMARY.md'), '    * [macOS](getting-started/installation/macos.md)\n', '');
      unlinkSync(join(a, 'getting-started/installation/macos.md'));
      const pushed = await api.cli(['content', 'push', id, '--src', a, '--prune', '--merge', '--yes']);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(pushed.stderr).toMatch(/1 deleted/);
      const after = await pages(api, id);
      expect(after.map((p) => p.title)).toContain('Added in the app');
      expect(after.map((p) => p.title)).not.toContain('macOS');
    }));

  it('a manifest written before places were recorded: a link page the folder removed is still deleted with --prune', () =>
    withTestApi({}, async (api) => {
      const { id, a } = await twoFolders(api);
      const manifest = JSON.parse(readFileSync(join(a, '.docplat-export.json'), 'utf8'));
      delete manifest.tree;
      writeFileSync(join(a, '.docplat-export.json'), JSON.stringify(manifest));
      edit(join(a, 'SUMMARY.md'), '* [Status page](https://status.example.com/)\n', '');
      const plan = await api.cli(['content', 'push', id, '--src', a, '--prune', '--dry-run']);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toMatch(/^delete page .*"Status page"$/m);
    }));

  it('a page deleted in the space and edited here, or edited there and deleted here, stops the push', () =>
    withTestApi({}, async (api) => {
      const { id, a } = await twoFolders(api);
      const faq = (await pages(api, id)).find((p) => p.path === 'faq')!;
      await admin(api, 'remove-page', { spaceId: id, pageId: faq.id });
      edit(join(a, 'faq.md'), 'Open a terminal.', 'Open a shell.');
      const r = await api.cli(['content', 'push', id, '--src', a, '--merge']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/faq\.md.*deleted in the space/);
    }));
});

describe('content push, files by content', () => {
  it('an image replaced under the same name is uploaded and the pages that use it relinked; a renamed or removed one is named, not "matches"', () =>
    withTestApi({}, async (api) => {
      const { id, a } = await twoFolders(api);
      // Other bytes of the same size are told from the export's by their hash (the file's time says to read it).
      const pdf = join(a, '.gitbook/assets/guide.pdf');
      const original = readFileSync(pdf);
      writeFileSync(pdf, Buffer.from(original.toString('latin1').replace('Catalog', 'Katalog'), 'latin1'));
      expect((await api.cli(['content', 'push', id, '--src', a, '--dry-run'])).stdout).toMatch(/replace file \.gitbook\/assets\/guide\.pdf/);
      writeFileSync(pdf, original);
      const png = join(a, '.gitbook/assets/diagram.png');
      const bytes = Buffer.concat([readFileSync(png), Buffer.from('new bytes')]);
      writeFileSync(png, bytes);
      const plan = await api.cli(['content', 'push', id, '--src', a, '--dry-run']);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stderr).not.toMatch(/nothing to push/);
      expect(plan.stdout).toMatch(/file \.gitbook\/assets\/diagram\.png/);
      const pushed = await api.cli(['content', 'push', id, '--src', a, '--merge']);
      expect(pushed.code, pushed.stderr).toBe(0);
      const again = dir('again');
      expect((await api.cli(['content', 'export', id, '--dest', again])).code).toBe(0);
      // faq.md links the image: its link now names the file with the new bytes.
      const link = /\]\((\.gitbook\/assets\/[^)]+)\)/.exec(readFileSync(join(again, 'faq.md'), 'utf8'))![1];
      expect(readFileSync(join(again, decodeURIComponent(link))).equals(bytes)).toBe(true);
      // The space has two files of that name now, exported as diagram.png and diagram-2.png: each is matched by where the export wrote it.
      expect(link).not.toBe('.gitbook/assets/diagram.png');
      const same = await api.cli(['content', 'push', id, '--src', again, '--dry-run']);
      expect(same.stderr).toMatch(/nothing to push/);

      // A rename: the new name is uploaded, the old one named (the API deletes no file).
      const b = dir('b2');
      expect((await api.cli(['content', 'export', id, '--dest', b])).code).toBe(0);
      renameSync(join(b, '.gitbook/assets/guide.pdf'), join(b, '.gitbook/assets/manual.pdf'));
      const renamed = await api.cli(['content', 'push', id, '--src', b, '--prune', '--dry-run']);
      expect(renamed.code, renamed.stderr).toBe(0);
      expect(renamed.stdout).toMatch(/add file \.gitbook\/assets\/manual\.pdf/);
      expect(renamed.stderr).toMatch(/guide\.pdf.*stays in the space/);
      unlinkSync(join(b, '.gitbook/assets/manual.pdf'));
      const removed = await api.cli(['content', 'push', id, '--src', b, '--prune']);
      expect(removed.code, removed.stderr).toBe(0);
      expect(removed.stderr).not.toMatch(/matches/);
      expect(removed.stderr).toMatch(/guide\.pdf.*stays in the space/);
    }));
});

describe('content push, what it says', () => {
  it('--dry-run --json prints {change, page, path, from} rows; a .md file SUMMARY.md does not list is warned of; a title renamed alone is reported', () =>
    withTestApi({}, async (api) => {
      const { id, a } = await twoFolders(api);
      edit(join(a, 'SUMMARY.md'), '* [FAQ](faq.md)', '* [Questions](faq.md)');
      writeFileSync(join(a, 'notes.md'), '# Notes\n');
      const rows = await api.cli(['content', 'push', id, '--src', a, '--dry-run', '--json']);
      expect(rows.code, rows.stderr).toBe(0);
      const faq = (await pages(api, id)).find((p) => p.path === 'faq')!;
      expect(JSON.parse(rows.stdout)).toEqual([{ change: 'rename', page: faq.id, path: 'faq.md', from: 'FAQ' }]);
      expect(rows.stderr).toMatch(/notes\.md is not in SUMMARY\.md/);
      const pushed = await api.cli(['content', 'push', id, '--src', a]);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(pushed.stderr).toMatch(/1 renamed/);
    }));
});
