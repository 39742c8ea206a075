// The one request the client sends that the operation table does not
// describe: `docplat api`'s call to any path, and a download from a URL the
// API gave (a file's downloadURL on the storage origin, an OpenAPI document).
// Every other request is a BuiltRequest (api/request.ts): its retries, masked
// fields and answer shape come from its operation. Only src/commands/api/ and
// the downloads build one (test/commands/runner/client-calls.test.ts).
import type { Idempotency } from './retry.js';
import type { RequestOptions } from './transport.js';

export interface RawRequest {
  readonly raw: true;
  method: string;
  /** A path below the API URL, or an absolute http(s) URL (another origin gets no token). */
  path: string;
  query: NonNullable<RequestOptions['query']>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with a content-type among `headers`), instead of `body`. */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Whether sending it again is harmless; no operation says it. */
  idempotency: Idempotency;
  /** Query parameters whose values --debug and messages show as `***`. */
  maskedQuery?: readonly string[];
  /** What a success answers: parsed JSON, text, the body unread (a download), or nothing. */
  as: NonNullable<RequestOptions['as']>;
  /** With `stream`: a large body (a download of megabytes), which node:http carries fastest. */
  large?: boolean;
  /** The most bytes of the answer read. */
  maxBytes?: number;
}

/**
 * A request of a method to a path or URL. Unless told, a POST or a PATCH is
 * sent again only when the server surely did not get it (no operation says
 * that repeating it is harmless), any other method after a transient failure.
 */
export function rawRequest(method: string, path: string, opts: Partial<Omit<RawRequest, 'raw' | 'method' | 'path'>> = {}): RawRequest {
  const idempotency = opts.idempotency ?? (method === 'POST' || method === 'PATCH' ? 'create' : 'safe');
  return { ...opts, raw: true, method, path, query: opts.query ?? {}, idempotency, as: opts.as ?? 'json' };
}

export const isRaw = (r: object): r is RawRequest => (r as { raw?: unknown }).raw === true;
