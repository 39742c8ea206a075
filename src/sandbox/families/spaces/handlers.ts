// The operations of the spaces family: each request's inputs to the family's
// rules (index.ts) and the result to its JSON (views.ts).
import { badRequest } from '../../core/errors.js';
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, created, deleted, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import { linkStats, linksOf, pagesOf, searchPages, searchResultObject, type GeneratedLink } from './content.js';
import type { Spaces } from './index.js';
import { locate, moveOf, type CollectionFields, type MoveBody, type SpaceFields } from './records.js';
import type { SpaceViews } from './views.js';

export function spaceHandlers(f: Spaces, v: SpaceViews) {
  return {
    'spaces.list': (req: Req<PageQuery>) => {
      const org = f.orgOf(req.params.organizationId).id;
      return list(req.query, f.orgSpaces(org), byId, (s) => v.json(s, req.api), { locate: (id) => locate(f.sidebar(org), id) });
    },
    'spaces.create': (req: Req<object, SpaceFields>) => {
      const { title, emoji, editMode, parent, language, empty, template } = req.body;
      const space = f.createSpace(req.params.organizationId, { title, emoji, editMode, parent, language, empty, template });
      return created(v.json(space, req.api), locationOf('spaces.get', { spaceId: space.id }, req.api));
    },
    'spaces.get': (req: Req<{ shareKey?: string }>) => {
      const space = f.space(req.params.spaceId);
      // A share key changes the published URL: not from the cache.
      return ok(req.query.shareKey ? v.spaceObject(space, req.api, req.query.shareKey) : v.json(space, req.api));
    },
    'spaces.update': (req: Req<object, SpaceFields>) => {
      const { title, emoji, icon, editMode, defaultLevel, language } = req.body;
      return ok(v.json(f.updateSpace(req.params.spaceId, { title, emoji, icon, editMode, defaultLevel, language }), req.api));
    },
    'spaces.delete': (req: Req) => (f.deleteSpace(req.params.spaceId), deleted()),
    'spaces.duplicate': (req: Req) => {
      const copy = f.duplicateSpace(req.params.spaceId);
      return created(v.json(copy, req.api), locationOf('spaces.get', { spaceId: copy.id }, req.api));
    },
    'spaces.restore': (req: Req) => ok(v.json(f.restoreSpace(req.params.spaceId), req.api)),
    'spaces.move': (req: Req<object, MoveBody>) => ok(v.json(f.moveSpace(req.params.spaceId, moveOf(req.body)), req.api)),
    'spaces.transfer': (req: Req<object, { organization: string }>) => ok(v.json(f.transferSpace(req.params.spaceId, req.body.organization), req.api)),
    'spaces.links': (req: Req<PageQuery & { status?: GeneratedLink['status'] }>) => {
      const space = f.space(req.params.spaceId);
      const { status } = req.query;
      const links = linksOf(space);
      const pages = pagesOf(space);
      const items = links.map((link, i) => ({ link, key: String(i) })).filter((x) => status === undefined || x.link.status === status);
      return list(req.query, items, (x) => x.key, (x) => jsonBody(v.linkObject(space, pages, x.link, req.api)), { extra: { stats: linkStats(links) } });
    },
    'spaces.search': (req: Req<PageQuery & { query: string }>): Reply => {
      const { query } = req.query;
      if (query.trim() === '') throw badRequest('The query parameter "query" must not be empty.');
      const space = f.space(req.params.spaceId);
      const hits = searchPages(space, query).map((hit, i) => ({ hit, rank: i + 1 }));
      return list(req.query, hits, (x) => x.hit.page.id, (x) => jsonBody(searchResultObject(space, x.hit, x.rank)));
    },
    'collections.list': (req: Req<PageQuery & { nested?: boolean }>) => {
      const org = f.orgOf(req.params.organizationId).id;
      return list(req.query, f.orgCollections(org, req.query.nested ?? true), byId, (c) => v.collectionJson(c, req.api));
    },
    'collections.create': (req: Req<object, CollectionFields>) => {
      const c = f.createCollection(req.params.organizationId, { title: req.body.title, parent: req.body.parent });
      return created(v.collectionJson(c, req.api), locationOf('collections.get', { collectionId: c.id }, req.api));
    },
    'collections.get': (req: Req) => ok(v.collectionJson(f.collection(req.params.collectionId), req.api)),
    'collections.update': (req: Req<object, CollectionFields>) => {
      const { title, description, defaultLevel } = req.body;
      return ok(v.collectionJson(f.updateCollection(req.params.collectionId, { title, description, defaultLevel }), req.api));
    },
    'collections.delete': (req: Req) => (f.deleteCollection(req.params.collectionId), deleted()),
    'collections.spaces': (req: Req<PageQuery>) => {
      const id = req.params.collectionId;
      return list(req.query, f.collectionSpaces(id), byId, (s) => v.json(s, req.api), { locate: (sid) => locate(f.children(id), sid) });
    },
    'collections.move': (req: Req<object, MoveBody>) => ok(v.collectionJson(f.moveCollection(req.params.collectionId, moveOf(req.body)), req.api)),
    'collections.transfer': (req: Req<object, { organization: string }>) =>
      ok(v.collectionJson(f.transferCollection(req.params.collectionId, req.body.organization), req.api)),
  } satisfies Handlers;
}
