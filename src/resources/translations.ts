// The translation settings' table columns.
import type { Column } from '../output/format.js';
import { commas, shown } from './show.js';


export const TRANSLATION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  shown('languages', 'LANGUAGES', commas),
  { key: 'updatedAt', header: 'UPDATED', kind: 'time' },
];

export const TRANSLATION_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  shown('languages', 'Languages', commas),
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
];
