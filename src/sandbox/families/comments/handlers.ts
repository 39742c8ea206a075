// The comments family's operations: comments and their replies, on a space
// and on a change request (the same operations under two paths).
import type { PageQuery } from '../../core/paging.js';
import { byId, deleted, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Comments } from './index.js';
import type { BodyInput, Format, ListQuery, UpdateInput } from './records.js';
import type { CommentViews } from './render.js';

export function commentHandlers(f: Comments, views: CommentViews) {
  const o = {
    list: (req: Req<ListQuery>): Reply => {
      const scope = f.scope(req.params);
      const { format } = req.query;
      return list(req.query, f.listed(scope, req.query), byId, (c) => jsonBody(views.commentObject(scope, c, format, req.api)));
    },
    create: (req: Req<{ format?: Format }, { page?: string; node?: string; body: BodyInput }>): Reply => {
      const scope = f.writable(req.params, 'comment', 'comment');
      const { page, node, body } = req.body;
      return ok(views.commentObject(scope, f.create(scope, { page, node, body }), undefined, req.api));
    },
    get: (req: Req<{ format?: Format }>): Reply => {
      const scope = f.scope(req.params);
      return ok(views.commentObject(scope, f.comment(scope, req.params.commentId), req.query.format, req.api));
    },
    update: (req: Req<object, UpdateInput>): Reply => {
      const scope = f.writable(req.params, 'read', 'change comments');
      const c = f.comment(scope, req.params.commentId);
      f.update(scope, c, req.body, 'comment');
      return ok(views.commentObject(scope, c, undefined, req.api));
    },
    delete: (req: Req): Reply => {
      f.remove(f.writable(req.params, 'read', 'delete comments'), req.params.commentId);
      return deleted();
    },
    replies: (req: Req<{ format?: Format } & PageQuery>): Reply => {
      const scope = f.scope(req.params);
      const c = f.comment(scope, req.params.commentId);
      return list(req.query, c.replies, byId, (r) => jsonBody(views.replyObject(scope, c, r, req.query.format, req.api)));
    },
    reply: (req: Req<{ format?: Format }, { body: BodyInput }>): Reply => {
      const scope = f.writable(req.params, 'comment', 'reply to comments');
      const c = f.comment(scope, req.params.commentId);
      const r = f.createReply(c, req.body.body);
      return ok(views.replyObject(scope, c, r, req.query.format, req.api));
    },
    getReply: (req: Req<{ format?: Format }>): Reply => {
      const scope = f.scope(req.params);
      const c = f.comment(scope, req.params.commentId);
      return ok(views.replyObject(scope, c, f.reply(c, req.params.commentReplyId), req.query.format, req.api));
    },
    updateReply: (req: Req<object, UpdateInput>): Reply => {
      const scope = f.writable(req.params, 'read', 'change replies');
      const c = f.comment(scope, req.params.commentId);
      const r = f.reply(c, req.params.commentReplyId);
      // `resolved` (declared on the change request's reply update only: OpenAPI UpdateCommentSchema) resolves or reopens the comment.
      const { resolved, ...change } = req.body;
      f.update(scope, r, change, 'reply');
      if (resolved !== undefined && scope.changeRequest !== undefined) f.update(scope, c, { resolved }, 'comment');
      return ok(views.replyObject(scope, c, r, undefined, req.api));
    },
    deleteReply: (req: Req): Reply => {
      f.removeReply(f.writable(req.params, 'read', 'delete replies'), req.params.commentId, req.params.commentReplyId);
      return deleted();
    },
  };
  return {
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
  } satisfies Handlers;
}
