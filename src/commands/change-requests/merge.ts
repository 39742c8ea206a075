// `change-requests merge`, `rebase` and `changes`: their answers are not a
// resource (a merge's or a rebase's `result`; a list under `changes` with a
// count of the rest), so each is a small handler on the runner's requests.
// A merge or a rebase that meets conflicts is exit 1 naming the pages both
// sides changed (pages.ts), which the answer itself does not.
import { EXIT, DocplatError } from '../../errors.js';
import { onePage, type Column } from '../../output/format.js';
import { parseInteger } from '../../validate.js';
import { CHANGE_COLUMNS, MERGE_DETAIL, REBASE_DETAIL } from '../../resources/changeRequests.js';
import type { Context } from '../../context.js';
import { defineCommand } from '../define.js';
import { bothChanged, conflictText, type Params } from './pages.js';
import { CHANGE_REQUEST, NAMES } from './shared.js';

/** Exit 1 after an answer of "conflicts": the pages both changed (or none named, when they cannot be read), and the way out. */
async function conflicts(ctx: Context, params: Params, what: string, revision: unknown, wayOut: string): Promise<never> {
  const pages = await bothChanged(ctx, params).catch(() => []);
  const named = pages.length ? `: the space changed ${pages.length === 1 ? 'a page' : 'pages'} it changes too: ${conflictText(pages)}` : ": it conflicts with the space's content";
  throw new DocplatError(`change request ${params.changeRequestId} was not ${what}${named} (space revision ${String(revision ?? 'unknown')}). ${wayOut}`, EXIT.failure, {
    result: 'conflicts',
    revision,
    pages,
  });
}

const WAY_OUT = 'See its changes with `docplat change-requests diff`; resolve the conflicts in the app, then try again';

/** Sends a merge or a rebase: the answer printed when its result is the one expected, exit 1 naming the pages on "conflicts". */
async function sendForResult(ctx: Context, args: string[], dryRun: boolean, spec: { op: 'changeRequests.merge' | 'changeRequests.rebase'; result: string; what: string; detail: Column[] }): Promise<void> {
  const params = { spaceId: args[0], changeRequestId: args[1] };
  const request = ctx.api.request(spec.op, { params }, NAMES);
  if (dryRun) return ctx.api.dryRun([request]);
  const { data } = await ctx.api.send(request);
  const answer = (data ?? {}) as { result?: unknown; revision?: unknown };
  if (answer.result === 'conflicts') return conflicts(ctx, params, spec.what, answer.revision, WAY_OUT);
  if (answer.result !== spec.result) throw new DocplatError(`unexpected answer from change request ${args[1]} (not ${spec.what}): result ${JSON.stringify(answer.result)}`, EXIT.failure);
  await ctx.output.item(answer, spec.detail);
}

export const MERGE = defineCommand({
  name: 'merge',
  summary: "merge a change request into the space's content",
  help: [
    'Exit 1 when the platform answers "conflicts": the space changed the same pages since the change request',
    'started. The change request is left as it was; the message names the pages both changed, and who changed',
    'them in the space when a change request merged since says so. A change request already merged answers as',
    'before, so a re-run is safe. `change-requests rebase` first brings it up to date with the space.',
  ].join('\n'),
  examples: ['merge <spaceId> 1', 'merge <spaceId> 1 --json', 'merge <spaceId> 1 --dry-run'],
  args: CHANGE_REQUEST,
  operation: 'changeRequests.merge',
  run: (ctx, { args, opts }) => sendForResult(ctx, args, !!opts.dryRun, { op: 'changeRequests.merge', result: 'merge', what: 'merged', detail: MERGE_DETAIL }),
});

export const REBASE = defineCommand({
  name: 'rebase',
  summary: "bring a change request up to date with its space's content",
  help: [
    "The platform's updateChangeRequest (POST …/update): the change request takes the space's current content",
    'and keeps its own changes on top, so its diff and its merge are against the space as it is now.',
    'Exit 1 when the space changed pages the change request changes too: nothing changes, and the message',
    'names those pages. Up to date already, it answers "update" and changes nothing: a re-run is safe.',
    '(`change-requests update` changes the subject or the status.)',
  ].join('\n'),
  examples: ['rebase <spaceId> 1', 'rebase <spaceId> 1 --json', 'rebase <spaceId> 1 --dry-run'],
  args: CHANGE_REQUEST,
  operation: 'changeRequests.rebase',
  run: (ctx, { args, opts }) => sendForResult(ctx, args, !!opts.dryRun, { op: 'changeRequests.rebase', result: 'update', what: 'brought up to date', detail: REBASE_DETAIL }),
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
