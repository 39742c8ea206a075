// The one HTTP client of docplat: undici with a keep-alive agent shared by all
// calls, bearer auth, JSON bodies, cursor pagination, retries and one error
// type. It knows nothing of commands or output.
import { setMaxListeners } from 'node:events';
import type { Dispatcher } from 'undici';
import { cjsExports } from '../cjs.js';
import { lightRequest } from './light.js';
import { ApiError, UsageError } from '../errors.js';

/**
 * How safe it is to send a request again:
 * - `safe`: repeating it has the same effect (GET, PUT, PATCH, DELETE, and
 *   POSTs that are idempotent by effect: restore, transfer, move, ping, ...);
 * - `create`: a POST that creates something; sent again only when the server
 *   surely did not process it (429, or the connection failed before sending).
 */
export type Idempotency = 'safe' | 'create';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null | string[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** What --debug prints in place of `body` (secrets masked); default: the body sent. */
  shownBody?: unknown;
  /** Sent as is (with a content-type among `headers`), instead of `body`. */
  rawBody?: string | Uint8Array;
  /** Extra request headers. `authorization` cannot be set here: the token is the client's to send. */
  headers?: Record<string, string>;
  /**
   * What a success answers: `json` (default) the parsed body, which must be
   * JSON; `text` the body as text; `stream` the body unread, for downloads
   * (the caller must consume or destroy it).
   */
  as?: 'json' | 'text' | 'stream';
  /** With `stream`: the body is expected to be large (a download of megabytes), which node:http carries fastest. */
  large?: boolean;
  idempotency?: Idempotency;
  signal?: AbortSignal;
  /**
   * Not aborted by the client's own signal (an interrupt): a request whose
   * answer the caller will still use (a page being exported) completes, so
   * work done on the server is not thrown away. The time limit still applies.
   */
  finishOnInterrupt?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
}

export interface Page<T = unknown> {
  items: T[];
  count?: number;
  next?: { page: string };
}

export interface ClientOptions {
  baseUrl: string;
  token?: string;
  userAgent: string;
  /** Per-request time limit (connect, headers and body), in ms. */
  timeoutMs?: number;
  retries?: number;
  /** Upper bound of one wait between tries, in ms. */
  maxWaitMs?: number;
  insecureHttp?: boolean;
  debug?: (line: string) => void;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Sleep used between retries; tests may replace it. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const SUCCESS = new Set([200, 201, 204, 205]);
const RETRY_STATUS = new Set([429, 502, 503, 504]);
/** Errors where the request surely never reached the server. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export class ApiClient {
  readonly baseUrl: string;
  /** The API's own origin: the only one the token is ever sent to. */
  readonly origin: string;
  private readonly proxied: boolean;
  private readonly env: NodeJS.ProcessEnv;
  /** Requests started (not counting retries): the first may take the one-shot transport. */
  private requests = 0;
  private undiciLoaded?: Promise<{ request: typeof import('undici').request; dispatcher: Dispatcher }>;
  private readonly opts: Required<Pick<ClientOptions, 'timeoutMs' | 'retries' | 'maxWaitMs'>> & ClientOptions;

