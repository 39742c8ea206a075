// The space resource, declared once: its table columns and the flags that
// write its fields. Commands in src/commands/spaces.ts are built from these.
import type { Field } from './field.js';
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
  { key: 'defaultLevel', header: 'Default level' },
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

export const SPACE_TITLE: Field = { flag: '--title <title>', description: 'title (at most 50 characters)', body: 'title', bound: 'space.title' };
export const SPACE_EMOJI: Field = { flag: '--emoji <emoji>', description: 'emoji shown with the title', body: 'emoji', bound: 'space.emoji' };

export const SPACE_UPDATE_FIELDS: Field[] = [
  SPACE_TITLE,
  SPACE_EMOJI,
  {
    flag: '--default-level <role>',
    description: 'default role for the content: admin, create, review, edit, comment, read, or none',
    body: 'defaultLevel',
    bound: 'space.defaultLevel',
    nullWord: 'none',
  },
  { flag: '--edit-mode <mode>', description: 'live (edit directly) or locked (all edits locked)', body: 'editMode', bound: 'space.editMode' },
];
