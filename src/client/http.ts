// The one HTTP client of docplat: undici with a keep-alive agent shared by all
// calls, bearer auth, JSON bodies, cursor pagination, retries and one error
// type. It knows nothing of commands or output. One try is transport.ts, when
// to try again retry.ts, the messages of failures errors.ts, the pager paging.ts.
import { setMaxListeners } from 'node:events';
import type { Dispatcher } from 'undici';
import { MAX_ANSWER_BYTES, MAX_PAGE_BYTES } from '../api/limits.js';
import { answerOf, shownBody, type BuiltRequest } from '../api/request.js';
import { cjsExports } from '../cjs.js';
import { DocplatError, UsageError } from '../errors.js';
import { finalError, HttpFailure, redactQuery, Transport } from './errors.js';
import { all, pages, type Page, type PageOptions } from './paging.js';
import { isRaw, type RawRequest } from './raw.js';
import { reason, retryDecision, sleep, type Idempotency } from './retry.js';
import type { Agent } from 'node:http';
import { keepAliveAgent } from './light.js';
import { monotonicMs, sendOnce, type ApiResponse, type RequestOptions, type Undici } from './transport.js';
import { requestUrl } from './url.js';

export type { ApiResponse, Idempotency, Page, RawRequest, RequestOptions };
export { requestUrl, sleep };

export interface ClientOptions {
  baseUrl: string;
  token?: string;
  userAgent: string;
  /** Per-request time limit (connect, headers and body), in ms. */
  timeoutMs?: number;
  retries?: number;
  /** Upper bound of one wait between tries, in ms (a longer wait the server asks for fails at once). */
  maxWaitMs?: number;
  insecureHttp?: boolean;
  debug?: (line: string) => void;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** How requests travel: this dispatcher rather than connections of the client's own (the IO's, see context.ts). */
  dispatcher?: Dispatcher;
  /** Sleep used between retries; tests may replace it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What a sender may add to how a request is sent: its own signal, and whether an interrupt lets it finish. */
export type SendOptions = Pick<RequestOptions, 'signal' | 'finishOnInterrupt'>;

