// Comments in the sandbox: every operation on a space and on a change
// request validates against the OpenAPI description; status, replies and
// reactions follow the rules of the issue; permissions reflect the caller.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommentRec } from '../../src/sandbox/families/comments/index.js';
import { seedState, startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, latestSpec, listAll } from './helpers.js';

const ids = demo();
const seeded = (ids.data.families.comments as { comments: CommentRec[] }).comments;
const GS = ids.space('Getting Started');
const GLOBEX_DOCS = ids.space('Globex Docs');
const byBody = (start: string) => seeded.find((c) => c.body.startsWith(start))!;
const CR_COMMENT = seeded.find((c) => c.changeRequest)!;
const CR = CR_COMMENT.changeRequest!;
const ON_SPACE = `/spaces/${GS}/comments`;
const ON_CR = `/spaces/${GS}/change-requests/${CR}/comments`;
const SPACE_PATH = '/spaces/{spaceId}/comments';
const CR_PATH = '/spaces/{spaceId}/change-requests/{changeRequestId}/comments';

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});
beforeAll(() => {
  latestSpec();
});

describe('demo seed', () => {
  it('has open and resolved comments by several members, with replies, reactions, and one on a change request', () => {
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    expect(seeded.some((c) => c.resolvedAt)).toBe(true);
    expect(seeded.some((c) => !c.resolvedAt)).toBe(true);
    expect(new Set(seeded.map((c) => c.postedBy)).size).toBeGreaterThanOrEqual(5);
    expect(seeded.some((c) => c.replies.length > 1 && c.reactions.length > 1)).toBe(true);
    expect(CR).toBeDefined();
    expect(seeded.filter((c) => c.changeRequest).every((c) => c.space === GS)).toBe(true);
  });
});

describe.each([
  ['space', ON_SPACE, SPACE_PATH],
  ['change request', ON_CR, CR_PATH],
])('on a %s', (_, base, path) => {
  it('lists, gets, creates, updates and deletes comments, every response valid', async () => {
    const listed = await call(sb, 'GET', base, { query: { format: 'markdown' } });
    expectOperation(listed, 'GET', path, 200);
    expect(listed.body.count).toBeGreaterThan(0);
    const onCr = base === ON_CR;
    for (const c of listed.body.items) expect(!!c.target.changeRequest).toBe(onCr);

    const pages = (await call(sb, 'GET', base)).body.items.map((c: any) => c.target.page?.id).filter(Boolean);
    const created = await call(sb, 'POST', base, { body: { body: { markdown: 'First line\n\nsecond' }, page: pages[0], node: 'nd1' } });
    expectOperation(created, 'POST', path, 200);
    const c = created.body;
    expect(c).toMatchObject({ status: 'open', replies: 0, body: { markdown: 'First line\n\nsecond' }, target: { page: { id: pages[0] }, node: { id: 'nd1' } } });
    expect(c.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(c.postedBy.id).toBe(ids.me);

    const doc = await call(sb, 'GET', `${base}/${c.id}`, { query: { format: 'document' } });
    expectOperation(doc, 'GET', `${path}/{commentId}`, 200);
    expect(doc.body.body.document.nodes).toHaveLength(2);

    const edited = await call(sb, 'PUT', `${base}/${c.id}`, { body: { body: { markdown: 'changed' } } });
    expectOperation(edited, 'PUT', `${path}/{commentId}`, 200);
    expect(edited.body.editedAt).toBeDefined();

    const del = await call(sb, 'DELETE', `${base}/${c.id}`);
    expect([del.status, del.text]).toEqual([205, '']);
    expectError(await call(sb, 'DELETE', `${base}/${c.id}`), 404, /already deleted/);
    expectError(await call(sb, 'GET', `${base}/${c.id}`), 404, /No comment/);
    expectError(await call(sb, 'DELETE', `${base}/nosuch`), 404, /No comment with id nosuch/);
  });

  it('resolves and reopens: status, resolvedAt and resolvedBy', async () => {
    const c = (await call(sb, 'POST', base, { body: { body: { markdown: 'x' } } })).body;
    const resolved = await call(sb, 'PUT', `${base}/${c.id}`, { body: { resolved: true } });
    expectOperation(resolved, 'PUT', `${path}/{commentId}`, 200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: { id: ids.me } });
    const again = await call(sb, 'PUT', `${base}/${c.id}`, { body: { resolved: true } });
    expect(again.body.resolvedAt).toBe(resolved.body.resolvedAt);
    const open = await call(sb, 'PUT', `${base}/${c.id}`, { body: { resolved: false } });
    expectOperation(open, 'PUT', `${path}/{commentId}`, 200);
    expect(open.body.status).toBe('open');
    expect(open.body.resolvedAt).toBeUndefined();
    expect(open.body.resolvedBy).toBeUndefined();
  });

  it('replies: list, create, get, update; the count follows creation', async () => {
    const c = (await call(sb, 'POST', base, { body: { body: { markdown: 'topic' } } })).body;
    for (const text of ['one', 'two']) {
      const r = await call(sb, 'POST', `${base}/${c.id}/replies`, { body: { body: { markdown: text } } });
      expectOperation(r, 'POST', `${path}/{commentId}/replies`, 200);
    }
    expect((await call(sb, 'GET', `${base}/${c.id}`)).body.replies).toBe(2);
    const replies = await call(sb, 'GET', `${base}/${c.id}/replies`, { query: { format: 'markdown' } });
    expectOperation(replies, 'GET', `${path}/{commentId}/replies`, 200);
    expect(replies.body.items.map((r: any) => r.body.markdown)).toEqual(['one', 'two']);
    const rid = replies.body.items[0].id;
    expectOperation(await call(sb, 'GET', `${base}/${c.id}/replies/${rid}`), 'GET', `${path}/{commentId}/replies/{commentReplyId}`, 200);
    const up = await call(sb, 'PUT', `${base}/${c.id}/replies/${rid}`, { body: { body: { markdown: 'uno' }, addedReactions: ['👍'] } });
    expectOperation(up, 'PUT', `${path}/{commentId}/replies/{commentReplyId}`, 200);
    expect(up.body).toMatchObject({ body: { markdown: 'uno' }, reactions: [{ emoji: '👍', count: 1 }] });
    expectError(await call(sb, 'GET', `${base}/${c.id}/replies/nosuch`), 404, /No reply/);
  });
});

