// The comments family: comments on the pages of a space, and their replies
// and reactions, on a space and (separately) on each of its change requests.
// Every rule of these operations lives here; a refused request throws
// SandboxError before anything changes.
//
// Comments reach pages and change requests through the content family
// (pagesOf(), page() and changeRequestOf(): the seam to it).
import type { Role } from '../../api/enums.js';
import { DAY, iso } from '../core/clock.js';
import { badRequest, forbidden, notFound } from '../core/errors.js';
import { Draws, SEED_BASE_TIME, type SeedName } from '../core/ids.js';
import type { PageQuery } from '../core/paging.js';
import { familyObject, records } from '../core/persist.js';
import { byId, deleted, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast, higher } from '../core/roles.js';
import type { Req } from '../core/router.js';
import type { Families, Family, Handlers, World } from '../core/world.js';
import { userObject } from './orgs/index.js';
import { findPage, walk } from './content/model.js';
import type { SpaceRec } from './spaces/index.js';

declare module '../core/world.js' {
  interface Families {
    comments: Comments;
  }
}

// ---- records ---------------------------------------------------------------------------

export interface ReactionRec {
  emoji: string;
  /** In the order they reacted. */
  users: { user: string; reactedAt: string }[];
}

export interface ReplyRec {
  id: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  /** Markdown. */
  body: string;
  reactions: ReactionRec[];
}

export interface CommentRec {
  id: string;
  space: string;
  /** The change request it was made in (its id); absent for a comment on the space. */
  changeRequest?: string;
  page?: string;
  node?: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  /** Markdown. */
  body: string;
  reactions: ReactionRec[];
  resolvedAt?: string;
  resolvedBy?: string;
  replies: ReplyRec[];
}

interface CommentsJson {
  comments: CommentRec[];
  /** Ids of deleted comments: a second DELETE answers 204, not 404. */
  removed: string[];
}

/** What a comment shows of its page. */
export interface PageInfo {
  id: string;
  title: string;
  path: string;
  emoji?: string;
}

type Format = 'document' | 'markdown';

/** Where a request's comments live: a space, or one of its change requests. */
interface Scope {
  space: SpaceRec;
  changeRequest?: string;
  /** The caller's role in the space (organization role raised by a grant). */
  role: Role | null | undefined;
}

interface ListQuery extends PageQuery {
  order?: 'asc' | 'desc';
  status?: 'all' | 'open' | 'resolved';
  format?: Format;
  targetPage?: string;
  authors?: string[];
}

interface BodyInput {
  markdown?: unknown;
  document?: unknown;
}

interface UpdateInput {
  resolved?: boolean;
  body?: BodyInput;
  addedReactions?: string[];
  removedReactions?: string[];
}

// ---- the family --------------------------------------------------------------------------

export class Comments implements Family {
  readonly name = 'comments';
  private readonly lower: Pick<Families, 'content' | 'orgs' | 'spaces'>;
  private readonly comments = new Map<string, CommentRec>();
  private readonly removed = new Set<string>();
  /** Open comments per space (not those of its change requests), built when asked after a change. */
  private openBySpace?: Map<string, number>;

  constructor(private readonly world: World) {
    this.lower = world.lower('comments', 'content', 'orgs', 'spaces');
  }

  /** A space's JSON counts its open comments. */
  attach(): void {
    this.lower.spaces.countWith((space) => ({ comments: this.openCount(space.id) }));
  }

  private get orgs() {
    return this.lower.orgs;
  }

  private get spaces() {
    return this.lower.spaces;
  }

  private now(): string {
    return this.world.clock.nowIso();
  }

  /** How many open comments a space has, those of its change requests aside: the Space's `comments`. */
  openCount(spaceId: string): number {
    if (!this.openBySpace) {
      this.openBySpace = new Map();
      for (const c of this.comments.values()) if (!c.changeRequest && !c.resolvedAt) this.openBySpace.set(c.space, (this.openBySpace.get(c.space) ?? 0) + 1);
    }
    return this.openBySpace.get(spaceId) ?? 0;
  }

  /** After a comment of `space` changed: the counter is rebuilt and the space's cached JSON dropped. */
  private counted(space: SpaceRec): void {
    this.openBySpace = undefined;
    this.world.cache.changed(false, space);
  }

  // ---- seams -----------------------------------------------------------------------------

  private get content() {
    return this.lower.content;
  }

