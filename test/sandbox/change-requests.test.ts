// Change requests in the sandbox (public OpenAPI description 0.202.0): list,
// get, create, update, merge (fast-forward, carried over, conflicts), the
// semantic changes, the batch of content changes (pages by ref, files by
// ref, links in the stored form, bounds), and the space's counters derived
// from the records for every space. Every answer is validated against the
// description's schemas.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { flat, type Page } from '../content-helpers.js';
import { tempDir } from '../helpers.js';
import { call, demo, expectError, expectOperation, listAll } from './helpers.js';

const ids = demo();
const SPACE = ids.space('Getting Started');
const CRS = '/spaces/{spaceId}/change-requests';
const CR = `${CRS}/{changeRequestId}`;

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});

async function create(subject = 'Edit the docs', space = SPACE): Promise<{ id: string; number: number; revision: string }> {
  const res = await call(sb, 'POST', `/spaces/${space}/change-requests`, { body: { subject } });
  expectOperation(res, 'POST', CRS, 201);
  return res.body;
}

async function pages(cr?: string | number): Promise<Page[]> {
  const res = await call(sb, 'GET', `/spaces/${SPACE}${cr !== undefined ? `/change-requests/${cr}` : ''}/content/pages`);
  expect(res.status, res.text).toBe(200);
  return flat(res.body.pages);
}

async function markdown(pageId: string, cr?: string | number): Promise<string> {
  const res = await call(sb, 'GET', `/spaces/${SPACE}${cr !== undefined ? `/change-requests/${cr}` : ''}/content/page/${pageId}`, { query: { format: 'markdown' } });
  expect(res.status, res.text).toBe(200);
  return res.body.markdown;
}

