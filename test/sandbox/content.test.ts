// Content in the sandbox: revisions, the page tree, pages by format, files
// and their bytes on the storage origin (which refuses a token), links and
// backlinks from the Markdown, import, change requests, the admin edits the
// export tests use, persistence, and the benchmark seed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { tempDir } from '../helpers.js';
import { admin, call, demo, expectError, expectOperation, listAll, olderSpec } from './helpers.js';
import { flat, type Page } from '../content-helpers.js';

const ids = demo();
const SPACE = ids.space('Getting Started');
const WELCOME = ids.space('Welcome');

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});

async function pages(spaceId = SPACE, cr?: string): Promise<Page[]> {
  const res = await call(sb, 'GET', `/spaces/${spaceId}${cr ? `/change-requests/${cr}` : ''}/content/pages`);
  expect(res.status, res.text).toBe(200);
  return res.body.pages;
}

async function download(url: string, headers: Record<string, string> = {}): Promise<{ status: number; bytes: Buffer; type?: string }> {
  const res = await request(url, { headers });
  return { status: res.statusCode, bytes: Buffer.from(await res.body.arrayBuffer()), type: res.headers['content-type'] as string | undefined };
}

describe('the revision and the tree', () => {
  it('GET content: the current revision, valid, with pages and files', async () => {
    const res = await call(sb, 'GET', `/spaces/${SPACE}/content`);
    expectOperation(res, 'GET', '/spaces/{spaceId}/content', 200);
    expect(res.body.object).toBe('revision');
    const space = await call(sb, 'GET', `/spaces/${SPACE}`);
    expect(res.body.id).toBe(space.body.revision);
    expect(res.body.files.map((f: { name: string }) => f.name)).toEqual(['diagram.png', 'guide.pdf', 'dataset.bin']);
  });

  it('pages: a realistic tree (groups, documents three levels deep, a link), valid', async () => {
    const res = await call(sb, 'GET', `/spaces/${SPACE}/content/pages`);
    expectOperation(res, 'GET', '/spaces/{spaceId}/content/pages', 200);
    const all = flat(res.body.pages);
    expect(new Set(all.map((p) => p.type))).toEqual(new Set(['document', 'group', 'link']));
    expect(all.find((p) => p.path === 'getting-started/installation/linux')?.title).toBe('Linux');
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    // Pages in a tree carry no content.
    expect(JSON.stringify(res.body)).not.toContain('"markdown"');
  });

  it('the same tree on every read and in every fresh sandbox (deterministic)', async () => {
    const first = await pages();
    const other = await startSandbox({ port: 0 });
    try {
      const again = await call(other, 'GET', `/spaces/${SPACE}/content/pages`);
      expect(again.body.pages).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('ids of the tree match the search results of the space', async () => {
    const tree = flat(await pages());
    const hits = await call(sb, 'GET', `/spaces/${SPACE}/search`, { query: { query: 'token' } });
    expect(hits.body.items.length).toBeGreaterThan(0);
    for (const hit of hits.body.items) expect(tree.map((p) => p.id)).toContain(hit.id);
  });

  it('404 for an unknown space, page or file; 409 for a deleted space', async () => {
    expectError(await call(sb, 'GET', '/spaces/nope/content/pages'), 404, /No space/);
    expectError(await call(sb, 'GET', `/spaces/${SPACE}/content/page/nope`), 404, /No page nope/);
    expectError(await call(sb, 'GET', `/spaces/${SPACE}/content/files/nope`), 404, /No file nope/);
    expectError(await call(sb, 'GET', `/spaces/${ids.space('Changelog 2023')}/content`), 409, /deleted/);
  });
});

describe('a page', () => {
  it('format=markdown gives the Markdown (headings, list, code, table, image); document the JSON document', async () => {
    const intro = flat(await pages()).find((p) => p.path === 'getting-started/installation')!;
    const md = await call(sb, 'GET', `/spaces/${SPACE}/content/page/${intro.id}`, { query: { format: 'markdown' } });
    expectOperation(md, 'GET', '/spaces/{spaceId}/content/page/{pageId}', 200);
    const text: string = md.body.markdown;
    expect(text).toMatch(/^# Installation\n/);
    expect(text).toContain('1. Open a terminal.');
    expect(text).toContain('```bash');
    expect(text).toContain('| Option | Meaning |');
    // The image reference is relative to where the page lands in an export (installation/README.md).
    expect(text).toContain('](../../.gitbook/assets/diagram.png)');
    const doc = await call(sb, 'GET', `/spaces/${SPACE}/content/page/${intro.id}`, { query: { format: 'document' } });
    expectOperation(doc, 'GET', '/spaces/{spaceId}/content/page/{pageId}', 200);
    expect(doc.body.document.object).toBe('document');
    expect(doc.body.markdown).toBeUndefined();
  });

  it('a bad format is a 400', async () => {
    const id = flat(await pages())[0].id;
    expectError(await call(sb, 'GET', `/spaces/${SPACE}/content/page/${id}`, { query: { format: 'html' } }), 400, /format/);
  });

  it('links: computed from the Markdown, with stats, filtered by status (0.130.0 schema)', async () => {
    const config = flat(await pages()).find((p) => p.path === 'guides/configuration')!;
    const res = await call(sb, 'GET', `/spaces/${SPACE}/content/page/${config.id}/links`);
    expectOperation(res, 'GET', '/spaces/{spaceId}/content/page/{pageId}/links', 200, olderSpec());
    expect(res.body.stats).toEqual({ total: 1, broken: { total: 1, changeRequest: 0 } });
    const auth = flat(await pages()).find((p) => p.path === 'guides/authentication')!;
    const ok = await call(sb, 'GET', `/spaces/${SPACE}/content/page/${auth.id}/links`, { query: { status: 'ok' } });
    expect(ok.body.items.map((i: { targetReference: { url: string } }) => i.targetReference.url)).toEqual([
      expect.stringMatching(/\/faq$/),
      'https://status.example.com/',
    ]);
    const broken = await call(sb, 'GET', `/spaces/${SPACE}/content/page/${auth.id}/links`, { query: { status: 'broken' } });
    expect(broken.body.items).toEqual([]);
  });
});

describe('files', () => {
  it('list (paginated), get and backlinks, valid', async () => {
    const { items } = await listAll(sb, `/spaces/${SPACE}/content/files`, 2);
    expect(items).toHaveLength(3);
    const res = await call(sb, 'GET', `/spaces/${SPACE}/content/files`);
    expectOperation(res, 'GET', '/spaces/{spaceId}/content/files', 200);
    const png = items.find((f) => f.name === 'diagram.png');
    expect(png.dimensions).toEqual({ width: 2, height: 2 });
    const one = await call(sb, 'GET', `/spaces/${SPACE}/content/files/${png.id}`);
    expectOperation(one, 'GET', '/spaces/{spaceId}/content/files/{fileId}', 200);
    const back = await call(sb, 'GET', `/spaces/${SPACE}/content/files/${png.id}/backlinks`);
    expectOperation(back, 'GET', '/spaces/{spaceId}/content/files/{fileId}/backlinks', 200, olderSpec());
    const documents = flat(await pages()).filter((p) => p.type === 'document');
    expect(back.body.count).toBe(documents.length);
    const pdf = items.find((f) => f.name === 'guide.pdf');
    expect((await call(sb, 'GET', `/spaces/${SPACE}/content/files/${pdf.id}/backlinks`)).body.items).toEqual([]);
  });

  it('bytes come from the storage origin (another port), deterministic, with the size announced', async () => {
    const { items } = await listAll(sb, `/spaces/${SPACE}/content/files`);
    for (const f of items) {
      const url = new URL(f.downloadURL);
      expect(url.origin).toBe(sb.storageUrl);
      expect(url.origin).not.toBe(new URL(sb.url).origin);
      const got = await download(f.downloadURL);
      expect(got.status).toBe(200);
      expect(got.bytes.length).toBe(f.size);
      expect(got.type).toBe(f.contentType);
    }
    const png = await download(items[0].downloadURL);
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const pdf = await download(items[1].downloadURL);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const big = items[2];
    expect(big.size).toBeGreaterThan(3_000_000);
    expect((await download(big.downloadURL)).bytes.equals((await download(big.downloadURL)).bytes)).toBe(true);
  });

  it('a request with an Authorization header to the storage origin is a logged leak and a 400', async () => {
    const lines: string[] = [];
    const logged = await startSandbox({ port: 0, log: (l) => lines.push(l) });
    try {
      const file = (await call(logged, 'GET', `/spaces/${SPACE}/content/files`)).body.items[0];
      expect(logged.storageLeaks).toBe(0);
      const res = await download(file.downloadURL, { authorization: `Bearer ${logged.token}` });
      expect(res.status).toBe(400);
      expect(res.bytes.toString()).not.toContain(logged.token);
      expect(logged.storageLeaks).toBe(1);
      expect(lines.some((l) => /^LEAK: /.test(l) && !l.includes(logged.token))).toBe(true);
    } finally {
      await logged.close();
    }
  });

  it('the storage origin closes with the sandbox', async () => {
    const other = await startSandbox({ port: 0 });
    const file = (await call(other, 'GET', `/spaces/${SPACE}/content/files`)).body.items[0];
    await other.close();
    await expect(download(file.downloadURL)).rejects.toThrow();
  });
});

describe('change requests', () => {
  it('two in the demo space, by id or number, with their own edited revision', async () => {
    const base = flat(await pages());
    const one = flat(await pages(SPACE, '1'));
    expect(one.find((p) => p.path === 'getting-started/installation')?.title).toBe('Installing');
    expect(one.find((p) => p.path === 'getting-started/installation/windows')).toBeDefined();
    expect(base.find((p) => p.path === 'getting-started/installation')?.title).toBe('Installation');
    const rev = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/1/content`);
    expectOperation(rev, 'GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content', 200);
    const space = await call(sb, 'GET', `/spaces/${SPACE}`);
    expect(rev.body.parents).toEqual([space.body.revision]);
    const two = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/2/content`);
    expect(two.body.id).not.toBe(rev.body.id);
    const faq = one.find((p) => p.path === 'faq')!;
    const md = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/2/content/page/${faq.id}`, { query: { format: 'markdown' } });
    expectOperation(md, 'GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}', 200);
    expect(md.body.markdown).toContain('Yes: a deleted');
    const files = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/2/content/files`);
    expectOperation(files, 'GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files', 200);
    expect((await download(files.body.items[0].downloadURL)).status).toBe(200);
  });

  it('404 for a change request the space does not have (one past its counter)', async () => {
    for (const id of [SPACE, WELCOME]) {
      const past = (await call(sb, 'GET', `/spaces/${id}`)).body.changeRequests + 1;
      expectError(await call(sb, 'GET', `/spaces/${id}/change-requests/${past}/content/pages`), 404, new RegExp(`No change request ${past}`));
    }
  });
});

describe('import', () => {
  it('201 with the result (0.130.0 schema), a new revision with the imported page', async () => {
    const before = await call(sb, 'GET', `/spaces/${WELCOME}`);
    const res = await call(sb, 'POST', `/spaces/${WELCOME}/content/import`, { body: { url: 'https://example.com/docs/start', source: 'website' } });
    expectOperation(res, 'POST', '/spaces/{spaceId}/content/import', 201, olderSpec());
    expect(res.body).toMatchObject({ importedResources: 1, totalResources: 1 });
    expect(res.headers.location).toContain(res.body.revision);
    const after = await call(sb, 'GET', `/spaces/${WELCOME}`);
    expect(after.body.revision).toBe(res.body.revision);
    expect(after.body.revision).not.toBe(before.body.revision);
    const added = flat(await pages(WELCOME)).find((p) => p.title === 'Imported from example.com');
    expect(added?.path).toBe('example-com-docs-start');
  });

  it('into a change request, without touching the space', async () => {
    const res = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/1/content/import`, { body: { url: 'https://example.com/a', source: 'markdown' } });
    expect(res.status, res.text).toBe(201);
    expect(flat(await pages(SPACE, '1')).some((p) => p.title === 'Imported from example.com')).toBe(true);
    expect(flat(await pages()).some((p) => p.title === 'Imported from example.com')).toBe(false);
  });

  it('a bad source, a missing or bad url are 400s', async () => {
    expectError(await call(sb, 'POST', `/spaces/${WELCOME}/content/import`, { body: { url: 'https://example.com', source: 'fax' } }), 400, /source/);
    expectError(await call(sb, 'POST', `/spaces/${WELCOME}/content/import`, { body: { source: 'website' } }), 400, /url/);
    expectError(await call(sb, 'POST', `/spaces/${WELCOME}/content/import`, { body: { url: 'not a url', source: 'website' } }), 400, /url/);
  });
});

describe('admin edits, persistence and the benchmark seed', () => {
  it('edit-page changes a page and its updatedAt, and the space gets a new revision', async () => {
    const page = flat(await pages()).find((p) => p.path === 'faq')!;
    const before = (await call(sb, 'GET', `/spaces/${SPACE}/content/page/${page.id}`)).body;
    const res = await admin(sb, 'POST', '/_sandbox/content/edit-page', { body: { spaceId: SPACE, pageId: page.id, title: 'Questions', path: 'questions' } });
    expect(res.status, res.text).toBe(200);
    const after = (await call(sb, 'GET', `/spaces/${SPACE}/content/page/${page.id}`)).body;
    expect(after).toMatchObject({ title: 'Questions', path: 'questions', slug: 'questions' });
    expect(after.updatedAt >= before.updatedAt).toBe(true);
    expect((await call(sb, 'GET', `/spaces/${SPACE}`)).body.revision).toBe(res.body.revision);
    expectError(await admin(sb, 'POST', '/_sandbox/content/edit-page', { body: { spaceId: SPACE } }), 400, /pageId/);
  });

  it('a changed revision and the change requests survive save and load', async () => {
    const file = join(tempDir(), 'state.json');
    const first = await startSandbox({ port: 0, dataFile: file });
    const added = await admin(first, 'POST', '/_sandbox/content/add-page', { body: { spaceId: WELCOME, title: 'Escape', path: '../../etc/x' } });
    await first.save();
    await first.close();
    const state = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(state.families.content.revisions)).toEqual([WELCOME]);
    const second = await startSandbox({ port: 0, dataFile: file });
    try {
      const page = await call(second, 'GET', `/spaces/${WELCOME}/content/page/${added.body.id}`);
      expect(page.body.path).toBe('../../etc/x');
      expect((await call(second, 'GET', `/spaces/${SPACE}/change-requests/2/content`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('pages: N pages in the first space; largeFileMB: a file generated as it streams', async () => {
    const big = await startSandbox({ port: 0, pages: 200, largeFileMB: 20 });
    try {
      const tree = await call(big, 'GET', `/spaces/${WELCOME}/content/pages`);
      expect(flat(tree.body.pages)).toHaveLength(200);
      const files = await listAll(big, `/spaces/${WELCOME}/content/files`);
      const large = files.items.find((f) => f.name === 'large.bin');
      expect(large.size).toBe(20 * 1024 * 1024);
      const res = await request(large.downloadURL);
      let n = 0;
      for await (const chunk of res.body) n += (chunk as Buffer).length;
      expect(n).toBe(large.size);
    } finally {
      await big.close();
    }
  });
});

