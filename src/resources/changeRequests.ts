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

interface Change {
  type?: string;
  page?: { path?: string; title?: string; type?: string };
  parent?: { before?: { path?: string }; after?: { path?: string } };
  attributes?: Record<string, { before?: unknown; after?: unknown } | undefined>;
  file?: { name?: string };
}

const slugAt = (path: string) => path.split('/').pop() ?? '';
const dirOf = (path: string) => path.split('/').slice(0, -1).join('/');
const joined = (dir: string | undefined, slug: string) => [dir, slug].filter(Boolean).join('/');

/**
 * Where a change is: a file's name, a page's path, and for a page moved (to
 * another parent) or renamed (another slug) `old -> new`, the old path made
 * from the parent it had or the slug it had.
 */
export function changePath(change: unknown): string {
  const c = change as Change;
  if (!c.page) return c.file?.name ?? '';
  const path = c.page.path ?? '';
  if (c.type === 'page_moved') {
    const from = joined(c.parent?.before?.path, slugAt(path));
    return from === path ? path : `${from} -> ${path}`;
  }
  const slug = c.attributes?.slug;
  if (c.type === 'page_edited' && typeof slug?.before === 'string' && slug.before !== slugAt(path)) return `${joined(dirOf(path), slug.before)} -> ${path}`;
  return path;
}

const quoted = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : 'none');

/** What an edit changed, in words: `title "A" -> "B"`, `content`, `slug`, ...; a move says where from. */
export function changeDetails(change: unknown): string {
  const c = change as Change;
  if (c.type === 'page_moved') return `moved from ${c.parent?.before?.path || 'the top level'} to ${c.parent?.after?.path || 'the top level'}`;
  if (c.type !== 'page_edited' || !c.attributes) return '';
  return Object.entries(c.attributes)
    .map(([key, value]) => {
      if (key === 'document') return 'content';
      if (key === 'title' || key === 'description' || key === 'emoji') return `${key} ${quoted(value?.before)} -> ${quoted(value?.after)}`;
      return key;
    })
    .join(', ');
}

/** A semantic change: a page or a file (created, edited, deleted, moved), or another kind the table names only by type. */
export const CHANGE_COLUMNS: Column[] = [
  { key: 'type', header: 'CHANGE' },
  { key: 'page.path', header: 'PATH', value: changePath },
  { key: 'page.title', header: 'TITLE', value: (c) => (c as Change).page?.title ?? '' },
  { key: 'attributes', header: 'WHAT', value: changeDetails },
];

/** A review of a change request (ChangeRequestReview). */
export const REVIEW_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'reviewer.displayName', header: 'REVIEWER' },
  { key: 'status', header: 'STATUS' },
  { key: 'outdated', header: 'OUTDATED' },
  { key: 'requestedBy.displayName', header: 'REQUESTED BY' },
  { key: 'createdAt', header: 'REVIEWED', kind: 'time' },
  { key: 'comment.body.markdown', header: 'COMMENT', kind: 'line' },
];

export const REVIEW_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'reviewer.displayName', header: 'Reviewer' },
  { key: 'status', header: 'Status' },
  { key: 'revision', header: 'Revision' },
  { key: 'createdAt', header: 'Reviewed', kind: 'time' },
  { key: 'comment.body.markdown', header: 'Comment' },
];

/** The ChangeRequestReview object's fields. */
export const REVIEW_FIELDS = ['object', 'id', 'revision', 'reviewer', 'requestedBy', 'status', 'outdated', 'comment', 'createdAt', 'updatedAt', 'urls'] as const;

const reviewerName = (r: unknown) => {
  const x = r as { user?: { displayName?: string; email?: string }; team?: { title?: string } };
  return x.user ? `${x.user.displayName ?? ''}${x.user.email ? ` <${x.user.email}>` : ''}` : (x.team?.title ?? '');
};

/** A reviewer asked for and not yet heard from (ChangeRequestRequestedReviewer). */
export const REQUESTED_COLUMNS: Column[] = [
  { key: 'user.id', header: 'USER ID', value: (r) => (r as { user?: { id?: string }; team?: { id?: string } }).user?.id ?? (r as { team?: { id?: string } }).team?.id ?? '' },
  { key: 'user.displayName', header: 'REVIEWER', value: reviewerName },
  { key: 'kind', header: 'KIND' },
  { key: 'requestedBy.displayName', header: 'REQUESTED BY' },
  { key: 'createdAt', header: 'REQUESTED', kind: 'time' },
];

/** The ChangeRequestRequestedReviewer object's fields. */
export const REQUESTED_FIELDS = ['object', 'revision', 'requestedBy', 'createdAt', 'kind', 'user', 'team'] as const;

/** The answer of a review request: the reviewers asked. */
export const REQUEST_REVIEW_DETAIL: Column[] = [{ key: 'users', header: 'Requested', value: (a) => ((a as { users?: unknown[] }).users ?? []).map(reviewerName).join(', ') }];

/** The answer of a rebase (updateChangeRequest). */
export const REBASE_DETAIL: Column[] = [
  { key: 'result', header: 'Result' },
  { key: 'revision', header: 'Revision' },
];

export const MERGE_DETAIL: Column[] = [
  { key: 'result', header: 'Result' },
  { key: 'revision', header: 'Revision' },
];

/** The organization's change requests: each with its space. */
export const ORG_CHANGE_REQUEST_COLUMNS: Column[] = [...CHANGE_REQUEST_COLUMNS.slice(0, 2), { key: 'space', header: 'SPACE' }, ...CHANGE_REQUEST_COLUMNS.slice(2)];