  constructor(opts: ClientOptions) {
    let url: URL;
    try {
      url = new URL(opts.baseUrl);
    } catch {
      throw new UsageError(`invalid API URL "${opts.baseUrl}": expected something like https://api.gitbook.com/v1`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UsageError(`invalid API URL "${opts.baseUrl}": only http and https are supported`);
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
   * The one place that decides how a request travels. A command's first
   * request goes through node:http (`light.ts`) when no proxy applies and
   * no stream is wanted: a one-request command never loads undici nor
   * compiles its WebAssembly parser. From the second request on (pages,
   * bulk runs, concurrent reads), and for proxies and streams, undici
   * carries them, with its keep-alive pool.
   */
  private viaUndici(opts: RequestOptions): boolean {
    if (this.proxied) return true;
    // A large streamed body: node:http moves its bytes with less work than undici (see the bench's download rows).
    if (opts.as === 'stream') return !opts.large;
    return this.requests++ > 0;
  }

  /** undici and its dispatcher, loaded on first use. */
  private undici(): Promise<{ request: typeof import('undici').request; dispatcher: Dispatcher }> {
    this.undiciLoaded ??= import('undici').then((loaded) => {
      const { Agent, EnvHttpProxyAgent, request } = cjsExports(loaded);
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
      return { request, dispatcher };
    });
    return this.undiciLoaded;
  }

  /** A path below the API URL, or an absolute http(s) URL (another origin gets no token), with the query added. */
  url(path: string, query?: RequestOptions['query']): string {
    let url = /^https?:\/\//.test(path) ? path : this.baseUrl + (path.startsWith('/') ? path : `/${path}`);
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) v.forEach((x) => qs.append(k, x));
      else qs.append(k, String(v));
    }
    const s = qs.toString();
    if (s) url += (url.includes('?') ? '&' : '?') + s;
    return url;
  }

  /** The API path shown in messages: the URL without the base. */
  private shown(url: string): string {
    url = redactQuery(url);
    return url.startsWith(this.baseUrl) ? url.slice(this.baseUrl.length) || '/' : url;
  }

  get<T>(path: string, opts: RequestOptions = {}) {
    return this.request<T>('GET', path, opts);
  }
  post<T>(path: string, opts: RequestOptions = {}) {
    return this.request<T>('POST', path, { idempotency: 'create', ...opts });
  }
  patch<T>(path: string, opts: RequestOptions = {}) {
    return this.request<T>('PATCH', path, opts);
  }
  put<T>(path: string, opts: RequestOptions = {}) {
    return this.request<T>('PUT', path, opts);
  }
  delete<T>(path: string, opts: RequestOptions = {}) {
    return this.request<T>('DELETE', path, opts);
  }

  /**
   * Sends a request, retrying when that is safe. The time limit covers the
   * request as the user waits for it: each try gets what is left of it, and a
   * backoff wait that would outlast it is not taken (so a try that timed out is
   * not sent again). Only a wait the server asked for (Retry-After,
   * X-RateLimit-Reset) extends the limit by its length.
   */
  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = this.url(path, opts.query);
    const idempotency = opts.idempotency ?? (method === 'POST' ? 'create' : 'safe');
    const undici = this.viaUndici(opts);
    let deadline = performance.now() + this.opts.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.send<T>(method, url, opts, undici, Math.max(1, deadline - performance.now()));
      } catch (err) {
        if (!(err instanceof Transport || err instanceof HttpFailure)) throw err;
        let wait = this.retryWait(err, idempotency, attempt);
        const asked = err instanceof HttpFailure && hintedWait(err.headers) !== null;
        if (wait !== null && asked) deadline += wait;
        else if (wait !== null && performance.now() + wait >= deadline) wait = null;
        if (wait === null) throw this.finalError(err, method, url, idempotency);
        this.opts.debug?.(`retrying ${method} ${this.shown(url)} in ${(wait / 1000).toFixed(1)}s (${reason(err)}, try ${attempt + 2} of ${this.opts.retries + 1})`);
        await (this.opts.sleep ?? sleep)(wait, this.signalFor(opts));
      }
    }
  }

  private signalFor(opts: RequestOptions): AbortSignal | undefined {
    const signals = [opts.signal, opts.finishOnInterrupt ? undefined : this.opts.signal].filter((s): s is AbortSignal => !!s);
    return signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  }

  /**
   * One try, through undici or node:http, given `limitMs` to be answered (a
   * streamed body is then bounded by undici's bodyTimeout, between chunks).
   */
  private async send<T>(method: string, url: string, opts: RequestOptions, undici: boolean, limitMs: number): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'user-agent': this.opts.userAgent, accept: '*/*' };
    for (const [k, v] of Object.entries(opts.headers ?? {})) {
      if (k.toLowerCase() !== 'authorization') headers[k.toLowerCase()] = v;
    }
    // The token goes to the API's own origin and nowhere else (a file's downloadURL may be on a storage host).
    if (this.opts.token && new URL(url).origin === this.origin) headers.authorization = `Bearer ${this.opts.token}`;
    let body: string | Uint8Array | undefined;
    if (opts.rawBody !== undefined) {
      body = opts.rawBody;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const debug = this.opts.debug;
    const started = performance.now();
    if (debug) {
      debug(`> ${method} ${redactQuery(url)}`);
      for (const [k, v] of Object.entries(headers)) debug(`> ${k}: ${k === 'authorization' ? 'Bearer ***' : v}`);
      const shown = opts.shownBody !== undefined && opts.rawBody === undefined ? JSON.stringify(opts.shownBody) : body;
      if (shown) debug(`> ${typeof shown === 'string' ? truncate(shown, 2000) : `(${shown.length} bytes)`}`);
    }
    const signal = this.signalFor(opts);
    // undici's own timers tick every half second or so: a time limit under a second would not hold.
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), limitMs);
    const failure = (err: unknown, bodyStarted: boolean): unknown => {
      if (signal?.aborted) return signal.reason ?? err;
      if (timer.signal.aborted) return new Transport({ code: bodyStarted ? 'UND_ERR_BODY_TIMEOUT' : 'UND_ERR_HEADERS_TIMEOUT' }, bodyStarted);
      return new Transport(err, bodyStarted);
    };
    // The caller's signal aborts the try through a listener: AbortSignal.any() would keep each try's
    // combined signal alive until collected (MBs over the thousands of requests of an export).
    const onAbort = () => timer.abort();
    if (signal?.aborted) timer.abort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    let streaming = false;
    const limited = timer.signal;
    let res: Pick<Dispatcher.ResponseData, 'statusCode' | 'headers'> & { body: { text(): Promise<string> } };
    let text: string;
    try {
      try {
        if (undici) {
          const { request, dispatcher } = await this.undici();
          res = await request(url, {
            method: method as Dispatcher.HttpMethod,
            headers,
            body,
            dispatcher,
            signal: limited,
            headersTimeout: this.opts.timeoutMs,
            bodyTimeout: this.opts.timeoutMs,
          });
        } else {
          res = await lightRequest(url, { method, headers, body, signal: limited, ...(opts.as === 'stream' ? { stream: true, idleMs: this.opts.timeoutMs } : {}) });
        }
      } catch (err) {
        throw failure(err, false);
      }
      if (opts.as === 'stream' && SUCCESS.has(res.statusCode)) {
        if (debug) debug(`< ${res.statusCode} ${res.headers['content-type'] ?? ''} (${Math.round(performance.now() - started)} ms, streamed, ${undici ? 'undici' : 'node:http'})`);
        // The body streams on: the caller's signal still aborts it, until it closes.
        streaming = true;
        (res.body as unknown as NodeJS.EventEmitter).once('close', () => signal?.removeEventListener('abort', onAbort));
        return { status: res.statusCode, headers: res.headers, data: res.body as T };
      }
      try {
        text = await res.body.text();
      } catch (err) {
        throw failure(err, true);
      }
    } finally {
      clearTimeout(timeout);
      if (!streaming) signal?.removeEventListener('abort', onAbort);
    }
    const status = res.statusCode;
    if (debug) debug(`< ${status} ${res.headers['content-type'] ?? ''} (${Math.round(performance.now() - started)} ms, ${text.length} bytes, ${undici ? 'undici' : 'node:http'})`);
    const parsed = parseBody(text, res.headers['content-type']);
    if (!SUCCESS.has(status)) throw new HttpFailure(status, res.headers, text, parsed);
    if (opts.as === 'text') return { status, headers: res.headers, data: text as T };
    if (status === 204 || status === 205) return { status, headers: res.headers, data: undefined as T };
    if (parsed === NOT_JSON || parsed === undefined) {
      throw new HttpFailure(status, res.headers, text, parsed, text ? 'response is not JSON' : 'empty response');
    }
    if (isErrorBody(parsed)) throw new HttpFailure(status, res.headers, text, parsed, 'error body with a success status');
    return { status, headers: res.headers, data: parsed as T };
  }

  /** Milliseconds to wait before the next try, or null to give up. */
  private retryWait(err: unknown, idempotency: Idempotency, attempt: number): number | null {
    if (attempt >= this.opts.retries) return null;
    if (err instanceof HttpFailure) {
      if (!RETRY_STATUS.has(err.status) || err.reason) return null;
      if (err.status !== 429 && idempotency === 'create') return null;
      const hinted = hintedWait(err.headers);
      if (hinted !== null) return Math.min(hinted, this.opts.maxWaitMs);
      return backoff(attempt, this.opts.maxWaitMs);
    }
    if (err instanceof Transport) {
      if (idempotency === 'create' && !(NOT_SENT.has(err.code) && !err.bodyStarted)) return null;
      return backoff(attempt, this.opts.maxWaitMs);
    }
    return null;
  }

  private finalError(err: unknown, method: string, url: string, idempotency: Idempotency): Error {
    const path = this.shown(url);
    if (err instanceof HttpFailure) {
      const apiMessage = err.apiMessage();
      let message: string;
      if (err.reason) message = `unexpected response from ${method} ${path}: ${err.status}, ${err.reason}: ${preview(err.text)}`;
      else if (apiMessage) message = `${method} ${path}: ${err.status} ${apiMessage}`;
      else message = `${method} ${path}: ${err.status} ${statusText(err.status)}${err.text ? `: ${preview(err.text)}` : ''}`;
      return new ApiError(message, err.status, method, path, apiMessage, { headers: err.headers, text: err.text });
    }
    if (err instanceof Transport) {
      const where = new URL(url).origin + new URL(this.baseUrl).pathname;
      let message = `cannot reach ${where.replace(/\/$/, '')} (${err.describe()})`;
      // Through a proxy, the connection that failed may be the proxy's: say so, with its address.
      const peer = err.cause as { address?: string; port?: number } | undefined;
      const target = new URL(url);
      if (this.proxied && peer?.port !== undefined && String(peer.port) !== (target.port || (target.protocol === 'https:' ? '443' : '80'))) {
        message = `cannot reach the proxy at ${peer.address ?? '?'}:${peer.port} (${err.describe()}) to reach ${where.replace(/\/$/, '')}: check HTTPS_PROXY, HTTP_PROXY and NO_PROXY`;
      }
      // The server was reached, but its answer did not arrive (whole).
      if (TIMEOUTS.has(err.code)) message = `${method} ${path}: no answer within ${this.opts.timeoutMs / 1000} s, the time limit (${err.describe()})`;
      else if (err.bodyStarted) message = `${method} ${path}: the answer was cut off (${err.describe()})`;
      if (idempotency === 'create' && !NOT_SENT.has(err.code)) {
        message = `${method} ${path}: outcome unknown, the request may have reached the server (${err.describe()}); check before sending it again`;
      }
      return new ApiError(message, undefined, method, path);
    }
    return err as Error;
  }

  /** Follows `next.page` cursors, sending `limit = min(remaining, pageSize)` (pageSize: 1000 unless given). */
  async *pages<T>(path: string, opts: { query?: RequestOptions['query']; limit?: number; cursor?: string; pageSize?: number; signal?: AbortSignal } = {}): AsyncGenerator<Page<T>> {
    let remaining = opts.limit ?? Infinity;
    let cursor = opts.cursor;
    while (remaining > 0) {
      const query = { ...opts.query, page: cursor, limit: Math.min(remaining, opts.pageSize ?? 1000) };
      const { data } = await this.get<Page<T>>(path, { query, signal: opts.signal });
      const items = Array.isArray(data?.items) ? data.items : [];
      const page = items.length > remaining ? { ...data, items: items.slice(0, remaining) } : data;
      // `items` of the answer: a page without it (not a list) is yielded as is, for the caller to refuse.
      remaining -= Math.min(items.length, remaining);
      yield page;
      cursor = data.next?.page;
      if (!cursor || items.length === 0) return;
    }
  }

  /** Every item of a paginated list (all its pages, in order). */
  async all<T>(path: string, opts: Parameters<ApiClient['pages']>[1] = {}): Promise<T[]> {
    const items: T[] = [];
    for await (const page of this.pages<T>(path, opts)) items.push(...page.items);
    return items;
  }

  async close(): Promise<void> {
    if (this.undiciLoaded) await (await this.undiciLoaded).dispatcher.close();
  }
}

