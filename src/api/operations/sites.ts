// Docs sites, with their sections, section groups, site spaces and share links.
import { DEFAULT_LEVELS, SITE_TYPES, SITE_VISIBILITIES } from '../enums.js';
import { op, type OperationInput } from '../operation.js';
import { POSITION } from '../positions.js';
import { any, arr, bool, id, map, nullable, obj, oneOf, required, str } from '../schema.js';
import { TEMPLATE } from './templates.js';

const SITES = '/orgs/{organizationId}/sites';
const SITE = `${SITES}/{siteId}`;
const SECTION = `${SITE}/sections/{siteSectionId}`;
const GROUP = `${SITE}/section-groups/{siteSectionGroupId}`;
const SITE_SPACE = `${SITE}/site-spaces/{siteSpaceId}`;

const SITE_TITLE = str({ min: 2, max: 128 });
const PATH = str({ min: 1, max: 100 });
/** Whether visitors see the section or site space; null removes it. */
const CONDITION = nullable(str({ min: 1, max: 1024 }));
const ICON = nullable(str({ max: 50 }));
const GROUP_TITLE = str({ min: 1, max: 100 });
/** OpenAPI SiteProxyOrigin: a host with a dot, then at least one path segment. */
const PROXY = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
const SHARE_LINK_NAME = str({ max: 50 });

/**
 * A move: `{position}` placing the resource before or after a sibling;
 * without a position (or without a body), at the end of the site. 200 with
 * the moved resource.
 */
const MOVE: OperationInput = { body: { position: POSITION }, safe: true, success: [200] };
/** The space of a new section or site space: an existing one's id, or null to create a space (from `template`, if given). */
const NEW_SPACE = { spaceId: required(nullable(id())), template: TEMPLATE };
/** A section or site space created as a draft (OpenAPI 0.202.0; the sandbox's are all live). */
const DRAFT = bool();

