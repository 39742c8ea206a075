// The operations of the sites family: each request's inputs to the family's
// rules (index.ts) and the result to its JSON (render.ts).
import type { PageQuery } from '../../core/paging.js';
import { byId, created, deleted, jsonBody, list, ok } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Sites } from './index.js';
import type { SiteRenderer } from './render.js';
import type { NewSpace, SectionFields, SiteFields } from './records.js';

export function siteHandlers(f: Sites, r: SiteRenderer) {
  const at = (req: Req<object, object>) => f.site(req.params.organizationId, req.params.siteId);
  return {
    'sites.list': (req: Req<PageQuery & { space?: string; title?: string; published?: boolean }>) => {
      const org = f.orgOf(req.params.organizationId).id;
      const { space, title, published } = req.query;
      const items = f.orgSites(org).filter(
        (s) =>
          (published === undefined || s.published === published) &&
          (title === undefined || s.title.toLowerCase().includes(title.toLowerCase())) &&
          (space === undefined || f.allSiteSpaces(s).some((ss) => ss.space === space)),
      );
      return list(req.query, items, byId, (s) => jsonBody(r.siteObject(s, req.api)));
    },
    'sites.create': (req: Req<object, SiteFields>) => {
      const site = f.createSite(req.params.organizationId, req.body);
      return created(jsonBody(r.siteObject(site, req.api)), r.location('sites.get', site, {}, req.api));
    },
    'sites.get': (req: Req) => ok(r.siteObject(at(req), req.api)),
    'sites.update': (req: Req<object, SiteFields>) => ok(r.siteObject(f.updateSite(at(req), req.body), req.api)),
    'sites.delete': (req: Req) => (f.deleteSite(req.params.organizationId, req.params.siteId), deleted()),
    'sites.publish': (req: Req) => ok(r.siteObject(f.setPublished(at(req), true), req.api)),
    'sites.unpublish': (req: Req) => ok(r.siteObject(f.setPublished(at(req), false), req.api)),
    'sites.published': (req: Req<{ shareKey?: string }>) => ok(r.publishedObject(f.published(at(req), req.query.shareKey), req.api, req.query.shareKey)),
    'sites.adaptiveSchema': (req: Req) => ok(r.schemaObject(at(req))),
    'sites.setAdaptiveSchema': (req: Req<object, { jsonSchema: unknown }>) => ok(r.schemaObject(f.setAdaptiveSchema(at(req), req.body.jsonSchema))),

    'sections.list': (req: Req<PageQuery & { shareKey?: string }>) => {
      const site = at(req);
      return list(req.query, f.siteSections(site), byId, (s) => jsonBody(r.sectionObject(site, s, req.api, req.query.shareKey)));
    },
    'sections.create': (req: Req<object, SectionFields>) => {
      const site = at(req);
      const s = f.createSection(site, req.body);
      return created(jsonBody(r.sectionObject(site, s, req.api)), r.location('sections.update', site, { siteSectionId: s.id }, req.api));
    },
    'sections.update': (req: Req<object, SectionFields & { siteSectionGroupId?: string | null }>) => {
      const site = at(req);
      const section = f.updateSection(site, f.section(site, req.params.siteSectionId), req.body);
      // Into a group (the group's end), or with null back to the site's top level (after its group).
      const into = req.body.siteSectionGroupId;
      if (into) f.joinGroup(site, section, f.group(site, into));
      else if (into === null && section.group) f.leaveGroup(site, f.group(site, section.group), section.id);
      return ok(r.sectionObject(site, section, req.api));
    },
    'sections.delete': (req: Req) => (f.deleteSection(at(req), req.params.siteSectionId), deleted()),
    'sections.move': (req: Req<object, { position: unknown }>) => {
      const site = at(req);
      return ok(r.sectionObject(site, f.moveSection(site, f.section(site, req.params.siteSectionId), req.body.position), req.api));
    },

    'sectionGroups.list': (req: Req<PageQuery>) => {
      const site = at(req);
      return list(req.query, f.siteGroups(site), byId, (g) => jsonBody(r.groupObject(site, g, req.api)));
    },
    'sectionGroups.create': (req: Req<object, { title: string; icon?: string | null; sections?: string[]; parent?: string; draft?: boolean }>) => {
      const site = at(req);
      const g = f.createGroup(site, req.body);
      return created(jsonBody(r.groupObject(site, g, req.api)), r.location('sectionGroups.update', site, { siteSectionGroupId: g.id }, req.api));
    },
    'sectionGroups.update': (req: Req<object, { title?: string; icon?: string | null; draft?: boolean }>) => {
      const site = at(req);
      return ok(r.groupObject(site, f.updateGroup(site, f.group(site, req.params.siteSectionGroupId), req.body), req.api));
    },
    'sectionGroups.delete': (req: Req) => (f.deleteGroup(at(req), req.params.siteSectionGroupId), deleted()),
    'sectionGroups.addSection': (req: Req<object, { sectionId: string }>) => {
      const site = at(req);
      const group = f.group(site, req.params.siteSectionGroupId);
      const section = f.section(site, req.body.sectionId);
      f.joinGroup(site, section, group);
      return created(jsonBody(r.groupObject(site, group, req.api)), r.location('sectionGroups.removeSection', site, { siteSectionGroupId: group.id, siteSectionId: section.id }, req.api));
    },
    'sectionGroups.removeSection': (req: Req) => {
      const site = at(req);
      f.leaveGroup(site, f.group(site, req.params.siteSectionGroupId), req.params.siteSectionId);
      return deleted();
    },
    'sectionGroups.move': (req: Req<object, { position: unknown }>) => {
      const site = at(req);
      return ok(r.groupObject(site, f.moveGroup(site, f.group(site, req.params.siteSectionGroupId), req.body.position), req.api));
    },

    'siteSpaces.list': (req: Req<PageQuery & { shareKey?: string; default?: boolean }>) => {
      const site = at(req);
      const rendered = f.allSiteSpaces(site).flatMap((ss) => {
        const json = r.siteSpaceObject(site, ss, req.api, req.query.shareKey);
        return json && (req.query.default === undefined || json.default === req.query.default) ? [{ id: ss.id, json }] : [];
      });
      return list(req.query, rendered, byId, (x) => jsonBody(x.json));
    },
    'siteSpaces.add': (req: Req<object, NewSpace & { sectionId?: string }>) => {
      const site = at(req);
      const ss = f.addSiteSpace(site, req.body);
      return created(jsonBody(r.siteSpaceObject(site, ss, req.api)), r.location('siteSpaces.update', site, { siteSpaceId: ss.id }, req.api));
    },
    'siteSpaces.update': (req: Req<object, { path?: string; condition?: string | null; draft?: boolean }>) => {
      const site = at(req);
      return ok(r.siteSpaceObject(site, f.updateSiteSpace(site, f.siteSpace(site, req.params.siteSpaceId), req.body), req.api));
    },
    'siteSpaces.remove': (req: Req) => (f.removeSiteSpace(at(req), req.params.siteSpaceId), deleted()),
    'siteSpaces.move': (req: Req<object, { position: unknown }>) => {
      const site = at(req);
      return ok(r.siteSpaceObject(site, f.moveSiteSpace(site, f.siteSpace(site, req.params.siteSpaceId), req.body.position), req.api));
    },

    'shareLinks.list': (req: Req<PageQuery>) => {
      const site = at(req);
      const links = f.shareLinks.ofSite(site);
      return list(req.query, links, byId, (l) => jsonBody(r.shareLinkObject(site, l)));
    },
    'shareLinks.create': (req: Req<object, { name: string }>) => {
      const site = at(req);
      const link = f.shareLinks.create(site, req.body.name);
      return created(jsonBody(r.shareLinkObject(site, link)), r.location('shareLinks.update', site, { shareLinkId: link.id }, req.api));
    },
    'shareLinks.update': (req: Req<object, { name?: string; active?: boolean }>) => {
      const site = at(req);
      return ok(r.shareLinkObject(site, f.shareLinks.update(site, req.params.shareLinkId, req.body)));
    },
    'shareLinks.delete': (req: Req) => (f.shareLinks.delete(at(req), req.params.shareLinkId), deleted()),
  } satisfies Handlers;
}
