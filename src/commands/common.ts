// Pieces that the resource commands share: list flags and listing, flags
// declared from a resource's fields, positions for moves, ids from stdin, and
// the bulk runner.
import { Option, type Command } from 'commander';
import type { Field } from '../resources/field.js';
import type { Context } from '../context.js';
import type { ApiClient, Idempotency, RequestOptions } from '../client/http.js';
import { ApiError, DocplatError, EXIT, Interrupted, PartialFailure, UsageError } from '../errors.js';
import type { Column } from '../output/format.js';
import { checkFlag, checkId, parseInteger } from '../validate.js';
import type { Opts } from '../app.js';

export const DEFAULT_LIMIT = 100;

// ---- lists -----------------------------------------------------------------

export function listFlags(cmd: Command): Command {
  return cmd
    .option('--limit <n>', `most items to return (default ${DEFAULT_LIMIT}, at most 1000 per request)`)
    .option('--all', 'follow the cursor to the last page')
    .option('--cursor <page>', 'start from this cursor (a next.page value)');
}

/** Lists `path` through the formatter, honouring --limit, --all and --cursor. */
export async function list(ctx: Context, path: string, opts: Opts, columns: Column[], extra: {
  query?: RequestOptions['query'];
  map?: (item: unknown) => unknown;
} = {}): Promise<void> {
  const limit = opts.all ? undefined : parseInteger('--limit', opts.limit, DEFAULT_LIMIT, 1, Number.MAX_SAFE_INTEGER);
  if (opts.all && opts.limit !== undefined) throw new UsageError('--all and --limit cannot be used together');
  const client = await ctx.client();
  const pages = client.pages(path, { query: extra.query, limit, cursor: opts.cursor, signal: ctx.signal });
  let received = 0;
  async function* counted() {
    for await (const page of pages) {
      received += page.items.length;
      yield extra.map ? { ...page, items: page.items.map(extra.map) } : page;
    }
  }
  try {
    await ctx.output.list(counted(), columns, { limit });
  } catch (err) {
    if (ctx.signal.aborted) throw new Interrupted(`interrupted after ${received} items; the rest were not fetched`);
    throw err;
  }
}

export async function show(ctx: Context, path: string, columns: Column[], query?: RequestOptions['query']): Promise<void> {
  const client = await ctx.client();
  const { data } = await client.get(path, { query, signal: ctx.signal });
  await ctx.output.item(data, columns);
}

// ---- fields: flags that map to body properties ------------------------------

export type { Field };

export function addFields(cmd: Command, fields: Field[]): Command {
  for (const f of fields) cmd.addOption(new Option(f.flag, f.description));
  return cmd;
}

/** The request body the given flags make, checked against the documented bounds. */
export function bodyFrom(opts: Opts, fields: Field[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const option = new Option(f.flag);
    const value = opts[option.attributeName()];
    if (value === undefined) continue;
    if (f.nullWord !== undefined && value === f.nullWord) {
      body[f.body] = null;
      continue;
    }
    if (f.bound) checkFlag(option.long!, value, f.bound);
    body[f.body] = value;
  }
  return body;
}

export function requireChange(body: Record<string, unknown>, fields: Field[]): void {
  if (Object.keys(body).length === 0) {
    throw new UsageError(`nothing to change: give at least one of ${fields.map((f) => new Option(f.flag).long).join(', ')}`);
  }
}

// ---- moves -------------------------------------------------------------------

export function moveFlags(cmd: Command, sibling: string): Command {
  return cmd
    .option('--parent <collectionId>', 'move into this collection')
    .option('--root', 'move to the top level of the organization')
    .option('--before <id>', `place before this ${sibling} (prefix space: or collection: for the other kind)`)
    .option('--after <id>', `place after this ${sibling} (prefix space: or collection: for the other kind)`);
}