/** What the client sends: a request built from the operation table, or the one raw request (raw.ts). */
export type ClientRequest = BuiltRequest | RawRequest;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export class ApiClient {
  readonly baseUrl: string;
  /** The API's own origin: the only one the token is ever sent to. */
  readonly origin: string;
  private readonly proxied: boolean;
  private readonly env: NodeJS.ProcessEnv;
  /** Requests started (not counting retries): the first takes the one-shot transport. */
  private requests = 0;
  /** Requests in flight (exchange() started, not ended). */
  private inFlight = 0;
  /** Two requests were once in flight together: from then on undici carries them, with its pool. */
  private overlapped = false;
  /** node:http(s) keep-alive agents for the requests that go one at a time after the first, by protocol; closed by close(). */
  private readonly agents = new Map<string, Agent>();
  private undiciLoaded?: Promise<Undici>;
  private readonly opts: Required<Pick<ClientOptions, 'timeoutMs' | 'retries' | 'maxWaitMs'>> & ClientOptions;

  constructor(opts: ClientOptions) {
    let url: URL;
    try {
      url = new URL(opts.baseUrl);
    } catch {
      throw new UsageError(`invalid API URL "${redactQuery(opts.baseUrl)}": expected something like https://api.gitbook.com/v1`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UsageError(`invalid API URL "${redactQuery(opts.baseUrl)}": only http and https are supported`);
    }
    if (url.protocol === 'http:' && opts.token && !LOOPBACK.test(url.hostname) && !opts.insecureHttp) {
      throw new UsageError(
        `refusing to send the token over plain http to ${url.host}: use https, or pass --insecure-http if you really mean it`,
      );
    }
    this.baseUrl = url.href.replace(/\/+$/, '');
    this.origin = url.origin;
    this.opts = { timeoutMs: 30_000, retries: 3, maxWaitMs: 60_000, ...opts };
    const env = opts.env ?? process.env;
    this.proxied = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((k) => env[k]);
    // Each try in flight listens for the interrupt: as many listeners as requests at once are expected, not a leak.
    if (opts.signal) setMaxListeners(0, opts.signal);
    this.env = env;
  }

  /**
   * The one place that decides how a request travels. Requests that go one
   * at a time, when no proxy applies and no stream is wanted, go through
   * node:http (`light.ts`): a command's first request on a connection of its
   * own (a one-request command never loads undici nor compiles its
   * WebAssembly parser), the next ones (the pages of a list) on a keep-alive
   * agent (undici and its parser would add ~12 MB to the peak memory of a
   * list of 100,000 items, and no speed). Once two requests are in flight
   * together (bulk runs, concurrent reads), and for proxies and streams,
   * undici carries them, with its keep-alive pool.
   */
  private viaUndici(opts: RequestOptions): boolean {
    if (this.proxied || this.opts.dispatcher) return true;
    // A large streamed body: node:http moves its bytes with less work than undici (see the bench's download rows).
    if (opts.as === 'stream') return !opts.large;
    if (this.inFlight > 0) this.overlapped = true;
    return this.overlapped;
  }

  /** The keep-alive agent of node:http or node:https for `url`, made on first use; none for a command's first request. */
  private agentFor(url: string): Agent | undefined {
    if (this.requests++ === 0) return undefined;
    const protocol = new URL(url).protocol;
    let agent = this.agents.get(protocol);
    if (!agent) this.agents.set(protocol, (agent = keepAliveAgent(protocol)));
    return agent;
  }

  /** undici and its dispatcher, loaded on first use. */
  private undici(): Promise<Undici> {
    this.undiciLoaded ??= import('undici').then((loaded) => {
      const { Agent, EnvHttpProxyAgent, util } = cjsExports(loaded);
      const parseHeaders = util.parseHeaders as Undici['parseHeaders'];
      if (this.opts.dispatcher) return { dispatcher: this.opts.dispatcher, parseHeaders };
      const env = this.env;
      const agentOpts = { keepAliveTimeout: 10_000, connections: 64, connect: { timeout: this.opts.timeoutMs } };
      const dispatcher = this.proxied
        ? new EnvHttpProxyAgent({
            ...agentOpts,
            // '' rather than undefined: undici would read the process's own environment instead of the context's.
            httpProxy: env.HTTP_PROXY ?? env.http_proxy ?? '',
            httpsProxy: env.HTTPS_PROXY ?? env.https_proxy ?? '',
            noProxy: env.NO_PROXY ?? env.no_proxy ?? '',
          })
        : new Agent(agentOpts);
      return { dispatcher, parseHeaders };
    });
    return this.undiciLoaded;
  }

  /** A path below the API URL, or an absolute http(s) URL (another origin gets no token), with the query added. */
  url(path: string, query?: RequestOptions['query']): string {
    return requestUrl(this.baseUrl, path, query);
  }

  /** The API path shown in messages: the URL without the base. */
  private shown(url: string, masked?: readonly string[]): string {
    url = redactQuery(url, masked);
    return url.startsWith(this.baseUrl) ? url.slice(this.baseUrl.length) || '/' : url;
  }

  /**
   * Sends a built request of the operation table: retried as its operation
   * allows, its masked body fields and query parameters hidden in --debug and
   * messages, its answer read only when the operation has one, and checked to
   * have the operation's shape (an object; a list: an object with `items`).
   * A raw request (raw.ts) is sent as it says, its answer unchecked.
   */
  async send<T = unknown>(r: ClientRequest, opts: SendOptions = {}): Promise<ApiResponse<T>> {
    if (isRaw(r)) {
      const { method, path, raw: _, ...options } = r;
      return this.exchange<T>(method, path, { ...options, ...opts });
    }
    const answers = answerOf(r.operation);
    const res = await this.exchange<T>(r.method, r.path, {
      query: r.query,
      body: r.body,
      shownBody: shownBody(r),
      maskedQuery: r.operation.maskedQuery,
      idempotency: r.safe ? 'safe' : 'create',
      as: answers === 'none' ? 'none' : 'json',
      maxBytes: answers === 'list' ? MAX_PAGE_BYTES : MAX_ANSWER_BYTES,
      ...opts,
    });
    if (answers !== 'none' && res.data !== undefined) checkShape(res.data, answers, () => `${r.method} ${this.shown(this.url(r.path, r.query), r.operation.maskedQuery)}`, res.status);
    return res;
  }

  /**
   * Sends a request, retrying when that is safe. The time limit covers the
   * request as the user waits for it: each try gets what is left of it, and a
   * wait that would outlast it is not taken (so a try that timed out is not
   * sent again); a wait the server asks for (Retry-After, X-RateLimit-Reset)
   * beyond it, or beyond the cap, fails at once and says so.
   */
  private async exchange<T>(method: string, path: string, opts: RequestOptions): Promise<ApiResponse<T>> {
    const url = this.url(path, opts.query);
    const idempotency = opts.idempotency ?? (method === 'POST' ? 'create' : 'safe');
    const undici = this.viaUndici(opts) ? () => this.undici() : undefined;
    const agent = undici ? undefined : this.agentFor(url);
    const deadline = monotonicMs() + this.opts.timeoutMs;
    const context = { userAgent: this.opts.userAgent, token: this.opts.token, origin: this.origin, timeoutMs: this.opts.timeoutMs, debug: this.opts.debug, undici, agent };
    this.inFlight++;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await sendOnce<T>(context, method, url, opts, this.signalsFor(opts), Math.max(1, deadline - monotonicMs()));
        } catch (err) {
          if (!(err instanceof Transport || err instanceof HttpFailure)) throw err;
          const decision = retryDecision(err, idempotency, attempt, this.opts, deadline - monotonicMs());
          if (decision.wait === null) throw this.finalError(err, method, url, idempotency, opts.maskedQuery, decision.refused);
          this.opts.debug?.(`retrying ${method} ${this.shown(url, opts.maskedQuery)} in ${(decision.wait / 1000).toFixed(1)}s (${reason(err)}, try ${attempt + 2} of ${this.opts.retries + 1})`);
          const signals = this.signalsFor(opts);
          await (this.opts.sleep ?? sleep)(decision.wait, signals.length > 1 ? AbortSignal.any(signals) : signals[0]);
        }
      }
    } finally {
      this.inFlight--;
    }
  }

  /** What aborts a request: its own signal, and the client's unless it finishes on an interrupt. */
  private signalsFor(opts: RequestOptions): AbortSignal[] {
    return [opts.signal, opts.finishOnInterrupt ? undefined : this.opts.signal].filter((s): s is AbortSignal => !!s);
  }

  private finalError(err: unknown, method: string, url: string, idempotency: Idempotency, masked?: readonly string[], refusedWait?: string): Error {
    const target = new URL(url);
    const where = (target.origin + new URL(this.baseUrl).pathname).replace(/\/$/, '');
    const targetPort = target.port || (target.protocol === 'https:' ? '443' : '80');
    return finalError(err, { method, path: this.shown(url, masked), where, timeoutMs: this.opts.timeoutMs, create: idempotency === 'create', proxy: this.proxied ? { targetPort } : undefined, refusedWait });
  }

  /**
   * Follows `next.page` cursors of a list request (see paging.ts); a repeated
   * cursor is an error. A built request's pages are checked to be lists.
   */
  pages<T>(target: ClientRequest, opts: PageOptions = {}): AsyncGenerator<Page<T>> {
    return pages<T>(this.getter(target), target.path, withQuery(target, opts));
  }

  /** Every item of a paginated list (all its pages, in order), at most MAX_LIST_ITEMS. */
  all<T>(target: ClientRequest, opts: PageOptions = {}): Promise<T[]> {
    return all<T>(this.getter(target), target.path, withQuery(target, opts));
  }

  /** GET for the pager: a built request's pages are checked to be lists. */
  private getter(target: ClientRequest) {
    return async <T>(path: string, opts: RequestOptions): Promise<ApiResponse<T>> => {
      const res = await this.exchange<T>('GET', path, opts);
      if (!isRaw(target)) checkShape(res.data, 'list', () => `GET ${this.shown(this.url(path, opts.query), opts.maskedQuery)}`, res.status);
      return res;
    };
  }

  async close(): Promise<void> {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
    // A dispatcher given is its giver's to close.
    if (this.undiciLoaded && !this.opts.dispatcher) await (await this.undiciLoaded).dispatcher.close();
  }
}

function withQuery(target: ClientRequest, opts: PageOptions): PageOptions {
  const maskedQuery = isRaw(target) ? target.maskedQuery : target.operation.maskedQuery;
  return { ...opts, query: { ...target.query, ...opts.query }, maskedQuery };
}

/** A success whose body is not what the operation answers: exit 1, "unexpected answer" (`what`: the request, worded only then). */
function checkShape(data: unknown, answers: 'object' | 'list' | 'array', what: () => string, status: number): void {
  if (answers === 'array') {
    if (!Array.isArray(data)) throw new DocplatError(`unexpected answer from ${what()}: ${status}, ${describeJson(data)} where an array was expected`);
    return;
  }
  const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);
  if (answers === 'list' && !(isObject && Array.isArray((data as { items?: unknown }).items))) {
    throw new DocplatError(`unexpected answer from ${what()}: ${status}, ${describeJson(data)} where a list (an object with "items") was expected`);
  }
  if (answers === 'object' && !isObject) throw new DocplatError(`unexpected answer from ${what()}: ${status}, ${describeJson(data)} where an object was expected`);
}

function describeJson(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object without an "items" array';
  return `a ${typeof v}`;
}