describe('rules', () => {
  it('reactions aggregate per user; adding twice changes nothing; removing drops an empty reaction', async () => {
    const c = byBody('The requirements');
    const url = `${ON_SPACE}/${c.id}`;
    const before = (await call(sb, 'GET', url)).body.reactions;
    const thumbs = before.find((r: any) => r.emoji === '👍');
    expect(thumbs.count).toBe(2);
    const twice = await call(sb, 'PUT', url, { body: { addedReactions: ['👍', '🚀'] } });
    expect(twice.body.reactions.find((r: any) => r.emoji === '👍').count).toBe(2);
    expect(twice.body.reactions.find((r: any) => r.emoji === '🚀')).toMatchObject({ count: 1, users: [{ user: { id: ids.me } }] });
    const again = await call(sb, 'PUT', url, { body: { addedReactions: ['🚀'] } });
    expect(again.body.reactions.find((r: any) => r.emoji === '🚀').count).toBe(1);
    const removed = await call(sb, 'PUT', url, { body: { removedReactions: ['🚀', '👍'] } });
    expect(removed.body.reactions.find((r: any) => r.emoji === '🚀')).toBeUndefined();
    expect(removed.body.reactions.find((r: any) => r.emoji === '👍').count).toBe(1);
  });

  it("a reaction is an emoji, as the description's Emoji (format emoji) says: text is a 400; codepoints, flags, keycaps and ZWJ sequences are emoji", async () => {
    const c = byBody('The requirements');
    const url = `${ON_SPACE}/${c.id}`;
    for (const bad of ['notanemoji', '', ' ', ':thumbsup:', '👍👍', 'cafe', '23', '👍'.repeat(51)]) {
      for (const field of ['addedReactions', 'removedReactions']) {
        expectError(await call(sb, 'PUT', url, { body: { [field]: [bad] } }), 400, new RegExp(`The field "${field}\\.0" must be (an emoji \\(🎉\\) or its Unicode codepoints \\(1f389\\)|at most 50 characters)`));
      }
    }
    const kept = (await call(sb, 'GET', url)).body.reactions.map((r: any) => r.emoji);
    expect(kept).not.toContain('notanemoji');
    const good = ['🚀', '1f389', '🇫🇷', '#️⃣', '👩‍💻', '👍🏽', '❤', '❤️', '1F468-200D-1F4BB'];
    const added = await call(sb, 'PUT', url, { body: { addedReactions: good } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.reactions.map((r: any) => r.emoji)).toEqual(expect.arrayContaining(good));
    expect((await call(sb, 'PUT', url, { body: { removedReactions: good } })).status).toBe(200);
  });

  it("only the author edits a body (403); an admin deletes anyone's comment; a non-admin cannot (403)", async () => {
    const grace = byBody('The requirements');
    const res = await call(sb, 'PUT', `${ON_SPACE}/${grace.id}`, { body: { body: { markdown: 'mine now' } } });
    expectError(res, 403, /Only the author/);
    const got = (await call(sb, 'GET', `${ON_SPACE}/${grace.id}`)).body;
    expect(got.permissions).toMatchObject({ edit: false, delete: true, reply: true });
    expect(got.body.markdown).toMatch(/^The requirements/);
    // The caller is only an editor in Globex: Hank's comments are not theirs to delete.
    const hank = seeded.find((c) => c.space === GLOBEX_DOCS)!;
    const hankUrl = `/spaces/${GLOBEX_DOCS}/comments/${hank.id}`;
    expect((await call(sb, 'GET', hankUrl)).body.permissions).toMatchObject({ edit: false, delete: false });
    expectError(await call(sb, 'DELETE', hankUrl), 403, /Only the author of comment .* or an admin/);
    expect((await call(sb, 'GET', hankUrl)).status).toBe(200);
    expect((await call(sb, 'DELETE', `${ON_SPACE}/${grace.id}`)).status).toBe(205);
  });

  it('list filters: status, targetPage, authors (array), order', async () => {
    const all = (await listAll(sb, ON_SPACE)).items;
    const open = (await listAll(sb, ON_SPACE, 1000, { status: 'open' })).items;
    const resolved = (await listAll(sb, ON_SPACE, 1000, { status: 'resolved' })).items;
    expect(open.length + resolved.length).toBe(all.length);
    expect(open.every((c) => c.status === 'open') && resolved.every((c) => c.status === 'resolved')).toBe(true);
    expect(resolved.length).toBeGreaterThan(0);
    const page = all[0].target.page.id;
    const onPage = (await listAll(sb, ON_SPACE, 1000, { targetPage: page })).items;
    expect(onPage.length).toBeGreaterThan(0);
    expect(onPage.every((c) => c.target.page.id === page)).toBe(true);
    const grace = ids.user('Grace Hopper');
    const alan = ids.user('Alan Turing');
    const url = new URL(sb.url + ON_SPACE);
    url.searchParams.append('authors', grace);
    url.searchParams.append('authors', alan);
    const two = await call(sb, 'GET', `${ON_SPACE}?${url.searchParams}`);
    expect(new Set(two.body.items.map((c: any) => c.postedBy.id))).toEqual(new Set([grace, alan]));
    const desc = all.map((c) => c.postedAt);
    expect(desc).toEqual([...desc].sort().reverse());
    const asc = (await listAll(sb, ON_SPACE, 1000, { order: 'asc' })).items.map((c) => c.postedAt);
    expect(asc).toEqual([...desc].reverse());
    const paged = await listAll(sb, ON_SPACE, 2);
    expect(paged.items.map((c) => c.id)).toEqual(all.map((c) => c.id));
  });

  it('errors: unknown page, node without page, unknown change request, bad status', async () => {
    expectError(await call(sb, 'POST', ON_SPACE, { body: { body: { markdown: 'x' }, page: 'nosuch' } }), 404, /No page nosuch/);
    expectError(await call(sb, 'POST', ON_SPACE, { body: { body: { markdown: 'x' }, node: 'n' } }), 400, /needs "page"/);
    expectError(await call(sb, 'GET', `/spaces/${GS}/change-requests/999/comments`), 404, /No change request 999/);
    expectError(await call(sb, 'GET', ON_SPACE, { query: { status: 'closed' } }), 400, /status/);
    expectError(await call(sb, 'POST', ON_SPACE, { body: {} }), 400, /body/);
    expectError(await call(sb, 'PUT', `${ON_SPACE}/${byBody('The requirements').id}/replies/x`, { body: { resolved: true } }), 404);
  });

  it('a change request is named by its number or its id', async () => {
    const n = (await call(sb, 'GET', `/spaces/${GS}/change-requests/1/comments`)).body;
    const byId = (await call(sb, 'GET', ON_CR)).body;
    expect(n.items.map((c: any) => c.id)).toEqual(byId.items.map((c: any) => c.id));
    expect(n.items[0].target.changeRequest).toBe(CR);
  });
});

describe('state file', () => {
  it('keeps comments, replies, reactions, resolutions and deleted ids across a save and a load', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'comments-')), 'sandbox.json');
    writeFileSync(file, JSON.stringify(seedState('demo')));
    let first = await startSandbox({ port: 0, dataFile: file });
    const c = (await call(first, 'POST', ON_SPACE, { body: { body: { markdown: 'kept' } } })).body;
    await call(first, 'POST', `${ON_SPACE}/${c.id}/replies`, { body: { body: { markdown: 'reply' } } });
    await call(first, 'PUT', `${ON_SPACE}/${c.id}`, { body: { resolved: true, addedReactions: ['👍'] } });
    const gone = (await call(first, 'POST', ON_SPACE, { body: { body: { markdown: 'gone' } } })).body.id;
    await call(first, 'DELETE', `${ON_SPACE}/${gone}`);
    const before = JSON.stringify((await call(first, 'GET', `${ON_SPACE}/${c.id}`)).body).replaceAll(first.url, 'API');
    await first.save();
    await first.close();
    expect(JSON.parse(readFileSync(file, 'utf8')).families.comments.removed).toContain(gone);
    first = await startSandbox({ port: 0, dataFile: file });
    try {
      const after = (await call(first, 'GET', `${ON_SPACE}/${c.id}`)).body;
      expect(JSON.stringify(after).replaceAll(first.url, 'API')).toBe(before);
      expect(after).toMatchObject({ status: 'resolved', replies: 1, reactions: [{ emoji: '👍', count: 1 }] });
      expectError(await call(first, 'DELETE', `${ON_SPACE}/${gone}`), 404, /already deleted/);
    } finally {
      await first.close();
    }
  });

  it('refuses a damaged comments family, naming it', async () => {
    const state = seedState('demo');
    (state.families.comments as { comments: unknown[] }).comments.push({ id: 'x', space: GS });
    const file = join(mkdtempSync(join(tmpdir(), 'comments-')), 'sandbox.json');
    writeFileSync(file, JSON.stringify(state));
    await expect(startSandbox({ port: 0, dataFile: file })).rejects.toThrow(/family "comments": comments\[\d+\] \(x\) must have a string "postedBy"/);
  });
});

