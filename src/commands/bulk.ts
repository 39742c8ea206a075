// Bulk verbs: ids from the arguments or stdin, one request per id on the task
// scheduler (src/tasks/), one result per id as it completes, a summary, exit 5
// when some failed; and the dry run that prints requests instead of sending them.
import { shownBody, type BuiltRequest } from '../api/request.js';
import { redactQuery, requestUrl } from '../client/url.js';
import type { Context } from '../context.js';
import { ApiError, DocplatError, EXIT, Interrupted, PartialFailure, UsageError } from '../errors.js';
import { isStructured, onePage, type Column } from '../output/format.js';
import { startTasks, type Outcome, type Settled, type State, type TaskControl } from '../tasks/schedule.js';
import { interruptedLines, settledLine, summaryLine } from '../tasks/summary.js';
import { parseInteger } from '../validate.js';
import type { Bulk } from './define.js';

/** `--concurrency <n>`: requests in flight at once, 1 to 64 (8 when not given). */
export function parseConcurrency(value: string | undefined): number {
  return parseInteger('--concurrency', value, 8, 1, 64);
}

/**
 * Ids from the arguments, or from stdin (one per line, or separated by spaces)
 * for `-`. An empty stdin is no ids, not an error: the second run of
 * `list --status open --jq '.[].id' | resolve -` has nothing left to do, and a
 * `set -e` script must not fail on it (see `nothingToDo`).
 */
export async function readIds(ctx: Context, args: string[], what: string): Promise<string[]> {
  const ids: string[] = [];
  for (const a of args) {
    if (a === '-') {
      if (ctx.io.stdinTTY) throw new UsageError(`"-" reads ${what} ids from stdin, but stdin is a terminal: pipe them in`);
      ids.push(...(await ctx.readStdin()).split(/\s+/).filter(Boolean));
    } else {
      ids.push(a);
    }
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0 && !args.every((a) => a === '-')) throw new UsageError(`no ${what} ids given`);
  return unique;
}

/** When `-` read no ids: says so on stderr (exit 0). Returns whether there is nothing to do. */
export function nothingToDo(ctx: Context, ids: string[], what: string): boolean {
  if (ids.length > 0) return false;
  ctx.output.note(`nothing to do: no ${what} ids on stdin`);
  return true;
}

export interface BulkResult {
  id: string;
  /** `unknown`: the request was sent and the run was interrupted before the answer. */
  result: Exclude<State, 'not started'>;
  message?: string;
  status?: number;
  /** Exit code of the failure, for a run over a single id. Not printed. */
  exitCode?: number;
}

export const BULK_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'result', header: 'RESULT' },
  { key: 'message', header: 'MESSAGE' },
];

/** The request of one id, and the read that tells whether it is needed at all. */
export interface BulkRequest {
  request: BuiltRequest;
  /** Read first when the bulk verb has a `check`: a match is a skip, and nothing is changed. */
  check?: BuiltRequest;
}

/** What a settled id carries besides its state and message. */
type Answer = Pick<BulkResult, 'status' | 'exitCode'>;

/**
 * Runs one request per id on the task scheduler (src/tasks/schedule.ts)
 * with bounded concurrency, prints one result per id as it completes (with a
 * progress line on a terminal), a summary on stderr, and exits 5 when some
 * failed. On an interrupt, it says which ids completed, failed, were in
 * flight (outcome unknown) or never started.
 */
export async function runBulk(ctx: Context, ids: string[], requests: BulkRequest[], concurrency: number, spec: Bulk): Promise<void> {
  const deleting = requests[0]?.request.method === 'DELETE';
  // A DELETE answers no data: its results are messages, on stderr. For a person (a table), one line per id as it completes.
  const lines = deleting && !ctx.output.dataAsked ? 'stderr' : ctx.output.opts.format === 'table' ? 'stdout' : undefined;
  const run = startTasks<Answer>(
    ctx,
    ids.map((id, i) => ({ id, run: (t) => runOne(ctx, spec, requests[i], t) })),
    {
      concurrency,
      // A change in flight at Ctrl-C is dropped at once: its outcome is unknown (test/cli/bulk-interrupt.test.ts).
      graceMs: 0,
      progress: lines ? (c) => (c.total > 1 && c.done > 0 && c.done < c.total ? `${c.done}/${c.total} done${c.failed ? `, ${c.failed} failed` : ''}` : undefined) : undefined,
    },
  );
  const results = resultsOf(run.settled());
  if (lines) await printLines(ctx, ids.length, results, spec, lines === 'stderr');
  else await ctx.output.list(printable(results), BULK_COLUMNS);
  const report = await run.done;
  if (report.interrupted) {
    ctx.terminal.line(interruptedLines(report.results));
    throw new Interrupted(`interrupted: ${report.counts.notStarted} of ${ids.length} ${spec.what} ids not started`);
  }
  bulkSummary(ctx, ids, new Map(report.results.map((s) => [s.id, bulkResult(s)])), spec);
}

const bulkResult = (s: Settled<Answer>): BulkResult => ({ id: s.id, result: s.state as BulkResult['result'], message: s.message, ...s.value });

/** The ids that ran, as they settle (an id never started has no result line). */
async function* resultsOf(batches: AsyncIterable<Settled<Answer>[]>): AsyncGenerator<{ items: BulkResult[] }> {
  for await (const batch of batches) {
    const items = batch.filter((s) => s.state !== 'not started').map(bulkResult);
    if (items.length) yield { items };
  }
}

