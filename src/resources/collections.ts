// The collection resource, declared once.
import type { Field } from './field.js';
import type { Column } from '../output/format.js';

export const COLLECTION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'parent', header: 'PARENT' },
  { key: 'defaultLevel', header: 'DEFAULT LEVEL' },
  { key: 'description', header: 'DESCRIPTION' },
];

export const COLLECTION_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'description', header: 'Description' },
  { key: 'organization', header: 'Organization' },
  { key: 'parent', header: 'Parent' },
  { key: 'defaultLevel', header: 'Default level' },
  { key: 'urls.app', header: 'URL' },
];

export const COLLECTION_TITLE: Field = { flag: '--title <title>', description: 'title (at most 50 characters)', body: 'title', bound: 'collection.title' };

export const COLLECTION_UPDATE_FIELDS: Field[] = [
  COLLECTION_TITLE,
  { flag: '--description <text>', description: 'description (at most 100 characters)', body: 'description', bound: 'collection.description' },
  {
    flag: '--default-level <role>',
    description: 'default role for its content: admin, create, review, edit, comment, read, or none',
    body: 'defaultLevel',
    bound: 'collection.defaultLevel',
    nullWord: 'none',
  },
];
