// When the client sends a request again, and how long it waits first: safe
// requests after a transient failure, creates only when the server surely did
// not process them; the server's own wait (Retry-After) is honoured only
// within the request's time limit and a cap, and otherwise refused at once.
import { first, HttpFailure, NOT_SENT, statusText, Transport } from './errors.js';

/**
 * How safe it is to send a request again:
 * - `safe`: repeating it has the same effect (GET, PUT, PATCH, DELETE, and
 *   POSTs that are idempotent by effect: restore, transfer, move, ping, ...);
 * - `create`: a POST that creates something; sent again only when the server
 *   surely did not process it (429, or the connection failed before sending).
 */
export type Idempotency = 'safe' | 'create';

const RETRY_STATUS = new Set([429, 502, 503, 504]);

export interface RetryLimits {
  retries: number;
  /** Upper bound of one wait between tries, in ms (also of a wait the server asks for). */
  maxWaitMs: number;
  /** The request's time limit, in ms (for messages). */
  timeoutMs: number;
}

/** The next wait, or why there is none: `refused` when the server asked for a wait the client will not take. */
export type Decision = { wait: number } | { wait: null; refused?: string };

/**
 * Milliseconds to wait before the next try, given what is left of the
 * request's time limit (`leftMs`): a backoff that would outlast it is not
 * taken; a wait the server asks for that would outlast it, or the cap, fails
 * at once, naming the server's wait.
 */
export function retryDecision(err: unknown, idempotency: Idempotency, attempt: number, limits: RetryLimits, leftMs: number): Decision {
  if (attempt >= limits.retries) return { wait: null };
  if (err instanceof HttpFailure) {
    if (!RETRY_STATUS.has(err.status) || err.reason) return { wait: null };
    if (err.status !== 429 && idempotency === 'create') return { wait: null };
    const hinted = hintedWait(err.headers);
    if (hinted !== null) {
      if (hinted > limits.maxWaitMs) return { wait: null, refused: `the server asks to wait ${seconds(hinted)}, more than the ${seconds(limits.maxWaitMs)} docplat waits at most` };
      if (hinted >= leftMs) return { wait: null, refused: `the server asks to wait ${seconds(hinted)}, beyond the time limit of ${seconds(limits.timeoutMs)} (--timeout)` };
      return { wait: hinted };
    }
    return fits(backoff(attempt, limits.maxWaitMs), leftMs);
  }
  if (err instanceof Transport) {
    if (err.malformed) return { wait: null };
    if (idempotency === 'create' && !(NOT_SENT.has(err.code) && !err.bodyStarted)) return { wait: null };
    return fits(backoff(attempt, limits.maxWaitMs), leftMs);
  }
  return { wait: null };
}

const fits = (wait: number, leftMs: number): Decision => (wait < leftMs ? { wait } : { wait: null });

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

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

/** Why a try failed, for the --debug line of a retry. */
export function reason(err: unknown): string {
  if (err instanceof HttpFailure) return `${err.status} ${statusText(err.status)}`;
  if (err instanceof Transport) return err.describe();
  return String(err);
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
