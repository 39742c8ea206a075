// content push against the sandbox: the round trip of issue 22 (export,
// push unchanged sends nothing, edit / add with an image / move / delete,
// push --prune --merge, export again: byte for byte the same), the dry-run
// plan, an asset too large refused before anything is sent, --merge on
// conflicts (exit 1, the change request left open), and Ctrl-C between
// batches then a re-run with --change-request that finishes the job.
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { filesUnder, tempFolders } from '../content-helpers.js';
import { expectValid, latestSpec } from '../sandbox/helpers.js';
import { lines, setFaults, spaceId, startCli, until, withTestApi, type TestApi } from '../helpers.js';

const dir = tempFolders();

/** Every file under a folder but the export's manifest (which records the run). */
const files = (root: string) => filesUnder(root, ['.docplat-export.json']);

/** Two folders hold the same files, byte for byte. */
function expectSame(a: string, b: string): void {
  expect(files(b)).toEqual(files(a));
  for (const f of files(a)) expect(readFileSync(join(b, f)).equals(readFileSync(join(a, f))), f).toBe(true);
}

/** The demo space "Getting Started" exported into a new folder. */
async function exported(api: TestApi): Promise<{ id: string; src: string }> {
  const id = await spaceId(api, 'Getting Started');
  const src = dir('docs');
  expect((await api.cli(['content', 'export', id, '--dest', src])).code).toBe(0);
  return { id, src };
}

/** Every change request of the space, whatever its status. */
async function changeRequests(sb: Sandbox, space: string): Promise<{ number: number; status: string }[]> {
  const all: { number: number; status: string }[] = [];
  for (const status of ['draft', 'open', 'archived', 'merged']) {
    const res = await fetch(`${sb.url}/spaces/${space}/change-requests?limit=100&status=${status}`, { headers: { authorization: `Bearer ${sb.token}` } });
    all.push(...((await res.json()) as { items: { number: number; status: string }[] }).items);
  }
  return all;
}

const edit = (path: string, from: string, to: string) => {
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};