export const SITES_OPERATIONS = {
  'sites.list': op('sites.list', `GET ${SITES}`, {
    paginated: true,
    query: { space: id(), title: str(), published: bool(), type: arr(oneOf(SITE_TYPES)) },
  }),
  // `spaces` may also be an enum option that creates a new space (OpenAPI: sample, empty); declared as the array form.
  'sites.create': op('sites.create', `POST ${SITES}`, {
    body: { type: oneOf(SITE_TYPES), title: SITE_TITLE, visibility: oneOf(SITE_VISIBILITIES), spaces: arr(id()) },
  }),
  'sites.get': op('sites.get', `GET ${SITE}`),
  'sites.update': op('sites.update', `PATCH ${SITE}`, {
    body: {
      title: SITE_TITLE,
      visibility: oneOf(SITE_VISIBILITIES),
      basename: str({ min: 1, max: 100 }),
      adaptiveContent: obj({ enabled: bool() }),
      defaultSiteSpace: id(),
      defaultSiteSection: id(),
      /** Host-and-path form (docs.example.com/help); null removes the proxy. */
      proxy: nullable(str({ max: 512, pattern: PROXY, patternText: 'a host and path such as docs.example.com/help (no scheme)' })),
      // OpenAPI 0.202.0; checked, not kept by the sandbox.
      defaultLevel: nullable(oneOf(DEFAULT_LEVELS)),
      styleguide: nullable(id()),
    },
    bodyRequired: true,
  }),
  'sites.delete': op('sites.delete', `DELETE ${SITE}`),
  'sites.published': op('sites.published', `GET ${SITE}/published`, { query: { shareKey: str() } }),
  'sites.adaptiveSchema': op('sites.adaptiveSchema', `GET ${SITE}/adaptive-schema`),
  'sites.setAdaptiveSchema': op('sites.setAdaptiveSchema', `PUT ${SITE}/adaptive-schema`, {
    body: { jsonSchema: required(any()) },
  }),

  'sections.list': op('sections.list', `GET ${SITE}/sections`, { paginated: true, query: { shareKey: str() } }),
  // The title: at least 2 characters (OpenAPI SiteSectionTitle), at most 64 on create (the reference).
  'sections.create': op('sections.create', `POST ${SITE}/sections`, {
    body: { ...NEW_SPACE, title: nullable(str({ min: 2, max: 64 })), icon: ICON, draft: DRAFT, pageId: id(), siteSectionGroupId: id() },
    rules: [{ kind: 'needs', field: 'pageId', needs: 'spaceId', why: 'a home page is a page of an existing space' }],
  }),
  'sections.update': op('sections.update', `PATCH ${SECTION}`, {
    body: {
      title: SITE_TITLE,
      path: PATH,
      defaultSiteSpace: id(),
      condition: CONDITION,
      icon: ICON,
      description: nullable(str({ max: 256 })),
      draft: DRAFT,
      /** Into a group; null: back to the top level. */
      siteSectionGroupId: nullable(id()),
      // OpenAPI 0.202.0; checked, not kept by the sandbox.
      localizedTitle: map(str({ max: 128 })),
      localizedDescription: map(str({ max: 256 })),
    },
    bodyRequired: true,
  }),
  'sections.delete': op('sections.delete', `DELETE ${SECTION}`),
  'sections.move': op('sections.move', `POST ${SECTION}/move`, MOVE),

  'sectionGroups.list': op('sectionGroups.list', `GET ${SITE}/section-groups`, { paginated: true }),
  'sectionGroups.create': op('sectionGroups.create', `POST ${SITE}/section-groups`, {
    body: { title: required(GROUP_TITLE), icon: ICON, sections: arr(id()), parent: id(), draft: DRAFT },
  }),
  'sectionGroups.update': op('sectionGroups.update', `PATCH ${GROUP}`, {
    // localizedTitle and parentSectionGroupId (OpenAPI 0.202.0): checked, not kept by the sandbox.
    body: { title: GROUP_TITLE, icon: ICON, draft: DRAFT, localizedTitle: map(str({ max: 128 })), parentSectionGroupId: nullable(id()) },
    bodyRequired: true,
  }),
  'sectionGroups.delete': op('sectionGroups.delete', `DELETE ${GROUP}`),
  // Adding a section already in the group leaves it there: safe, though a POST answering 201.
  'sectionGroups.addSection': op('sectionGroups.addSection', `POST ${GROUP}/sections`, {
    body: { sectionId: required(id()) },
    safe: true,
    success: [201],
  }),
  'sectionGroups.removeSection': op('sectionGroups.removeSection', `DELETE ${GROUP}/sections/{siteSectionId}`),
  'sectionGroups.move': op('sectionGroups.move', `POST ${GROUP}/move`, MOVE),

  'siteSpaces.list': op('siteSpaces.list', `GET ${SITE}/site-spaces`, {
    paginated: true,
    query: { shareKey: str(), default: bool() },
  }),
  'siteSpaces.add': op('siteSpaces.add', `POST ${SITE}/site-spaces`, {
    body: { ...NEW_SPACE, sectionId: id(), draft: DRAFT, pageId: nullable(id()), title: SITE_TITLE },
    rules: [{ kind: 'needs', field: 'pageId', needs: 'spaceId', why: 'a home page is a page of an existing space' }],
  }),
  // `draft` is kept; `hidden`, `spaceId` and `pageId` (OpenAPI 0.202.0) are checked, not kept by the sandbox.
  'siteSpaces.update': op('siteSpaces.update', `PATCH ${SITE_SPACE}`, {
    body: { path: PATH, condition: CONDITION, draft: DRAFT, hidden: bool(), spaceId: id(), pageId: nullable(id()) },
    bodyRequired: true,
  }),
  'siteSpaces.remove': op('siteSpaces.remove', `DELETE ${SITE_SPACE}`),
  'siteSpaces.move': op('siteSpaces.move', `POST ${SITE_SPACE}/move`, MOVE),

  'shareLinks.list': op('shareLinks.list', `GET ${SITE}/share-links`, { paginated: true, query: { search: str() } }),
  'shareLinks.create': op('shareLinks.create', `POST ${SITE}/share-links`, {
    body: { name: required(SHARE_LINK_NAME) },
  }),
  'shareLinks.update': op('shareLinks.update', `PATCH ${SITE}/share-links/{shareLinkId}`, {
    body: { active: bool(), name: SHARE_LINK_NAME },
    bodyRequired: true,
  }),
  'shareLinks.delete': op('shareLinks.delete', `DELETE ${SITE}/share-links/{shareLinkId}`),
};
