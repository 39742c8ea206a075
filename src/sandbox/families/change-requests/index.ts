// The change-requests family: the operations on a space's change requests
// (list, get, create, update, merge, the semantic changes) and the batch of
// content changes that authors one, as the public OpenAPI description
// 0.202.0 has them. The records (each with its own revision) are the content
// family's (content/change-requests.ts); this family sits above it.
//
// Merge: a change request that started from the space's current revision
// becomes the space's content; otherwise each page it changed is carried
// over, and a page the space changed as well is a conflict. The description
// says a conflicting merge "was still applied"; here it is not applied and
// the change request stays open, which is what a CI job must detect (the
// description leaves open what the space holds after such a merge).
import type { ChangeRequestStatus } from '../../../api/operations/changeRequests.js';
import { conflict } from '../../core/errors.js';
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { APP_URL, byId, created, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Families, Family, Handlers, World } from '../../core/world.js';
import { cloneRevision, findPage, type BasePage, type ChangeRequestRec, type FileRec, type PageRec } from '../content/records.js';
import { userObject } from '../orgs/index.js';
import type { SpaceRec } from '../spaces/index.js';
import { applyChanges, type ContentChange, type Outcome } from './apply.js';
import { merge, pageChanges } from './merge.js';

declare module '../../core/world.js' {
  interface Families {
    changeRequests: ChangeRequests;
  }
}

interface ListQuery extends PageQuery {
  status?: ChangeRequestStatus;
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  topic?: string;
  orderBy?: 'updatedAt' | 'createdAt';
}

interface UpdateBody {
  subject?: string;
  status?: 'draft' | 'open' | 'archived';
}

export class ChangeRequests implements Family {
  readonly name = 'changeRequests';
  private readonly lower: Pick<Families, 'content' | 'orgs' | 'spaces'>;

  constructor(private readonly world: World) {
    this.lower = world.lower('changeRequests', 'content', 'orgs', 'spaces');
  }

  private get content() {
    return this.lower.content;
  }

  private get orgs() {
    return this.lower.orgs;
  }

  private spaceOf(req: { params: Record<string, string> }, min: 'read' | 'edit', action: string): SpaceRec {
    const space = this.lower.spaces.space(req.params.spaceId);
    this.orgs.require(this.orgs.org(space.org).id, min, action);
    this.content.revision(space.id); // a deleted space's content is a 409
    return space;
  }

  private one(req: { params: Record<string, string> }, min: 'read' | 'edit', action: string): { space: SpaceRec; cr: ChangeRequestRec } {
    const space = this.spaceOf(req, min, action);
    return { space, cr: this.content.changeRequest(space.id, req.params.changeRequestId) };
  }

  // ---- renderers -------------------------------------------------------------------------------

  object(space: SpaceRec, cr: ChangeRequestRec, api: string): Record<string, unknown> {
    const user = this.orgs.user(cr.createdBy) ?? this.orgs.user()!;
    const merger = cr.mergedBy !== undefined ? (this.orgs.user(cr.mergedBy) ?? user) : undefined;
    return {
      object: 'change-request',
      id: cr.id,
      number: cr.number,
      status: cr.status,
      subject: cr.subject,
      createdBy: userObject(user, api),
      createdAt: cr.createdAt,
      updatedAt: cr.updatedAt,
      ...(merger ? { mergedBy: userObject(merger, api), mergedAt: cr.mergedAt, revisionMerged: cr.revisionMerged } : {}),
      space: space.id,
      revision: cr.revision.id,
      revisionInitial: cr.baseRevision,
      comments: 0,
      outdated: cr.status !== 'merged' && this.content.revision(space.id).id !== cr.baseRevision,
      urls: { app: `${APP_URL}/o/${space.org}/s/${space.id}/~/changes/${cr.number}/`, location: locationOf('changeRequests.get', { spaceId: space.id, changeRequestId: cr.id }, api) },
    };
  }

