// A team's week on one space, with content export and push: two editors with
// folders of different ages, edits made in the app meanwhile (through the
// sandbox's admin actions, as the app makes them), a renamed asset, a
// replaced image, a review that asks for changes and a second push into the
// same change request. At the end every change is in the space, nothing was
// reverted or deleted that someone else made, and each folder, brought up to
// date, is the space's export file for file.
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { admin, filesUnder, flat, spaceId, tempFolders, type Page } from '../content-helpers.js';
import { withTestApi, type TestApi } from '../helpers.js';

const dir = tempFolders();

const tokenOf = (t: TestApi, name: string) => t.sandbox.userTokens().find((u) => u.email.startsWith(`${name}@`))!.token;

/** A run as a demo user (the admin for "dana"), which must end with `code`. */
async function as(api: TestApi, name: string, args: string[], code = 0): Promise<{ stdout: string; stderr: string }> {
  const r = await api.cli(args, name === 'dana' ? {} : { env: { DOCPLAT_TOKEN: tokenOf(api, name) } });
  expect(r.code, `${name}: ${args.join(' ')}\n${r.stderr}`).toBe(code);
  return r;
}

const edit = (path: string, from: string, to: string) => {
  const text = readFileSync(path, 'utf8');
  expect(text, path).toContain(from);
  writeFileSync(path, text.split(from).join(to));
};

const text = (root: string, rel: string) => readFileSync(join(root, rel), 'utf8');

/** Two folders hold the same files (but the manifest), byte for byte. */
function expectSame(a: string, b: string): void {
  const files = (d: string) => filesUnder(d, ['.docplat-export.json']);
  expect(files(b)).toEqual(files(a));
  for (const f of files(a)) expect(text(b, f), `${relative(a, join(a, f))}`).toBe(text(a, f));
}

