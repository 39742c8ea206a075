// One try through undici's dispatcher when the whole answer is read (JSON,
// text) or discarded: what undici's `request()` does, without the body stream
// and the async resource it makes for each request (about a tenth of a
// millisecond of CPU a request: an org plan sends hundreds, an export
// thousands). The head resolves with the status and headers; the body is kept
// within its bound (a longer one aborts the request: TooLarge), or with
// `discard` counted and dropped (past the bound the connection is dropped).
import type { Dispatcher } from 'undici';
import { CappedBody, TooLarge } from './errors.js';

export interface Dispatched {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (UTF-8); rejects with TooLarge past `maxBytes`, or with the error that cut it. */
  body: { text(): Promise<string> };
}

export interface DispatchOptions {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal: AbortSignal;
  headersTimeout: number;
  bodyTimeout: number;
  maxBytes: number;
  /** A success whose body is not wanted: read up to `discardBytes` and dropped (the connection stays usable), else cut. */
  discard?: (status: number) => boolean;
  discardBytes?: number;
}

type ParseHeaders = (raw: Buffer[]) => Record<string, string | string[] | undefined>;

export function dispatched(dispatcher: Dispatcher, parseHeaders: ParseHeaders, url: string, o: DispatchOptions): Promise<Dispatched> {
  return new Promise<Dispatched>((resolveHead, rejectHead) => {
    const target = new URL(url);
    let abort: ((reason?: Error) => void) | undefined;
    let headed = false;
    let settleBody: { resolve(text: string): void; reject(err: unknown): void } | undefined;
    let body = new CappedBody(o.maxBytes);
    let dropping = false;
    const onAbort = () => abort?.(abortError(o.signal));
    const done = () => o.signal.removeEventListener('abort', onAbort);
    const fail = (err: unknown) => {
      done();
      if (!headed) rejectHead(err);
      else settleBody?.reject(err);
    };
    // Past the bound (a declared length, or the bytes read): a dropped body ends here, a kept one fails; the rest is not read.
    const overBound = (): false => {
      const err = new TooLarge(body.max);
      if (dropping) {
        done();
        settleBody?.resolve('');
      } else fail(err);
      abort?.(err);
      return false;
    };
    if (o.signal.aborted) return rejectHead(abortError(o.signal));
    o.signal.addEventListener('abort', onAbort, { once: true });
    const handler: Dispatcher.DispatchHandler = {
      onConnect(cut) {
        abort = cut;
        if (o.signal.aborted) cut(abortError(o.signal));
      },
      onHeaders(statusCode, rawHeaders) {
        // 1xx answers are interim: undici calls again with the final one.
        if (statusCode < 200) return true;
        headed = true;
        if (o.discard?.(statusCode)) {
          dropping = true;
          body = new CappedBody(o.discardBytes ?? 0, false);
        }
        const text = new Promise<string>((resolve, reject) => (settleBody = { resolve, reject }));
        // Never read (a declared length over the bound, a discarded body): its failure is nobody's.
        text.catch(() => undefined);
        const headers = parseHeaders(rawHeaders as Buffer[]);
        resolveHead({ statusCode, headers, body: { text: () => text } });
        // A declared length over the bound: not one byte of the body is read (the caller refuses it by its header).
        return Number(headers['content-length']) > body.max ? overBound() : true;
      },
      onData(chunk) {
        return body.add(chunk) ? true : overBound();
      },
      onComplete() {
        done();
        settleBody?.resolve(body.text());
      },
      onError(err) {
        fail(err);
      },
    };
    dispatcher.dispatch(
      { origin: target.origin, path: `${target.pathname}${target.search}`, method: o.method, headers: o.headers, body: o.body, headersTimeout: o.headersTimeout, bodyTimeout: o.bodyTimeout },
      handler,
    );
  });
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 'UND_ERR_ABORTED' });
}
