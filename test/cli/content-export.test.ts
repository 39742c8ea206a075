// content export against the sandbox: the folder matches the tree and
// SUMMARY.md, a re-run over an unchanged space sends only the tree and the
// files list, renames move files, --prune removes what is gone, hostile
// paths from the API stay inside the folder, failures exit 5, and Ctrl-C
// then a re-run completes with each page fetched once in total.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { lines, runInProcess, spaceId, startCli, tempDir, until, withTestApi, type TestApi } from '../helpers.js';
import { filesUnder, flat, type Page } from '../content-helpers.js';
import { parseSummary, type SummaryEntry } from '../../src/commands/content/summary.js';


const files = (dir: string) => filesUnder(dir);

async function get(sb: Sandbox, path: string): Promise<any> {
  const res = await fetch(sb.url + path, { headers: { authorization: `Bearer ${sb.token}` } });
  return res.json();
}

async function adminPost(sb: Sandbox, action: string, body: unknown): Promise<any> {
  const res = await fetch(`${sb.url.replace(/\/v1$/, '')}/_sandbox/content/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sb.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function exportTo(api: TestApi, args: string[]) {
  return api.cli(['content', 'export', ...args]);
}

describe('content export', () => {
  it('writes the tree as Markdown files at their paths, SUMMARY.md in tree order, and every file under .gitbook/assets', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'docs');
      const r = await exportTo(api, [id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      const tree: Page[] = (await get(api.sandbox, `/spaces/${id}/content/pages`)).pages;
      const documents = flat(tree).filter((p) => p.type === 'document');
      const summary = readFileSync(join(dir, 'SUMMARY.md'), 'utf8');
      const links = [...summary.matchAll(/\* \[([^\]]+)\]\(([^)]+)\)/g)].map((m) => ({ title: m[1], target: m[2] }));
      // SUMMARY.md lists every page but groups (headings) in tree order; each local target is the page's file.
      expect(links.map((l) => l.title)).toEqual(flat(tree).filter((p) => p.type !== 'group').map((p) => p.title));
      expect(summary).toContain('## Guides');
      for (const page of documents) {
        const target = links.find((l) => l.title === page.title)!.target;
        const api_ = await get(api.sandbox, `/spaces/${id}/content/page/${page.id}?format=markdown`);
        // The page's metadata as front matter, then its Markdown with only link targets rewritten.
        const text = readFileSync(join(dir, target), 'utf8');
        expect(text.startsWith(`---\ndescription: ${api_.description}\n---\n\n`)).toBe(true);
        const targets = (s: string) => s.replace(/\]\([^)]*\)/g, '](…)');
        expect(targets(text.replace(/^---\n[\s\S]*?\n---\n\n/, ''))).toBe(targets(api_.markdown));
        // Every relative link of the page resolves to a file of the export.
        for (const m of text.matchAll(/\]\(([^)#]+)[^)]*\)/g)) {
          if (!/^https?:/.test(m[1])) expect(existsSync(join(dir, target, '..', decodeURIComponent(m[1]))), `${target}: ${m[1]}`).toBe(true);
        }
      }
      // Internal links become relative links to the pages' files; a target not in the export stays as it was.
      expect(readFileSync(join(dir, 'guides/authentication.md'), 'utf8')).toContain('See the [FAQ](../faq.md) and the [status page](https://status.example.com/).');
      expect(readFileSync(join(dir, 'faq.md'), 'utf8')).toContain('Read [Authentication](guides/authentication.md) first.');
      expect(readFileSync(join(dir, 'guides/configuration.md'), 'utf8')).toContain('[settings](https://example.com/gone/settings)');
      expect(readFileSync(join(dir, 'guides/configuration.md'), 'utf8')).toContain('![Diagram](../.gitbook/assets/diagram.png)');
      // SUMMARY.md read back gives the tree: its order, nesting and groups, exactly (FAQ and Status page stay out of Guides).
      const shape = (pages: Page[]): unknown[] => pages.map((p) => [p.type, p.title, shape(p.pages ?? [])]);
      const read = (entries: SummaryEntry[]): unknown[] => entries.map((e) => [e.kind === 'page' ? 'document' : e.kind, e.title, read(e.children)]);
      expect(read(parseSummary(summary))).toEqual(shape(tree));
      expect(links.find((l) => l.title === 'Status page')!.target).toBe('https://status.example.com/');
      const written = files(dir);
      expect(written.filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')).toHaveLength(documents.length);
      expect(written).toContain('getting-started/installation/README.md');
      expect(written).toContain('getting-started/installation/linux.md');
      expect(written).toContain('README.md');
      // The image reference in a page resolves to the asset written beside it.
      const install = readFileSync(join(dir, 'getting-started/installation/README.md'), 'utf8');
      const ref = /!\[[^\]]*\]\(([^)]+)\)/.exec(install)![1];
      expect(existsSync(join(dir, 'getting-started/installation', ref))).toBe(true);
      const assets = (await get(api.sandbox, `/spaces/${id}/content/files`)).items;
      for (const f of assets) {
        const bytes = readFileSync(join(dir, '.gitbook/assets', f.name));
        expect(bytes.equals(Buffer.from(await (await fetch(f.downloadURL)).arrayBuffer()))).toBe(true);
      }
      expect(api.sandbox.storageLeaks).toBe(0);
      expect(written.some((f) => f.endsWith('.part'))).toBe(false);
    }));

  it('a re-run over an unchanged space sends only the tree request and the files list (and the space and collections read for the backup record)', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'docs');
      expect((await exportTo(api, [id, '--dest', dir])).code).toBe(0);
      const before = { api: api.sandbox.requestCount, storage: api.sandbox.storageRequests };
      const again = await exportTo(api, [id, '--dest', dir]);
      expect(again.code, again.stderr).toBe(0);
      // The tree and the files list; the space and its organization's collections (what a restore needs: backup.ts).
      expect(api.sandbox.requestCount - before.api).toBe(4);
      expect(api.sandbox.storageRequests - before.storage).toBe(0);
      expect(again.stderr).toMatch(/0 fetched, 12 unchanged, 0 moved/);
    }));

  it('a changed page is fetched again, a renamed one moves its file (children too), a deleted one stays until --prune', () =>
    withTestApi({}, async (api) => {
      const sb = api.sandbox;
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'docs');
      expect((await exportTo(api, [id, '--dest', dir])).code).toBe(0);
      const tree = flat((await get(sb, `/spaces/${id}/content/pages`)).pages);
      const byPath = (p: string) => tree.find((x) => x.path === p)!.id;
      await adminPost(sb, 'edit-page', { spaceId: id, pageId: byPath('faq'), markdown: '# FAQ\n\nNew answers.\n' });
      await adminPost(sb, 'edit-page', { spaceId: id, pageId: byPath('getting-started/installation'), path: 'getting-started/setup' });
      await adminPost(sb, 'remove-page', { spaceId: id, pageId: byPath('getting-started/quickstart') });
      const before = sb.requestCount;
      const r = await exportTo(api, [id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      // tree + files list + faq + the renamed page (its updatedAt changed); its children are moved, not fetched
      expect(sb.requestCount - before).toBe(6);
      expect(readFileSync(join(dir, 'faq.md'), 'utf8')).toBe('---\ndescription: About faq\n---\n\n# FAQ\n\nNew answers.\n');
      const now = files(dir);
      expect(now).toContain('getting-started/setup/README.md');
      expect(now).toContain('getting-started/setup/linux.md');
      expect(now).not.toContain('getting-started/installation/linux.md');
      expect(existsSync(join(dir, 'getting-started/installation'))).toBe(false);
      expect(now).toContain('getting-started/quickstart.md');
      expect(r.stderr).toMatch(/2 moved \(1 files of removed pages kept; --prune removes them\)/);
      expect(readFileSync(join(dir, 'SUMMARY.md'), 'utf8')).toContain('(getting-started/setup/linux.md)');
      const pruned = await exportTo(api, [id, '--dest', dir, '--prune', '--yes']);
      expect(pruned.code, pruned.stderr).toBe(0);
      expect(files(dir)).not.toContain('getting-started/quickstart.md');
      expect(pruned.stderr).toMatch(/1 removed/);
    }));

  it('a moved section leaves no empty folder; pages linking to a moved page are written again with the new link', () =>
    withTestApi({}, async (api) => {
      const sb = api.sandbox;
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'docs');
      const tree = flat((await get(sb, `/spaces/${id}/content/pages`)).pages);
      const byPath = (p: string) => tree.find((x) => x.path === p)!.id;
      await adminPost(sb, 'edit-page', { spaceId: id, pageId: byPath('guides/authentication'), markdown: `# Auth\n\nSee the [FAQ](/pages/${byPath('faq')}#top).\n` });
      expect((await exportTo(api, [id, '--dest', dir])).code).toBe(0);
      expect(readFileSync(join(dir, 'guides/authentication.md'), 'utf8')).toContain('[FAQ](../faq.md#top)');
      await adminPost(sb, 'edit-page', { spaceId: id, pageId: byPath('getting-started'), path: 'start' });
      await adminPost(sb, 'edit-page', { spaceId: id, pageId: byPath('faq'), path: 'help/faq' });
      const r = await exportTo(api, [id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(dir, 'getting-started'))).toBe(false);
      expect(files(dir)).toContain('start/installation/linux.md');
      // Authentication links to the FAQ, which moved: its file now says where the FAQ is.
      expect(readFileSync(join(dir, 'guides/authentication.md'), 'utf8')).toContain('[FAQ](../help/faq.md#top)');
      expect(readFileSync(join(dir, 'help/faq.md'), 'utf8')).toContain('[Authentication](../guides/authentication.md)');
    }));

  it('hostile paths and names from the API stay inside the folder; collisions get distinct names', () =>
    withTestApi({}, async (api) => {
      const sb = api.sandbox;
      const id = await spaceId(api, 'Welcome');
      const hostile = ['../../x', '/etc/x', 'a\u0000b', 'C:\\evil', '..\\..\\win', 'con', 'FAQ', 'a/../../../b', '\u001b[31mred', '...', ''];
      for (const path of hostile) await adminPost(sb, 'add-page', { spaceId: id, title: `T ${JSON.stringify(path)}`, path });
      for (const name of ['../../evil.png', '/etc/passwd', 'diagram.png', 'DIAGRAM.PNG', '..']) await adminPost(sb, 'add-file', { spaceId: id, name, size: 10 });
      const parent = tempDir();
      const dir = join(parent, 'out');
      const r = await exportTo(api, [id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      // Nothing beside the export folder, nothing outside it.
      expect(readdirSync(parent)).toEqual(['out']);
      expect(existsSync('/etc/x.md')).toBe(false);
      const written = files(dir);
      const documents = flat((await get(sb, `/spaces/${id}/content/pages`)).pages).filter((p) => p.type === 'document');
      expect(written.filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')).toHaveLength(documents.length);
      for (const f of written) {
        expect(f).not.toMatch(/(^|\/)\.\.(\/|$)/);
        expect(f).not.toMatch(/[\u0000-\u001f:]/);
      }
      expect(written).toContain('x.md');
      expect(written).toContain('etc/x.md');
      expect(written).toContain('ab.md');
      expect(written).toContain('_con.md');
      expect(written.filter((f) => f.toLowerCase() === 'faq.md' || /^faq-\d\.md$/i.test(f))).toHaveLength(2);
      const assets = written.filter((f) => f.startsWith('.gitbook/assets/'));
      expect(assets).toHaveLength(8);
      expect(new Set(assets.map((a) => a.toLowerCase())).size).toBe(8);
      expect(assets).toContain('.gitbook/assets/_.._.._evil.png');
      expect(assets).toContain('.gitbook/assets/_etc_passwd');
      expect(assets).toContain('.gitbook/assets/DIAGRAM-3.PNG');
    }));

  it('never writes through a link in the folder that leads outside it (exit 5, the rest written)', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const outside = tempDir();
      const dir = join(tempDir(), 'docs');
      mkdirSync(dir);
      symlinkSync(outside, join(dir, 'guides'));
      // A link one level up: mkdir -p through it would create getting-started/installation outside.
      symlinkSync(outside, join(dir, 'getting-started'));
      // The folder holds files the export did not write (the links): --force takes it over.
      const r = await exportTo(api, [id, '--dest', dir, '--force']);
      expect(r.code).toBe(5);
      expect(readdirSync(outside)).toEqual([]);
      expect(lines(r.stderr).filter((l) => l.startsWith('failed: page'))).toHaveLength(7);
      expect(lines(r.stderr).at(-1)).toMatch(/^error: 7 of 12 pages and files failed/);
      expect(existsSync(join(dir, 'faq.md'))).toBe(true);
    }));

  it('shows a progress line on a terminal, and none when stderr is not one', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const tty = await runInProcess(['content', 'export', id, '--dest', join(tempDir(), 'a')], { env: api.env(), stderrTTY: true });
      expect(tty.code, tty.stderr).toBe(0);
      expect(tty.stderr).toContain('pages 9/9, files 3/3');
      const piped = await exportTo(api, [id, '--dest', join(tempDir(), 'b')]);
      expect(piped.stderr).not.toMatch(/pages \d+\/\d+/);
    }));

  it('--dry-run lists what would be written and writes nothing', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'docs');
      const r = await exportTo(api, [id, '--dest', dir, '--dry-run']);
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stdout)).toContain('write getting-started/installation/README.md');
      expect(lines(r.stdout)).toContain('write .gitbook/assets/dataset.bin');
      expect(lines(r.stdout).at(-1)).toBe('write SUMMARY.md');
      expect(existsSync(dir)).toBe(false);
      // Over an up-to-date export, a dry run lists nothing (not even SUMMARY.md).
      expect((await exportTo(api, [id, '--dest', dir])).code).toBe(0);
      const again = await exportTo(api, [id, '--dest', dir, '--dry-run']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe('');
      expect(again.stderr).toMatch(/dry run: 0 changes/);
    }));

  it('--change-request exports the change request\'s revision; a folder of another export is refused', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'cr');
      const r = await exportTo(api, [id, '--change-request', '1', '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(join(dir, 'getting-started/installation/README.md'), 'utf8')).toMatch(/^---\n[^]*\n---\n\n# Installing/);
      expect(existsSync(join(dir, 'getting-started/installation/windows.md'))).toBe(true);
      const other = await exportTo(api, [id, '--dest', dir]);
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(/--dest holds an export of change request 1 of space \w+, and this run exports the space itself, not a change request: choose another folder/);
      // The space's own export, and the run exports one of its change requests: the message says so.
      const spaceDir = join(tempDir(), 'space');
      expect((await exportTo(api, [id, '--dest', spaceDir])).code).toBe(0);
      const cr = await exportTo(api, [id, '--change-request', '2', '--dest', spaceDir]);
      expect(cr.code).toBe(2);
      expect(cr.stderr).toContain(`--dest holds an export of space ${id}, and this run exports its change request 2, not the space itself`);
    }));

  it('Ctrl-C mid-export exits 130 with complete files; a re-run completes, each page fetched once in total', async () => {
    const log: string[] = [];
    await withTestApi({ pages: 300, log: (l) => log.push(l) }, async (api) => {
      const id = await spaceId(api, 'Welcome');
      const dir = join(tempDir(), 'big');
      await fetch(`${api.sandbox.url.replace(/\/v1$/, '')}/_sandbox/faults`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ spec: 'latency=20' }),
      });
      const pageRequests = () => log.filter((l) => /^GET \/v1\/spaces\/[^/]+\/content\/page\/[^/]+ 200/.test(l));
      const run = startCli(['content', 'export', id, '--dest', dir, '--concurrency', '4'], { env: api.env() });
      await until(() => pageRequests().length >= 40);
      run.child.kill('SIGINT');
      const first = await run.done;
      expect(first.code).toBe(130);
      expect(lines(first.stderr).at(-1)).toMatch(/^error: interrupted: \d+ of \d+ pages and files are in .*run the same command again to finish$/);
      const partial = files(dir).filter((f) => f.endsWith('.md'));
      expect(partial.length).toBeGreaterThanOrEqual(40);
      expect(partial.length).toBeLessThan(300);
      expect(files(dir).some((f) => f.endsWith('.part'))).toBe(false);
      const second = await api.cli(['content', 'export', id, '--dest', dir]);
      expect(second.code, second.stderr).toBe(0);
      const counts = new Map<string, number>();
      for (const l of pageRequests()) counts.set(l.split(' ')[1], (counts.get(l.split(' ')[1]) ?? 0) + 1);
      expect(counts.size).toBe(300);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(files(dir).filter((f) => f.endsWith('.md') && f !== 'SUMMARY.md')).toHaveLength(300);
      for (const f of files(dir)) expect(statSync(join(dir, f)).size).toBeGreaterThan(0);
    });
  });
});