describe("the space's open-comments counter", () => {
  it('follows the open comments of the space (not those of its change requests) as they are created, resolved, reopened and deleted', async () => {
    const counter = async () => (await call(sb, 'GET', `/spaces/${GS}`)).body.comments;
    const open = async () => (await call(sb, 'GET', ON_SPACE, { query: { status: 'open' } })).body.count;
    expect(await counter()).toBe(await open());
    const c = (await call(sb, 'POST', ON_SPACE, { body: { body: { markdown: 'counted' } } })).body;
    expect(await counter()).toBe(await open());
    const before = await counter();
    await call(sb, 'POST', ON_CR, { body: { body: { markdown: 'not counted on the space' } } });
    expect(await counter()).toBe(before);
    await call(sb, 'PUT', `${ON_SPACE}/${c.id}`, { body: { resolved: true } });
    expect(await counter()).toBe(before - 1);
    await call(sb, 'PUT', `${ON_SPACE}/${c.id}`, { body: { resolved: false } });
    expect(await counter()).toBe(before);
    await call(sb, 'DELETE', `${ON_SPACE}/${c.id}`);
    expect(await counter()).toBe(before - 1);
    const listed = (await call(sb, 'GET', `/orgs/${ids.org('Acme Docs')}/spaces`)).body.items.find((s: any) => s.id === GS);
    expect(listed.comments).toBe(before - 1);
  });
});

