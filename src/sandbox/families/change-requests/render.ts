// How the changeRequests family's records look in responses, as the public OpenAPI
// description has them.
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import { findPage, type BasePage, type ChangeRequestRec, type FileRec, type PageRec, type RevisionRec } from '../content/records.js';
import { userObject } from '../orgs/index.js';
import type { SpaceRec } from '../spaces/index.js';
import { pageChanges } from './merge.js';
import type { ChangeRequests } from './index.js';
import { findIn, type RequestRec, type ReviewRec } from './records.js';

export class ChangeRequestsViews {
  constructor(private readonly f: ChangeRequests) {}

  object(space: SpaceRec, cr: ChangeRequestRec, api: string): Record<string, unknown> {
    const user = this.f.orgs.user(cr.createdBy) ?? this.f.orgs.user()!;
    const merger = cr.mergedBy !== undefined ? (this.f.orgs.user(cr.mergedBy) ?? user) : undefined;
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
      revisionInitial: cr.initialRevision ?? cr.baseRevision,
      ...(cr.initialRevision !== undefined ? { revisionMergedAncestor: cr.baseRevision } : {}),
      comments: 0,
      outdated: cr.status !== 'merged' && this.f.content.revision(space.id).id !== cr.baseRevision,
      urls: { app: urlOf(APP_URL, ['o', space.org, 's', space.id, '~', 'changes', cr.number], { slash: true }), location: locationOf('changeRequests.get', { spaceId: space.id, changeRequestId: cr.id }, api) },
    };
  }

  private user(id: string, api: string): Record<string, unknown> {
    return userObject(this.f.orgs.user(id) ?? { id, displayName: 'Former member', email: '' }, api);
  }

  /** ChangeRequestReview. */
  review(space: SpaceRec, cr: ChangeRequestRec, r: ReviewRec, api: string): Record<string, unknown> {
    const comment = r.comment === undefined ? undefined : this.f.reviews.comments?.json(space, cr, r.comment, api);
    return {
      object: 'change-request-review',
      id: r.id,
      revision: r.revision,
      reviewer: this.user(r.reviewer, api),
      ...(r.requestedBy !== undefined ? { requestedBy: this.user(r.requestedBy, api) } : {}),
      status: r.status,
      outdated: r.outdated,
      ...(comment ? { comment } : {}),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      urls: { location: locationOf('changeRequests.reviews.get', { spaceId: space.id, changeRequestId: cr.id, reviewId: r.id }, api) },
    };
  }

  /** ChangeRequestRequestedReviewer (a user). */
  requested(r: RequestRec, api: string): Record<string, unknown> {
    return { object: 'change-request-requested-reviewer', revision: r.revision, requestedBy: this.user(r.requestedBy, api), createdAt: r.createdAt, kind: 'user', user: this.user(r.user, api) };
  }

  /** ChangeRequestUserContributor: the creator (who started it), then each who sent content changes. */
  contributors(cr: ChangeRequestRec, api: string): Record<string, unknown>[] {
    const editors = this.f.reviews.editors(cr);
    const creator = editors.some((c) => c.user === cr.createdBy) ? [] : [{ user: cr.createdBy, count: 1, updatedAt: cr.createdAt }];
    return [...creator, ...editors].map((c) => ({ updatedAt: c.updatedAt, count: c.count, user: this.user(c.user, api), actionType: 'edit' }));
  }

  changedPage(p: PageRec | BasePage): Record<string, unknown> {
    return { id: p.id, type: p.type, title: p.title, path: p.path };
  }

  /**
   * What an edit changed. The page as it was in the base revision (when the
   * sandbox kept it) tells each field; without it (a state file written before
   * bases were kept) a document's content is said changed.
   */
  private attributes(page: PageRec, before: BasePage, was: PageRec | undefined): Record<string, unknown> {
    const attributes: Record<string, unknown> = {};
    const changed = (key: string, a: string | undefined, b: string | undefined) => {
      if (a !== b) attributes[key] = { ...(a !== undefined ? { before: a } : {}), ...(b !== undefined ? { after: b } : {}) };
    };
    changed('title', before.title, page.title);
    if (page.type !== 'link') changed('slug', before.path.split('/').pop() ?? '', page.slug);
    if (was) {
      changed('description', was.description, page.description);
      changed('emoji', was.emoji, page.emoji);
      if (page.type === 'document' && (was.markdown ?? '') !== (page.markdown ?? '')) attributes.document = {};
    } else if (page.type === 'document') attributes.document = {};
    // minProperties 1: a change no attribute names (hidden, a link's target) is told as its title.
    if (Object.keys(attributes).length === 0) attributes.title = { before: before.title, after: page.title };
    return attributes;
  }

  /** The revision a change request started from (or was rebased onto), when the sandbox has it. */
  private baseOf(space: SpaceRec, cr: ChangeRequestRec): RevisionRec | undefined {
    try {
      return this.f.content.revisionScope(space.id, cr.baseRevision).rev;
    } catch {
      return undefined;
    }
  }

  semanticChanges(space: SpaceRec, cr: ChangeRequestRec): Record<string, unknown>[] {
    const base = this.baseOf(space, cr);
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
      return { type: c.type, page: this.changedPage(c.page), attributes: this.attributes(c.page, c.before, base && findPage(base, c.page.id)) };
    });
    const had = new Set(cr.baseFiles);
    const scope = { space, cr, rev: cr.revision };
    for (const f of cr.revision.files) if (!had.has(f.id)) out.push({ type: 'file_created', file: this.fileRef(scope, f) });
    const kept = new Set(cr.revision.files.map((f) => f.id));
    for (const f of this.f.content.revision(space.id).files) if (had.has(f.id) && !kept.has(f.id)) out.push({ type: 'file_deleted', file: this.fileRef({ space, rev: cr.revision }, f) });
    return out;
  }

  fileRef(scope: Parameters<ChangeRequests['content']['views']['fileObject']>[0], file: FileRec): Record<string, unknown> {
    const { id, name, contentType, downloadURL } = this.f.content.views.fileObject(scope, file) as Record<string, unknown>;
    return { id, name, contentType, downloadURL };
  }

  pageRef(space: SpaceRec, cr: ChangeRequestRec, id: string, api: string): Record<string, unknown> {
    return { object: 'page', id, urls: { location: locationOf('pages.get.cr', { spaceId: space.id, changeRequestId: cr.id, pageId: id }, api) } };
  }
}