class Transport extends Error {
  readonly code: string;
  constructor(override readonly cause: unknown, readonly bodyStarted: boolean) {
    super('transport failure');
    const e = cause as { code?: string; cause?: { code?: string } };
    this.code = e?.code ?? e?.cause?.code ?? '';
  }
  describe(): string {
    const known: Record<string, string> = {
      ECONNREFUSED: 'connection refused',
      ENOTFOUND: 'host not found',
      EAI_AGAIN: 'DNS lookup failed',
      ECONNRESET: 'connection reset',
      EPIPE: 'connection reset',
      UND_ERR_SOCKET: 'connection closed by the server',
      UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
      UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the response',
      UND_ERR_BODY_TIMEOUT: 'timed out reading the response',
      EHOSTUNREACH: 'host unreachable',
      ENETUNREACH: 'network unreachable',
      CERT_HAS_EXPIRED: 'TLS certificate expired',
    };
    return known[this.code] ?? (this.code || String((this.cause as Error)?.message ?? this.cause));
  }
}

const NOT_JSON = Symbol('not json');

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | string[] | undefined>,
    readonly text: string,
    readonly parsed: unknown,
    /** Set when the response itself is malformed (not an ordinary API error). */
    readonly reason?: string,
  ) {
    super(`HTTP ${status}`);
  }
  apiMessage(): string | undefined {
    if (!isErrorBody(this.parsed)) return undefined;
    const m = (this.parsed as { error: { message?: unknown } }).error.message;
    return typeof m === 'string' ? m : undefined;
  }
}

