// How the comments family's records look in responses: Comment and
// CommentReply, as the public OpenAPI description has them.
import { locationOf } from '../../core/location.js';
import { atLeast } from '../../core/roles.js';
import type { Families, World } from '../../core/world.js';
import type { SpaceRec } from '../spaces/index.js';
import { userObject } from '../orgs/index.js';
import type { CommentRec, Format, PageInfo, ReactionRec, ReplyRec, Scope } from './records.js';

export class CommentViews {
  constructor(
    private readonly world: World,
    private readonly lower: Pick<Families, 'content' | 'orgs'>,
    private readonly page: (space: SpaceRec, id: string, changeRequest?: string) => PageInfo | undefined,
  ) {}

  user(id: string, api: string): Record<string, unknown> {
    return userObject(this.lower.orgs.user(id) ?? { id, displayName: 'Former member', email: '' }, api);
  }

  /** The URL of a comment (or reply) of the scope: that of comments.get (or replies.get), under its change request if any. */
  private location(scope: Scope, op: 'comments.get' | 'replies.get', params: Record<string, string>, api: string): string {
    const { space, changeRequest } = scope;
    if (changeRequest) return locationOf(`${op}.cr`, { spaceId: space.id, changeRequestId: changeRequest, ...params }, api);
    return locationOf(op, { spaceId: space.id, ...params }, api);
  }

  private reactionsObject(reactions: ReactionRec[], api: string): unknown[] {
    return reactions.map((r) => ({ emoji: r.emoji, count: r.users.length, users: r.users.map((u) => ({ user: this.user(u.user, api), reactedAt: u.reactedAt })) }));
  }

  private permissions(scope: Scope, postedBy: string): Record<string, boolean> {
    const mine = postedBy === this.world.userId;
    return { view: true, edit: mine, reply: atLeast(scope.role, 'comment'), delete: mine || atLeast(this.lower.orgs.roleIn(scope.space.org), 'admin') };
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
        revision: this.lower.content.revision(scope.space.id, c.changeRequest).id,
        ...(c.changeRequest ? { changeRequest: c.changeRequest } : {}),
        ...(c.review ? { review: c.review } : {}),
        ...(c.page !== undefined ? { page: page ? { id: page.id, title: page.title, path: page.path, ...(page.emoji ? { emoji: page.emoji } : {}) } : { id: c.page } } : {}),
        ...(c.node !== undefined ? { node: { id: c.node } } : {}),
      },
      urls: { location: this.location(scope, 'comments.get', { commentId: c.id }, api) },
      permissions: this.permissions(scope, c.postedBy),
      ...(c.resolvedAt ? { status: 'resolved', resolvedAt: c.resolvedAt, resolvedBy: this.user(c.resolvedBy!, api) } : { status: 'open' }),
    };
  }

  replyObject(scope: Scope, c: CommentRec, r: ReplyRec, format: Format | undefined, api: string): Record<string, unknown> {
    return {
      object: 'comment-reply',
      id: r.id,
      postedBy: this.user(r.postedBy, api),
      postedAt: r.postedAt,
      ...(r.editedAt ? { editedAt: r.editedAt } : {}),
      reactions: this.reactionsObject(r.reactions, api),
      body: bodyObject(r.body, format),
      urls: { location: this.location(scope, 'replies.get', { commentId: c.id, commentReplyId: r.id }, api) },
      permissions: this.permissions(scope, r.postedBy),
    };
  }
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
