// Cursor pagination shared by every list operation.
//
// The cursor (`next.page`) is base64url of JSON `{"o": offset, "k": key}`,
// where `k` is the key of the last item returned. The next page starts right
// after that item wherever it now is, so items created, moved or deleted
// before it do not make the next page skip or repeat any. When that item
// has left the listing, `locate` (where the listing knows it, e.g. a deleted
// space keeps its place in the sidebar order) says where it would be; as a
// last resort the page starts at offset `o`.
import { badRequest } from './errors.js';

/** Page size when the request has no `limit`. The API reference leaves it open; 50 keeps a bare request cheap. */
export const DEFAULT_PAGE_SIZE = 50;

/** `page` and `limit` as parseQuery() gives them (limit already checked against its bounds). */
export interface PageQuery {
  page?: string;
  limit?: number;
}

export interface PageResult<T> {
  items: T[];
  count: number;
  next?: string;
}

export function encodeCursor(offset: number, after: string): string {
  return Buffer.from(JSON.stringify({ o: offset, k: after })).toString('base64url');
}

function decodeCursor(page: string): { o: number; k: string } {
  const invalid = () => badRequest(`The query parameter "page" is not a valid cursor: pass the next.page value of the previous response unchanged.`);
  if (!/^[A-Za-z0-9_-]+$/.test(page)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const v = value as { o?: unknown; k?: unknown } | null;
  if (!v || typeof v !== 'object' || !Number.isSafeInteger(v.o) || (v.o as number) < 0 || typeof v.k !== 'string') throw invalid();
  return { o: v.o as number, k: v.k };
}

/**
 * One page of `all`. `locate(key)` gives the number of listed items that come
 * before an item no longer listed, or undefined when it does not know it.
 */
export function paginate<T>(all: readonly T[], query: PageQuery, keyOf: (item: T) => string, locate?: (key: string) => number | undefined): PageResult<T> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let start = 0;
  if (query.page) {
    const { o, k } = decodeCursor(query.page);
    start = Math.min(o, all.length);
    if (!(start > 0 && keyOf(all[start - 1]) === k)) {
      const seen = findKey(all, k, keyOf);
      const where = seen >= 0 ? seen + 1 : locate?.(k);
      if (where !== undefined) start = Math.min(where, all.length);
    }
  }
  const end = Math.min(start + limit, all.length);
  const items = all.slice(start, end);
  const next = end < all.length && items.length > 0 ? encodeCursor(end, keyOf(items[items.length - 1])) : undefined;
  return { items, count: all.length, next };
}

function findKey<T>(all: readonly T[], key: string, keyOf: (item: T) => string): number {
  for (let i = 0; i < all.length; i++) if (keyOf(all[i]) === key) return i;
  return -1;
}