describe('content push', () => {
  it('round trip: unchanged is "nothing to push"; edit, add with an image, move, delete, push --prune --merge; a new export is byte for byte the folder', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      const crs = (await changeRequests(api.sandbox, id)).length;
      const last = Math.max(...(await changeRequests(api.sandbox, id)).map((c) => c.number));

      // Line ends and a byte-order mark an editor may add are no change.
      const install = join(src, 'getting-started/installation/linux.md');
      const original = readFileSync(install);
      writeFileSync(install, '\uFEFF' + original.toString('utf8').replace(/\n/g, '\r\n'));
      const unchanged = await api.cli(['content', 'push', id, '--src', src]);
      writeFileSync(install, original);
      expect(unchanged.code, unchanged.stderr).toBe(0);
      expect(unchanged.stderr).toMatch(/^nothing to push: .* matches space /m);
      expect(unchanged.stdout).toBe('');
      expect(await changeRequests(api.sandbox, id)).toHaveLength(crs);

      // Edit one page; add one with an image and a link; move Quickstart under Installation; delete macOS.
      edit(join(src, 'guides/configuration.md'), 'Settings live in a JSON file.', 'Settings live in a TOML file.');
      writeFileSync(join(src, 'new-page.md'), '# New page\n\nRead the [FAQ](faq.md#top) first.\n\n![Pic](.gitbook/assets/pic.png)\n');
      writeFileSync(join(src, '.gitbook/assets/pic.png'), readFileSync(join(src, '.gitbook/assets/diagram.png')));
      renameSync(join(src, 'getting-started/quickstart.md'), join(src, 'getting-started/installation/quickstart.md'));
      edit(join(src, 'getting-started/installation/quickstart.md'), '](../.gitbook/assets/diagram.png)', '](../../.gitbook/assets/diagram.png)');
      unlinkSync(join(src, 'getting-started/installation/macos.md'));
      const summary = join(src, 'SUMMARY.md');
      edit(summary, '    * [macOS](getting-started/installation/macos.md)\n  * [Quickstart](getting-started/quickstart.md)\n', '    * [Quickstart](getting-started/installation/quickstart.md)\n');
      edit(summary, '* [FAQ](faq.md)\n', '* [FAQ](faq.md)\n* [New page](new-page.md)\n');

      const plan = await api.cli(['content', 'push', id, '--src', src, '--prune', '--dry-run']);
      expect(plan.code, plan.stderr).toBe(0);
      expect(lines(plan.stdout)).toEqual([
        'add file .gitbook/assets/pic.png (73 bytes)',
        expect.stringMatching(/^update page getting-started\/installation\/quickstart\.md \(\w+\): move under "Installation", position 2$/),
        expect.stringMatching(/^update page guides\/configuration\.md \(\w+\): change text$/),
        'add page new-page.md "New page" at the top level, position 5',
        'delete page getting-started/installation/macos "macOS"',
      ]);
      expect(await changeRequests(api.sandbox, id)).toHaveLength(crs);

      const pushed = await api.cli(['content', 'push', id, '--src', src, '--prune', '--merge', '--json', '--yes']);
      expect(pushed.code, pushed.stderr).toBe(0);
      const cr = JSON.parse(pushed.stdout);
      expect(cr).toMatchObject({ number: last + 1, merged: true });
      expect(await changeRequests(api.sandbox, id)).toHaveLength(crs + 1);
      expect(cr.url).toMatch(/^https:\/\/app\.docplat\.test\/.*\/changes\//);
      expect(pushed.stderr).toContain('sent 1 pages added, 1 changed, 1 moved, 1 deleted, 1 files added in 1 batches');

      const again = dir('again');
      expect((await api.cli(['content', 'export', id, '--dest', again])).code).toBe(0);
      expectSame(src, again);
      // The new page's link and image are the platform's, and read back as the folder's.
      expect(readFileSync(join(again, 'new-page.md'), 'utf8')).toContain('[FAQ](faq.md#top)');
      // And the folder now matches the space.
      expect((await api.cli(['content', 'push', id, '--src', again])).stderr).toMatch(/nothing to push/);
    }));

  it('new pages under a new page, linking each other both ways, arrive in order (a parent before its pages) and read back byte for byte', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      mkdirSync(join(src, 'tutorials'));
      writeFileSync(join(src, 'tutorials/README.md'), '# Tutorials\n\nStart with [the first](first.md).\n');
      writeFileSync(join(src, 'tutorials/first.md'), '# First\n\nThen [the second](second.md#more), or [back](README.md).\n');
      writeFileSync(join(src, 'tutorials/second.md'), '# Second\n\nAfter [the first](first.md); see the [FAQ](../faq.md).\n');
      edit(join(src, 'SUMMARY.md'), '* [FAQ](faq.md)\n', '* [FAQ](faq.md)\n* [Tutorials](tutorials/README.md)\n  * [First](tutorials/first.md)\n  * [Second](tutorials/second.md)\n');
      const r = await api.cli(['content', 'push', id, '--src', src, '--merge']);
      expect(r.code, r.stderr).toBe(0);
      // The parent, then its pages, then the one whose link named a page created after it.
      expect(r.stderr).toContain('sent 3 pages added, 0 changed, 0 moved, 0 deleted, 0 files added in 3 batches');
      const again = dir('again');
      expect((await api.cli(['content', 'export', id, '--dest', again])).code).toBe(0);
      expectSame(src, again);
    }));

  it('an export of a change request pushed into the space sends what the change request changed', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const src = dir('cr-1');
      expect((await api.cli(['content', 'export', id, '--change-request', '1', '--dest', src])).code).toBe(0);
      const plan = await api.cli(['content', 'push', id, '--src', src, '--dry-run']);
      expect(plan.code, plan.stderr).toBe(0);
      expect(lines(plan.stdout)).toEqual([
        expect.stringMatching(/^update page getting-started\/installation\/README\.md \(\w+\): change text, rename to "Installing"$/),
        'add page getting-started/installation/windows.md "Windows" under "Installing", position 3',
      ]);
    }));

  it('front matter sets the metadata (a folded description too); keys push does not send are warned of, with their line', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      expect(readFileSync(join(src, 'faq.md'), 'utf8')).toMatch(/^---\ndescription: About faq\n---\n\n# FAQ/);
      edit(join(src, 'faq.md'), '---\ndescription: About faq\n---\n', '---\ndescription: >-\n  Answers to the\n  usual questions.\nlayout:\n  title:\n    visible: true\nemoji: "2753"\n---\n');
      const r = await api.cli(['content', 'push', id, '--src', src, '--merge']);
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stderr)).toContain('faq.md:5: front matter "layout" is not sent (push sends description, emoji and hidden)');
      const again = dir('again');
      expect((await api.cli(['content', 'export', id, '--dest', again])).code).toBe(0);
      expect(readFileSync(join(again, 'faq.md'), 'utf8')).toMatch(/^---\ndescription: Answers to the usual questions\.\nemoji: "2753"\n---\n\n# FAQ/);
    }));

  it('every batch it sends is valid against the 0.202.0 description (ChangeRequestContentChange), links resolved to ids or refs', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      edit(join(src, 'faq.md'), 'Yes, a deleted space', 'Yes: a deleted space');
      mkdirSync(join(src, 'more'));
      writeFileSync(join(src, 'more/README.md'), '---\ndescription: More pages\n---\n\n# More\n\nSee [one](one.md) and ![P](../.gitbook/assets/p.png).\n');
      writeFileSync(join(src, 'more/one.md'), '# One\n\nBack to [more](README.md), the [FAQ](../faq.md).\n');
      writeFileSync(join(src, '.gitbook/assets/p.png'), readFileSync(join(src, '.gitbook/assets/diagram.png')));
      edit(join(src, 'SUMMARY.md'), '* [FAQ](faq.md)\n', '* [More](more/README.md)\n  * [One](more/one.md)\n* [FAQ](faq.md)\n');
      edit(join(src, 'SUMMARY.md'), '  * [Quickstart](getting-started/quickstart.md)\n', '');
      // A recording proxy in front of the sandbox: the bodies of the content batches, as sent.
      const bodies: any[] = [];
      const target = new URL(api.sandbox.url);
      const proxy = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          if (req.method === 'POST' && /\/change-requests\/[^/]+\/content/.test(req.url ?? '')) bodies.push(JSON.parse(body.toString('utf8')));
          const out = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
          out.end(body);
        });
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
        const r = await api.cli(['content', 'push', id, '--src', src, '--prune', '--yes'], { env: { DOCPLAT_API_URL: url } });
        expect(r.code, r.stderr).toBe(0);
      } finally {
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      }
      expect(bodies.length).toBeGreaterThan(1);
      const change = latestSpec().schema('ChangeRequestContentChange');
      const operations: string[] = [];
      for (const body of bodies) {
        expect(Object.keys(body)).toEqual(['changes']);
        expect(body.changes.length).toBeGreaterThanOrEqual(1);
        expect(body.changes.length).toBeLessThanOrEqual(50);
        for (const c of body.changes) {
          expectValid(change, c, `change ${c.operation}`);
          operations.push(c.operation);
          // Links to pages and files are ids, or refs of the batch; a page inserted before the page it links
          // to exists (More, linking One) is updated once it does.
          const resolved = /^(\/pages\/\w+|\/files\/\w+|\.\/docplat-(page|file)-\d+(\.md)?|https?:)/;
          for (const m of String(c.document?.markdown ?? '').matchAll(/\]\(([^)]+)\)/g)) {
            if (c.operation === 'insert_page' && c.title === 'More' && m[1] === 'one.md') continue;
            expect(m[1]).toMatch(resolved);
          }
          if (c.operation === 'insert_files') for (const f of c.files) expect(Buffer.from(f.base64, 'base64').length).toBeLessThanOrEqual(1024 * 1024);
        }
      }
      expect(operations.sort()).toEqual(['delete_page', 'insert_files', 'insert_page', 'insert_page', 'update_page', 'update_page']);
      const last = bodies.at(-1).changes.at(-1);
      expect(last).toMatchObject({ operation: 'update_page' });
      expect(last.document.markdown).toMatch(/^# More\n\nSee \[one\]\((\/pages\/\w+|\.\/docplat-page-\d+\.md)\) and !\[P\]\(\/files\/\w+\)\.\n$/);
    }));

  it('a new change request the server names ".." is its answer\'s fault, named so (exit 1), and nothing is sent to it', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      edit(join(src, 'faq.md'), 'Yes, a deleted space', 'Yes: a deleted space');
      // A proxy in front of the sandbox that renames every change request it answers "..".
      const sent: string[] = [];
      const target = new URL(api.sandbox.url);
      const proxy = createServer((req, res) => {
        sent.push(`${req.method} ${req.url}`);
        const out = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (c: Buffer) => chunks.push(c));
          answer.on('end', () => {
            let body = Buffer.concat(chunks).toString('utf8');
            if (/\/change-requests$/.test(req.url ?? '') && req.method === 'POST') body = JSON.stringify({ ...JSON.parse(body), id: '..' });
            res.writeHead(answer.statusCode ?? 502, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
            res.end(body);
          });
        });
        req.pipe(out);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
        const r = await api.cli(['content', 'push', id, '--src', src], { env: { DOCPLAT_API_URL: url } });
        expect(r.code).toBe(1);
        expect(lines(r.stderr).at(-1)).toBe('error: unexpected answer: the server gave the new change request the id "..", which cannot name it in a request (it cannot be ".." (it would change the path)); nothing was sent to it');
        expect(r.stderr).not.toContain('--change-request');
        expect(sent.at(-1)).toBe(`POST /v1/spaces/${id}/change-requests`);
      } finally {
        proxy.closeAllConnections();
        await new Promise((resolve) => proxy.close(resolve));
      }
    }));

  it('an asset over 1 MB is refused by name before anything is sent', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      writeFileSync(join(src, '.gitbook/assets/huge.bin'), Buffer.alloc(1024 * 1024 + 1));
      const before = api.sandbox.requestCount;
      const r = await api.cli(['content', 'push', id, '--src', src]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/error: --src: \.gitbook\/assets\/huge\.bin \(1048577 bytes\): over the 1048576 bytes \(1 MB\).*nothing was sent/);
      // The tree and the files list were read; nothing else.
      expect(api.sandbox.requestCount - before).toBe(2);
    }));

  it('--merge on conflicts exits 1 and leaves the change request open; pushing again into it with nothing new merges it', () =>
    withTestApi({}, async (api) => {
      const { id, src } = await exported(api);
      edit(join(src, 'faq.md'), 'Yes, a deleted space', 'Yes: a deleted space');
      const first = await api.cli(['content', 'push', id, '--src', src, '--json']);
      expect(first.code, first.stderr).toBe(0);
      const { number } = JSON.parse(first.stdout);
      // The space changes the same page meanwhile.
      const other = dir('other');
      expect((await api.cli(['content', 'export', id, '--dest', other])).code).toBe(0);
      edit(join(other, 'faq.md'), 'Yes, a deleted space', 'Indeed, a deleted space');
      const direct = await api.cli(['content', 'push', id, '--src', other, '--merge']);
      expect(direct.code, direct.stderr).toBe(0);
      const r = await api.cli(['content', 'push', id, '--src', src, '--change-request', String(number), '--merge']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`error: change request ${number} has conflicts with the space and stays open`));
      expect((await changeRequests(api.sandbox, id)).find((c) => c.number === number)?.status).toBe('open');
    }));

  it('Ctrl-C between batches says which were sent; a re-run with --change-request finishes the push', async () => {
    const log: string[] = [];
    await withTestApi({ log: (l) => log.push(l) }, async (api) => {
      const { id, src } = await exported(api);
      // 140 new pages: three batches.
      let entries = '';
      for (let i = 1; i <= 140; i++) {
        writeFileSync(join(src, `p${i}.md`), `# Page ${i}\n\nText ${i}.\n`);
        entries += `* [Page ${i}](p${i}.md)\n`;
      }
      writeFileSync(join(src, 'SUMMARY.md'), readFileSync(join(src, 'SUMMARY.md'), 'utf8') + entries);
      const posts = () => log.filter((l) => /^POST \/v1\/spaces\/[^/]+\/change-requests\/[^/]+\/content/.test(l));
      await setFaults(api, 'latency=300');
      const run = startCli(['content', 'push', id, '--src', src], { env: api.env() });
      await until(() => posts().length >= 1);
      run.child.kill('SIGINT');
      const stopped = await run.done;
      expect(stopped.code, stopped.stderr).toBe(130);
      const m = /error: interrupted: batches 1-(\d) were sent to change request (\d+), each complete; run again with --change-request \2 to send the rest/.exec(stopped.stderr);
      expect(m, stopped.stderr).not.toBeNull();
      expect(Number(m![1])).toBeLessThan(3);
      await setFaults(api, '');
      const rest = await api.cli(['content', 'push', id, '--src', src, '--change-request', m![2], '--merge']);
      expect(rest.code, rest.stderr).toBe(0);
      expect(rest.stderr).toMatch(new RegExp(`sent ${140 - 50 * Number(m![1])} pages added`));
      const again = dir('again');
      expect((await api.cli(['content', 'export', id, '--dest', again])).code).toBe(0);
      expectSame(src, again);
    });
  });
});
