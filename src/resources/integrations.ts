// The integration resource's table columns, and those of its installations.
import type { Column } from '../output/format.js';

export const INTEGRATION_COLUMNS: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'title', header: 'TITLE' },
  { key: 'categories', header: 'CATEGORIES' },
  { key: 'visibility', header: 'VISIBILITY' },
  { key: 'owner.title', header: 'OWNER' },
  { key: 'version', header: 'VERSION' },
];

export const INTEGRATION_DETAIL: Column[] = [
  { key: 'name', header: 'Name' },
  { key: 'title', header: 'Title' },
  { key: 'description', header: 'Description' },
  { key: 'version', header: 'Version' },
  { key: 'visibility', header: 'Visibility' },
  { key: 'target', header: 'Target' },
  { key: 'verified', header: 'Verified' },
  { key: 'categories', header: 'Categories' },
  { key: 'scopes', header: 'Scopes' },
  { key: 'owner.title', header: 'Owner' },
  { key: 'urls.app', header: 'URL' },
];

export const INSTALLATION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'status', header: 'STATUS' },
  { key: 'target.organization', header: 'ORGANIZATION', id: true },
  { key: 'externalIds', header: 'EXTERNAL IDS' },
  { key: 'spaces', header: 'SPACES' },
  { key: 'createdAt', header: 'CREATED', kind: 'time' },
];

/** The Integration object's top-level fields (the public OpenAPI description), for --fields: optional ones are often absent from a page. */
export const INTEGRATION_FIELDS = [
  'object', 'name', 'version', 'title', 'description', 'summary', 'previewImages', 'target', 'verified', 'visibility', 'scopes', 'categories',
  'blocks', 'contentSources', 'configurations', 'externalLinks', 'owner', 'urls', 'permissions', 'contentSecurityPolicy',
] as const;

export const INSTALLATION_FIELDS = [
  'id', 'status', 'space_selection', 'site_selection', 'spaces', 'configuration', 'createdAt', 'updatedAt', 'urls', 'externalIds', 'target', 'network',
] as const;
