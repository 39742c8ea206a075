// `change-requests merge` and `change-requests changes`: their answers are
// not a resource (a merge's `result`; a list under `changes` with a count of
// the rest), so each is a small handler on the runner's requests.
import { EXIT, DocplatError } from '../../errors.js';
import { onePage } from '../../output/format.js';
import { parseInteger } from '../../validate.js';
import { CHANGE_COLUMNS, MERGE_DETAIL } from '../../resources/changeRequests.js';
import { defineCommand } from '../define.js';
import { CHANGE_REQUEST, NAMES } from './shared.js';

interface Change {
  type?: string;
  page?: { path?: string; title?: string };
  file?: { name?: string };
}

/** What a change names: a page's path (or title), a file's name, or its type alone. */
const nameOf = (c: Change): string => String(c.page?.path || c.page?.title || c.file?.name || c.type || 'a change');

export const MERGE = defineCommand({
  name: 'merge',
  summary: "merge a change request into the space's content",
  help: [
    'Exit 1 when the platform answers "conflicts": the space changed the same pages since the change request',
    'started. The change request is left as it was; the message lists the pages it changes (the answer itself',
    'names none). A change request already merged answers as before, so a re-run is safe.',
  ].join('\n'),
  examples: ['merge <spaceId> 1', 'merge <spaceId> 1 --json', 'merge <spaceId> 1 --dry-run'],
  args: CHANGE_REQUEST,
  operation: 'changeRequests.merge',
  async run(ctx, { args, opts }) {
    const params = { spaceId: args[0], changeRequestId: args[1] };
    const request = ctx.api.request('changeRequests.merge', { params }, NAMES);
    if (opts.dryRun) return ctx.api.dryRun([request]);
    const { data } = await ctx.api.send(request);
    const answer = (data ?? {}) as { result?: unknown; revision?: unknown };
    if (answer.result === 'conflicts') {
      const changes = await ctx.api.send(ctx.api.request('changeRequests.changes', { params, query: { limit: 50 } }, NAMES)).then(
        (r) => ((r.data as { changes?: Change[] })?.changes ?? []).map(nameOf),
        () => [] as string[],
      );
      const pages = changes.length ? `; it changes ${[...new Set(changes)].join(', ')}` : '';
      throw new DocplatError(
        `change request ${args[1]} was not merged: it conflicts with the space's content (revision ${String(answer.revision ?? 'unknown')})${pages}. Resolve the conflicts in the app, then merge again`,
        EXIT.failure,
        { result: 'conflicts', revision: answer.revision },
      );
    }
    if (answer.result !== 'merge') throw new DocplatError(`unexpected answer to the merge of change request ${args[1]}: result ${JSON.stringify(answer.result)}`, EXIT.failure);
    await ctx.output.item(answer, MERGE_DETAIL);
  },
});

export const CHANGES = defineCommand({
  name: 'changes',
  summary: 'list what a change request changes against the content it started from',
  help: 'Pages created, edited, moved and deleted, and files, as the platform lists them (10 unless --limit says more).',
  examples: ['changes <spaceId> 1', 'changes <spaceId> 1 --limit 100 --json'],
  args: CHANGE_REQUEST,
  flags: { limit: { flags: '--limit <n>', description: 'most changes to list (default 10)', query: 'limit' } },
  operation: 'changeRequests.changes',
  async run(ctx, { args, opts }) {
    const query = opts.limit === undefined ? {} : { limit: parseInteger('--limit', opts.limit, 10, 1, Number.MAX_SAFE_INTEGER) };
    const request = ctx.api.request('changeRequests.changes', { params: { spaceId: args[0], changeRequestId: args[1] }, query }, NAMES);
    if (opts.dryRun) return ctx.api.dryRun([request]);
    const { data } = await ctx.api.send(request);
    const answer = (data ?? {}) as { changes?: unknown; more?: unknown };
    const changes = Array.isArray(answer.changes) ? answer.changes : [];
    await ctx.output.list(onePage(changes), CHANGE_COLUMNS);
    if (typeof answer.more === 'number' && answer.more > 0) ctx.output.note(`${answer.more} more change${answer.more === 1 ? '' : 's'} not listed: raise --limit`);
  },
});
