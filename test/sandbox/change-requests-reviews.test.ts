// Several people in the sandbox, and the review of change requests (public
// OpenAPI description 0.202.0): each other user's token acts as that user
// (what they see, what they may do, who made what), reviews and their rules
// (who may review, the author never, only an open change request, earlier
// reviews outdated, the status left as it was, a comment posted with it),
// requested reviewers (a draft goes into review, the author and strangers
// refused), contributors, and persistence. Every answer is validated against
// the description's schemas.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { tempDir } from '../helpers.js';
import { admin, call, demo, expectError, expectOperation, latestSpec, type CallOptions } from './helpers.js';

const ids = demo();
const SPACE = ids.space('Getting Started');
const CR = '/spaces/{spaceId}/change-requests/{changeRequestId}';

// Validators compiled before any sandbox starts: compiling one takes seconds of a busy machine, which would
// outlast the server's keep-alive and reset the connection the next request reuses.
beforeAll(() => {
  const spec = latestSpec();
  spec.response('POST', '/spaces/{spaceId}/change-requests', 201);
  for (const [method, path, status] of [['POST', '/reviews', 201], ['GET', '/reviews', 200], ['GET', '/reviews/{reviewId}', 200], ['POST', '/requested-reviewers', 200], ['GET', '/requested-reviewers', 200], ['GET', '/contributors', 200]] as const) {
    spec.response(method, `${CR}${path}`, status);
  }
}, 120_000);

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0 });
  return () => sb.close();
});

/** The token of a demo user other than the caller, by the first word of their e-mail. */
function tokenOf(name: string, sandbox = sb): string {
  const user = sandbox.userTokens().find((u) => u.email.startsWith(`${name}@`));
  if (!user) throw new Error(`no user ${name} with a token`);
  return user.token;
}

/** A call as a demo user (`dana` is the sandbox's own token). */
const as = (name: string, method: string, path: string, opts: CallOptions = {}) => call(sb, method, path, { ...opts, token: name === 'dana' ? sb.token : tokenOf(name) });

const review = (name: string, cr: string | number, body: unknown) => as(name, 'POST', `/spaces/${SPACE}/change-requests/${cr}/reviews`, { body });
const requestReview = (name: string, cr: string | number, users: string[]) => as(name, 'POST', `/spaces/${SPACE}/change-requests/${cr}/requested-reviewers`, { body: { users } });

