// The organization resource: its table columns.
import type { Column } from '../output/format.js';

export const ORG_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'plan', header: 'PLAN' },
  { key: 'createdAt', header: 'CREATED', kind: 'time' },
];
