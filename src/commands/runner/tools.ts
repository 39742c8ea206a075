// The runner's tools for hand-written commands, on their context (as
// wrangler's handler(args, ctx) gets fetch, prompts and logger from ctx):
// ctx.api builds requests from the operation table (naming the flag or
// argument in errors), sends them, pages lists, prints dry runs, runs bulk
// verbs and derived declarations; ctx.resolve turns references into ids;
// ctx.readUserFile reads a file the user named. A `run` handler imports
// none of the runner's modules (test/commands/runner/imports.test.ts).
import type { OperationId } from '../../api/operations/index.js';
import type { BuiltRequest, RequestInput } from '../../api/request.js';
import type { ApiResponse, Page } from '../../client/http.js';
import type { PageOptions } from '../../client/paging.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { BULK_COLUMNS, bulkSummary, dryRun, nothingToDo, parseConcurrency, printable, readIds, runBulk, type BulkRequest, type BulkResult } from '../bulk.js';
import type { Bulk, CommandDef } from '../define.js';
import { checkedRequest } from '../naming.js';
import type { RefKind } from '../resolve.js';
import { readUserFile } from '../user-file.js';
import { send } from './send.js';

/** Where each input came from, for messages: `param:specSlug` → `slug`, `body:source.url` → `--url`. */
export type Names = Record<string, string>;

export interface Api {
  /** The request of an operation, or a usage error naming the flag or argument (`names`) whose value broke its bounds. */
  request(opId: OperationId, input: RequestInput, names?: Names): BuiltRequest;
  /** Sends a built request, or builds one (as `request`) and sends it; an interrupted change says its outcome is unknown. */
  send<T = unknown>(target: BuiltRequest | OperationId, input?: RequestInput, names?: Names): Promise<ApiResponse<T>>;
  /** The pages of a list request, through the one pager (the context's signal unless given). */
  pages<T>(request: BuiltRequest, opts?: PageOptions): AsyncGenerator<Page<T>>;
  /** Every item of a list request. */
  all<T>(request: BuiltRequest, opts?: PageOptions): Promise<T[]>;
  /** --dry-run: prints the requests, sends none. */
  dryRun(requests: Parameters<typeof dryRun>[1]): Promise<void>;
  /** Runs a declaration the handler derives (another body, fewer arguments) down the runner's road. */
  run(def: CommandDef, args: (string | string[])[], opts: Record<string, unknown>): Promise<void>;
  /** Bulk verbs: ids from arguments or stdin (`-`), --concurrency, one request per id, results and summary. */
  bulk: {
    ids(args: string[], what: string): Promise<string[]>;
    nothingToDo(ids: string[], what: string): boolean;
    concurrency(value: string | undefined): number;
    run(ids: string[], requests: BulkRequest[], concurrency: number, spec: Bulk): Promise<void>;
    summary(ids: string[], results: Map<string, BulkResult>, spec: Pick<Bulk, 'done'>): void;
    readonly columns: Column[];
    printable: typeof printable;
  };
}

export function apiOf(ctx: Context): Api {
  return {
    request: checkedRequest,
    // Async throughout: a request refused where it is built is a rejection, as a failed send is.
    send: async <T>(target: BuiltRequest | OperationId, input?: RequestInput, names?: Names) =>
      send(ctx, typeof target === 'string' ? checkedRequest(target, input ?? {}, names) : target) as Promise<ApiResponse<T>>,
    async *pages<T>(request: BuiltRequest, opts: PageOptions = {}) {
      yield* (await ctx.client()).pages<T>(request, { signal: ctx.signal, ...opts });
    },
    all: async <T>(request: BuiltRequest, opts: PageOptions = {}) => (await ctx.client()).all<T>(request, { signal: ctx.signal, ...opts }),
    dryRun: (requests) => dryRun(ctx, requests),
    // Loaded when used: the pipeline and the lookups are the runner's, and the context is built before any command.
    run: async (def, args, opts) => (await import('./pipeline.js')).execute(ctx, def, args, opts),
    bulk: {
      ids: (args, what) => readIds(ctx, args, what),
      nothingToDo: (ids, what) => nothingToDo(ctx, ids, what),
      concurrency: parseConcurrency,
      run: (ids, requests, concurrency, spec) => runBulk(ctx, ids, requests, concurrency, spec),
      summary: (ids, results, spec) => bulkSummary(ctx, ids, results, spec),
      columns: BULK_COLUMNS,
      printable,
    },
  };
}

/** The ids of references of a kind (a page's path, a member's e-mail), looked up in `scope`; exit 3 naming `label` for one that names nothing. */
export function resolveOf(ctx: Context) {
  return (kind: RefKind, values: string[], scope: Record<string, string>, label: string): Promise<string[]> => import('../resolve.js').then(({ resolveRefs }) => resolveRefs(ctx, kind, values, scope, label));
}

/** A file the user named (`-`: stdin), as text or base64; a usage error starting with `label` when it cannot be read. */
export function userFileReader(ctx: Context) {
  return (label: string, path: string, opts?: Parameters<typeof readUserFile>[3]): Promise<string> => readUserFile(ctx, label, path, opts);
}