  private changedPage(p: PageRec | BasePage): Record<string, unknown> {
    return { id: p.id, type: p.type, title: p.title, path: p.path };
  }

  private semanticChanges(space: SpaceRec, cr: ChangeRequestRec): Record<string, unknown>[] {
    const pageOf = (id: string | null) => {
      if (id === null) return undefined;
      const page = findIn(cr, id);
      return page ? this.changedPage(page) : undefined;
    };
    const out: Record<string, unknown>[] = pageChanges(cr).map((c) => {
      if (c.type === 'page_created' || c.type === 'page_deleted') return { type: c.type, page: this.changedPage(c.page) };
      if (c.type === 'page_moved') {
        const [before, after] = [pageOf(c.from), pageOf(c.to)];
        return { type: c.type, page: this.changedPage(c.page), parent: { ...(before ? { before } : {}), ...(after ? { after } : {}) } };
      }
      const attributes: Record<string, unknown> = {};
      if (c.before.title !== c.page.title) attributes.title = { before: c.before.title, after: c.page.title };
      const slug = (path: string) => path.split('/').pop() ?? '';
      if (slug(c.before.path) !== c.page.slug && c.page.type !== 'link') attributes.slug = { before: slug(c.before.path), after: c.page.slug };
      if (c.page.type === 'document') attributes.document = {};
      else if (Object.keys(attributes).length === 0) attributes.title = { before: c.before.title, after: c.page.title };
      return { type: c.type, page: this.changedPage(c.page), attributes };
    });
    const had = new Set(cr.baseFiles);
    const scope = { space, cr, rev: cr.revision };
    for (const f of cr.revision.files) if (!had.has(f.id)) out.push({ type: 'file_created', file: this.fileRef(scope, f) });
    const kept = new Set(cr.revision.files.map((f) => f.id));
    for (const f of this.content.revision(space.id).files) if (had.has(f.id) && !kept.has(f.id)) out.push({ type: 'file_deleted', file: this.fileRef({ space, rev: cr.revision }, f) });
    return out;
  }

  private fileRef(scope: Parameters<ChangeRequests['content']['views']['fileObject']>[0], file: FileRec): Record<string, unknown> {
    const { id, name, contentType, downloadURL } = this.content.views.fileObject(scope, file) as Record<string, unknown>;
    return { id, name, contentType, downloadURL };
  }

  private pageRef(space: SpaceRec, cr: ChangeRequestRec, id: string, api: string): Record<string, unknown> {
    return { object: 'page', id, urls: { location: locationOf('pages.get.cr', { spaceId: space.id, changeRequestId: cr.id, pageId: id }, api) } };
  }

  // ---- operations ------------------------------------------------------------------------------

  private touch(space: SpaceRec, cr: ChangeRequestRec): void {
    cr.updatedAt = this.world.clock.nowIso();
    this.world.cache.changed(false, space);
  }

