// The sandbox reached in memory (src/sandbox/memory.ts, the fast tier's way)
// answers as the same sandbox reached over loopback: statuses, headers that
// matter and bodies; a large file streams with backpressure and can be
// abandoned half way; with faults on, and once closed, it is reached (and
// fails) as a connection would.
import { createHash } from 'node:crypto';
import { Agent, request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryDispatcher } from '../../src/sandbox/memory.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { demo } from './helpers.js';

const ids = demo();
const WELCOME = ids.space('Welcome');
let sb: Sandbox;
let memory: MemoryDispatcher;
const loopback = new Agent();
const log: string[] = [];

beforeAll(async () => {
  sb = await startSandbox({ port: 0, largeFileMB: 4, log: (line) => log.push(line) });
  memory = new MemoryDispatcher(sb);
});
afterAll(async () => {
  await sb.close();
  await memory.close();
  await loopback.close();
});

interface Seen {
  status: number;
  type: unknown;
  length: unknown;
  allow: unknown;
  body: string;
}

async function send(dispatcher: Dispatcher, method: string, path: string, opts: { token?: string | null; body?: string; origin?: string } = {}): Promise<Seen> {
  const headers: Record<string, string> = {};
  const token = opts.token === undefined ? sb.token : opts.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(`${opts.origin ?? sb.url}${path}`, { method: method as 'GET', headers, body: opts.body, dispatcher });
  const body = await res.body.text();
  return { status: res.statusCode, type: res.headers['content-type'], length: res.headers['content-length'], allow: res.headers.allow, body };
}

describe('the sandbox in memory', () => {
  it('answers reads as over loopback: status, content type and length, Allow, body', async () => {
    const reads: [string, string, { token?: string | null; body?: string; origin?: string }?][] = [
      ['GET', '/user'],
      ['GET', `/orgs/${ids.org('Acme Docs')}/spaces?limit=3`],
      ['GET', `/spaces/${WELCOME}/content/pages`],
      ['HEAD', `/spaces/${WELCOME}`],
      ['GET', '/spaces/nope'],
      ['GET', '/user', { token: null }],
      ['GET', '/user', { token: 'wrong' }],
      ['PUT', '/user', { body: '{}' }],
      ['POST', `/orgs/${ids.org('Acme Docs')}/spaces`, { body: '{not json' }],
      ['GET', '/_sandbox/stats', { origin: sb.url.replace(/\/v1$/, '') }],
      ['GET', '/nowhere', { origin: sb.url.replace(/\/v1$/, '') }],
    ];
    for (const [method, path, opts] of reads) {
      const inMemory = await send(memory, method, path, opts);
      const connected = await send(loopback, method, path, opts);
      // The stats count requests: each side's own.
      if (path === '/_sandbox/stats') expect(JSON.parse(connected.body).requests).toBe(JSON.parse(inMemory.body).requests);
      else expect(inMemory, `${method} ${path}`).toEqual(connected);
    }
  });

  it('a write through memory is seen over loopback; the request log has both', async () => {
    log.length = 0;
    const created = await send(memory, 'POST', `/orgs/${ids.org('Acme Docs')}/spaces`, { body: JSON.stringify({ title: 'In memory' }) });
    expect(created.status).toBe(201);
    const id = JSON.parse(created.body).id;
    expect(JSON.parse((await send(loopback, 'GET', `/spaces/${id}`)).body).title).toBe('In memory');
    expect(log).toEqual([expect.stringMatching(/^POST \/v1\/orgs\/\S+\/spaces 201 \d+ms$/), expect.stringMatching(new RegExp(`^GET /v1/spaces/${id} 200 \\d+ms$`))]);
  });

  it('a large file streams from the storage origin with backpressure, byte for byte, and can be left half way', async () => {
    const files = JSON.parse((await send(memory, 'GET', `/spaces/${WELCOME}/content/files?limit=100`)).body).items as { name: string; size: number; downloadURL: string }[];
    const large = files.find((f) => f.name === 'large.bin')!;
    const digest = async (dispatcher: Dispatcher, slow: boolean) => {
      const res = await request(large.downloadURL, { dispatcher });
      const hash = createHash('sha256');
      let n = 0;
      for await (const chunk of res.body) {
        hash.update(chunk as Buffer);
        n += (chunk as Buffer).length;
        // A slow reader: the generator must wait for it (its buffer full), not pile the file up in memory.
        if (slow && n % (1 << 20) < 65_536) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { n, hash: hash.digest('hex') };
    };
    const inMemory = await digest(memory, true);
    expect(inMemory.n).toBe(large.size);
    expect(inMemory).toEqual(await digest(loopback, false));

    log.length = 0;
    const res = await request(large.downloadURL, { dispatcher: memory });
    for await (const _ of res.body) break;
    // Leaving the loop destroys the body: the storage origin stops generating.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toEqual([expect.stringMatching(/^storage GET \/files\/\S+ aborted$/)]);
  });

  it('with faults on, the API is reached over a connection (a reset is a reset); off again, in memory', async () => {
    await send(memory, 'POST', '/faults', { origin: `${sb.url.replace(/\/v1$/, '')}/_sandbox`, body: JSON.stringify({ spec: 'reset=1' }) });
    const failure = await request(`${sb.url}/user`, { headers: { authorization: `Bearer ${sb.token}` }, dispatcher: memory }).catch((err: Error & { code?: string }) => err.code);
    expect(failure).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    await send(loopback, 'POST', '/faults', { origin: `${sb.url.replace(/\/v1$/, '')}/_sandbox`, body: JSON.stringify({ spec: '' }) });
    expect((await send(memory, 'GET', '/user')).status).toBe(200);
  });

  it('a closed sandbox is refused as a closed port is', async () => {
    const other = await startSandbox({ port: 0 });
    const way = new MemoryDispatcher(other);
    try {
      expect((await request(`${other.url}/user`, { headers: { authorization: `Bearer ${other.token}` }, dispatcher: way })).statusCode).toBe(200);
      await other.close();
      const failure = await request(`${other.url}/user`, { headers: { authorization: `Bearer ${other.token}` }, dispatcher: way }).catch((err: Error & { code?: string }) => err.code);
      expect(failure).toBe('ECONNREFUSED');
    } finally {
      await way.close();
    }
  });
});
