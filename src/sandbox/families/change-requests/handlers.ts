// The changeRequests family's operations.
import { conflict } from '../../core/errors.js';
import { locationOf } from '../../core/location.js';
import { byId, created, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import { cloneRevision } from '../content/records.js';
import { applyChanges, type ContentChange, type Outcome } from './apply.js';
import { merge } from './merge.js';
import type { ChangeRequests } from './index.js';
import type { ChangeRequestsViews } from './render.js';
import type { ListQuery, UpdateBody } from './records.js';

export function changeRequestsHandlers(f: ChangeRequests, v: ChangeRequestsViews) {
  return {
    'changeRequests.list': (req: Req<ListQuery>): Reply => {
      const space = f.spaceOf(req, 'read', 'list change requests');
      const q = req.query;
      const status = q.status ?? 'open';
      const key = q.orderBy ?? 'updatedAt';
      const items = f.content
        .changeRequests(space.id)
        .filter((cr) => cr.status === status && (q.creator === undefined || cr.createdBy === q.creator) && (q.contributor === undefined || cr.createdBy === q.contributor))
        .filter(() => q.requestedReviewer === undefined && q.topic === undefined)
        .sort((a, b) => b[key].localeCompare(a[key]) || b.number - a.number);
      return list(q, items, byId, (cr) => jsonBody(v.object(space, cr, req.api)));
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
      const applied = applyChanges(working, req.body.changes, () => f.world.nextId(), now);
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
