// One try of a request: the headers (the token only to the API's origin), the
// --debug trace, the trip through undici or node:http (light.ts), and the
// answer read within its size bound, parsed, and sorted into a success or an
// HttpFailure / Transport error for the retry rules (retry.ts).
import type { Dispatcher } from 'undici';
import { deeperThan, MAX_ANSWER_BYTES, MAX_DEPTH } from '../api/limits.js';
import { CappedBody, HttpFailure, isErrorBody, NOT_JSON, redactQuery, TooLarge, Transport, truncate } from './errors.js';
import { dispatched } from './dispatched.js';
import { lightRequest } from './light.js';

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null | string[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** What --debug prints in place of `body` (secrets masked); default: the body sent. */
  shownBody?: unknown;
  /** Query parameters whose values --debug and messages show as `***`. */
  maskedQuery?: readonly string[];
  /** Sent as is (with a content-type among `headers`), instead of `body`. */
  rawBody?: string | Uint8Array;
  /** Extra request headers. `authorization` cannot be set here: the token is the client's to send. */
  headers?: Record<string, string>;
  /**
   * What a success answers: `json` (default) the parsed body, which must be
   * JSON; `text` the body as text; `stream` the body unread, for downloads
   * (the caller must consume or destroy it); `none` nothing (the body, if
   * any, is not read).
   */
  as?: 'json' | 'text' | 'stream' | 'none';
  /** With `stream`: the body is expected to be large (a download of megabytes), which node:http carries fastest. */
  large?: boolean;
  /** The most bytes of the answer read (default MAX_ANSWER_BYTES); a longer answer is an error. */
  maxBytes?: number;
  idempotency?: 'safe' | 'create';
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

/** undici as a try uses it: the dispatcher (its `request()` for a streamed body) and its header parser. */
export interface Undici {
  dispatcher: Dispatcher;
  parseHeaders: (raw: Buffer[]) => Record<string, string | string[] | undefined>;
}

/** What one try needs from the client. */
export interface TryContext {
  userAgent: string;
  token?: string;
  origin: string;
  timeoutMs: number;
  debug?: (line: string) => void;
  undici?: () => Promise<Undici>;
  /** Without undici: the keep-alive agent of node:http(s) to send through; none: a connection of its own. */
  agent?: import('node:http').Agent;
  signal?: AbortSignal;
}

/**
 * Milliseconds of a monotonic clock. Not `performance.now()`: the first use
 * of that global loads node:perf_hooks and eight modules behind it (~1.3 ms
 * of every command's start-up).
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Every 2xx is a success; 1xx, 3xx and the rest are not. */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
/** Successes that carry no body. */
const NO_CONTENT = new Set([204, 205]);

/**
 * One try, through undici (`c.undici` given) or node:http, given `limitMs`
 * to be answered (a streamed body is then bounded between chunks: undici's
 * bodyTimeout, or node:http's idle timeout); any of `signals` aborts it.
 */
export async function sendOnce<T>(c: TryContext, method: string, url: string, opts: RequestOptions, signals: readonly AbortSignal[], limitMs: number): Promise<ApiResponse<T>> {
  const { headers, body } = outgoing(c, url, opts);
  const debug = c.debug;
  const started = monotonicMs();
  if (debug) trace(debug, method, url, opts, headers, body);
  const maxBytes = opts.maxBytes ?? MAX_ANSWER_BYTES;
  // undici's own timers tick every half second or so: a time limit under a second would not hold.
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limitMs);
  // The signal that aborted first (AbortSignal.any's reason: the first aborted in the list, else the first to abort).
  let abortedBy = signals.find((s) => s.aborted);
  const failure = (err: unknown, bodyStarted: boolean): unknown => {
    if (abortedBy) return abortedBy.reason ?? err;
    if (timer.signal.aborted) return new Transport({ code: bodyStarted ? 'UND_ERR_BODY_TIMEOUT' : 'UND_ERR_HEADERS_TIMEOUT' }, bodyStarted);
    return new Transport(err, bodyStarted);
  };
  // The callers' signals (a task's, the context's) abort the try through a listener each: AbortSignal.any() would keep
  // each try's combined signal alive until collected (15 MB of peak RSS over the 2,000 pages of an export).
  const onAbort = (event: Event) => {
    abortedBy ??= event.target as AbortSignal;
    timer.abort();
  };
  const unlisten = () => {
    for (const s of signals) s.removeEventListener('abort', onAbort);
  };
  if (abortedBy) timer.abort();
  else for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
  let streaming = false;
  /** A streamed body goes on after this try returns: the callers' signals abort it until it closes. */
  const streamed = <B>(b: B): B => {
    streaming = true;
    (b as unknown as NodeJS.EventEmitter).once('close', unlisten);
    return b;
  };
  const limited = timer.signal;
  const via = c.undici ? 'undici' : c.agent ? 'node:http, kept alive' : 'node:http';
  let res: Pick<Dispatcher.ResponseData, 'statusCode' | 'headers'> & { body: { text(): Promise<string> } };
  let text = '';
  try {
    try {
      if (c.undici) {
        const { dispatcher, parseHeaders } = await c.undici();
        const timeouts = { headersTimeout: c.timeoutMs, bodyTimeout: c.timeoutMs };
        if (opts.as === 'stream') {
          const target = new URL(url);
          const answer = await dispatcher.request({ origin: target.origin, path: `${target.pathname}${target.search}`, method: method as Dispatcher.HttpMethod, headers, body, signal: limited, ...timeouts });
          if (isSuccess(answer.statusCode)) {
            if (debug) debug(`< ${answer.statusCode} ${answer.headers['content-type'] ?? ''} (${Math.round(monotonicMs() - started)} ms, streamed, undici)`);
            return { status: answer.statusCode, headers: answer.headers, data: streamed(answer.body) as T };
          }
          res = { statusCode: answer.statusCode, headers: answer.headers, body: { text: () => readCapped(answer.body, maxBytes) } };
        } else {
          // Read whole (or, a success of `none`, discarded up to a small bound, then the connection dropped; never parsed).
          const none = opts.as === 'none';
          res = await dispatched(dispatcher, parseHeaders, url, { method: method as Dispatcher.HttpMethod, headers, body, signal: limited, ...timeouts, maxBytes, discard: none ? isSuccess : undefined, discardBytes: 64 * 1024 });
          if (none && isSuccess(res.statusCode)) await res.body.text().catch(() => undefined);
        }
      } else {
        const stream = opts.as === 'stream';
        res = await lightRequest(url, { method, headers, body, signal: limited, maxBytes, agent: c.agent, ...(stream ? { stream, idleMs: c.timeoutMs } : {}) });
        if (stream && isSuccess(res.statusCode)) {
          if (debug) debug(`< ${res.statusCode} ${res.headers['content-type'] ?? ''} (${Math.round(monotonicMs() - started)} ms, streamed, node:http)`);
          return { status: res.statusCode, headers: res.headers, data: streamed(res.body) as T };
        }
      }
    } catch (err) {
      throw failure(err, false);
    }
    const declared = Number(res.headers['content-length']);
    const refused = declared > maxBytes ? new TooLarge(maxBytes) : undefined;
    const read = !(opts.as === 'none' && isSuccess(res.statusCode)) && !refused;
    if (read) {
      try {
        text = await res.body.text();
      } catch (err) {
        if (err instanceof TooLarge) throw new HttpFailure(res.statusCode, res.headers, '', undefined, err.message);
        throw failure(err, true);
      }
    }
    if (refused) throw new HttpFailure(res.statusCode, res.headers, '', undefined, refused.message);
  } finally {
    clearTimeout(timeout);
    if (!streaming) unlisten();
  }
  if (debug) debug(`< ${res.statusCode} ${res.headers['content-type'] ?? ''} (${Math.round(monotonicMs() - started)} ms, ${text.length} bytes, ${via})`);
  return answered<T>(res.statusCode, res.headers, text, opts.as);
}