describe('several people', () => {
  it("another user's token acts as them: who they are, their organizations, what they may do, who made what", async () => {
    const me = await as('margaret', 'GET', '/user');
    expect(me.body).toMatchObject({ id: ids.user('Margaret Hamilton'), email: 'margaret@acme.example' });
    // Dana is in three organizations, Margaret in one: the listing built for one is never the other's.
    expect((await as('dana', 'GET', '/orgs')).body.items).toHaveLength(3);
    expect((await as('margaret', 'GET', '/orgs')).body.items.map((o: { title: string }) => o.title)).toEqual(['Acme Docs']);
    expect((await as('dana', 'GET', '/orgs')).body.items).toHaveLength(3);
    expectError(await as('margaret', 'GET', `/orgs/${ids.org('Globex')}`), 404);

    const made = await as('margaret', 'POST', `/spaces/${SPACE}/change-requests`, { body: { subject: 'Margaret edits' } });
    expectOperation(made, 'POST', '/spaces/{spaceId}/change-requests', 201);
    expect(made.body.createdBy.displayName).toBe('Margaret Hamilton');
    // Linus reviews: he may not edit.
    expectError(await as('linus', 'POST', `/spaces/${SPACE}/change-requests`, { body: { subject: 'x' } }), 403, /edit role/);
    const merged = await as('alan', 'POST', `/spaces/${SPACE}/change-requests/${made.body.number}/merge`);
    expect(merged.body.result).toBe('merge');
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/${made.body.number}`)).body.mergedBy.displayName).toBe('Alan Turing');
  });

  it("a token like a user token but unknown is refused; a user's token may edit as in the app (an admin endpoint)", async () => {
    expectError(await call(sb, 'GET', '/user', { token: 'dpu_sandbox_00000000000000000000000000000000' }), 401);
    const faq = (await as('dana', 'GET', `/spaces/${SPACE}/content/pages`)).body.pages.find((p: { path: string }) => p.path === 'faq');
    const res = await admin(sb, 'POST', '/_sandbox/content/edit-page', { token: tokenOf('margaret'), body: { spaceId: SPACE, pageId: faq.id, markdown: '# FAQ\n\nEdited in the app.\n' } });
    expect(res.status, res.text).toBe(200);
    expect(sb.userTokens().map((u) => u.token)).not.toContain(sb.token);
  });
});

describe('reviews', () => {
  it('the author may not review; a reviewer may; a review leaves the status, outdates the earlier one, and posts its comment', async () => {
    // Change request 1 of the demo is Margaret's.
    expectError(await review('margaret', 1, { status: 'approved' }), 403, /author cannot review/);
    const first = await review('linus', 1, { status: 'changes-requested', comment: { markdown: 'The **script** is not linked.' } });
    expectOperation(first, 'POST', `${CR}/reviews`, 201);
    expect(first.headers.location).toMatch(new RegExp(`/change-requests/[^/]+/reviews/${first.body.id}$`));
    expect(first.body).toMatchObject({ status: 'changes-requested', reviewer: { displayName: 'Linus Pauling' }, outdated: false, comment: { body: { markdown: 'The **script** is not linked.' } } });
    const got = await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/reviews/${first.body.id}`);
    expectOperation(got, 'GET', `${CR}/reviews/{reviewId}`, 200);
    const comments = await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/comments`);
    expect(comments.body.items.find((c: { id: string }) => c.id === first.body.comment.id)).toMatchObject({ target: { review: first.body.id, changeRequest: expect.any(String) } });
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1`)).body.status).toBe('open');

    const second = await review('linus', 1, { status: 'approved' });
    expectOperation(second, 'POST', `${CR}/reviews`, 201);
    const all = await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/reviews`);
    expectOperation(all, 'GET', `${CR}/reviews`, 200);
    expect(all.body.items.map((r: { id: string; outdated: boolean }) => [r.id, r.outdated])).toEqual([
      [second.body.id, false],
      [first.body.id, true],
    ]);
    const current = await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/reviews`, { query: { outdated: false } });
    expect(current.body.items.map((r: { id: string }) => r.id)).toEqual([second.body.id]);
    // Merge rules `none` (the demo's): changes asked for do not stop a merge.
    await review('dana', 1, { status: 'changes-requested' });
    expect((await as('dana', 'POST', `/spaces/${SPACE}/change-requests/1/merge`)).body.result).toBe('merge');
    expectError(await review('linus', 1, { status: 'approved' }), 409, /merged: it cannot be reviewed/);
  });

  it('a refused review changes nothing: the earlier one stands', async () => {
    const first = await review('linus', 1, { status: 'approved' });
    expectError(await review('linus', 1, { status: 'changes-requested', comment: {} }), 400, /"comment" must hold/);
    const all = (await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/reviews`)).body.items;
    expect(all.map((r: { id: string; outdated: boolean }) => [r.id, r.outdated])).toEqual([[first.body.id, false]]);
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/comments`)).body.items.some((c: { target: { review?: string } }) => c.target.review)).toBe(false);
  });

  it('without the review role, only a requested reviewer may review; the review fulfils the request', async () => {
    expectError(await review('barbara', 1, { status: 'approved' }), 403, /review role .* your role there is comment/);
    const asked = await requestReview('dana', 1, [ids.user('Barbara Liskov')]);
    expectOperation(asked, 'POST', `${CR}/requested-reviewers`, 200);
    expect(asked.body.users).toEqual([expect.objectContaining({ kind: 'user', user: expect.objectContaining({ displayName: 'Barbara Liskov' }), requestedBy: expect.objectContaining({ displayName: 'Dana Demo' }) })]);
    const waiting = await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/requested-reviewers`);
    expectOperation(waiting, 'GET', `${CR}/requested-reviewers`, 200);
    expect(waiting.body.items).toHaveLength(1);
    const done = await review('barbara', 1, { status: 'approved' });
    expectOperation(done, 'POST', `${CR}/reviews`, 201);
    expect(done.body.requestedBy.displayName).toBe('Dana Demo');
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/1/requested-reviewers`)).body.items).toEqual([]);
  });

  it('asking again outdates the reviewer\'s review; a draft goes into review; the author, strangers and merged ones are refused', async () => {
    const done = await review('linus', 2, { status: 'approved' });
    await requestReview('edsger', 2, [ids.user('Linus Pauling'), ids.user('Linus Pauling')]);
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/2/reviews/${done.body.id}`)).body.outdated).toBe(true);
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/2/requested-reviewers`)).body.items).toHaveLength(1);

    const draft = (await as('margaret', 'POST', `/spaces/${SPACE}/change-requests`, { body: { subject: 'Draft' } })).body;
    await as('margaret', 'PATCH', `/spaces/${SPACE}/change-requests/${draft.number}`, { body: { status: 'draft' } });
    expectError(await review('linus', draft.number, { status: 'approved' }), 409, /draft: request a review/);
    expectError(await requestReview('margaret', draft.number, [ids.user('Margaret Hamilton')]), 400, /users\[0\].*its author cannot review it/);
    expectError(await requestReview('margaret', draft.number, [ids.user('Frank Grimes')]), 400, /users\[0\].*cannot see space/);
    expectError(await requestReview('margaret', draft.number, ['nobody00000000000000']), 400, /users\[0\]: no user/);
    expectError(await requestReview('linus', draft.number, [ids.user('Grace Hopper')]), 403, /edit role/);
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/${draft.number}`)).body.status).toBe('draft');
    await requestReview('margaret', draft.number, [ids.user('Grace Hopper')]);
    expect((await as('dana', 'GET', `/spaces/${SPACE}/change-requests/${draft.number}`)).body.status).toBe('open');
    expectError(await review('linus', draft.number, { status: 'maybe' }), 400, /status/);
  });

  it('contributors: the author, then each who sent content changes', async () => {
    const cr = (await as('margaret', 'POST', `/spaces/${SPACE}/change-requests`, { body: { subject: 'Together' } })).body;
    const faq = (await as('dana', 'GET', `/spaces/${SPACE}/content/pages`)).body.pages.find((p: { path: string }) => p.path === 'faq');
    for (const who of ['edsger', 'edsger']) {
      const sent = await as(who, 'POST', `/spaces/${SPACE}/change-requests/${cr.number}/content`, { body: { changes: [{ operation: 'update_page', page: faq.id, title: `FAQ ${who}` }] } });
      expect(sent.status, sent.text).toBe(200);
    }
    const res = await as('dana', 'GET', `/spaces/${SPACE}/change-requests/${cr.number}/contributors`);
    expectOperation(res, 'GET', `${CR}/contributors`, 200);
    expect(res.body.items.map((c: { user: { displayName: string }; count: number }) => [c.user.displayName, c.count])).toEqual([
      ['Margaret Hamilton', 1],
      ['Edsger Dijkstra', 2],
    ]);
    const mine = await as('dana', 'GET', `/spaces/${SPACE}/change-requests`, { query: { contributor: ids.user('Edsger Dijkstra') } });
    // Edsger made the demo's change request 2 too.
    expect(mine.body.items.map((c: { number: number }) => c.number)).toEqual([cr.number, 2]);
    const none = await as('dana', 'GET', `/spaces/${SPACE}/change-requests`, { query: { contributor: ids.user('Grace Hopper') } });
    expect(none.body.items).toEqual([]);
  });

  it('reviews, requests and contributors survive a restart from the state file', async () => {
    const dir = tempDir();
    const dataFile = join(dir, 'state.json');
    try {
      const first = await startSandbox({ port: 0, dataFile });
      const asked = await call(first, 'POST', `/spaces/${SPACE}/change-requests/1/requested-reviewers`, { body: { users: [ids.user('Barbara Liskov')] } });
      expect(asked.status, asked.text).toBe(200);
      const made = await call(first, 'POST', `/spaces/${SPACE}/change-requests/1/reviews`, { body: { status: 'approved', comment: { markdown: 'Kept' } }, token: tokenOf('linus', first) });
      expect(made.status, made.text).toBe(201);
      await first.save();
      await first.close();
      const second = await startSandbox({ port: 0, dataFile });
      try {
        // The tokens are derived from the state's own: the same after a restart.
        expect(tokenOf('linus', second)).toBe(tokenOf('linus', first));
        const reviews = await call(second, 'GET', `/spaces/${SPACE}/change-requests/1/reviews`);
        expect(reviews.body.items).toEqual([expect.objectContaining({ id: made.body.id, comment: expect.objectContaining({ body: { markdown: 'Kept' } }) })]);
        expect((await call(second, 'GET', `/spaces/${SPACE}/change-requests/1/requested-reviewers`)).body.items).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
