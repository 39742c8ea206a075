// How the changeRequests family's records look in responses, as the public OpenAPI
// description has them.
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import type { BasePage, ChangeRequestRec, FileRec, PageRec } from '../content/records.js';
import { userObject } from '../orgs/index.js';
import type { SpaceRec } from '../spaces/index.js';
import { pageChanges } from './merge.js';
import type { ChangeRequests } from './index.js';
import { findIn } from './records.js';

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
      revisionInitial: cr.baseRevision,
      comments: 0,
      outdated: cr.status !== 'merged' && this.f.content.revision(space.id).id !== cr.baseRevision,
      urls: { app: urlOf(APP_URL, ['o', space.org, 's', space.id, '~', 'changes', cr.number], { slash: true }), location: locationOf('changeRequests.get', { spaceId: space.id, changeRequestId: cr.id }, api) },
    };
  }

  changedPage(p: PageRec | BasePage): Record<string, unknown> {
    return { id: p.id, type: p.type, title: p.title, path: p.path };
  }

  semanticChanges(space: SpaceRec, cr: ChangeRequestRec): Record<string, unknown>[] {
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
