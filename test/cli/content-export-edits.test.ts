// content export over work done in its folder: a file the export wrote and
// someone edited since is never replaced or removed without --force (a page
// the space changed too: exit 1 naming it; edited here only: kept, exit 0),
// nor an edited SUMMARY.md; --prune goes through the delete gate (--yes off
// a terminal, --allow-mass-delete past half of the files), and no delete
// follows a link or leaves --dest.
import { existsSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, filesUnder, spaceId } from '../content-helpers.js';
import { lines, tempDir, withTestApi, type TestApi } from '../helpers.js';

const made: string[] = [];
const scratch = () => {
  const d = tempDir();
  made.push(d);
  return d;
};
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

interface Exported {
  id: string;
  dest: string;
  /** Page id by its file. */
  ids: Record<string, string>;
}

async function exported(api: TestApi): Promise<Exported> {
  const id = await spaceId(api, 'Getting Started');
  const dest = join(scratch(), 'docs');
  const r = await api.cli(['content', 'export', id, '--dest', dest]);
  expect(r.code, r.stderr).toBe(0);
  const m = JSON.parse(readFileSync(join(dest, '.docplat-export.json'), 'utf8'));
  const ids = Object.fromEntries(Object.entries(m.pages as Record<string, { path: string }>).map(([pid, e]) => [e.path, pid]));
  return { id, dest, ids };
}

const text = (dest: string, rel: string) => readFileSync(join(dest, rel), 'utf8');