function send(cr: string | number, changes: unknown[], query: Record<string, string | boolean> = {}) {
  return call(sb, 'POST', `/spaces/${SPACE}/change-requests/${cr}/content`, { body: { changes }, query });
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==', 'base64');

describe('the batch of content changes', () => {
  it('inserts a page with an image by refs, updates, moves and deletes pages; the space is untouched until merge', async () => {
    const cr = await create();
    const before = await pages();
    const faq = before.find((p) => p.path === 'faq')!;
    const quick = before.find((p) => p.path === 'getting-started/quickstart')!;
    const start = before.find((p) => p.path === 'getting-started')!;
    const linux = before.find((p) => p.path === 'getting-started/installation/linux')!;
    const res = await send(
      cr.number,
      [
        { operation: 'insert_page', ref: 'new-page', into: start.id, at: 0, document: { markdown: '---\ndescription: All about it\nhidden: true\n---\n# Release notes\n\nSee [the FAQ](../faq.md), ![a picture](./shot.png) and [later](./later.md).\n' } },
        { operation: 'insert_files', files: [{ ref: 'shot.png', name: 'shot.png', contentType: 'image/png', base64: PNG.toString('base64') }] },
        { operation: 'insert_page', ref: 'later', document: { markdown: '# Later\n\nBack to [notes](./new-page.md).\n' } },
        { operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nShorter answers.\n' } },
        { operation: 'update_page', page: quick.id, into: null },
        { operation: 'delete_page', page: linux.id },
      ],
      { compat: false },
    );
    expectOperation(res, 'POST', `${CR}/content`, 200);
    expect(res.body.changes.map((c: { object: string }) => c.object)).toEqual(['created_page', 'created_page', 'updated_page', 'updated_page', 'deleted_page']);
    expect(res.body.changes[0].ref).toBe('new-page');
    expect(res.body.insertedFiles[0]).toMatchObject({ name: 'shot.png', contentType: 'image/png', size: PNG.length });

    const after = await pages(cr.number);
    const notes = after.find((p) => p.title === 'Release notes')!;
    expect(notes.path).toBe('getting-started/release-notes');
    // Front matter is the page's metadata (and not its content).
    const read = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/content/page/${notes.id}`, { query: { format: 'markdown' } });
    expect(read.body).toMatchObject({ description: 'All about it', hidden: true });
    expect(after.find((p) => p.id === quick.id)!.path).toBe('quickstart');
    expect(after.some((p) => p.id === linux.id)).toBe(false);
    const md = await markdown(notes.id, cr.number);
    expect(md).toContain('[the FAQ](/faq)');
    expect(md).toContain('![a picture](../.gitbook/assets/shot.png)');
    expect(md).toContain('[later](/later)');
    expect(md).not.toContain('description:');
    expect(await markdown(after.find((p) => p.title === 'Later')!.id, cr.number)).toContain('[notes](/getting-started/release-notes)');
    const file = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/content/files`)).body.items.find((f: { name: string }) => f.name === 'shot.png');
    const bytes = Buffer.from(await (await request(file.downloadURL)).body.arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);

    // Every kind of change the batch made, as the semantic changes list them.
    const listed = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/changes`, { query: { limit: 50 } });
    expectOperation(listed, 'GET', `${CR}/changes`, 200);
    const kinds = listed.body.changes.map((c: { type: string; page?: { id: string }; file?: { name: string } }) => `${c.type} ${c.page?.id ?? c.file?.name}`);
    expect(kinds).toEqual(
      expect.arrayContaining([`page_created ${notes.id}`, `page_edited ${faq.id}`, `page_moved ${quick.id}`, `page_deleted ${linux.id}`, 'file_created shot.png']),
    );
    const two = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/changes`, { query: { limit: 2 } });
    expect(two.body.changes).toHaveLength(2);
    expect(two.body.more).toBe(listed.body.changes.length - 2);

    // The space itself is as it was.
    expect((await pages()).map((p) => [p.id, p.path])).toEqual(before.map((p) => [p.id, p.path]));
    const compat = await send(cr.id, [{ operation: 'update_page', page: faq.id, title: 'Questions' }]);
    expectOperation(compat, 'POST', `${CR}/content`, 200);
    expect(compat.body.object).toBe('change-request');
  });

  it('rejects the whole batch on one bad change, and the description\'s bounds', async () => {
    const cr = await create();
    const before = await pages(cr.number);
    const bad = await send(cr.number, [{ operation: 'insert_page', document: { markdown: '# A' } }, { operation: 'delete_page', page: 'nope' }]);
    expectError(bad, 400, /changes\[1\] \(delete_page\): no page nope/);
    expect(await pages(cr.number)).toEqual(before);
    expectError(await send(cr.number, Array.from({ length: 51 }, () => ({ operation: 'insert_page', document: { markdown: '# A' } }))), 400, /"changes" must be 1 to 50 items/);
    const files = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.png`, contentType: 'image/png', base64: 'AA==' }));
    expectError(await send(cr.number, [{ operation: 'insert_files', files }]), 400, /files" must be 1 to 20 items/);
    const big = Buffer.alloc(1024 * 1024 + 1).toString('base64');
    expectError(await send(cr.number, [{ operation: 'insert_files', files: [{ name: 'big.bin', contentType: 'application/octet-stream', base64: big }] }]), 400, /big.bin" has 1048577 bytes; inline files hold at most 1048576/);
    expectError(await send(cr.number, [{ operation: 'insert_files', files: [{ name: 'x.png', base64: 'AA==' }] }]), 400, /contentType/);
    expectError(await send(cr.number, [{ operation: 'rename_page', page: 'x' }]), 400, /operation/);
    expectError(await send(cr.number, [{ operation: 'insert_page', ref: 'a', document: { markdown: '# A' } }, { operation: 'insert_page', ref: 'a', document: { markdown: '# B' } }]), 400, /ref "a" is used twice/);
    const start = before.find((p) => p.path === 'getting-started')!;
    const child = before.find((p) => p.path === 'getting-started/quickstart')!;
    expectError(await send(cr.number, [{ operation: 'update_page', page: start.id, into: child.id }]), 400, /under itself/);
  });
});

describe('change requests', () => {
  it('create, get by id and number, update subject and status, list by status', async () => {
    const cr = await create('First draft');
    const got = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}`);
    expectOperation(got, 'GET', CR, 200);
    expect(got.body).toMatchObject({ id: cr.id, status: 'open', subject: 'First draft', outdated: false });
    const space = (await call(sb, 'GET', `/spaces/${SPACE}`)).body;
    expect(got.body.revisionInitial).toBe(space.revision);
    const upd = await call(sb, 'PATCH', `/spaces/${SPACE}/change-requests/${cr.id}`, { body: { subject: 'Second', status: 'draft' } });
    expectOperation(upd, 'PATCH', CR, 200);
    expect(upd.body).toMatchObject({ subject: 'Second', status: 'draft' });
    const drafts = await call(sb, 'GET', `/spaces/${SPACE}/change-requests`, { query: { status: 'draft' } });
    expectOperation(drafts, 'GET', CRS, 200);
    expect(drafts.body.items.map((c: { id: string }) => c.id)).toContain(cr.id);
    const open = await call(sb, 'GET', `/spaces/${SPACE}/change-requests`);
    expect(open.body.items.every((c: { status: string }) => c.status === 'open')).toBe(true);
    expectError(await call(sb, 'PATCH', `/spaces/${SPACE}/change-requests/${cr.id}`, { body: { status: 'merged' } }), 400, /status/);
    expectError(await call(sb, 'POST', `/spaces/${SPACE}/change-requests`, { body: { subject: 'x'.repeat(101) } }), 400, /subject/);
  });

  it('merge: a fast-forward makes the change request the space\'s content and a new revision; a resend answers the same', async () => {
    const cr = await create();
    const faq = (await pages()).find((p) => p.path === 'faq')!;
    await send(cr.number, [{ operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nNew answers.\n' } }]);
    const changes = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/changes`);
    expectOperation(changes, 'GET', `${CR}/changes`, 200);
    expect(changes.body.changes).toEqual([expect.objectContaining({ type: 'page_edited', page: expect.objectContaining({ id: faq.id }) })]);
    const before = (await call(sb, 'GET', `/spaces/${SPACE}`)).body;
    const res = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${cr.number}/merge`);
    expectOperation(res, 'POST', `${CR}/merge`, 200);
    expect(res.body.result).toBe('merge');
    const after = (await call(sb, 'GET', `/spaces/${SPACE}`)).body;
    expect(after.revision).toBe(res.body.revision);
    expect(after.revision).not.toBe(before.revision);
    expect(after.changeRequestsOpen).toBe(before.changeRequestsOpen - 1);
    expect(await markdown(faq.id)).toContain('New answers.');
    const merged = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.id}`)).body;
    expect(merged).toMatchObject({ status: 'merged', revisionMerged: res.body.revision });
    expect((await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${cr.number}/merge`)).body).toEqual(res.body);
    expectError(await send(cr.number, [{ operation: 'delete_page', page: faq.id }]), 409, /merged/);
  });

  it('merge after the space changed: other pages are carried over; the same page is conflicts and nothing changes', async () => {
    const base = await pages();
    const faq = base.find((p) => p.path === 'faq')!;
    const quick = base.find((p) => p.path === 'getting-started/quickstart')!;
    const a = await create('A');
    const b = await create('B');
    await send(a.number, [{ operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nFrom A.\n' } }]);
    await send(b.number, [
      { operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nFrom B.\n' } },
    ]);
    const c = await create('C');
    await send(c.number, [{ operation: 'update_page', page: quick.id, document: { markdown: '# Quickstart\n\nFrom C.\n' } }]);
    expect((await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${a.number}/merge`)).body.result).toBe('merge');
    const outdated = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}`)).body;
    expect(outdated.outdated).toBe(true);
    const space = (await call(sb, 'GET', `/spaces/${SPACE}`)).body;
    const clash = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${b.number}/merge`);
    expectOperation(clash, 'POST', `${CR}/merge`, 200);
    expect(clash.body).toEqual({ result: 'conflicts', revision: space.revision });
    expect((await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}`)).body.status).toBe('open');
    expect(await markdown(faq.id)).toContain('From A.');
    expect((await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${c.number}/merge`)).body.result).toBe('merge');
    expect(await markdown(quick.id)).toContain('From C.');
    expect(await markdown(faq.id)).toContain('From A.');
  });
});

describe('rebase (POST …/update), the base revision, the organization\'s listing', () => {
  it('rebase takes what the space merged since; the change request keeps its changes and starts from the space\'s content', async () => {
    const base = await pages();
    const faq = base.find((p) => p.path === 'faq')!;
    const quick = base.find((p) => p.path === 'getting-started/quickstart')!;
    const a = await create('A');
    const b = await create('B');
    await send(a.number, [{ operation: 'update_page', page: quick.id, document: { markdown: '# Quickstart\n\nFrom A.\n' } }]);
    await send(b.number, [{ operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nFrom B.\n' } }]);
    const upToDate = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${b.number}/update`);
    expectOperation(upToDate, 'POST', `${CR}/update`, 200);
    expect(upToDate.body).toEqual({ result: 'update', revision: (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}`)).body.revision });
    const merged = (await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${a.number}/merge`)).body;
    const started = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}`)).body;
    expect(started.outdated).toBe(true);

    const res = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${b.number}/update`);
    expectOperation(res, 'POST', `${CR}/update`, 200);
    expect(res.body.result).toBe('update');
    const after = await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}`);
    expectOperation(after, 'GET', CR, 200);
    expect(after.body).toMatchObject({ revision: res.body.revision, revisionInitial: started.revisionInitial, revisionMergedAncestor: merged.revision, outdated: false });
    expect(await markdown(quick.id, b.number)).toContain('From A.');
    expect(await markdown(faq.id, b.number)).toContain('From B.');
    // Its changes are its own again, against the content it took.
    const changes = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}/changes`)).body.changes;
    expect(changes.map((c: { page: { id: string } }) => c.page.id)).toEqual([faq.id]);
    expect((await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${b.number}/merge`)).body.result).toBe('merge');
    expect(await markdown(quick.id)).toContain('From A.');
  });

  it('rebase over a page the space changed too is conflicts, and changes nothing; a merged one is refused', async () => {
    const faq = (await pages()).find((p) => p.path === 'faq')!;
    const a = await create('A');
    const b = await create('B');
    await send(a.number, [{ operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nFrom A.\n' } }]);
    await send(b.number, [{ operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nFrom B.\n' } }]);
    await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${a.number}/merge`);
    const before = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}`)).body;
    const res = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${b.number}/update`);
    expectOperation(res, 'POST', `${CR}/update`, 200);
    expect(res.body).toEqual({ result: 'conflicts', revision: before.revision });
    expect((await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${b.number}`)).body).toMatchObject({ revision: before.revision, outdated: true });
    expect(await markdown(faq.id, b.number)).toContain('From B.');
    expectError(await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${a.number}/update`), 409, /merged/);
  });

  it('a page of the revision a change request started from reads as it was after the space changed; an edit says what it changed', async () => {
    const faq = (await pages()).find((p) => p.path === 'faq')!;
    const cr = await create('Title only');
    const was = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}`)).body.revisionInitial;
    await send(cr.number, [{ operation: 'update_page', page: faq.id, title: 'Questions' }]);
    const other = await create('Other');
    await send(other.number, [{ operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nNew text.\n' } }]);
    await call(sb, 'POST', `/spaces/${SPACE}/change-requests/${other.number}/merge`);
    const old = await call(sb, 'GET', `/spaces/${SPACE}/revisions/${was}/page/${faq.id}`, { query: { format: 'markdown' } });
    expectOperation(old, 'GET', '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', 200);
    expect(old.body.markdown).toContain('Yes, a deleted space can be restored');
    expect(old.body.markdown).not.toContain('New text.');
    expectError(await call(sb, 'GET', `/spaces/${SPACE}/revisions/nosuchrevision0000000/page/${faq.id}`), 404, /No revision/);
    const changes = (await call(sb, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/changes`)).body.changes;
    expect(changes).toEqual([expect.objectContaining({ type: 'page_edited', attributes: { title: { before: 'FAQ', after: 'Questions' } } })]);
  });

  it("the organization's listing: every space the caller sees, newest first, its filters and statuses (a list)", async () => {
    const org = ids.org('Acme Docs');
    const all = await listAll(sb, `/orgs/${org}/change-requests`);
    const res = await call(sb, 'GET', `/orgs/${org}/change-requests`, { query: { limit: 5 } });
    expectOperation(res, 'GET', '/orgs/{organizationId}/change-requests', 200);
    const spaces = (await listAll(sb, `/orgs/${org}/spaces`)).items;
    expect(all.items.length).toBe(spaces.reduce((n: number, s: { changeRequestsOpen: number }) => n + s.changeRequestsOpen, 0));
    expect(new Set(all.items.map((c: { space: string }) => c.space)).size).toBeGreaterThan(1);
    expect(all.items.every((c: { status: string }) => c.status === 'open')).toBe(true);
    const dates = all.items.map((c: { updatedAt: string }) => c.updatedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const both = await listAll(sb, `/orgs/${org}/change-requests`, 1000, { status: 'draft' });
    expect(both.items.every((c: { status: string }) => c.status === 'draft')).toBe(true);
    // Several statuses: `status=open&status=draft`.
    const url = `/orgs/${org}/change-requests?status=open&status=draft&limit=1000`;
    const mixed = await call(sb, 'GET', url);
    expect(mixed.body.items.length).toBe(all.items.length + both.items.length);
    const asked = await call(sb, 'POST', `/spaces/${SPACE}/change-requests/2/requested-reviewers`, { body: { users: [ids.user('Linus Pauling')] } });
    expect(asked.status, asked.text).toBe(200);
    const inbox = await call(sb, 'GET', `/orgs/${org}/change-requests`, { query: { requestedReviewer: ids.user('Linus Pauling') } });
    expect(inbox.body.items.map((c: { space: string; number: number }) => [c.space, c.number])).toEqual([[SPACE, 2]]);
    const one = await listAll(sb, `/orgs/${org}/change-requests`, 1000, { space: SPACE });
    expect(one.items.map((c: { number: number }) => c.number).sort()).toEqual([1, 2]);
    expectError(await call(sb, 'GET', `/orgs/nosuchorg00000000000/change-requests`), 404);
  });
});