  /** The pages of a space or of one of its change requests (the content family's page tree), in tree order. */
  pagesOf(space: SpaceRec, changeRequest?: string): PageInfo[] {
    return [...walk(this.content.revision(space.id, changeRequest).pages)].map(({ page }) => ({ id: page.id, title: page.title, path: page.path, ...(page.emoji ? { emoji: page.emoji } : {}) }));
  }

  /** A page by id (the content family's lookup), or undefined. */
  private page(space: SpaceRec, id: string, changeRequest?: string): PageInfo | undefined {
    const page = findPage(this.content.revision(space.id, changeRequest), id);
    return page && { id: page.id, title: page.title, path: page.path, ...(page.emoji ? { emoji: page.emoji } : {}) };
  }

  /** The id of the change request `ref` names in a space (its id or its number); 404 when there is none. */
  changeRequestOf(space: SpaceRec, ref: string): string {
    return this.content.changeRequest(space.id, ref).id;
  }

  // ---- lookups -----------------------------------------------------------------------

  /** The space (and change request) of a request; 404 when the caller cannot see the space. */
  private scope(params: Record<string, string>): Scope {
    const space = this.spaces.space(params.spaceId);
    const orgRole = this.orgs.roleIn(space.org);
    if (orgRole === undefined) throw notFound(`No space with id ${space.id}.`);
    const grant = this.orgs.member(space.org, this.world.userId).member.grants?.[space.id];
    const role = higher(orgRole, grant) ?? null;
    if (!role) throw notFound(`No space with id ${space.id}.`);
    const scope: Scope = { space, role };
    if (params.changeRequestId !== undefined) scope.changeRequest = this.changeRequestOf(space, params.changeRequestId);
    return scope;
  }

  /** A scope where the caller may write (the space is not deleted, the role is at least `min`). */
  private writable(params: Record<string, string>, min: Role, action: string): Scope {
    const scope = this.scope(params);
    if (scope.space.deletedAt) throw notFound(`No space with id ${scope.space.id}: it is deleted.`);
    this.require(scope, min, action);
    return scope;
  }

  private require(scope: Scope, min: Role, action: string): void {
    if (!atLeast(scope.role, min)) {
      const { space } = scope;
      throw forbidden(`You need the ${min} role in space "${space.title}" (${space.id}) to ${action}; your role there is ${scope.role ?? 'none'}.`);
    }
  }

  private where(scope: Scope): string {
    return scope.changeRequest ? `change request ${scope.changeRequest} of space ${scope.space.id}` : `space ${scope.space.id}`;
  }

  private comment(scope: Scope, id: string): CommentRec {
    const c = this.comments.get(id);
    if (!c || c.space !== scope.space.id || c.changeRequest !== scope.changeRequest) throw notFound(`No comment with id ${id} in ${this.where(scope)}.`);
    return c;
  }

  private reply(c: CommentRec, id: string): ReplyRec {
    const r = c.replies.find((x) => x.id === id);
    if (!r) throw notFound(`No reply with id ${id} to comment ${c.id}.`);
    return r;
  }