describe('reply delete (public OpenAPI description 0.202.0)', () => {
  it.each([[ON_SPACE], [ON_CR]])('205 then 404 under %s; only the author or an admin', async (base) => {
    const c = await call(sb, 'POST', base, { body: { body: { markdown: 'topic' } } });
    const r = await call(sb, 'POST', `${base}/${c.body.id}/replies`, { body: { body: { markdown: 'reply' } } });
    const path = `${base}/${c.body.id}/replies/${r.body.id}`;
    expect((await call(sb, 'DELETE', path)).status).toBe(205);
    expectError(await call(sb, 'DELETE', path), 404, /already deleted/);
    expectError(await call(sb, 'GET', path), 404, /No reply/);
    expect((await call(sb, 'GET', `${base}/${c.body.id}`)).body.replies).toBe(0);
    expectError(await call(sb, 'DELETE', `${base}/${c.body.id}/replies/nosuch`), 404, /No reply with id nosuch/);
  });

  it('an admin deletes someone else’s reply (Acme: the caller is admin)', async () => {
    const theirs = seeded.find((c) => c.space === GS && !c.changeRequest && c.replies.some((r) => r.postedBy !== ids.me))!;
    const reply = theirs.replies.find((r) => r.postedBy !== ids.me)!;
    expect((await call(sb, 'DELETE', `${ON_SPACE}/${theirs.id}/replies/${reply.id}`)).status).toBe(205);
  });
});
