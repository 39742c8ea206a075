// The comments family: comments on the pages of a space, and their replies
// and reactions, on a space and (separately) on each of its change requests.
// Every rule of these operations lives here; a refused request throws
// SandboxError before anything changes.
//
// Comments reach pages and change requests through the content family
// (pagesOf(), page() and changeRequestOf(): the seam to it).
//
// Beside this file: records.ts (the records and the operations' inputs),
// render.ts (their JSON), handlers.ts (the operations) and seed.ts (the demo
// discussions).
import type { Role } from '../../../api/enums.js';
import { alreadyDeleted, badRequest, forbidden, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import { atLeast, higher } from '../../core/roles.js';
import type { Families, Family, World } from '../../core/world.js';
import { findPage, walk } from '../content/records.js';
import type { SpaceRec } from '../spaces/index.js';
import { commentHandlers } from './handlers.js';
import { markdownOf, react, unreact, type BodyInput, type CommentRec, type CommentsJson, type ListQuery, type PageInfo, type ReplyRec, type Scope, type UpdateInput } from './records.js';
import { CommentViews } from './render.js';
import { seedDemoComments } from './seed.js';

export type { CommentRec, PageInfo, ReactionRec, ReplyRec } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    comments: Comments;
  }
}

// ---- the family --------------------------------------------------------------------------

export class Comments implements Family {
  readonly name = 'comments';
  private readonly lower: Pick<Families, 'changeRequests' | 'content' | 'orgs' | 'spaces'>;
  private readonly views: CommentViews;
  private readonly comments = new Map<string, CommentRec>();
  private readonly removed = new Set<string>();
  /** Open comments per space (not those of its change requests), built when asked after a change. */
  private openBySpace?: Map<string, number>;

  readonly handlers: ReturnType<typeof commentHandlers>;

  constructor(private readonly world: World) {
    this.lower = world.lower('comments', 'changeRequests', 'content', 'orgs', 'spaces');
    this.views = new CommentViews(world, this.lower, (space, id, cr) => this.page(space, id, cr));
    this.handlers = commentHandlers(this, this.views);
  }

  /** A space's JSON counts its open comments; a change request's review posts its comment here. */
  attach(): void {
    this.lower.spaces.views.countWith((space) => ({ comments: this.openCount(space.id) }));
    const scope = (space: SpaceRec, changeRequest: string): Scope => ({ space, changeRequest, role: this.orgs.roleIn(space.org) });
    this.lower.changeRequests.reviews.comments = {
      post: (space, cr, review, body) => {
        const c = this.create(scope(space, cr.id), { body });
        c.review = review;
        return c.id;
      },
      json: (space, cr, id, api) => {
        const c = this.comments.get(id);
        return c && this.views.commentObject(scope(space, cr.id), c, undefined, api);
      },
    };
  }

  private get orgs() {
    return this.lower.orgs;
  }

  private get spaces() {
    return this.lower.spaces;
  }

  now(): string {
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
  scope(params: Record<string, string>): Scope {
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
  writable(params: Record<string, string>, min: Role, action: string): Scope {
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

  comment(scope: Scope, id: string): CommentRec {
    const c = this.comments.get(id);
    if (!c || c.space !== scope.space.id || c.changeRequest !== scope.changeRequest) throw notFound(`No comment with id ${id} in ${this.where(scope)}.`);
    return c;
  }

  reply(c: CommentRec, id: string): ReplyRec {
    const r = c.replies.find((x) => x.id === id);
    if (!r) throw notFound(`No reply with id ${id} to comment ${c.id}.`);
    return r;
  }

  /** The comments of a scope, filtered and ordered as the list operation asks. */
  listed(scope: Scope, q: ListQuery): CommentRec[] {
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

  create(scope: Scope, input: { page?: string; node?: string; body: BodyInput }): CommentRec {
    const body = markdownOf(input.body);
    let page: PageInfo | undefined;
    if (input.page !== undefined) {
      page = this.page(scope.space, input.page, scope.changeRequest);
      if (!page) throw notFound(`No page ${input.page} in space ${scope.space.id}.`);
    }
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
  update(scope: Scope, target: CommentRec | ReplyRec, input: UpdateInput, what: string): void {
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

  remove(scope: Scope, id: string): void {
    if (this.removed.has(id) && !this.comments.has(id)) throw alreadyDeleted(`Comment ${id}`);
    const c = this.comment(scope, id);
    const orgRole = this.orgs.roleIn(scope.space.org);
    if (c.postedBy !== this.world.userId && !atLeast(orgRole, 'admin')) {
      throw forbidden(`Only the author of comment ${id} or an admin of the organization can delete it.`);
    }
    this.comments.delete(id);
    this.removed.add(id);
    this.counted(scope.space);
  }

  /** A reply's delete (OpenAPI 0.202.0): by its author or an admin; `removed` also holds reply ids, to say a second delete's 404. */
  removeReply(scope: Scope, commentId: string, id: string): void {
    const c = this.comment(scope, commentId);
    if (this.removed.has(id) && !c.replies.some((r) => r.id === id)) throw alreadyDeleted(`Reply ${id}`);
    const r = this.reply(c, id);
    if (r.postedBy !== this.world.userId && !atLeast(this.orgs.roleIn(scope.space.org), 'admin')) {
      throw forbidden(`Only the author of reply ${id} or an admin of the organization can delete it.`);
    }
    c.replies = c.replies.filter((x) => x !== r);
    this.removed.add(id);
  }

  /** POST a reply to a comment, by the caller. */
  createReply(c: CommentRec, body: BodyInput): ReplyRec {
    const r: ReplyRec = { id: this.world.nextId(), postedBy: this.world.userId, postedAt: this.now(), body: markdownOf(body), reactions: [] };
    c.replies.push(r);
    return r;
  }

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
    if (seed === 'demo') seedDemoComments(this.world, this.lower, (space, cr) => this.pagesOf(space, cr), (c) => this.comments.set(c.id, c));
    this.openBySpace = undefined;
  }
}

export const commentsFamily = (world: World): Comments => new Comments(world);
