// Bulk verbs: ids from the arguments or stdin, one request per id with bounded
// concurrency, one result per id as it completes, a summary, exit 5 when some
// failed; and the dry run that prints requests instead of sending them.
import type { BuiltRequest } from '../api/request.js';
import type { ApiClient } from '../client/http.js';
import type { Context } from '../context.js';
import { ApiError, DocplatError, EXIT, Interrupted, PartialFailure, UsageError } from '../errors.js';
import type { Column } from '../output/format.js';
import type { Bulk } from './define.js';

/** Ids from the arguments, or from stdin (one per line, or separated by spaces) for `-`. */
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
  if (unique.length === 0) throw new UsageError(`no ${what} ids given`);
  return unique;
}

export interface BulkResult {
  id: string;
  result: 'ok' | 'skipped' | 'failed';
  message?: string;
  status?: number;
  /** Exit code of the failure, for a run over a single id. Not printed. */
  exitCode?: number;
}

const BULK_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'result', header: 'RESULT' },
  { key: 'message', header: 'MESSAGE' },
];

/**
 * Runs one request per id with bounded concurrency, prints one result per id
 * as it completes, a summary on stderr, and exits 5 when some failed. On an
 * interrupt, it says which ids completed, failed or never started.
 */
export async function runBulk(ctx: Context, ids: string[], requests: BuiltRequest[], concurrency: number, spec: Bulk, reads?: BuiltRequest[]): Promise<void> {
  const client = await ctx.client();
  const requestOf = new Map(ids.map((id, i) => [id, requests[i]]));
  const readOf = new Map(ids.map((id, i) => [id, reads?.[i]]));
  /** A DELETE answers no body: results go to stderr unless JSON was asked for. */
  const quietStdout = requests[0]?.method === 'DELETE';
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
      settle(await runOne(client, ctx, spec, id, requestOf.get(id)!, readOf.get(id)));
    }
  };
  // Stream results to the formatter as they arrive.
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
  const jsonOut = ctx.jsonErrors || !!ctx.globals.jq;
  if (quietStdout && !jsonOut) {
    for await (const page of pages()) for (const r of page.items) if (r.result !== 'ok' || !ctx.globals.quiet) ctx.io.stderr.write(resultLine(r, spec) + '\n');
  } else {
    await ctx.output.list(printable(pages()), BULK_COLUMNS);
  }
  await workers;

  const results = new Map(finished.map((r) => [r.id, r]));
  const failed = ids.filter((id) => results.get(id)?.result === 'failed');
  const ok = ids.filter((id) => results.get(id)?.result === 'ok').length;
  const skipped = ids.filter((id) => results.get(id)?.result === 'skipped').length;
  if (ctx.signal.aborted) {
    const notStarted = ids.filter((id) => !started.has(id));
    const completed = ids.filter((id) => results.has(id) && results.get(id)!.result !== 'failed');
    const lines = [
      `interrupted: ${completed.length} completed, ${failed.length} failed, ${notStarted.length} not started`,
      completed.length ? `completed: ${completed.join(' ')}` : '',
      failed.length ? `failed: ${failed.join(' ')}` : '',
      notStarted.length ? `not started: ${notStarted.join(' ')}` : '',
    ].filter(Boolean);
    ctx.io.stderr.write(lines.join('\n') + '\n');
    throw new Interrupted(`interrupted: ${notStarted.length} of ${ids.length} ${spec.what} ids not started`);
  }
  const summary = `${spec.done} ${ok} of ${ids.length}${skipped ? `, ${skipped} skipped` : ''}${failed.length ? `, ${failed.length} failed` : ''}`;
  if (failed.length === 1 && ids.length === 1) {
    // One id: the failure is the command's own (exit 3 for not found, 4 for a refusal).
    const r = results.get(ids[0])!;
    throw new DocplatError(r.message ?? 'failed', r.exitCode ?? EXIT.failure, { kind: 'api', status: r.status, failed });
  }
  if (failed.length) throw new PartialFailure(`${summary}: ${failed.join(' ')}`, failed);
  ctx.output.note(summary);
}

/** --dry-run: prints each request as METHOD URL [BODY], and sends none. */
export async function dryRun(ctx: Context, requests: BuiltRequest[]): Promise<void> {
  const base = (await ctx.settings()).apiUrl.replace(/\/+$/, '');
  let text = '';
  for (const r of requests) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(r.query)) for (const x of Array.isArray(v) ? v : [v]) query.append(k, x);
    const qs = query.toString();
    text += `${r.method} ${base}${r.path}${qs ? `?${qs}` : ''}${r.body !== undefined ? ' ' + JSON.stringify(r.body) : ''}\n`;
  }
  await ctx.output.text(text);
  ctx.output.note(`dry run: ${requests.length} request${requests.length === 1 ? '' : 's'} not sent`);
}

async function* printable(pages: AsyncIterable<{ items: BulkResult[] }>) {
  for await (const page of pages) yield { items: page.items.map(({ exitCode: _, ...shown }) => shown) };
}

async function runOne(client: ApiClient, ctx: Context, spec: Bulk, id: string, r: BuiltRequest, read?: BuiltRequest): Promise<BulkResult> {
  try {
    if (read && spec.skipIf) {
      const { data } = await client.request(read.method, read.path, { query: read.query, idempotency: 'safe', signal: ctx.signal });
      const skip = spec.skipIf(data);
      if (skip) return { id, result: 'skipped', message: skip, status: 200 };
    }
    const res = await client.request(r.method, r.path, { query: r.query, body: r.body, idempotency: r.safe ? 'safe' : 'create', signal: ctx.signal });
    // A delete answers 204 when there was nothing to delete.
    const skip = r.method === 'DELETE' && res.status === 204 ? 'already deleted' : undefined;
    return skip ? { id, result: 'skipped', message: skip, status: res.status } : { id, result: 'ok', message: spec.done, status: res.status };
  } catch (err) {
    if (err instanceof ApiError) {
      const skip = spec.skip?.(err);
      if (skip) return { id, result: 'skipped', message: skip, status: err.status };
      return { id, result: 'failed', message: err.message, status: err.status, exitCode: err.exitCode };
    }
    if (ctx.signal.aborted) return { id, result: 'failed', message: 'interrupted' };
    return { id, result: 'failed', message: (err as Error)?.message ?? String(err) };
  }
}

function resultLine(r: BulkResult, spec: Bulk): string {
  if (r.result === 'ok') return `${r.id}: ${spec.done}`;
  if (r.result === 'skipped') return `${r.id}: skipped (${r.message})`;
  return `${r.id}: failed: ${r.message}`;
}
