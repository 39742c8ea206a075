// The space resource's table columns (and those of the listings that embed spaces).
import type { Column } from '../output/format.js';

export const SPACE_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'visibility', header: 'VISIBILITY' },
  { key: 'editMode', header: 'EDIT MODE' },
  { key: 'parent', header: 'COLLECTION' },
  { key: 'updatedAt', header: 'UPDATED', kind: 'time' },
];

export const SPACE_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'emoji', header: 'Emoji' },
  { key: 'visibility', header: 'Visibility' },
  { key: 'editMode', header: 'Edit mode' },
  // null: no default level, members only (`--default-level none` sets it).
  { key: 'defaultLevel', header: 'Default level', format: (v) => (v === null || v === undefined ? 'none' : String(v)) },
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

export const LINK_COLUMNS: Column[] = [
  { key: 'status', header: 'STATUS' },
  { key: 'relation', header: 'RELATION' },
  { key: 'targetReference', header: 'TARGET' },
  { key: 'locationReferences', header: 'FOUND IN' },
];

export const SEARCH_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'path', header: 'PATH' },
  { key: 'urls.app', header: 'URL' },
];
