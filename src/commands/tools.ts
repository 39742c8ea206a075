// The tools a hand-written command finds on its context (as wrangler's
// handler(args, ctx) gets fetch, prompts and logger from ctx), built here for
// each context by the one who makes it (app.ts), so that the context imports
// nothing of the commands: ctx.api builds requests from the operation table
// (naming the flag or argument in errors), sends them through the road's send
// stage, pages lists, prints dry runs, runs bulk verbs and derived
// declarations; ctx.resolve turns references into ids; ctx.readUserFile reads
// a file the user named. A `run` handler imports none of this
// (test/commands/runner/imports.test.ts).
//
// A new tool: a field of `Tools` and its value in `commandTools`; the context
// has it at once (`ctx.<name>`, context.ts merges Tools into Context).
import type { OperationId } from '../api/operations/index.js';
import type { BuiltRequest, RequestInput } from '../api/request.js';
import type { ApiResponse, Page, SendOptions } from '../client/http.js';
import type { PageOptions } from '../client/paging.js';
import { rawRequest, type RawRequest } from '../client/raw.js';
import type { Context } from '../context.js';
import type { Column } from '../output/format.js';
import { BULK_COLUMNS, bulkSummary, dryRun, nothingToDo, parseConcurrency, printable, readIds, runBulk, type BulkRequest, type BulkResult } from './bulk.js';
import type { Bulk, CommandDef } from './define.js';
import { checkedRequest } from './requests.js';
import type { RefKind } from './resolve.js';
import { all, pages, send, type ClientOf } from './runner/send.js';
import { readUserFile } from './user-file.js';

/** Where each input came from, for messages: `param:specSlug` → `slug`, `body:source.url` → `--url`. */
export type Names = Record<string, string>;

/** Sending, for the context's API or another (`connect`). */
export interface Sender {
  /**
   * Sends a request (built by `request`, or the one `raw` request), or builds
   * one (as `request`) and sends it: retried as its operation allows; with
   * `finishOnInterrupt`, an interrupt lets it finish (its answer is still
   * used); an interrupted change says that its outcome is unknown.
   */
  send<T = unknown>(request: BuiltRequest | RawRequest, opts?: SendOptions): Promise<ApiResponse<T>>;
  send<T = unknown>(opId: OperationId, input?: RequestInput, names?: Names, opts?: SendOptions): Promise<ApiResponse<T>>;
  /** The pages of a list request, through the one pager (`limit`, `cursor`, `pageSize`; the context's signal unless given). */
  pages<T>(request: BuiltRequest | RawRequest, opts?: PageOptions): AsyncGenerator<Page<T>>;
  /** Every item of a list request. */
  all<T>(request: BuiltRequest, opts?: PageOptions): Promise<T[]>;
}

/** Sending to another API URL with another token (`ctx.api.connect`); closed when done. */
export interface Connection extends Sender {
  close(): Promise<void>;
}

export interface Api extends Sender {
  /** The request of an operation, or a usage error naming the flag or argument (`names`) whose value broke its bounds. */
  request(opId: OperationId, input: RequestInput, names?: Names): BuiltRequest;
  /**
   * A request the operation table does not describe (client/raw.ts): only for
   * `docplat api` and downloads from a URL the API gave (a file's storage
   * URL, an OpenAPI document), as test/commands/runner/client-calls.test.ts holds.
   */
  raw: typeof rawRequest;
  /** An API URL and token other than the context's (auth login checks a token before storing it; completion reads within its own time limit). */
  connect(apiUrl: string, token: string | undefined, limits?: { timeoutMs?: number; retries?: number }): Promise<Connection>;
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

/** The tools on every context (`ctx.api`, `ctx.resolve`, `ctx.readUserFile`). */
export interface Tools {
  /** Build, send, page, dry-run, bulk, run a declaration. */
  readonly api: Api;
  /** The ids of references of a kind (a page's path, a member's e-mail), looked up in `scope`; exit 3 naming `label` for one that names nothing. */
  readonly resolve: (kind: RefKind, values: string[], scope: Record<string, string>, label: string) => Promise<string[]>;
  /** A file the user named for a flag (`-`: stdin), as text (UTF-8 only) or base64; a usage error starting with `label` when it cannot be read. */
  readonly readUserFile: (label: string, path: string, opts?: Parameters<typeof readUserFile>[3]) => Promise<string>;
}

/** Sending through the send stage (runner/send.ts): over the context's client, or the one `client` gives. */
function senderOf(ctx: Context, client?: ClientOf): Sender {
  return {
    // Async throughout: a request refused where it is built is a rejection, as a failed send is.
    send: async <T>(target: BuiltRequest | RawRequest | OperationId, ...rest: unknown[]) => {
      if (typeof target !== 'string') return send<T>(ctx, target, rest[0] as SendOptions | undefined, client);
      const [input, names, opts] = rest as [RequestInput | undefined, Names | undefined, SendOptions | undefined];
      return send<T>(ctx, checkedRequest(target, input ?? {}, names), opts, client);
    },
    pages: (request, opts) => pages(ctx, request, opts, client),
    all: (request, opts) => all(ctx, request, opts, client),
  };
}

/** The tools of a context: what app.ts (and the stage tests) give `new Context(...)`. */
export function commandTools(ctx: Context): Tools {
  return {
    api: apiOf(ctx),
    // Loaded when used: the lookups are the runner's, and the context is built before any command.
    resolve: (kind, values, scope, label) => import('./resolve.js').then(({ resolveRefs }) => resolveRefs(ctx, kind, values, scope, label)),
    readUserFile: (label, path, opts) => readUserFile(ctx, label, path, opts),
  };
}

function apiOf(ctx: Context): Api {
  return {
    ...senderOf(ctx),
    request: checkedRequest,
    raw: rawRequest,
    async connect(apiUrl, token, limits) {
      const client = await ctx.makeClient(apiUrl, token, limits);
      return { ...senderOf(ctx, async () => client), close: () => client.close() };
    },
    dryRun: (requests) => dryRun(ctx, requests),
    // Loaded when used: the road loads every stage.
    run: async (def, args, opts) => (await import('./runner/pipeline.js')).execute(ctx, def, args, opts),
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