/**
 * The end of a bulk run: the summary on stderr, or the failure (exit 5 when
 * some ids failed; a single id's own failure when it was the only one).
 */
export function bulkSummary(ctx: Context, ids: string[], results: Map<string, BulkResult>, spec: Pick<Bulk, 'done'>): void {
  const failed = ids.filter((id) => results.get(id)?.result === 'failed');
  const summary = summaryLine(spec.done, ids.map((id) => results.get(id)?.result));
  if (failed.length === 1 && ids.length === 1) {
    // One id: the failure is the command's own (exit 3 for not found, 4 for a refusal).
    const r = results.get(ids[0])!;
    throw new DocplatError(r.message ?? 'failed', r.exitCode ?? EXIT.failure, { kind: 'api', status: r.status, failed });
  }
  if (failed.length) throw new PartialFailure(`${summary}: ${failed.join(' ')}`, failed);
  ctx.output.note(summary);
}

/**
 * One `id: result` line per id as it completes (on stdout, or on stderr for
 * a DELETE); the progress line (`37/619 done, 2 failed`) is the scheduler's.
 * A lone id's failure is left to the error line.
 */
async function printLines(ctx: Context, total: number, pages: AsyncIterable<{ items: BulkResult[] }>, spec: Bulk, toStderr: boolean): Promise<void> {
  for await (const page of pages) {
    let text = '';
    for (const r of page.items) {
      if (total === 1 && r.result === 'failed') continue;
      if (r.result !== 'ok' || !ctx.globals.quiet || !toStderr) text += settledLine(r.id, r.result, r.message, spec.done) + '\n';
    }
    if (text && toStderr) ctx.terminal.line(text.slice(0, -1).split('\n'));
    else if (text) {
      // The progress line on the same terminal goes first.
      ctx.terminal.clearProgress();
      await ctx.output.text(text);
    }
  }
}

/** --dry-run: prints each request as METHOD URL [BODY] (as JSON with --json), and sends none. */
export async function dryRun(ctx: Context, requests: (Pick<BuiltRequest, 'path' | 'query'> & { method: string; body?: unknown; operation?: BuiltRequest['operation'] })[]): Promise<void> {
  const base = (await ctx.settings()).apiUrl;
  const shown = requests.map((r) => {
    // The URL the client would send (an absolute URL of `api` as is), its secrets masked as --debug masks them.
    const url = redactQuery(requestUrl(base, r.path, r.query), r.operation?.maskedQuery);
    return { method: r.method, url, ...(r.body !== undefined ? { body: r.operation ? shownBody(r as BuiltRequest) : r.body } : {}) };
  });
  const { format, jq } = ctx.output.opts;
  if (jq || isStructured(format)) {
    await ctx.output.list(onePage(shown), DRY_RUN_COLUMNS);
  } else {
    await ctx.output.text(shown.map((r) => `${r.method} ${r.url}${'body' in r ? ' ' + JSON.stringify(r.body) : ''}\n`).join(''));
  }
  ctx.output.note(`dry run: ${requests.length} request${requests.length === 1 ? '' : 's'} not sent`);
}

const DRY_RUN_COLUMNS: Column[] = [{ key: 'method' }, { key: 'url' }, { key: 'body' }];

export async function* printable(pages: AsyncIterable<{ items: BulkResult[] }>) {
  for await (const page of pages) yield { items: page.items.map(({ exitCode: _, ...shown }) => shown) };
}

/**
 * One id: its check (a read), then its change. An interrupt is thrown to the
 * scheduler, which tells an id whose change was sent (outcome unknown) from
 * one interrupted in its check (not started: nothing was changed).
 */
async function runOne(ctx: Context, spec: Bulk, { request: r, check }: BulkRequest, t: TaskControl): Promise<Outcome<Answer>> {
  try {
    if (check && spec.check) {
      const { data } = await ctx.api.send(check, { signal: t.signal });
      const skip = spec.check.skip(data, r.body);
      if (skip) return { state: 'skipped', message: skip };
    }
    t.sending();
    const res = await ctx.api.send(r, { signal: t.signal });
    // A delete answers 204 when there was nothing to delete (when its success is 205; some answer only 204).
    const skip = r.method === 'DELETE' && res.status === 204 && r.operation.success.includes(205) ? 'already deleted' : undefined;
    if (skip) return { state: 'skipped', message: spec.nothing ?? skip, value: { status: res.status } };
    const answered = spec.answered?.(res.data);
    if (answered) return { state: answered.result, message: answered.message, value: { status: res.status, exitCode: answered.result === 'failed' ? EXIT.failure : undefined } };
    return { state: 'ok', message: spec.done, value: { status: res.status } };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined) {
      // Every delete and remove is safe to re-run: what is not there is already gone (a typo shows as skipped too, named).
      const skip = spec.skip?.(err) ?? (r.method === 'DELETE' && err.status === 404 ? NOT_THERE : undefined);
      if (skip) return { state: 'skipped', message: skip, value: { status: err.status } };
      return { state: 'failed', message: err.message, value: { status: err.status, exitCode: err.exitCode } };
    }
    if (t.signal.aborted) throw err;
    if (err instanceof ApiError) return { state: 'failed', message: err.message, value: { exitCode: err.exitCode } };
    return { state: 'failed', message: (err as Error)?.message ?? String(err) };
  }
}

/** Why a delete answered 404 is skipped. */
const NOT_THERE = 'not found: already deleted, or never existed';
