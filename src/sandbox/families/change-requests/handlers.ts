// The changeRequests family's operations.
import { conflict } from '../../core/errors.js';
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, created, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import { baseOf } from '../content/change-requests.js';
import { cloneRevision } from '../content/records.js';
import { applyChanges, type ContentChange, type Outcome, type Sources } from './apply.js';
import { merge } from './merge.js';
import type { ChangeRequests } from './index.js';
import type { ChangeRequestsViews } from './render.js';
import type { ListQuery, OrgListQuery, ReviewBody, ReviewersBody, UpdateBody } from './records.js';

export function changeRequestsHandlers(f: ChangeRequests, v: ChangeRequestsViews) {
  return {
    'changeRequests.list': (req: Req<ListQuery>): Reply => {
      const space = f.spaceOf(req, 'read', 'list change requests');
      const q = req.query;
      const items = f.content.changeRequests(space.id).filter(f.matching(q, [q.status ?? 'open']));
      return list(q, f.ordered(items, q.orderBy), byId, (cr) => jsonBody(v.object(space, cr, req.api)));
    },
    'changeRequests.listForOrg': (req: Req<OrgListQuery>): Reply => {
      const org = f.orgs.org(req.params.organizationId);
      f.orgs.require(org.id, 'read', 'list change requests');
      const q = req.query;
      const { spaces, items } = f.inOrg(org.id, q);
      return list(q, items, byId, (cr) => jsonBody(v.object(spaces.get(cr.space)!, cr, req.api)));
    },
    'changeRequests.get': (req: Req): Reply => {
      const { space, cr } = f.one(req, 'read', 'read change requests');
      return ok(v.object(space, cr, req.api));
    },
    'changeRequests.create': (req: Req<object, { subject?: string }>): Reply => {
      const space = f.spaceOf(req, 'edit', 'create change requests');
      const cr = f.content.changeRequestRecords.create(space, req.body.subject ?? '');
      return created(jsonBody(v.object(space, cr, req.api)), locationOf('changeRequests.get', { spaceId: space.id, changeRequestId: cr.id }, req.api));
    },
    'changeRequests.update': (req: Req<object, UpdateBody>): Reply => {
      const { space, cr } = f.one(req, 'edit', 'update change requests');
      if (req.body.status !== undefined && req.body.status !== cr.status && cr.status === 'merged') throw conflict(`Change request ${cr.number} is merged: its status cannot change.`);
      if (req.body.subject !== undefined) cr.subject = req.body.subject;
      if (req.body.status !== undefined) cr.status = req.body.status;
      f.touch(space, cr);
      return ok(v.object(space, cr, req.api));
    },
    'changeRequests.merge': (req: Req): Reply => {
      const { space, cr } = f.one(req, 'edit', 'merge change requests');
      // Merged already: the same answer again (a resent merge changes nothing).
      if (cr.status === 'merged') return ok({ revision: cr.revisionMerged, result: 'merge' });
      f.writable(cr, 'be merged (reopen it first)');
      const outcome = merge(cr, f.content.revision(space.id));
      if (outcome.result === 'conflicts') return ok({ revision: f.content.revision(space.id).id, result: 'conflicts' });
      const rev = f.content.update(space.id, undefined, (r) => {
        r.pages = outcome.pages;
        r.files = outcome.files;
      });
      Object.assign(cr, { status: 'merged', mergedAt: rev.createdAt, mergedBy: f.world.userId, revisionMerged: rev.id });
      f.touch(space, cr);
      return ok({ revision: rev.id, result: 'merge' });
    },
    'changeRequests.rebase': (req: Req): Reply => {
      const { space, cr } = f.one(req, 'edit', 'update change requests');
      f.writable(cr, 'be brought up to date (reopen it first)');
      const current = f.content.revision(space.id);
      if (current.id === cr.baseRevision) return ok({ revision: cr.revision.id, result: 'update' });
      const outcome = merge(cr, current);
      if (outcome.result === 'conflicts') return ok({ revision: cr.revision.id, result: 'conflicts' });
      const rev = f.content.update(space.id, cr.id, (r) => {
        r.pages = outcome.pages;
        r.files = outcome.files;
      });
      rev.parents.push(current.id);
      cr.initialRevision ??= cr.baseRevision;
      Object.assign(cr, { baseRevision: current.id, ...baseOf(current) });
      f.touch(space, cr);
      return ok({ revision: rev.id, result: 'update' });
    },
    'changeRequests.contributors': (req: Req<PageQuery>): Reply => {
      const { cr } = f.one(req, 'read', 'read change requests');
      const items = v.contributors(cr, req.api).map((c, i) => ({ ...c, key: String(i) }));
      return list(req.query, items, (c) => c.key, ({ key: _, ...c }) => jsonBody(c));
    },
    'changeRequests.reviews': (req: Req<PageQuery & { outdated?: boolean }>): Reply => {
      const { space, cr } = f.one(req, 'read', 'read change requests');
      return list(req.query, f.reviews.of(cr, req.query.outdated), byId, (r) => jsonBody(v.review(space, cr, r, req.api)));
    },
    'changeRequests.reviews.get': (req: Req): Reply => {
      const { space, cr } = f.one(req, 'read', 'read change requests');
      return ok(v.review(space, cr, f.reviews.one(cr, req.params.reviewId), req.api));
    },
    'changeRequests.reviews.create': (req: Req<object, ReviewBody>): Reply => {
      const { space, cr } = f.one(req, 'read', 'review change requests');
      const review = f.reviews.submit(space, cr, req.body);
      f.touch(space, cr);
      const location = locationOf('changeRequests.reviews.get', { spaceId: space.id, changeRequestId: cr.id, reviewId: review.id }, req.api);
      return created(jsonBody(v.review(space, cr, review, req.api)), location);
    },
    'changeRequests.reviewers': (req: Req<PageQuery>): Reply => {
      const { cr } = f.one(req, 'read', 'read change requests');
      const items = f.reviews.requested(cr);
      return list(req.query, items, (r) => r.user, (r) => jsonBody(v.requested(r, req.api)));
    },
    'changeRequests.reviewers.add': (req: Req<object, ReviewersBody>): Reply => {
      const { space, cr } = f.one(req, 'edit', 'request reviews');
      const requests = f.reviews.request(space, cr, req.body.users);
      if (req.body.subject !== undefined) cr.subject = req.body.subject;
      f.touch(space, cr);
      return ok({ users: requests.map((r) => v.requested(r, req.api)) });
    },
    'changeRequests.changes': (req: Req<{ limit?: number }>): Reply => {
      const { space, cr } = f.one(req, 'read', 'read change requests');
      const all = v.semanticChanges(space, cr);
      const limit = req.query.limit ?? 10;
      return ok({ changes: all.slice(0, limit), ...(all.length > limit ? { more: all.length - limit } : {}) });
    },
    'changeRequests.updateContent': (req: Req<{ compat?: boolean }, { changes: ContentChange[] }>): Reply => {
      const { space, cr } = f.one(req, 'edit', 'edit content');
      f.writable(cr, 'take content changes');
      const working = cloneRevision(cr.revision);
      const now = f.world.clock.nowIso();
      const sources: Sources = {
        revision: (id) => (id === undefined ? f.content.revisionIfKept(space.id, cr.baseRevision) : f.content.revisionIfKept(space.id, id)),
        fetched: req.prepared as Sources['fetched'],
      };
      const applied = applyChanges(working, req.body.changes, () => f.world.nextId(), now, sources);
      f.reviews.edited(cr);
      const rev = f.content.update(space.id, cr.id, (r) => {
        r.pages = working.pages;
        r.files = working.files;
      });
      f.touch(space, cr);
      const body = v.object(space, cr, req.api);
      if (req.query.compat !== false) return ok(body);
      const scope = { space, cr, rev };
      return ok({
        changeRequest: body,
        changes: applied.outcomes.map((o: Outcome) => (o.object === 'deleted_page' ? o : { ...o, page: v.pageRef(space, cr, o.page, req.api) })),
        insertedFiles: applied.insertedFiles.map((file) => f.content.views.fileObject(scope, file)),
      });
    },
  } satisfies Handlers;
}
