// The table columns of comments and their replies.
import { relativeTime, type Column } from '../output/format.js';

const UNIT: Record<string, string> = { year: 'y', month: 'mo', week: 'w', day: 'd', hour: 'h', minute: 'm' };

/**
 * The age of a comment in the list's table, short ("2y ago", "5d ago", "just
 * now"): at most 8 columns, so that at 80 columns it is never cut ("1 year a…")
 * and the body keeps what room there is. Other formats keep the ISO time.
 */
const shortAge = (value: unknown): string => {
  if (typeof value !== 'string') return value == null ? '' : String(value);
  const age = relativeTime(value, Date.now());
  const m = /^(\d+) (year|month|week|day|hour|minute)s? ago$/.exec(age);
  return m ? `${m[1]}${UNIT[m[2]]} ago` : age;
};

export const COMMENT_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'postedBy.displayName', header: 'AUTHOR' },
  { key: 'status', header: 'STATUS' },
  { key: 'target.page.title', header: 'PAGE' },
  { key: 'replies', header: 'REPLIES' },
  { key: 'postedAt', header: 'AGE', format: shortAge },
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
  { key: 'postedAt', header: 'AGE', kind: 'time' },
  { key: 'body.markdown', header: 'BODY', kind: 'line' },
];

export const REPLY_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'postedBy.displayName', header: 'Author' },
  { key: 'postedAt', header: 'Posted', kind: 'time' },
  { key: 'editedAt', header: 'Edited', kind: 'time' },
  { key: 'body.markdown', header: 'Body' },
];
