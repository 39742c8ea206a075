// The token goes to the API's own origin only. Two real servers on loopback
// (different ports are different origins): the API, and a storage host such
// as a file's downloadURL points at. Both record the headers they receive.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/http.js';
import { rawRequest } from '../../src/client/raw.js';
import { ApiError } from '../../src/errors.js';

const TOKEN = 'secret-token-origin-test';
const FILE = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));

interface Host {
  server: Server;
  url: string;
  seen: { url: string; headers: IncomingHttpHeaders; body: string }[];
}

async function host(answer: (path: string) => { status: number; type: string; body: Buffer | string }): Promise<Host> {
  const h = { seen: [] } as unknown as Host;
  h.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      h.seen.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      const a = answer(req.url ?? '');
      res.writeHead(a.status, { 'content-type': a.type });
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => h.server.listen(0, '127.0.0.1', r));
  h.url = `http://127.0.0.1:${(h.server.address() as { port: number }).port}`;
  return h;
}

let api: Host;
let storage: Host;

beforeAll(async () => {
  api = await host((path) =>
    path.startsWith('/v1/missing') ? { status: 404, type: 'application/json', body: '{"error":{"code":404,"message":"No such file."}}' } : { status: 200, type: 'application/json', body: '{"ok":true}' },
  );
  storage = await host((path) => (path === '/gone' ? { status: 404, type: 'text/plain', body: 'no' } : { status: 200, type: 'application/octet-stream', body: FILE }));
});
afterAll(async () => {
  for (const h of [api, storage]) await new Promise<void>((r) => h.server.close(() => r()));
});
beforeEach(() => {
  api.seen.length = 0;
  storage.seen.length = 0;
});

const client = () => new ApiClient({ baseUrl: `${api.url}/v1`, token: TOKEN, userAgent: 'test', retries: 0 });

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('the token and the origin', () => {
  it('sends the token to the API, by path or by absolute URL on its origin', async () => {
    const c = client();
    await c.send(rawRequest('GET', '/spaces/x'));
    await c.send(rawRequest('GET', `${api.url}/v1/spaces/y`));
    await c.close();
    expect(api.seen.map((s) => s.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('never sends it to another origin, and streams the body from there', async () => {
    const c = client();
    const res = await c.send<Readable>(rawRequest('GET', `${storage.url}/files/logo.png`, { as: 'stream' }));
    expect(res.status).toBe(200);
    expect((await bytes(res.data)).equals(FILE)).toBe(true);
    await c.close();
    expect(storage.seen).toHaveLength(1);
    expect(storage.seen[0].headers.authorization).toBeUndefined();
    expect(JSON.stringify(storage.seen[0].headers)).not.toContain(TOKEN);
  });

  it('does not let a caller set Authorization through extra headers', async () => {
    const c = client();
    await c.send(rawRequest('GET', `${storage.url}/x`, { as: 'stream', headers: { Authorization: `Bearer ${TOKEN}`, 'X-Trace': 'abc' } })).then((r) => bytes(r.data as Readable));
    await c.close();
    expect(storage.seen[0].headers.authorization).toBeUndefined();
    expect(storage.seen[0].headers['x-trace']).toBe('abc');
  });

  it('reports a failed download as an ApiError with its status, not a stream', async () => {
    const c = client();
    const err = await c.send(rawRequest('GET', `${storage.url}/gone`, { as: 'stream' })).catch((e: unknown) => e);
    await c.close();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect((err as ApiError).exitCode).toBe(3);
  });
});

describe('raw bodies and text answers', () => {
  it('sends a raw body with its own content type, and returns text as is', async () => {
    const c = client();
    const res = await c.send<string>(rawRequest('PUT', '/things/1', { rawBody: 'openapi: 3.1.0\n', headers: { 'content-type': 'application/yaml' }, as: 'text' }));
    await c.close();
    expect(res.data).toBe('{"ok":true}');
    expect(api.seen[0].body).toBe('openapi: 3.1.0\n');
    expect(api.seen[0].headers['content-type']).toBe('application/yaml');
  });

  it('keeps the API error message for a text request', async () => {
    const c = client();
    const err = await c.send(rawRequest('GET', '/missing', { as: 'text' })).catch((e: unknown) => e);
    await c.close();
    expect((err as ApiError).message).toMatch(/404 No such file\./);
  });
});