describe("a team's week", () => {
  it('stale folders, edits in the app, a renamed asset, a replaced image and a review: nobody loses work', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const pages = async (): Promise<Page[]> => flat(JSON.parse((await as(api, 'dana', ['pages', 'list', id, '--json'])).stdout));
      const markdown = async (path: string) => (await as(api, 'dana', ['pages', 'get', id, path, '--format', 'markdown', '--json', '--jq', '.markdown'])).stdout;
      const m = dir('margaret');
      const e = dir('edsger');

      // Monday: both export; Margaret changes the configuration guide, pushes and merges.
      await as(api, 'margaret', ['content', 'export', id, '--dest', m]);
      await as(api, 'edsger', ['content', 'export', id, '--dest', e]);
      edit(join(m, 'guides/configuration.md'), 'Settings live in a JSON file.', 'Settings live in a TOML file.');
      await as(api, 'margaret', ['content', 'push', id, '--src', m, '--merge']);
      // She goes on editing the same page and pushes again: her own last push is no one else's change.
      edit(join(m, 'guides/configuration.md'), 'TOML file.', 'TOML file, read at start-up.');
      await as(api, 'margaret', ['content', 'push', id, '--src', m, '--merge']);

      // Tuesday: Edsger, from Monday's folder, edits the quickstart, renames the PDF and drops the macOS page.
      edit(join(e, 'getting-started/quickstart.md'), '# Quickstart', '# Quickstart\n\nFive minutes, start to finish.');
      renameSync(join(e, '.gitbook/assets/guide.pdf'), join(e, '.gitbook/assets/manual.pdf'));
      edit(join(e, 'SUMMARY.md'), '    * [macOS](getting-started/installation/macos.md)\n', '');
      unlinkSync(join(e, 'getting-started/installation/macos.md'));
      const first = await as(api, 'edsger', ['content', 'push', id, '--src', e, '--prune', '--yes', '--subject', 'Quickstart', '--json']);
      expect(first.stderr).toMatch(/guide\.pdf stays in the space/);
      const cr = String(JSON.parse(first.stdout).number);
      await as(api, 'edsger', ['change-requests', 'request-review', id, cr, 'linus@acme.example']);
      // Meanwhile, in the app: a page added, the Linux page renamed, the FAQ edited.
      const before = await pages();
      await admin(api, 'add-page', { spaceId: id, title: 'Release notes', path: 'release-notes', markdown: '# Release notes\n' });
      await admin(api, 'edit-page', { spaceId: id, pageId: before.find((p) => p.path === 'getting-started/installation/linux')!.id, title: 'GNU/Linux' });
      const faq = before.find((p) => p.path === 'faq')!;
      await admin(api, 'edit-page', { spaceId: id, pageId: faq.id, markdown: `${await markdown('faq')}\nEdited in the app on Tuesday.\n` });

      // Wednesday: Linus asks for changes; Edsger pushes again into the same change request (his first push is his, not a conflict).
      await as(api, 'linus', ['change-requests', 'review', id, cr, '--request-changes', '--body', 'Say what the five minutes cover.']);
      edit(join(e, 'getting-started/quickstart.md'), 'Five minutes, start to finish.', 'Five minutes, from install to first page.');
      await as(api, 'edsger', ['content', 'push', id, '--src', e, '--change-request', cr]);
      // His folder, brought up to date while the change request is open, keeps his edit.
      await as(api, 'edsger', ['content', 'export', id, '--dest', e]);
      expect(text(e, 'getting-started/quickstart.md')).toContain('from install to first page');
      await as(api, 'linus', ['change-requests', 'review', id, cr, '--approve']);
      await as(api, 'dana', ['change-requests', 'merge', id, cr]);

      // Thursday: Margaret, from Monday's folder, edits the FAQ: refused (the app and nobody she knows changed it), brought up to date, merged, pushed.
      edit(join(m, 'faq.md'), 'Open a terminal.', 'Open a shell.');
      const refused = await as(api, 'margaret', ['content', 'push', id, '--src', m, '--merge'], 1);
      expect(refused.stderr).toMatch(/faq\.md: changed here and in the space/);
      await as(api, 'margaret', ['content', 'export', id, '--dest', m], 1);
      expect(text(m, 'faq.remote.md')).toContain('Edited in the app on Tuesday.');
      writeFileSync(join(m, 'faq.md'), text(m, 'faq.remote.md').replace('Open a terminal.', 'Open a shell.'));
      unlinkSync(join(m, 'faq.remote.md'));
      await as(api, 'margaret', ['content', 'push', id, '--src', m, '--merge']);

      // Friday: Edsger replaces the diagram (same name, new bytes); his folder is up to date, so every page that shows it is relinked.
      await as(api, 'edsger', ['content', 'export', id, '--dest', e], 0);
      const png = join(e, '.gitbook/assets/diagram.png');
      const bytes = Buffer.concat([readFileSync(png), Buffer.from('v2')]);
      writeFileSync(png, bytes);
      await as(api, 'edsger', ['content', 'push', id, '--src', e, '--merge']);

      // The space holds every change, and nothing anyone else made was undone.
      const now = await pages();
      expect(now.map((p) => p.title)).toContain('Release notes');
      expect(now.map((p) => p.title)).toContain('GNU/Linux');
      expect(now.map((p) => p.title)).not.toContain('macOS');
      expect(await markdown('guides/configuration')).toContain('TOML file, read at start-up.');
      expect(await markdown('getting-started/quickstart')).toContain('from install to first page');
      const faqNow = await markdown('faq');
      expect(faqNow).toContain('Edited in the app on Tuesday.');
      expect(faqNow).toContain('Open a shell.');
      const check = dir('check');
      await as(api, 'dana', ['content', 'export', id, '--dest', check]);
      const link = /\]\((\.gitbook\/assets\/diagram[^)]*)\)/.exec(text(check, 'faq.md'))![1];
      expect(readFileSync(join(check, link)).equals(bytes)).toBe(true);
      expect(filesUnder(join(check, '.gitbook/assets'))).toEqual(expect.arrayContaining(['manual.pdf', 'guide.pdf']));

      // Each folder, brought up to date, is the space's export.
      for (const folder of [m, e]) {
        await as(api, 'dana', ['content', 'export', id, '--dest', folder, '--prune', '--yes']);
        expectSame(check, folder);
      }
    }));
});