/** `{parent?, position?}` from --parent/--root/--before/--after. */
export function moveBody(opts: Opts, kind: 'space' | 'collection'): Record<string, unknown> {
  if (opts.parent && opts.root) throw new UsageError('--parent and --root cannot be used together');
  if (opts.before && opts.after) throw new UsageError('--before and --after cannot be used together');
  const body: Record<string, unknown> = {};
  if (opts.parent) body.parent = checkId('--parent collection id', opts.parent);
  if (opts.root) body.parent = null;
  for (const side of ['before', 'after'] as const) {
    const raw: string | undefined = opts[side];
    if (!raw) continue;
    const m = /^(space|collection):(.+)$/.exec(raw);
    const type = m ? (m[1] as 'space' | 'collection') : kind;
    const id = checkId(`--${side} id`, m ? m[2] : raw);
    body.position = { [side]: { type, [type]: id } };
  }
  if (Object.keys(body).length === 0) throw new UsageError('nothing to do: give --parent, --root, --before or --after');
  return body;
}

// ---- bulk ----------------------------------------------------------------------

export function bulkFlags(cmd: Command): Command {
  return cmd
    .option('--concurrency <n>', 'requests in flight at once (default 8)')
    .option('--dry-run', 'print the requests that would be sent, and send none');
}

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
  unique.forEach((id) => checkId(`${what} id`, id));
  return unique;
}

export interface BulkRequest {
  method: string;
  path: string;
  body?: unknown;
  idempotency?: Idempotency;
}

export interface BulkSpec {
  /** Past tense for the summary: "restored". */
  done: string;
  what: string;
  request(id: string): BulkRequest;
  /**
   * Turns a failure that means "already in the wanted state" into a skip
   * message, so that a re-run over the same ids is safe.
   */
  skip?(err: ApiError, id: string): string | undefined;
  /** Turns a success status into a skip message (e.g. 204: nothing to delete). */
  skipStatus?(status: number): string | undefined;
  /** Results go to stderr unless JSON was asked for (deletes print nothing on stdout). */
  quietStdout?: boolean;
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
export async function runBulk(ctx: Context, args: string[], opts: Opts, spec: BulkSpec): Promise<void> {
  const ids = await readIds(ctx, args, spec.what);
  const concurrency = parseInteger('--concurrency', opts.concurrency, 8, 1, 64);
  if (opts.dryRun) return dryRun(ctx, ids.map(spec.request));
  const client = await ctx.client();
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
      settle(await runOne(client, ctx, spec, id));
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
  if (spec.quietStdout && !jsonOut) {
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
export async function dryRun(ctx: Context, requests: BulkRequest[]): Promise<void> {
  const base = (await ctx.settings()).apiUrl.replace(/\/+$/, '');
  let text = '';
  for (const r of requests) text += `${r.method} ${base}${r.path}${r.body !== undefined ? ' ' + JSON.stringify(r.body) : ''}\n`;
  await ctx.output.text(text);
  ctx.output.note(`dry run: ${requests.length} request${requests.length === 1 ? '' : 's'} not sent`);
}

async function* printable(pages: AsyncIterable<{ items: BulkResult[] }>) {
  for await (const page of pages) yield { items: page.items.map(({ exitCode: _, ...shown }) => shown) };
}

async function runOne(client: ApiClient, ctx: Context, spec: BulkSpec, id: string): Promise<BulkResult> {
  const r = spec.request(id);
  try {
    const res = await client.request(r.method, r.path, { body: r.body, idempotency: r.idempotency, signal: ctx.signal });
    const skip = spec.skipStatus?.(res.status);
    return skip ? { id, result: 'skipped', message: skip, status: res.status } : { id, result: 'ok', message: spec.done, status: res.status };
  } catch (err) {
    if (err instanceof ApiError) {
      const skip = spec.skip?.(err, id);
      if (skip) return { id, result: 'skipped', message: skip, status: err.status };
      return { id, result: 'failed', message: err.message, status: err.status, exitCode: err.exitCode };
    }
    if (ctx.signal.aborted) return { id, result: 'failed', message: 'interrupted' };
    return { id, result: 'failed', message: (err as Error)?.message ?? String(err) };
  }
}

function resultLine(r: BulkResult, spec: BulkSpec): string {
  if (r.result === 'ok') return `${r.id}: ${spec.done}`;
  if (r.result === 'skipped') return `${r.id}: skipped (${r.message})`;
  return `${r.id}: failed: ${r.message}`;
}