describe('counters', () => {
  it('every space\'s counters match its change requests, and each counted one can be read', async () => {
    const spaces = (await listAll(sb, `/orgs/${ids.org('Acme Docs')}/spaces`)).items;
    for (const space of spaces) {
      const open = await listAll(sb, `/spaces/${space.id}/change-requests`, 1000, { status: 'open' });
      const draft = await listAll(sb, `/spaces/${space.id}/change-requests`, 1000, { status: 'draft' });
      expect([open.items.length, draft.items.length], space.title).toEqual([space.changeRequestsOpen, space.changeRequestsDraft]);
      for (let n = 1; n <= space.changeRequests; n++) expect((await call(sb, 'GET', `/spaces/${space.id}/change-requests/${n}/content`)).status, `${space.title} #${n}`).toBe(200);
      expectError(await call(sb, 'GET', `/spaces/${space.id}/change-requests/${space.changeRequests + 1}`), 404, /No change request/);
    }
    expect(spaces.some((s: { changeRequests: number; title: string }) => s.title !== 'Getting Started' && s.changeRequests > 0)).toBe(true);
  });

  it('a new change request counts at once', async () => {
    const before = (await call(sb, 'GET', `/spaces/${SPACE}`)).body;
    await create();
    const after = (await call(sb, 'GET', `/spaces/${SPACE}`)).body;
    expect([after.changeRequests, after.changeRequestsOpen]).toEqual([before.changeRequests + 1, before.changeRequestsOpen + 1]);
  });
});

