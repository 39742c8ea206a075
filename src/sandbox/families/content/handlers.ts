// The content family's operations: reads of a space's (or a change
// request's) content, and import.
import { urlOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import { linkStats, slug } from '../spaces/content.js';
import { documentPage, walk } from './records.js';
import type { Content } from './index.js';
import type { ContentReq } from './records.js';
import type { ContentViews } from './render.js';

export function contentHandlers(f: Content, v: ContentViews) {
  const importContent = (req: Req<object, { url: string; source: string }>): Reply => {
    const scope = f.scopeOf(req);
    f.lower.orgs.require(scope.space.org, 'edit', 'import content');
    const url = new URL(req.body.url);
    const title = `Imported from ${url.hostname}`;
    const base = slug(`${url.hostname}${url.pathname}`) || 'imported';
    const taken = new Set([...walk(scope.rev.pages)].map(({ page }) => page.path));
    let path = base;
    for (let i = 2; taken.has(path); i++) path = `${base}-${i}`;
    const rev = f.change(scope, (r) => r.pages.push(documentPage(f.world.nextId(), title, path, f.now(), `# ${title}\n\nImported (${req.body.source}) from ${req.body.url}.\n`)));
    // No operation of the table reads a revision by id: its URL is built here (not locationOf()).
    const location = urlOf(req.api, ['spaces', scope.space.id, 'revisions', rev.id]);
    return { status: 201, body: jsonBody({ revision: rev.id, importedResources: 1, totalResources: 1 }), headers: { location } };
  };

  const read = {
    get: (req: ContentReq) => {
      const scope = f.scopeOf(req);
      return ok(v.revisionObject(scope));
    },
    pages: (req: ContentReq) => {
      const scope = f.scopeOf(req);
      return ok({ pages: scope.rev.pages.map((p) => v.pageObject(scope, p)) });
    },
    page: (req: ContentReq) => {
      const scope = f.scopeOf(req);
      return ok(v.pageObject(scope, f.page(scope.space.id, req.params.pageId, req.params.changeRequestId), req.query.format ?? 'document'));
    },
    links: (req: ContentReq<PageQuery & { status?: string }>) => {
      const scope = f.scopeOf(req);
      const page = f.page(scope.space.id, req.params.pageId, req.params.changeRequestId);
      const links = f.linksOf(scope, page);
      const items = links.map((link, i) => ({ link, key: String(i) })).filter((x) => req.query.status === undefined || x.link.status === req.query.status);
      const location = v.pageLocation(scope, page, req.api);
      return list(
        req.query,
        items,
        (x) => x.key,
        (x) => jsonBody({ status: x.link.status, relation: 'reference', targetReference: x.link.target, locationReferences: [location] }),
        { extra: { stats: linkStats(links) } },
      );
    },
    files: (req: ContentReq<PageQuery>) => {
      const scope = f.scopeOf(req);
      return list(req.query, scope.rev.files, byId, (f) => jsonBody(v.fileObject(scope, f)));
    },
    file: (req: ContentReq) => {
      const scope = f.scopeOf(req);
      return ok(v.fileObject(scope, f.revisionFile(scope.space.id, req.params.fileId, req.params.changeRequestId)));
    },
    backlinks: (req: ContentReq<PageQuery>) => {
      const scope = f.scopeOf(req);
      const file = f.revisionFile(scope.space.id, req.params.fileId, req.params.changeRequestId);
      return list(req.query, f.backlinksOf(scope, file), byId, (p) => jsonBody(v.pageLocation(scope, p, req.api)));
    },
    import: (req: Req<object, { url: string; source: string }>) => importContent(req),
    /** A page as it is in a revision of the space (its current one, a change request's, or one a change request started from). */
    revisionPage: (req: ContentReq) => {
      const scope = f.revisionScope(req.params.spaceId, req.params.revisionId);
      return ok(v.pageObject(scope, f.pageIn(scope, req.params.pageId), req.query.format ?? 'document'));
    },
  };

  return {
    'content.get': read.get,
    'content.get.cr': read.get,
    'content.import': read.import,
    'content.import.cr': read.import,
    'pages.list': read.pages,
    'pages.list.cr': read.pages,
    'pages.get': read.page,
    'pages.get.cr': read.page,
    'pages.links': read.links,
    'pages.links.cr': read.links,
    'files.list': read.files,
    'files.list.cr': read.files,
    'files.get': read.file,
    'files.get.cr': read.file,
    'files.backlinks': read.backlinks,
    'files.backlinks.cr': read.backlinks,
    'revisions.page': read.revisionPage,
  } satisfies Handlers;
}
