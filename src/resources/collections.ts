// The collection resource's table columns.
import type { Column } from '../output/format.js';
import { levelOrNone } from './spaces.js';

export const COLLECTION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'parent', header: 'PARENT', id: true },
  { key: 'defaultLevel', header: 'DEFAULT LEVEL', format: levelOrNone },
  { key: 'description', header: 'DESCRIPTION' },
];

export const COLLECTION_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'description', header: 'Description' },
  { key: 'organization', header: 'Organization' },
  { key: 'parent', header: 'Parent' },
  { key: 'defaultLevel', header: 'Default level', format: levelOrNone },
  { key: 'urls.app', header: 'URL' },
];

/** The Collection object's fields (API reference; public OpenAPI description). */
export const COLLECTION_FIELDS = ['object', 'id', 'title', 'description', 'organization', 'parent', 'defaultLevel', 'urls', 'permissions'] as const;