  private writable(cr: ChangeRequestRec, action: string): void {
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`Change request ${cr.number} is ${cr.status}: it cannot ${action}.`);
  }

  readonly handlers = {
    'changeRequests.list': (req: Req<ListQuery>): Reply => {
      const space = this.spaceOf(req, 'read', 'list change requests');
      const q = req.query;
      const status = q.status ?? 'open';
      const key = q.orderBy ?? 'updatedAt';
      const items = this.content
        .changeRequests(space.id)
        .filter((cr) => cr.status === status && (q.creator === undefined || cr.createdBy === q.creator) && (q.contributor === undefined || cr.createdBy === q.contributor))
        .filter(() => q.requestedReviewer === undefined && q.topic === undefined)
        .sort((a, b) => b[key].localeCompare(a[key]) || b.number - a.number);
      return list(q, items, byId, (cr) => jsonBody(this.object(space, cr, req.api)));
    },
    'changeRequests.get': (req: Req): Reply => {
      const { space, cr } = this.one(req, 'read', 'read change requests');
      return ok(this.object(space, cr, req.api));
    },
    'changeRequests.create': (req: Req<object, { subject?: string }>): Reply => {
      const space = this.spaceOf(req, 'edit', 'create change requests');
      const cr = this.content.changeRequestRecords.create(space, req.body.subject ?? '');
      return created(jsonBody(this.object(space, cr, req.api)), locationOf('changeRequests.get', { spaceId: space.id, changeRequestId: cr.id }, req.api));
    },
    'changeRequests.update': (req: Req<object, UpdateBody>): Reply => {
      const { space, cr } = this.one(req, 'edit', 'update change requests');
      if (req.body.status !== undefined && req.body.status !== cr.status && cr.status === 'merged') throw conflict(`Change request ${cr.number} is merged: its status cannot change.`);
      if (req.body.subject !== undefined) cr.subject = req.body.subject;
      if (req.body.status !== undefined) cr.status = req.body.status;
      this.touch(space, cr);
      return ok(this.object(space, cr, req.api));
    },
    'changeRequests.merge': (req: Req): Reply => {
      const { space, cr } = this.one(req, 'edit', 'merge change requests');
      // Merged already: the same answer again (a resent merge changes nothing).
      if (cr.status === 'merged') return ok({ revision: cr.revisionMerged, result: 'merge' });
      this.writable(cr, 'be merged (reopen it first)');
      const outcome = merge(cr, this.content.revision(space.id));
      if (outcome.result === 'conflicts') return ok({ revision: this.content.revision(space.id).id, result: 'conflicts' });
      const rev = this.content.update(space.id, undefined, (r) => {
        r.pages = outcome.pages;
        r.files = outcome.files;
      });
      Object.assign(cr, { status: 'merged', mergedAt: rev.createdAt, mergedBy: this.world.userId, revisionMerged: rev.id });
      this.touch(space, cr);
      return ok({ revision: rev.id, result: 'merge' });
    },
    'changeRequests.changes': (req: Req<{ limit?: number }>): Reply => {
      const { space, cr } = this.one(req, 'read', 'read change requests');
      const all = this.semanticChanges(space, cr);
      const limit = req.query.limit ?? 10;
      return ok({ changes: all.slice(0, limit), ...(all.length > limit ? { more: all.length - limit } : {}) });
    },
    'changeRequests.updateContent': (req: Req<{ compat?: boolean }, { changes: ContentChange[] }>): Reply => {
      const { space, cr } = this.one(req, 'edit', 'edit content');
      this.writable(cr, 'take content changes');
      const working = cloneRevision(cr.revision);
      const now = this.world.clock.nowIso();
      const applied = applyChanges(working, req.body.changes, () => this.world.nextId(), now);
      const rev = this.content.update(space.id, cr.id, (r) => {
        r.pages = working.pages;
        r.files = working.files;
      });
      this.touch(space, cr);
      const body = this.object(space, cr, req.api);
      if (req.query.compat !== false) return ok(body);
      const scope = { space, cr, rev };
      return ok({
        changeRequest: body,
        changes: applied.outcomes.map((o: Outcome) => (o.object === 'deleted_page' ? o : { ...o, page: this.pageRef(space, cr, o.page, req.api) })),
        insertedFiles: applied.insertedFiles.map((f) => this.content.views.fileObject(scope, f)),
      });
    },
  } satisfies Handlers;

  // The records are the content family's: nothing of its own to store or seed.
  toJSON(): Record<string, never> {
    return {};
  }

  load(): void {}

  seed(): void {}
}

/** A page of the change request, or of the revision it started from. */
function findIn(cr: ChangeRequestRec, id: string): PageRec | BasePage | undefined {
  return findPage(cr.revision, id) ?? cr.base.find((b) => b.id === id);
}

export const changeRequestsFamily = (world: World): ChangeRequests => new ChangeRequests(world);
