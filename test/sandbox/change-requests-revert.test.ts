// The sandbox's revert_page and insert_files by url, as content restore uses
// them: a page, a group or a link page deleted since a revision comes back
// as it was there (its id, its place, its pages), a changed page gets its
// fields back, a page the revision lacks goes; a file sent by url is fetched
// (its bytes kept), from a private or reserved address only when the sandbox
// was started to allow it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReserved } from '../../src/sandbox/families/change-requests/file-urls.js';
import { type Sandbox } from '../../src/sandbox/server.js';
import { flat, type Page } from '../content-helpers.js';
import { call, demo, expectError, withSandbox } from './helpers.js';

const SPACE = demo().space('Getting Started');

async function tree(sb: Sandbox, cr?: number): Promise<Page[]> {
  const res = await call(sb, 'GET', `/spaces/${SPACE}${cr !== undefined ? `/change-requests/${cr}` : ''}/content/pages`);
  expect(res.status, res.text).toBe(200);
  return res.body.pages;
}

async function batch(sb: Sandbox, changes: unknown[]): Promise<{ number: number; status: number; text: string; body: any }> {
  const cr = await call(sb, 'POST', `/spaces/${SPACE}/change-requests`, { body: { subject: 'restore' } });
  expect(cr.status, cr.text).toBe(201);
  const res = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${cr.body.number}/content`, { body: { changes }, query: { compat: false } });
  return { number: cr.body.number, status: res.status, text: res.text, body: res.body };
}

async function merged(sb: Sandbox, changes: unknown[]): Promise<void> {
  const sent = await batch(sb, changes);
  expect(sent.status, sent.text).toBe(200);
  const res = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${sent.number}/merge`);
  expect(res.body.result, res.text).toBe('merge');
}

const shape = (pages: Page[]): unknown => pages.map((p) => ({ id: p.id, type: p.type, title: p.title, path: p.path, pages: shape(p.pages ?? []) }));

describe('revert_page', () => {
  it('brings back a deleted group with its pages, a link page and a document, as they were at the revision named', async () => {
    await withSandbox({}, async (sb) => {
      const before = await tree(sb);
      const revision = (await call(sb, 'GET', `/spaces/${SPACE}`)).body.revision;
      const all = flat(before);
      const group = all.find((p) => p.type === 'group')!;
      const link = all.find((p) => p.type === 'link')!;
      const faq = all.find((p) => p.path === 'faq')!;
      const faqText = (await call(sb, 'GET', `/spaces/${SPACE}/content/page/${faq.id}`, { query: { format: 'markdown' } })).body.markdown;
      await merged(sb, [
        { operation: 'delete_page', page: group.id },
        { operation: 'delete_page', page: link.id },
        { operation: 'update_page', page: faq.id, title: 'Questions', document: { markdown: '# Questions\n\nGone.\n' } },
      ]);
      expect(flat(await tree(sb)).map((p) => p.id)).not.toContain(group.id);

      await merged(sb, [group, link, faq].map((p) => ({ operation: 'revert_page', page: p.id, revision })));
      const after = await tree(sb);
      expect(shape(after)).toEqual(shape(before));
      expect((await call(sb, 'GET', `/spaces/${SPACE}/content/page/${faq.id}`, { query: { format: 'markdown' } })).body.markdown).toBe(faqText);
    });
  });

  it('removes a page the revision lacks, takes the base by default, and refuses a revision the space never had', async () => {
    await withSandbox({}, async (sb) => {
      const before = await tree(sb);
      const revision = (await call(sb, 'GET', `/spaces/${SPACE}`)).body.revision;
      const sent = await batch(sb, [{ operation: 'insert_page', ref: 'new', title: 'New', document: { markdown: '# New\n' } }]);
      expect(sent.status, sent.text).toBe(200);
      const created = sent.body.changes[0].page.id;
      const res = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${sent.number}/content`, { body: { changes: [{ operation: 'revert_page', page: created }] } });
      expect(res.status, res.text).toBe(200);
      expect(shape(await tree(sb, sent.number))).toEqual(shape(before));
      const bad = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${sent.number}/content`, { body: { changes: [{ operation: 'revert_page', page: before[0].id, revision: 'nosuchrevision' }] } });
      expectError(bad, 400, /changes\[0\] \(revert_page\): no revision nosuchrevision/);
      expect(revision).toBeTruthy();
    });
  });
});

describe('insert_files by url', () => {
  let server: Server;
  let base = '';
  const bytes = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/big.bin') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
      else if (req.url === '/moved') res.writeHead(302, { location: '/big.bin' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a private or reserved address as the platform does', async () => {
    await withSandbox({}, async (sb) => {
      for (const url of [`${base}/big.bin`, 'http://10.1.2.3/x.bin', 'http://[::1]/x.bin', 'http://169.254.169.254/latest']) {
        const sent = await batch(sb, [{ operation: 'insert_files', files: [{ name: 'big.bin', url }] }]);
        expectError(sent as never, 400, /changes\[0\]\.files\[0\]: "url" resolves to a private or reserved address .*--allow-private-file-urls/);
      }
    });
    for (const address of ['127.0.0.1', '10.0.0.1', '172.20.1.1', '192.168.1.1', '::1', 'fd00::1', '::ffff:127.0.0.1', '100.64.0.1']) expect(isReserved(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1::1', '8.8.8.8']) expect(isReserved(address), address).toBe(false);
  });

  it('fetches the bytes when started to allow loopback (a redirect is not followed)', async () => {
    await withSandbox({ allowPrivateFileUrls: true }, async (sb) => {
      const sent = await batch(sb, [{ operation: 'insert_files', files: [{ name: 'big.bin', url: `${base}/big.bin` }] }]);
      expect(sent.status, sent.text).toBe(200);
      const file = sent.body.insertedFiles[0];
      expect(file.size).toBe(bytes.length);
      const got = Buffer.from(await (await fetch(file.downloadURL)).arrayBuffer());
      expect(got.equals(bytes)).toBe(true);
      const moved = await batch(sb, [{ operation: 'insert_files', files: [{ name: 'big.bin', url: `${base}/moved` }] }]);
      expectError(moved as never, 400, /redirect \(302\)/);
    });
  });
});