describe('persistence', () => {
  it('change requests, their edits, status and merges survive a restart from the state file', async () => {
    const dir = tempDir();
    const dataFile = join(dir, 'state.json');
    try {
      const first = await startSandbox({ port: 0, dataFile });
      const faq = (await call(first, 'GET', `/spaces/${SPACE}/content/pages`)).body.pages.find((p: Page) => p.path === 'faq');
      const cr = (await call(first, 'POST', `/spaces/${SPACE}/change-requests`, { body: { subject: 'Kept' } })).body;
      await call(first, 'POST', `/spaces/${SPACE}/change-requests/${cr.number}/content`, { body: { changes: [{ operation: 'update_page', page: faq.id, document: { markdown: '# FAQ\n\nKept.\n' } }] } });
      await call(first, 'PATCH', `/spaces/${SPACE}/change-requests/2`, { body: { status: 'archived' } });
      const counters = (await call(first, 'GET', `/spaces/${SPACE}`)).body;
      await first.save();
      await first.close();
      const second = await startSandbox({ port: 0, dataFile });
      try {
        expect((await call(second, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}`)).body).toMatchObject({ id: cr.id, subject: 'Kept', status: 'open' });
        expect((await call(second, 'GET', `/spaces/${SPACE}/change-requests/2`)).body.status).toBe('archived');
        const md = await call(second, 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/content/page/${faq.id}`, { query: { format: 'markdown' } });
        expect(md.body.markdown).toContain('Kept.');
        const again = (await call(second, 'GET', `/spaces/${SPACE}`)).body;
        expect([again.changeRequests, again.changeRequestsOpen, again.changeRequestsDraft]).toEqual([counters.changeRequests, counters.changeRequestsOpen, counters.changeRequestsDraft]);
        expect((await call(second, 'POST', `/spaces/${SPACE}/change-requests/${cr.number}/merge`)).body.result).toBe('merge');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
