// The records of the sites family, the keys of its sibling order (see
// index.ts) and the inputs of its operations.
import { emptyAdaptiveSchema } from '../../../api/adaptiveSchema.js';
import type { SITE_TYPES, SITE_VISIBILITIES } from '../../../api/enums.js';
import { notFound } from '../../core/errors.js';

export type SiteType = (typeof SITE_TYPES)[number];
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];

// ---- records ---------------------------------------------------------------------------

export interface SiteRec {
  id: string;
  org: string;
  type: SiteType;
  title: string;
  visibility: SiteVisibility;
  published: boolean;
  basename?: string;
  /** Host-and-path form (docs.example.com/help); null: no proxy. */
  proxy: string | null;
  adaptiveContent: boolean;
  createdAt: string;
  /** The default section (a site with sections has one). */
  defaultSection: string | null;
  /** The default site space at the root level (a site without sections). */
  defaultSiteSpace: string | null;
  adaptiveSchema: { jsonSchema: unknown; updatedAt: string };
}

export interface SectionRec {
  id: string;
  site: string;
  title: string;
  path: string;
  description?: string;
  condition?: string;
  icon?: string;
  /** The group it belongs to (at most one). */
  group: string | null;
  defaultSiteSpace: string | null;
  /** Created as a draft (`draft: true`). */
  draft?: boolean;
}

export interface GroupRec {
  id: string;
  site: string;
  title: string;
  icon?: string;
  draft?: boolean;
}

export interface SiteSpaceRec {
  id: string;
  site: string;
  /** The section holding it; null at the root of a site without sections. */
  section: string | null;
  /** The space it publishes (of the site's organization). */
  space: string;
  path: string;
  condition?: string;
  /** The site's title for it, in place of the space's. */
  title?: string;
  draft?: boolean;
}

export interface ShareLinkRec {
  id: string;
  site: string;
  name: string;
  active: boolean;
  /** The secret of the share link's URL. */
  key: string;
  createdAt: string;
}

export type Node = SectionRec | GroupRec | SiteSpaceRec;
export const isSection = (n: Node): n is SectionRec => 'path' in n && 'group' in n;
export const isGroup = (n: Node): n is GroupRec => !('path' in n);
export const topKey = (site: string) => `site:${site}`;
export const groupKey = (group: string) => `group:${group}`;
/** Where site spaces live: a section, or the root of a site without sections. */
export const sectionKey = (section: string) => `section:${section}`;
export const spacesKey = (ss: { site: string; section: string | null }) => (ss.section ? sectionKey(ss.section) : `root:${ss.site}`);
export const entry = (n: Node): string => `${isSection(n) ? 'sec' : isGroup(n) ? 'grp' : 'ss'}:${n.id}`;

export interface SitesJson {
  sites: SiteRec[];
  sections: SectionRec[];
  groups: GroupRec[];
  siteSpaces: SiteSpaceRec[];
  shareLinks: ShareLinkRec[];
  /** Container key → entries `sec:<id>`, `grp:<id>`, `ss:<id>`, in order. */
  children: Record<string, string[]>;
}

export const PUBLISHED_DOMAIN = 'docplat.test';

// ---- inputs ------------------------------------------------------------------------------

export interface SiteFields {
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
  spaces?: string[];
  basename?: string;
  adaptiveContent?: { enabled?: boolean };
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  proxy?: string | null;
}

/** The space of a new section or site space: an existing one, or null for a new space (from `template`). */
export interface NewSpace {
  spaceId: string | null;
  template?: { id: string };
  title?: string | null;
  draft?: boolean;
}

export interface SectionFields {
  spaceId?: string | null;
  template?: { id: string };
  siteSectionGroupId?: string;
  draft?: boolean;
  title?: string | null;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}

// ---- the family --------------------------------------------------------------------------

/** `base`, or `base-2`, `base-3`… : a path (at most 100 characters) none of the siblings has. */
export function freePath(base: string, siblings: readonly { path: string }[]): string {
  const taken = new Set(siblings.map((s) => s.path));
  let path = base.slice(0, 100);
  for (let i = 2; taken.has(path); i++) path = `${base.slice(0, 95)}-${i}`;
  return path;
}

/** Sets an optional field from a patch: a value sets it, null (or '') removes it, undefined leaves it. */
export function setOrClear<T extends object, K extends keyof T & string>(rec: T, key: K, value: T[K] | null | undefined): void {
  if (value === undefined) return;
  if (value === null || value === '') delete rec[key];
  else rec[key] = value;
}

/** A new site's record, unpublished, with an empty adaptive schema. */
export function newSite(id: string, org: string, input: SiteFields, now: string): SiteRec {
  return {
    id,
    org,
    type: input.type ?? 'basic',
    title: input.title ?? 'Untitled site',
    visibility: input.visibility ?? 'public',
    published: false,
    proxy: null,
    adaptiveContent: false,
    createdAt: now,
    defaultSection: null,
    defaultSiteSpace: null,
    adaptiveSchema: { jsonSchema: emptyAdaptiveSchema(), updatedAt: now },
  };
}

/** A record of the site (a section, a group, a site space, a share link); 404 otherwise. */
export function childOf<T extends { site: string }>(map: ReadonlyMap<string, T>, site: SiteRec, id: string, what: string): T {
  const x = map.get(id);
  if (!x || x.site !== site.id) throw notFound(`No ${what} with id ${id} in site ${site.id}.`);
  return x;
}
