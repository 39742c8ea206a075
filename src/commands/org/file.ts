// The organization file (version 1): what each kind holds, declared once as
// specs of the operation table (so its bounds are the API's), for the parser
// (parse.ts), the JSON Schema (schema.ts) and the planner (plan.ts).
import { CUSTOM_FIELD_TYPES, ROLES, SPACE_VISIBILITIES, TEAM_ROLES } from '../../api/enums.js';
import { OPERATIONS } from '../../api/operations/index.js';
import { NAME } from '../../api/operations/customFields.js';
import { any, arr, bool, id, map, nullable, num, obj, oneOf, required, str, type ObjectSpec, type Spec } from '../../api/schema.js';

/** The kinds of the file, as `--only` names them, with their key in the file. */
export const KINDS = {
  collections: 'collections',
  spaces: 'spaces',
  sites: 'sites',
  teams: 'teams',
  members: 'members',
  'custom-fields': 'customFields',
  sso: 'sso',
  translations: 'translations',
  openapi: 'openapi',
} as const;
export type KindName = keyof typeof KINDS;
export type FileKey = (typeof KINDS)[KindName];

/** A body field of an operation, without `required` (the file decides that). */
function field(opId: keyof typeof OPERATIONS, name: string): Spec {
  const body = (OPERATIONS[opId] as { body?: Record<string, Spec> }).body;
  const spec = body?.[name];
  if (!spec) throw new Error(`${opId} has no body field ${name}`);
  const { required: _, ...rest } = spec;
  return rest as Spec;
}

/** Several body fields of one operation, by name. */
function fields(opId: keyof typeof OPERATIONS, names: string[]): Record<string, Spec> {
  return Object.fromEntries(names.map((name) => [name, field(opId, name)]));
}

/** "guest": a member without an organization role. */
export const MEMBER_ROLES = [...ROLES, 'guest'] as const;

const COLLECTION: ObjectSpec = obj({
  id: id(),
  title: required(field('collections.update', 'title')),
  ...fields('collections.update', ['description', 'defaultLevel']),
});
// Nested collections: the same object, below its parent.
COLLECTION.fields!.collections = arr(COLLECTION);

/** A space: by id, or by its title within its collection (created when the organization has none: its content moves apart). */
const SPACE = obj({
  id: id(),
  ...fields('spaces.update', ['title', 'emoji', 'editMode', 'defaultLevel']),
  /** Read-only: the API cannot set it; pulled, and a difference is reported (never sent). */
  visibility: oneOf(SPACE_VISIBILITIES),
  /** A collection's title path (`Product/Guides`) or id; null: the top level. */
  collection: nullable(str({ min: 1 })),
  customFields: map(any({ nullable: true })),
});

/** A space a site publishes: the space's id or title, where it is published, for whom. */
const SITE_SPACE = obj({
  space: required(str({ min: 1 })),
  ...fields('siteSpaces.update', ['path', 'condition']),
});

const SECTION = obj({
  id: id(),
  title: required(field('sections.create', 'title')),
  ...fields('sections.update', ['path', 'description', 'icon', 'condition']),
  spaces: arr(SITE_SPACE),
});

/** A group of sections, by the sections' titles. */
const SECTION_GROUP = obj({ id: id(), title: required(field('sectionGroups.update', 'title')), icon: field('sectionGroups.update', 'icon'), sections: arr(str({ min: 1 })) });

const SHARE_LINK = obj({ id: id(), name: required(field('shareLinks.update', 'name')), active: bool() });

const SITE = obj({
  id: id(),
  title: required(field('sites.update', 'title')),
  ...fields('sites.update', ['visibility', 'basename', 'proxy']),
  adaptiveContent: bool(),
  /** In order: the order is the sections' position. */
  sections: arr(SECTION),
  sectionGroups: arr(SECTION_GROUP),
  /** The site's spaces, for a site without sections. */
  spaces: arr(SITE_SPACE),
  shareLinks: arr(SHARE_LINK),
});

const TEAM = obj({
  id: id(),
  title: required(field('teams.rename', 'title')),
  /** E-mail or user id → team role. */
  members: map(oneOf(TEAM_ROLES)),
});

const CUSTOM_FIELD = obj({
  id: id(),
  name: required(NAME),
  type: required(oneOf(CUSTOM_FIELD_TYPES)),
  ...fields('customFields.update', ['title', 'description', 'placeholder', 'options']),
});

