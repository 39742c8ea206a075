// Table columns of docs sites and what they hold: sections, section groups,
// site spaces, share links, the adaptive schema and the published view.
import type { Column } from '../output/format.js';

export const SITE_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'visibility', header: 'VISIBILITY' },
  { key: 'published', header: 'PUBLISHED' },
  { key: 'siteSpaces', header: 'SITE SPACES' },
  { key: 'urls.published', header: 'URL' },
];

export const SITE_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'type', header: 'Type' },
  { key: 'visibility', header: 'Visibility' },
  { key: 'published', header: 'Published' },
  { key: 'basename', header: 'Basename' },
  { key: 'proxy.origin', header: 'Proxy' },
  { key: 'adaptiveContent.enabled', header: 'Adaptive content' },
  { key: 'siteSpaces', header: 'Site spaces' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'urls.published', header: 'URL' },
  { key: 'urls.app', header: 'App' },
];

export const SECTION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'path', header: 'PATH' },
  { key: 'default', header: 'DEFAULT' },
  { key: 'sectionGroup', header: 'GROUP', id: true },
  { key: 'condition', header: 'CONDITION' },
];

export const SECTION_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'path', header: 'Path' },
  { key: 'default', header: 'Default' },
  { key: 'sectionGroup', header: 'Group' },
  { key: 'condition', header: 'Condition' },
  { key: 'icon', header: 'Icon' },
  { key: 'description', header: 'Description' },
  { key: 'siteSpaces.length', header: 'Site spaces' },
  { key: 'urls.published', header: 'URL' },
];

export const GROUP_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'icon', header: 'ICON' },
  { key: 'sections.length', header: 'SECTIONS' },
];

export const GROUP_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'icon', header: 'Icon' },
  { key: 'sections.length', header: 'Sections' },
];

export const SITE_SPACE_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'path', header: 'PATH' },
  { key: 'default', header: 'DEFAULT' },
  { key: 'section', header: 'SECTION', id: true },
  { key: 'space.id', header: 'SPACE' },
  { key: 'condition', header: 'CONDITION' },
];

export const SITE_SPACE_DETAIL: Column[] = [...SITE_SPACE_COLUMNS, { key: 'urls.published', header: 'URL' }];

/** Lists leave out the published URL: it holds the link's secret (`--fields urls.published` or --json shows it). */
export const SHARE_LINK_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'NAME' },
  { key: 'active', header: 'ACTIVE' },
  { key: 'createdAt', header: 'CREATED', kind: 'time' },
];

export const SHARE_LINK_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name' },
  { key: 'active', header: 'Active' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'urls.published', header: 'URL' },
];

export const ADAPTIVE_SCHEMA_DETAIL: Column[] = [
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
  { key: 'jsonSchema', header: 'JSON Schema' },
];

export const PUBLISHED_DETAIL: Column[] = [
  { key: 'site.id', header: 'ID' },
  { key: 'site.title', header: 'Title' },
  { key: 'site.visibility', header: 'Visibility' },
  { key: 'site.urls.published', header: 'URL' },
  { key: 'structure.type', header: 'Structure' },
  { key: 'structure.structure.length', header: 'Top-level items' },
];

/** `sites tree --output tsv|csv`: one row per part of the tree, in the order it is drawn. */
export const SITE_TREE_COLUMNS: Column[] = [
  { key: 'kind', header: 'KIND' },
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'parent', header: 'PARENT', id: true },
  { key: 'depth', header: 'DEPTH' },
  { key: 'path', header: 'PATH' },
  { key: 'spaceId', header: 'SPACE' },
  { key: 'default', header: 'DEFAULT' },
  { key: 'condition', header: 'CONDITION' },
  { key: 'state', header: 'STATE' },
];