  /** The comments of a scope, filtered and ordered as the list operation asks. */
  private listed(scope: Scope, q: ListQuery): CommentRec[] {
    const authors = q.authors?.length ? new Set(q.authors) : undefined;
    const status = q.status ?? 'all';
    const out = [...this.comments.values()].filter(
      (c) =>
        c.space === scope.space.id &&
        c.changeRequest === scope.changeRequest &&
        (status === 'all' || (status === 'resolved') === !!c.resolvedAt) &&
        (q.targetPage === undefined || c.page === q.targetPage) &&
        (!authors || authors.has(c.postedBy)),
    );
    const sign = (q.order ?? 'desc') === 'asc' ? 1 : -1;
    return out.sort((a, b) => sign * (a.postedAt < b.postedAt ? -1 : a.postedAt > b.postedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  // ---- changes -----------------------------------------------------------------------------

  private create(scope: Scope, input: { page?: string; node?: string; body: BodyInput }): CommentRec {
    const body = markdownOf(input.body);
    let page: PageInfo | undefined;
    if (input.page !== undefined) {
      page = this.page(scope.space, input.page, scope.changeRequest);
      if (!page) throw notFound(`No page ${input.page} in space ${scope.space.id}.`);
    }
    if (input.node !== undefined && !page) throw badRequest('The field "node" needs "page": a node is a block of a page.');
    const c: CommentRec = {
      id: this.world.nextId(),
      space: scope.space.id,
      ...(scope.changeRequest ? { changeRequest: scope.changeRequest } : {}),
      ...(page ? { page: page.id } : {}),
      ...(input.node !== undefined ? { node: input.node } : {}),
      postedBy: this.world.userId,
      postedAt: this.now(),
      body,
      reactions: [],
      replies: [],
    };
    this.comments.set(c.id, c);
    this.counted(scope.space);
    return c;
  }

  /** Applies an update to a comment or a reply, after every check has passed. */
  private update(scope: Scope, target: CommentRec | ReplyRec, input: UpdateInput, what: string): void {
    const body = input.body === undefined ? undefined : markdownOf(input.body);
    if (body !== undefined && target.postedBy !== this.world.userId) throw forbidden(`Only the author of ${what} ${target.id} can edit its body.`);
    const reacts = !!(input.addedReactions?.length || input.removedReactions?.length);
    // Each reaction is an emoji: the operation table refuses any other string (400) before this runs.
    if (reacts) this.require(scope, 'comment', 'react to comments');
    if (input.resolved !== undefined) {
      if (!('replies' in target)) throw badRequest('A reply cannot be resolved: resolve its comment.');
      this.require(scope, 'comment', 'resolve or reopen comments');
    }
    const now = this.now();
    if (body !== undefined) {
      target.body = body;
      target.editedAt = now;
    }
    for (const emoji of input.addedReactions ?? []) react(target, emoji, this.world.userId, now);
    for (const emoji of input.removedReactions ?? []) unreact(target, emoji, this.world.userId);
    if ('replies' in target && input.resolved === true && !target.resolvedAt) {
      target.resolvedAt = now;
      target.resolvedBy = this.world.userId;
    } else if ('replies' in target && input.resolved === false) {
      delete target.resolvedAt;
      delete target.resolvedBy;
    }
    if (input.resolved !== undefined) this.counted(scope.space);
  }

  private remove(scope: Scope, id: string): 'deleted' | 'nothing' {
    if (this.removed.has(id) && !this.comments.has(id)) return 'nothing';
    const c = this.comment(scope, id);
    const orgRole = this.orgs.roleIn(scope.space.org);
    if (c.postedBy !== this.world.userId && !atLeast(orgRole, 'admin')) {
      throw forbidden(`Only the author of comment ${id} or an admin of the organization can delete it.`);
    }
    this.comments.delete(id);
    this.removed.add(id);
    this.counted(scope.space);
    return 'deleted';
  }

  /** A reply's delete (OpenAPI 0.202.0): by its author or an admin; `removed` also holds reply ids, for the 204 of a second delete. */
  private removeReply(scope: Scope, commentId: string, id: string): 'deleted' | 'nothing' {
    const c = this.comment(scope, commentId);
    if (this.removed.has(id) && !c.replies.some((r) => r.id === id)) return 'nothing';
    const r = this.reply(c, id);
    if (r.postedBy !== this.world.userId && !atLeast(this.orgs.roleIn(scope.space.org), 'admin')) {
      throw forbidden(`Only the author of reply ${id} or an admin of the organization can delete it.`);
    }
    c.replies = c.replies.filter((x) => x !== r);
    this.removed.add(id);
    return 'deleted';
  }

  // ---- renderers -----------------------------------------------------------------------------

  private user(id: string, api: string): Record<string, unknown> {
    return userObject(this.orgs.user(id) ?? { id, displayName: 'Former member', email: '' }, api);
  }

  private location(scope: Scope, api: string): string {
    const cr = scope.changeRequest ? `/change-requests/${scope.changeRequest}` : '';
    return `${api}/spaces/${scope.space.id}${cr}/comments`;
  }

  private reactionsObject(reactions: ReactionRec[], api: string): unknown[] {
    return reactions.map((r) => ({ emoji: r.emoji, count: r.users.length, users: r.users.map((u) => ({ user: this.user(u.user, api), reactedAt: u.reactedAt })) }));
  }

  private permissions(scope: Scope, postedBy: string): Record<string, boolean> {
    const mine = postedBy === this.world.userId;
    return { view: true, edit: mine, reply: atLeast(scope.role, 'comment'), delete: mine || atLeast(this.orgs.roleIn(scope.space.org), 'admin') };
  }

  commentObject(scope: Scope, c: CommentRec, format: Format | undefined, api: string): Record<string, unknown> {
    const page = c.page !== undefined ? this.page(scope.space, c.page, c.changeRequest) : undefined;
    const repliers = new Map<string, { updatedAt: string; count: number }>();
    for (const r of c.replies) {
      const had = repliers.get(r.postedBy);
      repliers.set(r.postedBy, { updatedAt: r.postedAt, count: (had?.count ?? 0) + 1 });
    }
    return {
      object: 'comment',
      id: c.id,
      postedBy: this.user(c.postedBy, api),
      postedAt: c.postedAt,
      ...(c.editedAt ? { editedAt: c.editedAt } : {}),
      reactions: this.reactionsObject(c.reactions, api),
      replies: c.replies.length,
      repliers: [...repliers].map(([user, x]) => ({ updatedAt: x.updatedAt, count: x.count, user: this.user(user, api) })),
      body: bodyObject(c.body, format),
      target: {
        space: c.space,
        revision: this.content.revision(scope.space.id, c.changeRequest).id,
        ...(c.changeRequest ? { changeRequest: c.changeRequest } : {}),
        ...(c.page !== undefined ? { page: page ? { id: page.id, title: page.title, path: page.path, ...(page.emoji ? { emoji: page.emoji } : {}) } : { id: c.page } } : {}),
        ...(c.node !== undefined ? { node: { id: c.node } } : {}),
      },
      urls: { location: `${this.location(scope, api)}/${c.id}` },
      permissions: this.permissions(scope, c.postedBy),
      ...(c.resolvedAt ? { status: 'resolved', resolvedAt: c.resolvedAt, resolvedBy: this.user(c.resolvedBy!, api) } : { status: 'open' }),
    };
  }

  private replyObject(scope: Scope, c: CommentRec, r: ReplyRec, format: Format | undefined, api: string): Record<string, unknown> {
    return {
      object: 'comment-reply',
      id: r.id,
      postedBy: this.user(r.postedBy, api),
      postedAt: r.postedAt,
      ...(r.editedAt ? { editedAt: r.editedAt } : {}),
      reactions: this.reactionsObject(r.reactions, api),
      body: bodyObject(r.body, format),
      urls: { location: `${this.location(scope, api)}/${c.id}/replies/${r.id}` },
      permissions: this.permissions(scope, r.postedBy),
    };
  }

  // ---- operations ----------------------------------------------------------------------------

  private ops() {
    return {
      list: (req: Req<ListQuery>): Reply => {
        const scope = this.scope(req.params);
        const { format } = req.query;
        return list(req.query, this.listed(scope, req.query), byId, (c) => jsonBody(this.commentObject(scope, c, format, req.api)));
      },
      create: (req: Req<{ format?: Format }, { page?: string; node?: string; body: BodyInput }>): Reply => {
        const scope = this.writable(req.params, 'comment', 'comment');
        const { page, node, body } = req.body;
        return ok(this.commentObject(scope, this.create(scope, { page, node, body }), undefined, req.api));
      },
      get: (req: Req<{ format?: Format }>): Reply => {
        const scope = this.scope(req.params);
        return ok(this.commentObject(scope, this.comment(scope, req.params.commentId), req.query.format, req.api));
      },
      update: (req: Req<object, UpdateInput>): Reply => {
        const scope = this.writable(req.params, 'read', 'change comments');
        const c = this.comment(scope, req.params.commentId);
        this.update(scope, c, req.body, 'comment');
        return ok(this.commentObject(scope, c, undefined, req.api));
      },
      delete: (req: Req): Reply => deleted(this.remove(this.writable(req.params, 'read', 'delete comments'), req.params.commentId)),
      replies: (req: Req<{ format?: Format } & PageQuery>): Reply => {
        const scope = this.scope(req.params);
        const c = this.comment(scope, req.params.commentId);
        return list(req.query, c.replies, byId, (r) => jsonBody(this.replyObject(scope, c, r, req.query.format, req.api)));
      },
      reply: (req: Req<{ format?: Format }, { body: BodyInput }>): Reply => {
        const scope = this.writable(req.params, 'comment', 'reply to comments');
        const c = this.comment(scope, req.params.commentId);
        const r: ReplyRec = { id: this.world.nextId(), postedBy: this.world.userId, postedAt: this.now(), body: markdownOf(req.body.body), reactions: [] };
        c.replies.push(r);
        return ok(this.replyObject(scope, c, r, req.query.format, req.api));
      },
      getReply: (req: Req<{ format?: Format }>): Reply => {
        const scope = this.scope(req.params);
        const c = this.comment(scope, req.params.commentId);
        return ok(this.replyObject(scope, c, this.reply(c, req.params.commentReplyId), req.query.format, req.api));
      },
      updateReply: (req: Req<object, UpdateInput>): Reply => {
        const scope = this.writable(req.params, 'read', 'change replies');
        const c = this.comment(scope, req.params.commentId);
        const r = this.reply(c, req.params.commentReplyId);
        this.update(scope, r, req.body, 'reply');
        return ok(this.replyObject(scope, c, r, undefined, req.api));
      },
      deleteReply: (req: Req): Reply => deleted(this.removeReply(this.writable(req.params, 'read', 'delete replies'), req.params.commentId, req.params.commentReplyId)),
    };
  }

  readonly handlers = ((o) =>
    ({
      'comments.list': o.list,
      'comments.create': o.create,
      'comments.get': o.get,
      'comments.update': o.update,
      'comments.delete': o.delete,
      'replies.list': o.replies,
      'replies.create': o.reply,
      'replies.get': o.getReply,
      'replies.update': o.updateReply,
      'replies.delete': o.deleteReply,
      'comments.list.cr': o.list,
      'comments.create.cr': o.create,
      'comments.get.cr': o.get,
      'comments.update.cr': o.update,
      'comments.delete.cr': o.delete,
      'replies.list.cr': o.replies,
      'replies.create.cr': o.reply,
      'replies.get.cr': o.getReply,
      'replies.update.cr': o.updateReply,
      'replies.delete.cr': o.deleteReply,
    }) satisfies Handlers)(this.ops());

  // ---- persistence -----------------------------------------------------------------------------

  toJSON(): CommentsJson {
    return { comments: [...this.comments.values()], removed: [...this.removed] };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const c of records<CommentRec>(data, 'comments', ['space', 'postedBy', 'postedAt', 'body'])) {
      if (!Array.isArray(c.replies) || !Array.isArray(c.reactions)) throw new Error(`comment ${c.id} must have lists of replies and reactions`);
      this.comments.set(c.id, c);
    }
    if (!Array.isArray(data.removed)) throw new Error('"removed" must be a list');
    for (const id of data.removed) this.removed.add(String(id));
    this.openBySpace = undefined;
  }

  // ---- seeds ---------------------------------------------------------------------------------

  seed(seed: SeedName): void {
    if (seed === 'demo') this.demo();
    this.openBySpace = undefined;
  }

  /**
   * A few discussions in the demo organizations (those that exist), by
   * different members: open and resolved ones, with replies and reactions;
   * one on a change request; in Globex, where the caller is an editor, some
   * by its admin (the caller may neither edit nor delete them).
   */
  private demo(): void {
    const draws = new Draws(20240110);
    const spaceIn = (org: string | undefined, title: string) => (org ? this.spaces.orgSpaces(org).find((s) => s.title === title) : undefined);
    const userNamed = (name: string) => this.orgs.listOrgs().flatMap((o) => this.orgs.members(o.id)).find((m) => m.user.displayName === name)?.user.id;
    const acme = this.orgs.byTitle('Acme Docs')?.id;
    const globex = this.orgs.byTitle('Globex')?.id;
    for (const spec of DEMO_COMMENTS) {
      const space = spaceIn(spec.org === 'acme' ? acme : globex, spec.space);
      const author = userNamed(spec.by);
      if (!space || !author) continue;
      const changeRequest = spec.changeRequest ? this.content.changeRequests(space.id).find((cr) => cr.number === spec.changeRequest)?.id : undefined;
      if (spec.changeRequest && !changeRequest) continue;
      const page = this.pagesOf(space, changeRequest).find((p) => p.path === spec.page);
      const posted = draws.time(300, SEED_BASE_TIME + 60 * DAY);
      const at = (after: number) => draws.time(5, after);
      const c: CommentRec = {
        id: this.world.nextId(),
        space: space.id,
        ...(changeRequest ? { changeRequest } : {}),
        ...(page ? { page: page.id } : {}),
        postedBy: author,
        postedAt: iso(posted),
        body: spec.body,
        reactions: [],
        replies: [],
      };
      let last = posted;
      for (const [by, body] of spec.replies ?? []) {
        const who = userNamed(by);
        if (!who) continue;
        last = at(last);
        c.replies.push({ id: this.world.nextId(), postedBy: who, postedAt: iso(last), body, reactions: [] });
      }
      for (const [emoji, by] of spec.reactions ?? []) {
        const who = userNamed(by);
        if (who) react(c, emoji, who, iso(at(posted)));
      }
      if (spec.resolvedBy) {
        const who = userNamed(spec.resolvedBy);
        if (who) {
          c.resolvedAt = iso(at(last));
          c.resolvedBy = who;
        }
      }
      this.comments.set(c.id, c);
    }
  }
}

export const commentsFamily = (world: World): Comments => new Comments(world);

// ---- helpers ---------------------------------------------------------------------------------

/** The Markdown of a body variant: `{markdown}`, or the empty object; a JSON document is refused. */
function markdownOf(body: BodyInput): string {
  if (typeof body.markdown === 'string') return body.markdown;
  if (body.document !== undefined) throw badRequest('The sandbox stores comment bodies as Markdown: send the body as {"markdown": "..."}.');
  return '';
}

/** A body in the requested format: `{markdown}`, or a JSON document of one paragraph per line. */
function bodyObject(markdown: string, format: Format | undefined): Record<string, unknown> {
  if (format !== 'document') return { markdown };
  const lines = markdown.split('\n').filter((l) => l.trim() !== '');
  return {
    document: {
      object: 'document',
      data: {},
      nodes: lines.map((text) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] })),
    },
  };
}

