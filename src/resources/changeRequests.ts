// The change-request resource (public OpenAPI description 0.202.0): its table
// columns and fields, and those of its semantic changes.
import type { Column } from '../output/format.js';

export const CHANGE_REQUEST_COLUMNS: Column[] = [
  { key: 'number', header: '#', id: true },
  { key: 'id', header: 'ID' },
  { key: 'status', header: 'STATUS' },
  { key: 'subject', header: 'SUBJECT', kind: 'line' },
  { key: 'createdBy.displayName', header: 'AUTHOR' },
  { key: 'updatedAt', header: 'UPDATED', kind: 'time' },
];

export const CHANGE_REQUEST_DETAIL: Column[] = [
  { key: 'number', header: 'Number' },
  { key: 'id', header: 'ID' },
  { key: 'status', header: 'Status' },
  { key: 'subject', header: 'Subject' },
  { key: 'createdBy.displayName', header: 'Author' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
  { key: 'outdated', header: 'Outdated' },
  { key: 'mergedAt', header: 'Merged', kind: 'time' },
  { key: 'revision', header: 'Revision' },
  { key: 'urls.app', header: 'URL' },
];

/** The ChangeRequest object's fields. */
export const CHANGE_REQUEST_FIELDS = [
  'object', 'id', 'number', 'status', 'subject', 'description', 'createdBy', 'createdAt', 'updatedAt', 'mergedBy', 'mergedAt', 'space', 'revision',
  'revisionInitial', 'revisionMergedAncestor', 'revisionMerged', 'comments', 'siteTopic', 'styleguide', 'outdated', 'imports', 'links', 'urls',
] as const;

/** A semantic change: a page or a file (created, edited, deleted, moved), or another kind the table names only by type. */
export const CHANGE_COLUMNS: Column[] = [
  { key: 'type', header: 'CHANGE' },
  { key: 'page.path', header: 'PATH', value: (c) => (c as { page?: { path?: string }; file?: { name?: string } }).page?.path ?? (c as { file?: { name?: string } }).file?.name ?? '' },
  { key: 'page.title', header: 'TITLE', value: (c) => (c as { page?: { title?: string } }).page?.title ?? '' },
];

export const MERGE_DETAIL: Column[] = [
  { key: 'result', header: 'Result' },
  { key: 'revision', header: 'Revision' },
];