const SSO = obj({
  id: id(),
  label: required(field('sso.update', 'label')),
  ...fields('sso.update', ['entityID', 'ssoURL']),
  /** A PEM file relative to the YAML file, or the PEM text. */
  certificate: str({ min: 1 }),
  defaultRole: field('sso.update', 'defaultRole'),
  /** A team's title or id. */
  defaultTeam: nullable(str({ min: 1 })),
});

const TRANSLATION = obj({ id: id(), title: required(field('translations.update', 'title')) });

const OPENAPI = obj({
  slug: required((OPERATIONS['openapi.create'].body as Record<string, Spec>).slug),
  /** A file relative to the YAML file. */
  file: str({ min: 1 }),
  url: (OPERATIONS['openapi.create'].body!.source as ObjectSpec).fields!.url,
});

/**
 * The name of each kind of entry in the JSON Schema's `$defs` (schema.ts):
 * one per spec, distinct (a space and a site space are two).
 */
export const DEF_NAMES = new Map<Spec, string>([
  [COLLECTION, 'collection'],
  [SPACE, 'space'],
  [SITE, 'site'],
  [SECTION, 'section'],
  [SECTION_GROUP, 'sectionGroup'],
  [SITE_SPACE, 'siteSpace'],
  [SHARE_LINK, 'shareLink'],
  [TEAM, 'team'],
  [CUSTOM_FIELD, 'customField'],
  [SSO, 'ssoProvider'],
  [TRANSLATION, 'translation'],
  [OPENAPI, 'openapiSpec'],
]);

/** The whole file. */
export const FILE: ObjectSpec = obj({
  version: required(num({ integer: true, min: 1, max: 1 })),
  collections: arr(COLLECTION),
  spaces: arr(SPACE),
  sites: arr(SITE),
  teams: arr(TEAM),
  members: map(oneOf(MEMBER_ROLES)),
  customFields: arr(CUSTOM_FIELD),
  sso: arr(SSO),
  translations: arr(TRANSLATION),
  openapi: arr(OPENAPI),
  /** Per kind: what the organization leaves unmanaged on purpose, by key or glob pattern (ignore.ts). */
  ignore: obj(Object.fromEntries((Object.values(KINDS) as FileKey[]).map((k) => [k, arr(str({ min: 1 }))]))),
});

// ---- the parsed file -------------------------------------------------------------------

export interface CollectionEntry {
  id?: string;
  title: string;
  description?: string | null;
  defaultLevel?: string | null;
  collections?: CollectionEntry[];
}
export interface SpaceEntry {
  id?: string;
  title?: string;
  emoji?: string | null;
  editMode?: string;
  defaultLevel?: string | null;
  visibility?: string;
  collection?: string | null;
  customFields?: Record<string, unknown>;
}
export interface SiteSpaceEntry {
  space: string;
  path?: string;
  condition?: string | null;
}
export interface SectionEntry {
  id?: string;
  title: string;
  path?: string;
  description?: string | null;
  icon?: string | null;
  condition?: string | null;
  spaces?: SiteSpaceEntry[];
}
export interface SiteEntry {
  id?: string;
  title: string;
  visibility?: string;
  basename?: string;
  proxy?: string | null;
  adaptiveContent?: boolean;
  sections?: SectionEntry[];
  sectionGroups?: { id?: string; title: string; icon?: string | null; sections?: string[] }[];
  spaces?: SiteSpaceEntry[];
  shareLinks?: { id?: string; name: string; active?: boolean }[];
}
export interface TeamEntry {
  id?: string;
  title: string;
  members?: Record<string, string>;
}
export interface CustomFieldEntry {
  id?: string;
  name: string;
  type: string;
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}
export interface SsoEntry {
  id?: string;
  label: string;
  entityID?: string;
  ssoURL?: string;
  certificate?: string;
  defaultRole?: string | null;
  defaultTeam?: string | null;
}
export interface TranslationEntry {
  id?: string;
  title: string;
}
export interface OpenapiEntry {
  slug: string;
  file?: string;
  url?: string;
}

/** The file as parsed: a kind that is absent is not managed. */
export interface OrgFile {
  version: 1;
  collections?: CollectionEntry[];
  spaces?: SpaceEntry[];
  sites?: SiteEntry[];
  teams?: TeamEntry[];
  members?: Record<string, string>;
  customFields?: CustomFieldEntry[];
  sso?: SsoEntry[];
  translations?: TranslationEntry[];
  openapi?: OpenapiEntry[];
  ignore?: Partial<Record<FileKey, string[]>>;
}

/** The kinds a file manages, in the file's order of keys. */
export function managed(file: OrgFile): FileKey[] {
  return (Object.values(KINDS) as FileKey[]).filter((k) => file[k] !== undefined);
}
