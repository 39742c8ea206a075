// The table columns of comments and their replies.
import type { Column } from '../output/format.js';

export const COMMENT_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'postedBy.displayName', header: 'AUTHOR' },
  { key: 'status', header: 'STATUS' },
  { key: 'target.page.title', header: 'PAGE' },
  { key: 'replies', header: 'REPLIES' },
  { key: 'postedAt', header: 'POSTED', kind: 'time' },
  { key: 'body.markdown', header: 'BODY', kind: 'line' },
];

export const COMMENT_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'postedBy.displayName', header: 'Author' },
  { key: 'status', header: 'Status' },
  { key: 'target.page.title', header: 'Page' },
  { key: 'target.page.path', header: 'Page path' },
  { key: 'target.node.id', header: 'Node' },
  { key: 'target.changeRequest', header: 'Change request' },
  { key: 'replies', header: 'Replies' },
  { key: 'postedAt', header: 'Posted', kind: 'time' },
  { key: 'editedAt', header: 'Edited', kind: 'time' },
  { key: 'resolvedAt', header: 'Resolved', kind: 'time' },
  { key: 'resolvedBy.displayName', header: 'Resolved by' },
  { key: 'body.markdown', header: 'Body' },
];

export const REPLY_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'postedBy.displayName', header: 'AUTHOR' },
  { key: 'postedAt', header: 'POSTED', kind: 'time' },
  { key: 'body.markdown', header: 'BODY', kind: 'line' },
];

export const REPLY_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'postedBy.displayName', header: 'Author' },
  { key: 'postedAt', header: 'Posted', kind: 'time' },
  { key: 'editedAt', header: 'Edited', kind: 'time' },
  { key: 'body.markdown', header: 'Body' },
];