/** Adds the user's reaction; reacting twice with the same emoji changes nothing. */
function react(target: { reactions: ReactionRec[] }, emoji: string, user: string, at: string): void {
  let r = target.reactions.find((x) => x.emoji === emoji);
  if (!r) target.reactions.push((r = { emoji, users: [] }));
  if (!r.users.some((u) => u.user === user)) r.users.push({ user, reactedAt: at });
}

/** Removes the user's reaction, and the reaction when no one is left. */
function unreact(target: { reactions: ReactionRec[] }, emoji: string, user: string): void {
  const r = target.reactions.find((x) => x.emoji === emoji);
  if (!r) return;
  r.users = r.users.filter((u) => u.user !== user);
  if (r.users.length === 0) target.reactions.splice(target.reactions.indexOf(r), 1);
}

// ---- demo seed -------------------------------------------------------------------------------

interface CommentSpec {
  org: 'acme' | 'globex';
  space: string;
  /** A page path of the space. */
  page: string;
  by: string;
  body: string;
  changeRequest?: number;
  replies?: [string, string][];
  /** [emoji, who] */
  reactions?: [string, string][];
  resolvedBy?: string;
}

const DEMO_COMMENTS: CommentSpec[] = [
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'getting-started',
    by: 'Grace Hopper',
    body: 'The requirements list is missing the minimum Node version.\n\nCan we add it?',
    replies: [
      ['Alan Turing', 'Node 20 or later. I will add it.'],
      ['Grace Hopper', 'Thanks!'],
    ],
    reactions: [['👍', 'Alan Turing'], ['👍', 'Dana Demo'], ['🎉', 'Margaret Hamilton']],
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: '',
    by: 'Alan Turing',
    body: 'Typo in the overview: "recieve".',
    replies: [['Dana Demo', 'Fixed.']],
    resolvedBy: 'Dana Demo',
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'faq',
    by: 'Barbara Liskov',
    body: 'Should the FAQ say what happens **after** the 7 days?',
    reactions: [['👀', 'Linus Pauling']],
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'guides/authentication',
    by: 'Dana Demo',
    body: 'Mention token rotation in the first paragraph.',
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'guides/configuration',
    by: 'Margaret Hamilton',
    body: 'This section repeats the limits page; link to it instead.',
    changeRequest: 1,
    replies: [['Dana Demo', 'Agreed, done in this change request.']],
  },
  {
    org: 'acme',
    space: 'REST API',
    page: 'guides/authentication',
    by: 'Linus Pauling',
    body: 'Add an example of a 401 response.',
    resolvedBy: 'Grace Hopper',
    reactions: [['✅', 'Grace Hopper']],
  },
  {
    org: 'acme',
    space: 'REST API',
    page: 'faq',
    by: 'Gary Guest',
    body: 'Is there a rate limit?',
    replies: [['Grace Hopper', 'Not documented yet; we are on it.']],
  },
  {
    org: 'globex',
    space: 'Globex Docs',
    page: '',
    by: 'Hank Scorpio',
    body: 'Welcome page needs the new logo.',
    reactions: [['🔥', 'Frank Grimes']],
  },
  {
    org: 'globex',
    space: 'Globex Docs',
    page: 'getting-started',
    by: 'Hank Scorpio',
    body: 'Who owns this page?',
    resolvedBy: 'Hank Scorpio',
  },
];
