// The ways a request travels (issue 15, 33): a command's first request goes
// through node:http on a connection of its own, the next ones sent one at a
// time through node:http on a keep-alive agent; once two are in flight
// together, and for streams and proxies, undici carries them. Timeouts,
// retries, resets and interrupts behave the same on each. The server is a
// real one on loopback that does what each test tells it to.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/http.js';
import { rawRequest } from '../../src/client/raw.js';
import { ApiError } from '../../src/errors.js';

let handle: (req: IncomingMessage, res: ServerResponse, n: number) => void = (_req, res) => res.end('{}');
let count = 0;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (req.url === '/v1/warm') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    handle(req, res, count++);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const TRANSPORTS = ['node:http', 'node:http, kept alive', 'undici'] as const;

/** A client whose next request goes through the named transport, and the debug lines it writes. */
async function clientFor(transport: (typeof TRANSPORTS)[number], opts: { timeoutMs?: number; retries?: number; signal?: AbortSignal } = {}) {
  const debug: string[] = [];
  const c = new ApiClient({ baseUrl: base, token: 't0ken', userAgent: 'test', retries: 2, sleep: async () => undefined, debug: (l) => debug.push(l), ...opts });
  // A request before: the next one is not the first. Two at once: the next ones take undici.
  if (transport === 'node:http, kept alive') await c.send(rawRequest('GET', '/warm'));
  if (transport === 'undici') await Promise.all([c.send(rawRequest('GET', '/warm')), c.send(rawRequest('GET', '/warm'))]);
  debug.length = 0;
  return { c, debug };
}

it('requests one at a time keep to node:http, on one kept connection; once two overlap, undici carries the next', async () => {
  count = 0;
  const ports = new Set<number>();
  handle = (req, res) => {
    ports.add(req.socket.remotePort!);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}');
  };
  const debug: string[] = [];
  const c = new ApiClient({ baseUrl: base, userAgent: 'test', debug: (l) => debug.push(l) });
  for (let i = 0; i < 4; i++) await c.send(rawRequest('GET', '/thing'));
  const via = () => debug.filter((l) => l.startsWith('< 200')).map((l) => /, ([^,]+(?:, kept alive)?)\)$/.exec(l)?.[1]);
  expect(via()).toEqual(['node:http', 'node:http, kept alive', 'node:http, kept alive', 'node:http, kept alive']);
  // The first on a connection of its own, the three next on one kept alive.
  expect(ports.size).toBe(2);
  debug.length = 0;
  await Promise.all([c.send(rawRequest('GET', '/thing')), c.send(rawRequest('GET', '/thing'))]);
  await c.send(rawRequest('GET', '/thing'));
  expect(via()).toEqual(['node:http, kept alive', 'undici', 'undici']);
  await c.close();
});

describe.each(TRANSPORTS)('through %s', (transport) => {
  it('answers, and --debug names the transport', async () => {
    count = 0;
    handle = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}');
    const { c, debug } = await clientFor(transport);
    expect((await c.send(rawRequest('GET', '/thing'))).data).toEqual({ id: 'x' });
    expect(debug.find((l) => l.startsWith('< 200'))).toMatch(new RegExp(`bytes, ${transport}\\)$`));
    await c.close();
  });

  it('retries a GET after a 503 and after a reset in the middle of the body', async () => {
    count = 0;
    handle = (_req, res, n) => {
      if (n === 0) return res.writeHead(503).end();
      if (n === 1) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        return setTimeout(() => res.socket?.destroy(), 20);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    };
    const { c } = await clientFor(transport);
    expect((await c.send(rawRequest('GET', '/thing'))).data).toEqual({ ok: true });
    expect(count).toBe(3);
    await c.close();
  });

  it('a sub-second timeout fires when the answer does not come', async () => {
    count = 0;
    handle = () => undefined; // never answers
    const { c } = await clientFor(transport, { timeoutMs: 200, retries: 0 });
    const started = performance.now();
    const err = await c.send(rawRequest('GET', '/thing')).catch((e) => e);
    const took = performance.now() - started;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toMatch(/timed out waiting for the response/);
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(2000);
    await c.close();
  });

  it('an interrupt aborts the request in flight with its reason', async () => {
    count = 0;
    handle = () => undefined;
    const controller = new AbortController();
    const { c } = await clientFor(transport, { signal: controller.signal });
    const pending = c.send(rawRequest('GET', '/thing')).catch((e) => e);
    setTimeout(() => controller.abort(new Error('stop')), 50);
    expect(((await pending) as Error).message).toBe('stop');
    await c.close();
  });

  it('a POST that may have reached the server is not sent again', async () => {
    count = 0;
    handle = (_req, res) => res.socket?.destroy();
    const { c } = await clientFor(transport);
    const err = await c.send(rawRequest('POST', '/things', { body: { a: 1 } })).catch((e) => e);
    expect((err as ApiError).message).toMatch(/outcome unknown/);
    expect(count).toBe(1);
    await c.close();
  });
});

it('a proxy, or a stream, always goes through undici', async () => {
  handle = (_req, res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('bytes');
  const debug: string[] = [];
  const c = new ApiClient({ baseUrl: base, userAgent: 'test', debug: (l) => debug.push(l) });
  const res = await c.send<AsyncIterable<Buffer>>(rawRequest('GET', '/file', { as: 'stream' }));
  const chunks: Buffer[] = [];
  for await (const chunk of res.data) chunks.push(chunk);
  expect(Buffer.concat(chunks).toString()).toBe('bytes');
  expect(debug.find((l) => l.startsWith('< 200'))).toMatch(/streamed, undici\)$/);
  await c.close();
});
