// The sandbox reached without a socket: an undici Dispatcher that hands each
// request for the sandbox's two origins (the API and the storage origin)
// straight to their handlers (handler.ts, storage.ts) in this process, and
// the answer back to undici as a connection would, body streamed with
// backpressure. The fast test tier gives it to in-process CLI runs (the IO's
// `dispatcher`); any other origin, the sandbox's API while faults are on
// (they are played on a connection: resets, cuts, hangs), and a closed
// sandbox go over a real connection (an undici Agent). Not part of the CLI's bundle: nothing in the
// command's road imports it.
import { Agent, Dispatcher } from 'undici';
import { MAX_BODY_BYTES, bodyTooLarge, replyHeaders } from './handler.js';
import type { Sandbox } from './server.js';

/** The legacy handler interface undici's own request() hands a dispatcher. */
interface Handler {
  onConnect?(abort: (reason?: Error) => void, context?: object): void;
  onHeaders?(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean;
  onData?(chunk: Buffer): boolean;
  onComplete?(trailers: Buffer[]): void;
  onError?(err: Error): void;
}

/** An answer to play: status, headers, and the body's chunks. */
interface Answer {
  status: number;
  headers: Record<string, string | number>;
  chunks: Iterable<Buffer>;
  done?(outcome: number | string): void;
}

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content', 205: 'Reset Content' };

export class MemoryDispatcher extends Dispatcher {
  private readonly apiOrigin: string;
  private readonly storageOrigin: string;
  private network?: Agent;

  constructor(readonly sandbox: Sandbox) {
    super();
    this.apiOrigin = new URL(sandbox.url).origin;
    this.storageOrigin = new URL(sandbox.storageUrl).origin;
  }

  /** Requests to other origins, and to the API while faults are on, travel over real connections. */
  private connected(): Agent {
    this.network ??= new Agent({ keepAliveTimeout: 10_000 });
    return this.network;
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = opts.origin === undefined ? '' : new URL(String(opts.origin)).origin;
    const { api } = this.sandbox.handlers;
    // A closed sandbox is reached (and refuses) as a connection would.
    const here = !api.closed && (origin === this.storageOrigin || (origin === this.apiOrigin && api.faults === undefined));
    if (!here) return this.connected().dispatch(opts, handler);
    void this.exchange(origin === this.apiOrigin, opts, handler as Handler);
    return true;
  }

  private async exchange(api: boolean, opts: Dispatcher.DispatchOptions, handler: Handler): Promise<void> {
    let aborted: Error | undefined;
    let wake: (() => void) | undefined;
    handler.onConnect?.((reason) => {
      aborted ??= reason ?? new Error('The request was aborted.');
      wake?.();
    }, {});
    try {
      // An answer comes in a later turn of the event loop, as from a connection: a caller that
      // polls in a loop lets timers and I/O (a fetch the sandbox makes) run between its requests.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (aborted) throw aborted;
      const method = opts.method;
      const authorization = headerOf(opts.headers, 'authorization');
      const body = await bodyOf(opts.body);
      let answer: Answer;
      if (api) {
        const outcome = await this.sandbox.handlers.api.handle({ method, url: opts.path, authorization, body: async () => {
            if (body && body.length > MAX_BODY_BYTES) throw bodyTooLarge();
            return body;
          },
        });
        // Faults are sent over connections (see dispatch): an outcome here is always a reply.
        if ('fault' in outcome) throw new Error(`the in-memory sandbox cannot play the fault "${outcome.fault}"`);
        const reply = outcome.reply;
        answer = { status: reply.status, headers: replyHeaders(reply), chunks: reply.body && method !== 'HEAD' ? [reply.body] : [] };
      } else {
        answer = this.sandbox.handlers.storage.handle(method, opts.path, authorization);
      }
      if (aborted) throw aborted;
      const raw = Object.entries(answer.headers).flatMap(([k, v]) => [Buffer.from(k), Buffer.from(String(v))]);
      let flowing = handler.onHeaders?.(answer.status, raw, () => wake?.(), STATUS_TEXT[answer.status] ?? '') !== false;
      wake = undefined;
      for (const chunk of answer.chunks) {
        // Paused by the reader (its buffer is full): on until it asks for more (resume) or aborts.
        if (!flowing && !aborted) await new Promise<void>((resolve) => (wake = resolve));
        if (aborted) {
          answer.done?.('aborted');
          throw aborted;
        }
        wake = undefined;
        flowing = handler.onData?.(chunk) !== false;
      }
      handler.onComplete?.([]);
      answer.done?.(answer.status);
    } catch (err) {
      handler.onError?.(err as Error);
    }
  }

  override async close(): Promise<void> {
    await this.network?.close();
  }

  override async destroy(): Promise<void> {
    await this.network?.destroy();
  }
}

/** A request header's value, from undici's headers (an object, or a flat array of names and values). */
function headerOf(headers: Dispatcher.DispatchOptions['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  const pairs: [string, unknown][] = Array.isArray(headers)
    ? Array.from({ length: headers.length / 2 }, (_, i) => [String(headers[2 * i]), headers[2 * i + 1]])
    : Object.entries(headers as Record<string, unknown>);
  const found = pairs.find(([k]) => k.toLowerCase() === name)?.[1];
  return found === undefined ? undefined : String(found);
}

/** A request body, whole: undefined when there is none. */
async function bodyOf(body: Dispatcher.DispatchOptions['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
