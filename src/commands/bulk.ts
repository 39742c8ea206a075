// Bulk verbs: ids from the arguments or stdin, one request per id with bounded
// concurrency, one result per id as it completes, a summary, exit 5 when some
// failed; and the dry run that prints requests instead of sending them.
import { shownBody, type BuiltRequest } from '../api/request.js';
import { redactQuery, requestUrl } from '../client/url.js';
import type { ApiClient } from '../client/http.js';
import type { Context } from '../context.js';
import { ApiError, DocplatError, EXIT, Interrupted, PartialFailure, UsageError } from '../errors.js';
import { escapeControls, isStructured, onePage, type Column } from '../output/format.js';
import { progressLine } from '../output/progress.js';
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
  result: 'ok' | 'skipped' | 'failed' | 'unknown';
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

/**
 * Runs one request per id with bounded concurrency, prints one result per id
 * as it completes (with a progress line on a terminal), a summary on stderr,
 * and exits 5 when some failed. On an interrupt, it says which ids completed,
 * failed, were in flight (outcome unknown) or never started.
 */
export async function runBulk(ctx: Context, ids: string[], requests: BulkRequest[], concurrency: number, spec: Bulk): Promise<void> {
  const client = await ctx.client();
  const requestOf = new Map(ids.map((id, i) => [id, requests[i]]));
  const started = new Set<string>();
  const queue = [...ids];
  /** Results in the order they finished. */
  const finished: BulkResult[] = [];
  let wake: (() => void) | undefined;
  const settle = (r: BulkResult) => {
    finished.push(r);
    wake?.();
  };

  const worker = async () => {
    while (queue.length && !ctx.signal.aborted) {
      const id = queue.shift()!;
      started.add(id);
      const result = await runOne(client, ctx, spec, id, requestOf.get(id)!);
      // Interrupted in its read-before-change step: nothing was changed, it never started.
      if (result) settle(result);
      else {
        started.delete(id);
        wake?.();
      }
    }
  };
  // Stream results to the output as they arrive.
  let allDone = false;
  const workers = Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker)).then(() => {
    allDone = true;
    wake?.();
  });
  async function* pages() {
    let sent = 0;
    while (true) {
      if (sent < finished.length) {
        const items = finished.slice(sent);
        sent = finished.length;
        yield { items };
        continue;
      }
      if (allDone || (ctx.signal.aborted && started.size === finished.length)) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  const deleting = requests[0]?.request.method === 'DELETE';
  if (deleting && !ctx.output.dataAsked) {
    // A DELETE answers no data: its results are messages, on stderr.
    await printLines(ctx, ids.length, pages(), spec, true);
  } else if (ctx.output.opts.format === 'table') {
    // For a person: one line per id as it completes, never held back for a table.
    await printLines(ctx, ids.length, pages(), spec, false);
  } else {
    await ctx.output.list(printable(pages()), BULK_COLUMNS);
  }
  await workers;

  const results = new Map(finished.map((r) => [r.id, r]));
  const having = (result: BulkResult['result']) => ids.filter((id) => results.get(id)?.result === result);
  const failed = having('failed');
  if (ctx.signal.aborted) {
    const notStarted = ids.filter((id) => !started.has(id));
    const unknown = having('unknown');
    const completed = ids.filter((id) => results.get(id)?.result === 'ok' || results.get(id)?.result === 'skipped');
    const lines = [
      `interrupted: ${completed.length} completed, ${failed.length} failed, ${unknown.length} outcome unknown, ${notStarted.length} not started`,
      completed.length ? `completed: ${completed.join(' ')}` : '',
      failed.length ? `failed: ${failed.join(' ')}` : '',
      unknown.length ? `outcome unknown (sent, no answer; check before re-running): ${unknown.join(' ')}` : '',
      notStarted.length ? `not started: ${notStarted.join(' ')}` : '',
    ].filter(Boolean);
    ctx.terminal.line(lines);
    throw new Interrupted(`interrupted: ${notStarted.length} of ${ids.length} ${spec.what} ids not started`);
  }
  bulkSummary(ctx, ids, results, spec);
}

/**
 * The end of a bulk run: the summary on stderr, or the failure (exit 5 when
 * some ids failed; a single id's own failure when it was the only one).
 */
export function bulkSummary(ctx: Context, ids: string[], results: Map<string, BulkResult>, spec: Pick<Bulk, 'done'>): void {
  const failed = ids.filter((id) => results.get(id)?.result === 'failed');
  const ok = ids.filter((id) => results.get(id)?.result === 'ok').length;
  const skipped = ids.filter((id) => results.get(id)?.result === 'skipped').length;
  const summary = `${spec.done} ${ok} of ${ids.length}${skipped ? `, ${skipped} skipped` : ''}${failed.length ? `, ${failed.length} failed` : ''}`;
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
 * a DELETE), and on a terminal a live `37/619 done, 2 failed` line on
 * stderr. A lone id's failure is left to the error line.
 */
async function printLines(ctx: Context, total: number, pages: AsyncIterable<{ items: BulkResult[] }>, spec: Bulk, toStderr: boolean): Promise<void> {
  const progress = progressLine(ctx);
  let done = 0;
  let failed = 0;
  for await (const page of pages) {
    let text = '';
    for (const r of page.items) {
      done++;
      if (r.result === 'failed') failed++;
      if (total === 1 && r.result === 'failed') continue;
      if (r.result !== 'ok' || !ctx.globals.quiet || !toStderr) text += resultLine(r, spec) + '\n';
    }
    progress.clear();
    if (text && toStderr) ctx.terminal.line(text.slice(0, -1).split('\n'));
    else if (text) ctx.io.stdout.write(text);
    if (total > 1 && done < total) progress.show(`${done}/${total} done${failed ? `, ${failed} failed` : ''}`, !text);
  }
  progress.clear();
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

/** One id's result; undefined when the run was interrupted before its change was sent (in its check, or before). */
async function runOne(client: ApiClient, ctx: Context, spec: Bulk, id: string, { request: r, check }: BulkRequest): Promise<BulkResult | undefined> {
  let sent = false;
  try {
    if (check && spec.check) {
      const { data } = await client.send(check, { signal: ctx.signal });
      const skip = spec.check.skip(data, r.body);
      if (skip) return { id, result: 'skipped', message: skip };
    }
    sent = true;
    const res = await client.send(r, { signal: ctx.signal });
    // A delete answers 204 when there was nothing to delete (when its success is 205; some answer only 204).
    const skip = r.method === 'DELETE' && res.status === 204 && r.operation.success.includes(205) ? 'already deleted' : undefined;
    if (skip) return { id, result: 'skipped', message: spec.nothing ?? skip, status: res.status };
    const answered = spec.answered?.(res.data);
    return answered ? { id, ...answered, status: res.status, exitCode: answered.result === 'failed' ? EXIT.failure : undefined } : { id, result: 'ok', message: spec.done, status: res.status };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined) {
      // Every delete and remove is safe to re-run: what is not there is already gone (a typo shows as skipped too, named).
      const skip = spec.skip?.(err) ?? (r.method === 'DELETE' && err.status === 404 ? NOT_THERE : undefined);
      if (skip) return { id, result: 'skipped', message: skip, status: err.status };
      return { id, result: 'failed', message: err.message, status: err.status, exitCode: err.exitCode };
    }
    // Sent, and no answer by the interrupt: the server may have applied it.
    if (ctx.signal.aborted) return sent ? { id, result: 'unknown', message: 'outcome unknown: interrupted before the answer' } : undefined;
    if (err instanceof ApiError) return { id, result: 'failed', message: err.message, exitCode: err.exitCode };
    return { id, result: 'failed', message: (err as Error)?.message ?? String(err) };
  }
}

/** Why a delete answered 404 is skipped. */
const NOT_THERE = 'not found: already deleted, or never existed';

function resultLine(r: BulkResult, spec: Bulk): string {
  const id = escapeControls(r.id);
  const message = escapeControls(r.message ?? '');
  if (r.result === 'ok') return `${id}: ${message || spec.done}`;
  if (r.result === 'skipped') return `${id}: skipped (${message})`;
  if (r.result === 'unknown') return `${id}: ${message}`;
  return `${id}: failed: ${message}`;
}
