// The runner's lists: --limit, --all and --cursor checked, and the pages the
// one pager brings (the send stage) written by the formatter as they arrive,
// with a client-side filter when the API cannot filter.
import type { Page } from '../client/http.js';
import type { Context } from '../context.js';
import { Interrupted, UsageError } from '../errors.js';
import type { Column, Shape } from '../output/format.js';
import { keepMemoryFlat } from '../tasks/memory.js';
import { parseInteger } from '../validate.js';

export const DEFAULT_LIMIT = 100;

/** The items of a list the API answers whole: an array, or `{items}`. */
export function itemsOf(data: unknown): unknown[] {
  const items = Array.isArray(data) ? data : (data as { items?: unknown })?.items;
  return Array.isArray(items) ? items : [];
}

export function listLimit(opts: Record<string, unknown>): number | undefined {
  if (opts.cursor === '') throw new UsageError('--cursor is empty: give a next.page value, or leave it out for the first page');
  if (opts.all && opts.limit !== undefined) throw new UsageError('--all and --limit cannot be used together');
  return opts.all ? undefined : parseInteger('--limit', opts.limit as string | undefined, DEFAULT_LIMIT, 1, Number.MAX_SAFE_INTEGER);
}

/**
 * Writes the pages through the formatter as they arrive, with a client-side
 * filter (`keep`): then pages come until `limit` items pass it (the pager was
 * given no limit: the API's count is of the unfiltered list).
 */
export async function list(ctx: Context, pages: AsyncIterable<Page>, output: { list: Column[] } & Shape, page: { limit?: number; keep?: (item: unknown) => boolean }): Promise<void> {
  const { keep } = page;
  let received = 0;
  async function* counted() {
    let left = page.limit ?? Infinity;
    let count = 0;
    for await (const p of pages) {
      // A list of more than one page is a long run: its memory stays flat in the number of pages (tasks/memory.ts).
      if (++count === 2) keepMemoryFlat({ old: true });
      received += p.items.length;
      if (!keep) {
        yield p;
        continue;
      }
      const passed = p.items.filter(keep);
      const items = passed.slice(0, left);
      left -= items.length;
      // Stopped within a page: its cursor would skip the rest of that page, so there is more but no cursor to give.
      yield { items, next: passed.length > items.length ? { page: '' } : p.next };
      if (left <= 0) return;
    }
  }
  try {
    await ctx.output.list(counted(), output.list, { ...output, limit: page.limit });
  } catch (err) {
    if (ctx.signal.aborted) throw new Interrupted(`interrupted after ${received} items; the rest were not fetched`);
    throw err;
  }
}
