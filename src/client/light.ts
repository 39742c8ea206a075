// The node:http(s) transport: a command's first request, on a connection of
// its own, and the next ones sent one at a time, on a keep-alive agent. A
// command that makes a single request (`spaces get`, one page of `spaces
// list`, `auth status`) would otherwise pay for loading undici and compiling
// its WebAssembly HTTP parser, about three times the request itself (see the
// README's performance section), and a list of every page ~12 MB of memory. The client (http.ts) decides when
// it is used; it answers in undici's shape so that the client reads both alike.
import { createRequire } from 'node:module';
import type { Agent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { CappedBody, TooLarge } from './errors.js';

// node:http or node:https, whichever the URL needs: https loads TLS, which a loopback sandbox never uses.
const require = createRequire(import.meta.url);
const transports = { 'http:': () => require('node:http') as typeof import('node:http'), 'https:': () => require('node:https') as typeof import('node:https') };

export interface LightResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** With `stream`: the response itself, unread (text() still reads it whole, for an error's body). */
  body: { text(): Promise<string> } | (IncomingMessage & { text(): Promise<string> });
}

/**
 * The body of `res` read to its end within `max` bytes: TooLarge past it
 * (the connection dropped, the rest never read), else the error or the
 * server's close that cut it.
 */
function readBody(res: IncomingMessage, max: number): Promise<string> {
  return new Promise<string>((ok, ko) => {
    const capped = new CappedBody(max);
    res.on('data', (chunk: Buffer) => {
      if (capped.add(chunk)) return;
      ko(new TooLarge(max));
      res.destroy();
    });
    res.once('end', () => ok(capped.text()));
    res.once('error', ko);
    res.once('aborted', () => ko(new LightError('UND_ERR_SOCKET', 'connection closed by the server')));
  });
}

/**
 * A keep-alive agent of node:http or node:https (as `protocol` says) for the
 * requests a client sends one at a time after its first (the pages of a
 * list): one connection kept between them. Its idle sockets do not keep the
 * process alive; the client destroys it when it closes.
 */
export function keepAliveAgent(protocol: string): Agent {
  const { Agent: KeepAlive } = transports[protocol === 'https:' ? 'https:' : 'http:']();
  return new KeepAlive({ keepAlive: true, maxSockets: 8 });
}

/** A transport error with undici's codes, so that the client's retry rules and messages apply unchanged. */
class LightError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One request; its time limit is the client's, through `signal` (the client
 * tells a timeout from an interrupt). A body over `maxBytes` is not read
 * further: the connection is dropped and text() rejects with TooLarge.
 * `stream`: the body is handed over unread (a large download: node:http
 * moves it with less work per byte than undici), and `idleMs` bounds each
 * wait for the next bytes.
 */
export function lightRequest(
  url: string,
  opts: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal?: AbortSignal; maxBytes: number; stream?: boolean; idleMs?: number; agent?: Agent },
): Promise<LightResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const { request: send } = transports[target.protocol === 'https:' ? 'https:' : 'http:']();
    const headers = { ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const req = send(target, { method: opts.method, headers, agent: opts.agent ?? false, signal: opts.signal });
    req.once('error', reject);
    let response: IncomingMessage | undefined;
    if (opts.idleMs !== undefined) {
      req.setTimeout(opts.idleMs, () => {
        const err = new LightError(response ? 'UND_ERR_BODY_TIMEOUT' : 'UND_ERR_HEADERS_TIMEOUT', 'timed out');
        response?.destroy(err);
        req.destroy(err);
      });
    }
    req.once('response', (res) => {
      response = res;
      if (opts.stream) {
        // An error's body, read within the same bound as any answer.
        const text = () => readBody(res, opts.maxBytes);
        return resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: Object.assign(res, { text }) });
      }
      // Read at once (the body is small and in flight); text() hands over what arrived, or the failure.
      const finished = readBody(res, opts.maxBytes);
      finished.catch(() => undefined);
      resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: { text: () => finished } });
    });
    req.end(opts.body);
  });
}