describe('content export keeps files edited since it wrote them', () => {
  it('a page changed in the app over a file edited here: exit 1 naming it, not replaced, the space\'s version written beside it; the other changes are written; --force takes it over', () =>
    withTestApi({}, async (api) => {
      const { id, dest, ids } = await exported(api);
      writeFileSync(join(dest, 'faq.md'), `${text(dest, 'faq.md')}\nMy local note.\n`);
      await admin(api, 'edit-page', { spaceId: id, pageId: ids['faq.md'], markdown: '# FAQ\n\nChanged in the app.\n' });
      await admin(api, 'edit-page', { spaceId: id, pageId: ids['guides/configuration.md'], markdown: '# Configuration\n\nAlso changed in the app.\n' });
      const r = await api.cli(['content', 'export', id, '--dest', dest]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: 1 page changed here and in the space, the space's version written beside each: faq\.md \(faq\.remote\.md\); merge it into the page and remove it, then push; --force replaces them$/m);
      expect(text(dest, 'faq.md')).toContain('My local note.');
      expect(text(dest, 'faq.remote.md')).toContain('Changed in the app.');
      expect(text(dest, 'guides/configuration.md')).toContain('Also changed in the app.');
      // The base moved on to the space's version: the next run has nothing new to say of faq.md.
      expect((await api.cli(['content', 'export', id, '--dest', dest])).code).toBe(0);
      // Changed in the app again: the version beside it is replaced (this export wrote it), the file still not.
      await admin(api, 'edit-page', { spaceId: id, pageId: ids['faq.md'], markdown: '# FAQ\n\nChanged in the app again.\n' });
      const dry = await api.cli(['content', 'export', id, '--dest', dest, '--dry-run']);
      expect(dry.stdout).toContain("keep faq.md (edited here since the export, and changed in the space: the space's version goes beside it, faq.remote.md; --force replaces it)");
      expect((await api.cli(['content', 'export', id, '--dest', dest])).code).toBe(1);
      expect(text(dest, 'faq.remote.md')).toContain('Changed in the app again.');
      expect(text(dest, 'faq.md')).toContain('My local note.');
      const forced = await api.cli(['content', 'export', id, '--dest', dest, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(text(dest, 'faq.md')).toContain('Changed in the app again.');
    }));

  it('a page both sides changed the same way is no conflict: nothing is written beside it, the run succeeds', () =>
    withTestApi({}, async (api) => {
      const { id, dest, ids } = await exported(api);
      await admin(api, 'edit-page', { spaceId: id, pageId: ids['faq.md'], markdown: '# FAQ\n\nThe same change.\n' });
      const fresh = join(dest, '..', 'fresh');
      expect((await api.cli(['content', 'export', id, '--dest', fresh])).code).toBe(0);
      writeFileSync(join(dest, 'faq.md'), text(fresh, 'faq.md'));
      const r = await api.cli(['content', 'export', id, '--dest', dest]);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(dest, 'faq.remote.md'))).toBe(false);
    }));

  it('a file edited here whose page did not change is kept, and the run succeeds; CRLF line ends alone are no edit', () =>
    withTestApi({}, async (api) => {
      const { id, dest, ids } = await exported(api);
      const edited = `${text(dest, 'faq.md')}\nA longer local edit.\n`;
      writeFileSync(join(dest, 'faq.md'), edited);
      const crlf = text(dest, 'guides/configuration.md').replace(/\n/g, '\r\n');
      writeFileSync(join(dest, 'guides/configuration.md'), crlf);
      await admin(api, 'edit-page', { spaceId: id, pageId: ids['guides/configuration.md'], markdown: '# Configuration\n\nNew text.\n' });
      const r = await api.cli(['content', 'export', id, '--dest', dest]);
      expect(r.code, r.stderr).toBe(0);
      expect(text(dest, 'faq.md')).toBe(edited);
      expect(text(dest, 'guides/configuration.md')).toContain('New text.');
    }));

  it('SUMMARY.md edited here is not rewritten when the tree changed (exit 1); --force rewrites it', () =>
    withTestApi({}, async (api) => {
      const { id, dest } = await exported(api);
      const mine = `${text(dest, 'SUMMARY.md')}* [Draft](draft.md)\n`;
      writeFileSync(join(dest, 'SUMMARY.md'), mine);
      await admin(api, 'add-page', { spaceId: id, title: 'New in the app', path: 'new-in-the-app' });
      const r = await api.cli(['content', 'export', id, '--dest', dest]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('not replaced or removed: SUMMARY.md;');
      expect(text(dest, 'SUMMARY.md')).toBe(mine);
      expect(existsSync(join(dest, 'new-in-the-app.md'))).toBe(true);
      expect((await api.cli(['content', 'export', id, '--dest', dest, '--force'])).code).toBe(0);
      expect(text(dest, 'SUMMARY.md')).toContain('[New in the app](new-in-the-app.md)');
    }));
});

describe('content export --prune and the delete gate', () => {
  it('needs --yes off a terminal (nothing written or removed without it); an edited file of a deleted page is kept (exit 1), --force removes it', () =>
    withTestApi({}, async (api) => {
      const { id, dest, ids } = await exported(api);
      await admin(api, 'remove-page', { spaceId: id, pageId: ids['faq.md'] });
      await admin(api, 'remove-page', { spaceId: id, pageId: ids['guides/authentication.md'] });
      await admin(api, 'edit-page', { spaceId: id, pageId: ids['guides/configuration.md'], markdown: '# Configuration\n\nChanged.\n' });
      writeFileSync(join(dest, 'guides/authentication.md'), 'my notes\n');
      const before = filesUnder(dest);
      const dry = await api.cli(['content', 'export', id, '--dest', dest, '--prune', '--dry-run']);
      expect(lines(dry.stdout)).toEqual(expect.arrayContaining(['remove faq.md', 'keep guides/authentication.md (edited here since the export: --force removes it)']));
      const noYes = await api.cli(['content', 'export', id, '--dest', dest, '--prune']);
      expect(noYes.code).toBe(2);
      expect(lines(noYes.stderr)).toEqual([`error: Delete in ${dest}: 1 file: needs confirmation; pass --yes when not on a terminal`]);
      expect(filesUnder(dest)).toEqual(before);
      expect(text(dest, 'guides/configuration.md')).not.toContain('Changed.');

      const r = await api.cli(['content', 'export', id, '--dest', dest, '--prune', '--yes']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('not replaced or removed: guides/authentication.md;');
      expect(existsSync(join(dest, 'faq.md'))).toBe(false);
      expect(text(dest, 'guides/authentication.md')).toBe('my notes\n');
      expect(text(dest, 'guides/configuration.md')).toContain('Changed.');
      const forced = await api.cli(['content', 'export', id, '--dest', dest, '--prune', '--yes', '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(existsSync(join(dest, 'guides/authentication.md'))).toBe(false);
    }));

  it('removing more than half of the files needs --allow-mass-delete (exit 2 naming the count, nothing changed)', () =>
    withTestApi({}, async (api) => {
      const { id, dest, ids } = await exported(api);
      const m = JSON.parse(readFileSync(join(dest, '.docplat-export.json'), 'utf8'));
      const total = Object.keys(m.pages).length + Object.keys(m.files).length;
      for (const [file, pid] of Object.entries(ids)) if (file !== 'README.md') await admin(api, 'remove-page', { spaceId: id, pageId: pid });
      const before = filesUnder(dest);
      const gone = Object.keys(ids).length - 1;
      const r = await api.cli(['content', 'export', id, '--dest', dest, '--prune', '--yes']);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toEqual([`error: the run deletes ${gone} of ${total} files: more than half, which needs --allow-mass-delete; nothing was changed`]);
      expect(filesUnder(dest)).toEqual(before);
      const ok = await api.cli(['content', 'export', id, '--dest', dest, '--prune', '--yes', '--allow-mass-delete']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(filesUnder(dest, ['.docplat-export.json'])).toEqual(['.gitbook/assets/' + readdirAssets(dest)[0], ...readdirAssets(dest).slice(1).map((a) => `.gitbook/assets/${a}`), 'README.md', 'SUMMARY.md'].sort());
    }));

  it('never deletes through a link: a page folder replaced by a link to a folder elsewhere keeps that folder\'s files', () =>
    withTestApi({}, async (api) => {
      const { id, dest, ids } = await exported(api);
      const elsewhere = join(scratch(), 'working-copy');
      renameSync(join(dest, 'guides'), elsewhere);
      symlinkSync(elsewhere, join(dest, 'guides'));
      await admin(api, 'remove-page', { spaceId: id, pageId: ids['guides/authentication.md'] });
      const r = await api.cli(['content', 'export', id, '--dest', dest, '--prune', '--yes']);
      expect(r.code).toBe(1);
      // Reached through a link, it is not the file the export wrote: kept, and named.
      expect(r.stderr).toMatch(/error: 1 file edited here since the export \(or not the export's\) kept as they are, not replaced or removed: guides\/authentication\.md;/);
      expect(existsSync(join(elsewhere, 'authentication.md'))).toBe(true);
    }));
});

function readdirAssets(dest: string): string[] {
  return filesUnder(join(dest, '.gitbook/assets'));
}

describe('content export --all-spaces --prune', () => {
  it("a deleted space's folder replaced by a link to a working copy: the copy keeps its files; edited files of another are kept (exit 1)", () =>
    withTestApi({}, async (api) => {
      const dest = join(scratch(), 'backup');
      expect((await api.cli(['content', 'export', '--all-spaces', '--dest', dest])).code).toBe(0);
      const top = JSON.parse(readFileSync(join(dest, '.docplat-export-all.json'), 'utf8'));
      const byTitle = (t: string) => Object.entries(top.spaces as Record<string, { path: string; title: string }>).find(([, e]) => e.title === t)!;
      const [linkedId, linked] = byTitle('Release Notes');
      const [editedId, edited] = byTitle('Brand Guidelines');
      // A working copy elsewhere, linked where the space's folder was.
      const copy = join(scratch(), 'working-copy');
      renameSync(join(dest, linked.path), copy);
      symlinkSync(copy, join(dest, linked.path));
      writeFileSync(join(dest, edited.path, 'faq.md'), 'edited here\n');
      for (const sid of [linkedId, editedId]) expect((await api.cli(['spaces', 'delete', sid, '--yes'])).code).toBe(0);

      const noYes = await api.cli(['content', 'export', '--all-spaces', '--dest', dest, '--prune']);
      expect(noYes.code).toBe(2);
      expect(noYes.stderr).toMatch(/error: Delete in .*: 1 space folder, and with them \d+ files: needs confirmation; pass --yes/);
      expect(existsSync(join(dest, edited.path, 'README.md'))).toBe(true);

      const r = await api.cli(['content', 'export', '--all-spaces', '--dest', dest, '--prune', '--yes']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`${linked.path} (it is a symbolic link)`);
      expect(r.stderr).toContain(`${edited.path}/faq.md (edited here since the export)`);
      expect(filesUnder(copy).length).toBeGreaterThan(5);
      expect(existsSync(join(copy, 'SUMMARY.md'))).toBe(true);
      expect(readFileSync(join(dest, edited.path, 'faq.md'), 'utf8')).toBe('edited here\n');
      expect(existsSync(join(dest, edited.path, 'README.md'))).toBe(false);
      // Both stay in the manifest: a later run reports them again.
      const after = JSON.parse(readFileSync(join(dest, '.docplat-export-all.json'), 'utf8'));
      expect(Object.keys(after.spaces)).toEqual(expect.arrayContaining([linkedId, editedId]));
    }));
});
