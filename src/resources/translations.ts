// The translation settings' table columns.
import type { Column } from '../output/format.js';


export const TRANSLATION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'languages', header: 'LANGUAGES' },
  { key: 'updatedAt', header: 'UPDATED', kind: 'time' },
];

export const TRANSLATION_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'languages', header: 'Languages' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
];