/** The headers of a try (the token only to the API's own origin) and its body, as JSON or as given. */
function outgoing(c: TryContext, url: string, opts: RequestOptions): { headers: Record<string, string>; body?: string | Uint8Array } {
  const headers: Record<string, string> = { 'user-agent': c.userAgent, accept: '*/*' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (k.toLowerCase() !== 'authorization') headers[k.toLowerCase()] = v;
  }
  // The token goes to the API's own origin and nowhere else (a file's downloadURL may be on a storage host).
  if (c.token && new URL(url).origin === c.origin) headers.authorization = `Bearer ${c.token}`;
  if (opts.rawBody !== undefined) return { headers, body: opts.rawBody };
  if (opts.body === undefined) return { headers };
  headers['content-type'] = 'application/json';
  return { headers, body: JSON.stringify(opts.body) };
}

/** The --debug lines of a try: its URL and headers, secrets masked, and its body (the shown one, masked fields hidden). */
function trace(debug: (line: string) => void, method: string, url: string, opts: RequestOptions, headers: Record<string, string>, body: string | Uint8Array | undefined): void {
  debug(`> ${method} ${redactQuery(url, opts.maskedQuery)}`);
  for (const [k, v] of Object.entries(headers)) debug(`> ${k}: ${k === 'authorization' ? 'Bearer ***' : v}`);
  const shown = opts.shownBody !== undefined && opts.rawBody === undefined ? JSON.stringify(opts.shownBody) : body;
  if (shown) debug(`> ${typeof shown === 'string' ? truncate(shown, 2000) : `(${shown.length} bytes)`}`);
}

/**
 * An answer read whole, sorted: a failure (HttpFailure: not 2xx; not JSON,
 * empty, an error body or nested too deep where JSON was expected), or its
 * data as `as` asks (text, nothing, or parsed JSON).
 */
function answered<T>(status: number, headers: ApiResponse['headers'], text: string, as: RequestOptions['as']): ApiResponse<T> {
  const parsed = parseAnswer(text, headers['content-type']);
  if (!isSuccess(status)) throw new HttpFailure(status, headers, text, parsed);
  if (as === 'text') return { status, headers, data: text as T };
  if (as === 'none' || NO_CONTENT.has(status) || (!text && status !== 200 && status !== 201)) return { status, headers, data: undefined as T };
  if (parsed === NOT_JSON || parsed === undefined) {
    throw new HttpFailure(status, headers, text, parsed, text ? 'response is not JSON' : 'empty response');
  }
  if (isErrorBody(parsed)) throw new HttpFailure(status, headers, text, parsed, 'error body with a success status');
  if (deeperThan(parsed)) throw new HttpFailure(status, headers, '', undefined, `JSON nested deeper than ${MAX_DEPTH} levels`);
  return { status, headers, data: parsed as T };
}

/** A body's text, reading no more than `max` bytes (the rest is not read: the stream is destroyed). */
async function readCapped(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const capped = new CappedBody(max);
  // Leaving the loop destroys the stream: the rest is never read.
  for await (const chunk of body as AsyncIterable<Buffer>) if (!capped.add(chunk)) throw new TooLarge(max);
  return capped.text();
}

function parseAnswer(text: string, contentType: string | string[] | undefined): unknown {
  if (!text) return undefined;
  const type = String(contentType ?? '');
  if (type && !/json/i.test(type)) return NOT_JSON;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}