function parseBody(text: string, contentType: string | string[] | undefined): unknown {
  if (!text) return undefined;
  const type = String(contentType ?? '');
  if (type && !/json/i.test(type)) return NOT_JSON;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function isErrorBody(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { error?: unknown }).error === 'object' && (v as { error?: unknown }).error !== null;
}

/** `Retry-After` (seconds or HTTP date), else `X-RateLimit-Reset` (epoch seconds). */
function hintedWait(headers: Record<string, string | string[] | undefined>): number | null {
  const retryAfter = first(headers['retry-after']);
  if (retryAfter !== undefined) {
    if (/^\d+(\.\d+)?$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - Date.now());
  }
  const reset = first(headers['x-ratelimit-reset']);
  if (reset !== undefined && /^\d+$/.test(reset.trim())) return Math.max(0, Number(reset) * 1000 - Date.now());
  return null;
}

/** Exponential backoff with full jitter: uniform in [0, min(cap, 250ms * 2^attempt)]. */
function backoff(attempt: number, cap: number): number {
  return Math.random() * Math.min(cap, 250 * 2 ** attempt);
}

function reason(err: unknown): string {
  if (err instanceof HttpFailure) return `${err.status} ${statusText(err.status)}`;
  if (err instanceof Transport) return err.describe();
  return String(err);
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Waits `ms`; rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
    409: 'Conflict', 412: 'Precondition Failed', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
    500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
  };
  return texts[status] ?? 'HTTP error';
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

/** The first bytes of a body, on one line, for error messages. */
function preview(text: string): string {
  if (!text) return '(empty body)';
  return JSON.stringify(truncate(text.replace(/\s+/g, ' ').trim(), 120));
}

/** Query parameters whose values are secrets (a share link's key): shown as *** in messages and --debug. */
const SECRET_QUERY = /([?&](?:shareKey)=)[^&#]*/g;

export function redactQuery(url: string): string {
  return url.replace(SECRET_QUERY, '$1***');
}
