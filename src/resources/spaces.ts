// The space resource's table columns (and those of the listings that embed spaces).
import type { Column } from '../output/format.js';

/** A default level as a table shows it: null is "none" (no default level, members only; `--default-level none` sets it). */
export const levelOrNone = (v: unknown): string => (v === null || v === undefined ? 'none' : String(v));

export const SPACE_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'visibility', header: 'VISIBILITY' },
  { key: 'editMode', header: 'EDIT MODE' },
  { key: 'parent', header: 'COLLECTION', id: true },
  { key: 'updatedAt', header: 'UPDATED', kind: 'time' },
];

export const SPACE_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'emoji', header: 'Emoji' },
  { key: 'visibility', header: 'Visibility' },
  { key: 'editMode', header: 'Edit mode' },
  { key: 'defaultLevel', header: 'Default level', format: levelOrNone },
  { key: 'organization', header: 'Organization' },
  { key: 'parent', header: 'Collection' },
  { key: 'comments', header: 'Open comments' },
  { key: 'changeRequestsOpen', header: 'Open change requests' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
  { key: 'deletedAt', header: 'Deleted', kind: 'time' },
  { key: 'urls.app', header: 'URL' },
];

export const MEMBER_SPACE_COLUMNS: Column[] = [
  { key: 'space.id', header: 'ID' },
  { key: 'space.title', header: 'TITLE' },
  { key: 'permission', header: 'PERMISSION' },
  { key: 'space.visibility', header: 'VISIBILITY' },
  { key: 'space.updatedAt', header: 'UPDATED', kind: 'time' },
];

/** What a link points at, in a few words: the URL, or the kind and id of what it references. */
function target(link: unknown): string {
  const ref = (link as { targetReference?: Record<string, unknown> }).targetReference;
  if (!ref || typeof ref !== 'object') return '';
  if (typeof ref.url === 'string') return ref.url;
  const id = ['page', 'file', 'anchor', 'space', 'collection', 'user', 'spec'].map((k) => ref[k]).find((v) => typeof v === 'string');
  return [ref.kind, id, typeof ref.anchor === 'string' && ref.anchor !== id ? `#${ref.anchor}` : ''].filter(Boolean).join(' ');
}

/** Where a link was found: the first page's title and path, and how many more places. */
function foundIn(link: unknown): string {
  const places = (link as { locationReferences?: { kind?: string; page?: { title?: string; path?: string }; space?: { title?: string } }[] }).locationReferences;
  if (!Array.isArray(places) || places.length === 0) return '';
  const [first] = places;
  const where = first.page ? `${first.page.title ?? ''} (${first.page.path ?? ''})` : (first.space?.title ?? first.kind ?? '');
  return places.length > 1 ? `${where} +${places.length - 1} more` : where;
}

/** Links embed whole organization, space and page objects: the table shows what a person needs. */
export const LINK_COLUMNS: Column[] = [
  { key: 'status', header: 'STATUS' },
  { key: 'targetReference', header: 'TARGET', value: target },
  { key: 'locationReferences', header: 'FOUND IN', value: foundIn },
];

/** The Space object's fields (API reference; public OpenAPI description). */
export const SPACE_FIELDS = [
  'object', 'id', 'title', 'emoji', 'visibility', 'createdAt', 'updatedAt', 'deletedAt', 'editMode', 'type', 'mergeRules', 'urls',
  'organization', 'parent', 'language', 'gitSync', 'imports', 'visitorAuth', 'revision', 'defaultLevel', 'comments', 'changeRequests',
  'changeRequestsOpen', 'changeRequestsDraft', 'permissions',
] as const;

/** `spaces list --member`: items are `{permission, space}`; the space's id is also the item's `id`. */
export const MEMBER_SPACE_SHAPE = { fields: ['permission', 'space'], id: 'space.id' } as const;

export const SEARCH_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'path', header: 'PATH' },
  { key: 'urls.app', header: 'URL' },
];
