// What can go wrong with one try of a request (the connection, or the
// answer), and the one message each failure becomes for the user (an
// ApiError with its exit code). Used by the client (http.ts) and its retry
// rules (retry.ts); nothing here sends anything.
import { ApiError } from '../errors.js';

export { redactQuery } from './url.js';

/** The connection failed, or the answer did not arrive whole. */
export class Transport extends Error {
  readonly code: string;
  constructor(
    override readonly cause: unknown,
    readonly bodyStarted: boolean,
  ) {
    super('transport failure');
    const e = cause as { code?: string; name?: string; message?: string; cause?: { code?: string } };
    this.code = e?.code ?? e?.cause?.code ?? (e?.name === 'HTTPParserError' ? parserCode(e.message) : '');
  }
  /** The server answered, but not in HTTP (an invalid header, a malformed status line): not "cannot reach", never retried. */
  get malformed(): boolean {
    return this.code.startsWith('HPE_');
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
      HPE_INVALID_HEADER_TOKEN: 'an invalid response header',
      HPE_INVALID_CONSTANT: 'an invalid status line',
      HPE_INVALID_STATUS: 'an invalid status code',
      HPE_HEADER_OVERFLOW: 'response headers too large',
    };
    if (known[this.code]) return known[this.code];
    if (this.malformed) return `malformed HTTP (${this.code})`;
    return this.code || String((this.cause as Error)?.message ?? this.cause);
  }
}

/** undici's parser errors carry no code: `... (Invalid header token)` becomes llhttp's HPE_INVALID_HEADER_TOKEN. */
function parserCode(message = ''): string {
  const what = /\(([^)]+)\)\s*$/.exec(message)?.[1];
  return `HPE_${what ? what.trim().toUpperCase().replace(/\W+/g, '_') : 'INVALID'}`;
}

export const NOT_JSON = Symbol('not json');

/** An answer that is not a success, or a success the client cannot use (`reason` says why). */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string | string[] | undefined>,
    readonly text: string,
    readonly parsed: unknown,
    /** Set when the answer itself is malformed or refused (not an ordinary API error): never retried. */
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

export function isErrorBody(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { error?: unknown }).error === 'object' && (v as { error?: unknown }).error !== null;
}

export interface FailureContext {
  method: string;
  /** The path as shown (secrets masked, base URL cut). */
  path: string;
  /** Where the API is, for "cannot reach" (origin and base path, no credentials). */
  where: string;
  timeoutMs: number;
  create: boolean;
  /** Through a proxy: the port the target listens on, to tell a proxy's failure from the API's. */
  proxy?: { targetPort: string };
  /** Set when the last failure was a server-requested wait the client would not take. */
  refusedWait?: string;
}

/** The error a user sees for the last failure of a request. */
export function finalError(err: unknown, c: FailureContext): Error {
  const { method, path } = c;
  if (err instanceof HttpFailure) {
    const apiMessage = err.apiMessage();
    let message: string;
    if (err.reason) message = `unexpected answer from ${method} ${path}: ${err.status}, ${err.reason}${err.text ? `: ${preview(err.text)}` : ''}`;
    else if (err.status >= 300 && err.status < 400) {
      const location = first(err.headers.location);
      message = `${method} ${path}: ${err.status} ${statusText(err.status)}, ${location ? `redirected to ${preview(location)}` : 'a redirect without a Location'} (redirects are not followed: check the API URL)`;
    } else if (apiMessage) message = `${method} ${path}: ${err.status} ${apiMessage}`;
    else message = `${method} ${path}: ${err.status} ${statusText(err.status)}${err.text ? `: ${preview(err.text)}` : ''}`;
    if (c.refusedWait) message += `; ${c.refusedWait}`;
    return new ApiError(message, err.status, method, path, apiMessage, { headers: err.headers, text: err.text });
  }
  if (err instanceof Transport) {
    let message = `cannot reach ${c.where} (${err.describe()})`;
    // Through a proxy, the connection that failed may be the proxy's: say so, with its address.
    const peer = err.cause as { address?: string; port?: number } | undefined;
    if (c.proxy && peer?.port !== undefined && String(peer.port) !== c.proxy.targetPort) {
      message = `cannot reach the proxy at ${peer.address ?? '?'}:${peer.port} (${err.describe()}) to reach ${c.where}: check HTTPS_PROXY, HTTP_PROXY and NO_PROXY`;
    }
    // The server was reached, but its answer did not arrive (whole), or was not HTTP.
    if (err.malformed) message = `unexpected answer from ${method} ${path}: ${err.describe()}`;
    else if (TIMEOUTS.has(err.code)) message = `${method} ${path}: no answer within ${c.timeoutMs / 1000} s, the time limit (${err.describe()})`;
    else if (err.bodyStarted) message = `${method} ${path}: the answer was cut off (${err.describe()})`;
    if (c.create && !NOT_SENT.has(err.code)) {
      message = `${method} ${path}: outcome unknown, the request may have reached the server (${err.describe()}); check before sending it again`;
    }
    return new ApiError(message, undefined, method, path);
  }
  return err as Error;
}

/** Errors where the request surely never reached the server. */
export const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
export const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function statusText(status: number): string {
  const texts: Record<number, string> = {
    300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
    400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
    409: 'Conflict', 412: 'Precondition Failed', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
    500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
  };
  return texts[status] ?? 'HTTP error';
}

export function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

/** The first bytes of a body (or a header), on one line, quoted with its control characters escaped, for messages. */
export function preview(text: string): string {
  if (!text) return '(empty body)';
  return JSON.stringify(truncate(text.replace(/\s+/g, ' ').trim(), 120)).replace(/[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** An answer longer than the client reads (see MAX_ANSWER_BYTES): reading stopped at the limit. */
export class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`larger than ${limit / 2 ** 20} MiB, the most docplat reads of one answer`);
  }
}

/**
 * The bytes of an answer as they arrive, kept up to a bound (every way a
 * request travels reads its body through one): add() is false once the
 * bound is passed, what was kept dropped (the caller stops reading, TooLarge);
 * `keep: false` only counts (a body read to be discarded).
 */
export class CappedBody {
  private chunks: Buffer[] = [];
  size = 0;

  constructor(
    readonly max: number,
    private readonly keep = true,
  ) {}

  add(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.max) {
      this.chunks.length = 0;
      return false;
    }
    if (this.keep) this.chunks.push(chunk);
    return true;
  }

  text(): string {
    return this.chunks.length === 1 ? this.chunks[0].toString('utf8') : Buffer.concat(this.chunks).toString('utf8');
  }
}
