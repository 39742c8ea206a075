// Riding through faults: retries with backoff, what is safe to send again,
// time limits, proxies. The sandbox injects the faults on a loopback port.
// The commands run in this process, except through a proxy: undici's
// EnvHttpProxyAgent reads NO_PROXY and HTTPS_PROXY from process.env when the
// client does not pass them, so only a child process with a clean environment
// shows what the CLI does with the environment it is given.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, setFaults, tsv, useTestApi } from '../helpers.js';

const api = useTestApi({ spaces: 200 });

const faults = (spec: string) => setFaults(api, spec);

async function withFaults<T>(spec: string, fn: () => Promise<T>): Promise<T> {
  await faults(spec);
  try {
    return await fn();
  } finally {
    await faults('');
  }
}

async function deletedIds(n: number): Promise<string[]> {
  const list = await api.cli(['spaces', 'list', '--limit', String(n), '--fields', 'id']);
  const ids = lines(list.stdout);
  expect(ids).toHaveLength(n);
  const del = await api.cli(['spaces', 'delete', '-', '--yes', '--concurrency', '16'], { input: ids.join('\n') });
  expect(del.code, del.stderr).toBe(0);
  return ids;
}

describe('bulk work under faults', () => {
  it('restores 200 spaces through 20% injected 429, 503 and resets: every one restored, exit 0', async () => {
    const ids = await deletedIds(200);
    // Six retries: a request fails for good only if seven tries in a row are faulted (0.2^7 per id).
    const r = await withFaults('429=0.07,503=0.07,reset=0.06,seed=11', () => api.cli(['spaces', 'restore', '-', '--retries', '6'], { input: ids.join('\n') }));
    expect(r.code, r.stderr).toBe(0);
    const rows = tsv(r.stdout);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((x) => x[0]))).toEqual(new Set(ids));
    expect(rows.every((x) => x[1] === 'ok')).toBe(true);
    const listed = new Set(lines((await api.cli(['spaces', 'list', '--all', '--fields', 'id'])).stdout));
    for (const id of ids) expect(listed.has(id)).toBe(true);
    // A re-run over the same ids is safe: each is reported as already active.
    const again = await api.cli(['spaces', 'restore', '-'], { input: ids.join('\n') });
    expect(again.code).toBe(0);
    expect(tsv(again.stdout).every((x) => x[1] === 'skipped' && x[2] === 'already active')).toBe(true);
  });

  it('with a 100% failure rate: exit 5, and every id is listed as failed with its reason', async () => {
    const ids = await deletedIds(20);
    const r = await withFaults('503=1', () => api.cli(['spaces', 'restore', ...ids, '--retries', '1']));
    expect(r.code).toBe(5);
    const rows = tsv(r.stdout);
    expect(rows.map((x) => x[0]).sort()).toEqual([...ids].sort());
    for (const row of rows) {
      expect(row[1]).toBe('failed');
      expect(row[2]).toMatch(/503/);
    }
    const last = lines(r.stderr).at(-1)!;
    expect(last).toMatch(/^error: restored 0 of 20, 20 failed: /);
    for (const id of ids) expect(last).toContain(id);
    // once the faults are gone, the same command finishes the job
    const retry = await api.cli(['spaces', 'restore', ...ids]);
    expect(retry.code).toBe(0);
  });
});

describe('what is sent again', () => {
  it('a create is not sent again once it may have reached the server: the outcome is unknown', async () => {
    const before = api.sandbox.requestCount;
    const r = await withFaults('reset=1', () => api.cli(['spaces', 'create', '--title', 'Maybe']));
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: POST \/orgs\/[^/]+\/spaces: outcome unknown, the request may have reached the server/);
    expect(api.sandbox.requestCount - before).toBe(1);
  });

  it('a create is sent again after a 429, which the API did not process', async () => {
    const before = api.sandbox.requestCount;
    const r = await withFaults('429=1', () => api.cli(['spaces', 'create', '--title', 'Later', '--retries', '2']));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/429/);
    expect(api.sandbox.requestCount - before).toBe(3);
  });

  it('a GET is retried on 503 and --debug says why it waits', async () => {
    const r = await withFaults('503=1', () => api.cli(['spaces', 'list', '--limit', '1', '--retries', '2', '--debug']));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/retrying GET \/orgs\/[^ ]+ in \d+\.\ds \(503 Service Unavailable, try 2 of 3\)/);
    expect(r.stderr).toMatch(/try 3 of 3/);
  });

  it('Retry-After is honoured', async () => {
    const started = Date.now();
    const r = await withFaults('429=1,retryAfter=1', () => api.cli(['orgs', 'list', '--retries', '1', '--debug']));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/retrying GET \/orgs\?limit=100 in 1\.0s \(429 Too Many Requests/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

describe('time limits', () => {
  it('--timeout bounds a request that never answers', async () => {
    const [id] = lines((await api.cli(['spaces', 'list', '--limit', '1', '--fields', 'id'])).stdout);
    const r = await withFaults('hang=1', () => api.cli(['spaces', 'get', id, '--timeout', '0.5', '--retries', '0']));
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`error: GET /spaces/${id}: no answer within 0.5 s, the time limit (timed out waiting for the response)`]);
    const viaEnv = await withFaults('hang=1', () => api.cli(['spaces', 'get', id, '--retries', '0'], { env: { DOCPLAT_TIMEOUT: '0.5' } }));
    expect(viaEnv.code).toBe(1);
    expect(viaEnv.stderr).toMatch(/timed out/);
  });
});

describe('proxies', () => {
  let proxy: Server;
  let proxied: string[] = [];
  beforeAll(async () => {
    // A forward proxy: undici tunnels through it with CONNECT.
    proxy = createServer((_req, res) => {
      res.writeHead(501);
      res.end();
    });
    proxy.on('connect', (req, socket, head) => {
      proxied.push(`${req.method} ${req.url}`);
      const [host, port] = req.url!.split(':');
      const upstream = connect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => new Promise<void>((r) => proxy.close(() => r())));

  it('HTTP_PROXY is used, and NO_PROXY bypasses it', async () => {
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    proxied = [];
    const r = await api.spawn(['orgs', 'list'], { env: { HTTP_PROXY: proxyUrl } });
    expect(r.code, r.stderr).toBe(0);
    expect(proxied).toEqual([`CONNECT ${new URL(api.sandbox.url).host}`]);
    proxied = [];
    const direct = await api.spawn(['orgs', 'list'], { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } });
    expect(direct.code, direct.stderr).toBe(0);
    expect(proxied).toEqual([]);
  });
});
