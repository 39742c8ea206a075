// Stage 6, send: the one place requests leave (ctx.api sends through it too).
// A built request goes to the client, which retries it as its operation
// allows and masks its secrets in the --debug trace; a list is sent page by
// page as render reads it; a bulk verb's requests run through bulk.ts; a dry
// run sends nothing. An API error about a field a flag fills is worded in
// that flag.
import type { BuiltRequest } from '../../api/request.js';
import type { ApiClient, ApiResponse, ClientRequest, Page, SendOptions } from '../../client/http.js';
import type { PageOptions } from '../../client/paging.js';
import type { Context } from '../../context.js';
import { ApiError, Interrupted } from '../../errors.js';
import { runBulk } from '../bulk.js';
import type { CommandDef, Flag } from '../define.js';
import { longName } from '../naming.js';
import type { Answer, Invocation, Plan } from './invocation.js';

/** Sends the plan: nothing for a dry run, the bulk run, the pages of a list as they are read, or the one request. */
export async function sendPlan(ctx: Context, { def, rendering, bulk, dryRun, filters }: Invocation, { requests }: Plan): Promise<Answer> {
  if (dryRun) return { kind: 'dry', requests: requests.map((r) => r.request) };
  if (bulk) {
    if (bulk.ids.length === 0) return { kind: 'nothing' };
    await runBulk(ctx, bulk.ids, requests, bulk.concurrency, def.bulk!);
    return { kind: 'reported' };
  }
  const [{ request }] = requests;
  if (rendering.paged) {
    // With a client-side filter, pages come until --limit items pass it (render counts them): the API's count is of the unfiltered list.
    const limit = filters.length ? undefined : rendering.limit;
    return { kind: 'pages', pages: explained(def, pages(ctx, request, { limit, cursor: rendering.cursor })) };
  }
  try {
    return { kind: 'one', data: (await send(ctx, request)).data };
  } catch (err) {
    throw explain(def, err);
  }
}

/** Where the send stage gets its client: the context's, or one made for another API URL and token (`ctx.api.connect`). */
export type ClientOf = () => Promise<ApiClient>;

/**
 * Sends a request once (retried as its operation allows, or as a raw request
 * says), with its secrets masked in the --debug trace; an interrupted change
 * says that its outcome is unknown.
 */
export async function send<T = unknown>(ctx: Context, request: ClientRequest, opts: SendOptions = {}, client: ClientOf = () => ctx.client()): Promise<ApiResponse<T>> {
  // The context's signal (an interrupt) unless the request is to finish anyway: its answer is still used.
  return (await client()).send<T>(request, { signal: opts.finishOnInterrupt ? undefined : ctx.signal, ...opts }).catch((err: unknown) => {
    // A change sent and not answered by the interrupt may have been applied, as bulk runs say of each id.
    if (err instanceof Interrupted && request.method !== 'GET') {
      throw new Interrupted(`${err.message}: ${request.method} ${request.path} was sent but not answered, its outcome is unknown (check before running it again)`);
    }
    throw err;
  });
}

/** The pages of a list request, through the one pager (the context's signal unless given). */
export async function* pages<T>(ctx: Context, request: ClientRequest, opts: PageOptions = {}, client: ClientOf = () => ctx.client()): AsyncGenerator<Page<T>> {
  yield* (await client()).pages<T>(request, { signal: ctx.signal, ...opts });
}

/** Every item of a list request (all its pages). */
export async function all<T>(ctx: Context, request: BuiltRequest, opts: PageOptions = {}, client: ClientOf = () => ctx.client()): Promise<T[]> {
  return (await client()).all<T>(request, { signal: ctx.signal, ...opts });
}

async function* explained<T>(def: CommandDef, source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (err) {
    throw explain(def, err);
  }
}

/** An API failure as the command knows it better (`explain`), or in the words of the flags the person typed. */
function explain(def: CommandDef, err: unknown): unknown {
  return (err instanceof ApiError && (def.explain?.(err) ?? inFlagTerms(err, def.flags ?? {}))) || err;
}

/**
 * The API names its fields (`give a "shareKey"`); the person typed flags: a
 * field that a flag of the command fills is named by that flag too
 * (`give a "shareKey" (--share-key)`).
 */
export function inFlagTerms(err: ApiError, flags: Record<string, Flag>): ApiError | undefined {
  let message = err.message;
  for (const f of Object.values(flags)) {
    const field = f.query ?? f.body;
    if (field && message.includes(`"${field}"`) && !message.includes(longName(f))) message = message.replace(`"${field}"`, `"${field}" (${longName(f)})`);
  }
  return message === err.message ? undefined : new ApiError(message, err.status, err.method, err.path, err.apiMessage, err.response);
}
