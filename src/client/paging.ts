// The one pager: every list read (`--all`, `api --paginate`, internal
// whole-list reads) follows `next.page` through here. A cursor the server
// gives twice would loop forever: it is an error (exit 1), once more items
// are wanted; a read follows at most MAX_LIST_PAGES pages, and a whole-list
// read into memory stops at MAX_LIST_ITEMS.
import { MAX_LIMIT, MAX_LIST_ITEMS, MAX_LIST_PAGES, MAX_PAGE_BYTES } from '../api/limits.js';
import { DocplatError } from '../errors.js';
import { preview } from './errors.js';
import type { ApiResponse, RequestOptions } from './transport.js';

export interface Page<T = unknown> {
  items: T[];
  count?: number;
  next?: { page: string };
}

export interface PageOptions {
  query?: RequestOptions['query'];
  /** Most items in all (default: every item). */
  limit?: number;
  /** The first cursor. */
  cursor?: string;
  /** Items asked for per request (default and at most MAX_LIMIT). */
  pageSize?: number;
  signal?: AbortSignal;
  /** Query parameters masked in --debug and messages. */
  maskedQuery?: readonly string[];
}

type Get = <T>(path: string, opts: RequestOptions) => Promise<ApiResponse<T>>;

/**
 * Follows `next.page` cursors, sending `limit = min(remaining, pageSize)`,
 * until the limit is reached or the list ends; a cursor seen before, or a
 * page past MAX_LIST_PAGES, is an error.
 */
export async function* pages<T>(get: Get, path: string, opts: PageOptions = {}): AsyncGenerator<Page<T>> {
  let remaining = opts.limit ?? Infinity;
  let cursor = opts.cursor;
  const seen = new Set<string>();
  if (cursor !== undefined) seen.add(cursor);
  const pageSize = opts.pageSize ?? MAX_LIMIT;
  const maxPages = Math.max(MAX_LIST_PAGES, Math.ceil(MAX_LIST_ITEMS / Math.max(1, pageSize || 1)));
  const where = `GET ${path.split('?')[0]}`;
  let read = 0;
  let received = 0;
  while (remaining > 0) {
    if (read === maxPages) throw new DocplatError(`unexpected answer from ${where}: the list goes on past ${maxPages} pages (${received} items), the most docplat follows in one read; stopped`);
    const query = { ...opts.query, page: cursor, limit: Math.min(remaining, pageSize) };
    const { data } = await get<Page<T>>(path, { query, signal: opts.signal, maxBytes: MAX_PAGE_BYTES, maskedQuery: opts.maskedQuery });
    read++;
    const items = Array.isArray(data?.items) ? data.items : [];
    received += items.length;
    const page = items.length > remaining ? { ...data, items: items.slice(0, remaining) } : data;
    // `items` of the answer: a page without it (not a list) is yielded as is, for the caller to refuse.
    remaining -= Math.min(items.length, remaining);
    yield page;
    // The limit is reached: the next cursor is neither followed nor checked.
    if (remaining <= 0) return;
    const next = data?.next?.page;
    if (!next || items.length === 0) return;
    if (typeof next !== 'string') throw new DocplatError(`unexpected answer from ${where}: next.page is not a string`);
    if (seen.has(next)) {
      throw new DocplatError(`unexpected answer from ${where}: the server gave the cursor ${preview(next)} a second time (after ${read} page${read === 1 ? '' : 's'}); stopped instead of looping`);
    }
    seen.add(next);
    cursor = next;
  }
}

/** Every item of a paginated list (all its pages, in order), at most MAX_LIST_ITEMS. */
export async function all<T>(get: Get, path: string, opts: PageOptions = {}): Promise<T[]> {
  const items: T[] = [];
  const cap = Math.min(opts.limit ?? Infinity, MAX_LIST_ITEMS);
  for await (const page of pages<T>(get, path, { ...opts, limit: opts.limit === undefined ? MAX_LIST_ITEMS + 1 : opts.limit })) {
    items.push(...page.items);
    if (items.length > cap) {
      throw new DocplatError(`GET ${path.split('?')[0]} lists more than ${MAX_LIST_ITEMS} items, the most docplat reads into memory at once`);
    }
  }
  return items;
}
