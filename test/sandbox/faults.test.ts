// Fault injection: the spec parser, each kind of fault over real HTTP, that
// a faulted request changes nothing (except cut), and reproducibility.
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { FaultInjector, parseFaults, startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { admin, call, demo, expectError, expectValid, latestSpec, withSandbox } from './helpers.js';

const ids = demo();
const agent = new Agent({ keepAliveTimeout: 1000 });
afterAll(() => agent.close());

/** A request that reports a network failure as its error code instead of throwing. */
async function attempt(sb: Sandbox, method: string, path: string, body?: unknown, timeoutMs = 2000): Promise<{ status?: number; text?: string; error?: string; ms: number }> {
  const started = performance.now();
  try {
    const res = await request(`${sb.url}${path}`, {
      method: method as 'GET',
      headers: { authorization: `Bearer ${sb.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: agent,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await res.body.text();
    return { status: res.statusCode, text, ms: performance.now() - started };
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return { error: e.code ?? e.cause?.code ?? String(err), ms: performance.now() - started };
  }
}

const setFaults = (sb: Sandbox, spec: string) => admin(sb, 'POST', '/_sandbox/faults', { body: { spec } });

describe('parseFaults', () => {
  it('reads rates, latency, seed and retryAfter', () => {
    expect(parseFaults('429=0.1, 503=0.05,500=0.02,502=0.02,reset=0.05,cut=0.02,hang=0.01,latency=5,seed=42')).toEqual({
      rates: { '429': 0.1, '503': 0.05, '500': 0.02, '502': 0.02, reset: 0.05, cut: 0.02, hang: 0.01 },
      latency: { min: 5, max: 5 },
      seed: 42,
      retryAfter: 0,
    });
    expect(parseFaults('latency=5-50,retryAfter=2,504=1')).toEqual({ rates: { '504': 1 }, latency: { min: 5, max: 50 }, retryAfter: 2 });
    expect(parseFaults('')).toEqual({ rates: {}, latency: { min: 0, max: 0 }, retryAfter: 0 });
    expect(parseFaults('503=.5,seed=-1').seed).toBe(4294967295);
  });

  it.each([
    ['503', /"503" is not key=value/],
    ['404=0.1', /unknown fault "404"; known keys: 429, 500, 502, 503, 504, reset, cut, hang, latency, seed, retryAfter/],
    ['503=1.5', /rate of fault "503" must be a number from 0 to 1, got "1.5"/],
    ['503=abc', /rate of fault "503"/],
    ['503=-0.1', /rate of fault "503"/],
    ['latency=50-5', /latency must be milliseconds/],
    ['latency=fast', /latency must be milliseconds/],
    ['seed=1.5', /seed must be a whole number/],
    ['retryAfter=-1', /retryAfter must be whole seconds/],
    ['503=0.6,500=0.6', /add up to 1.2; they must not exceed 1/],
    ['503=0.1,503=0.2', /"503" is given twice/],
    ['503=0.1,,500=0.1', /fault entry "" is not key=value/],
  ])('rejects %j', (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(message);
  });

  it('startSandbox refuses a bad spec', async () => {
    await expect(startSandbox({ faults: 'boom=1' })).rejects.toThrow(/unknown fault "boom"/);
  });
});

describe('each fault', () => {
  it('429 with Retry-After and X-RateLimit-* headers, and the error body', async () => {
    await withSandbox({ faults: '429=1,retryAfter=1' }, async (sb) => {
      // X-RateLimit-Reset is wall-clock time, whatever the sandbox clock says.
      sb.clock.advance(10 * 86_400_000);
      // The reset is computed while the request is served: between these two instants, plus Retry-After.
      const before = Math.floor(Date.now() / 1000);
      const res = await call(sb, 'GET', '/user');
      const after = Math.ceil(Date.now() / 1000);
      expect(res.status).toBe(429);
      expectValid(latestSpec().errorResponse('UnexpectedError'), res.body);
      expect(res.body.error.code).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['x-ratelimit-limit']).toBe('100');
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(before + 1);
      expect(reset).toBeLessThanOrEqual(after + 1);
    });
    await withSandbox({ faults: '429=1' }, async (sb) => {
      expect((await call(sb, 'GET', '/user')).headers['retry-after']).toBe('0');
    });
  });

  it.each([500, 502, 503, 504])('%i with the error body', async (status) => {
    await withSandbox({ faults: `${status}=1` }, async (sb) => {
      const res = await call(sb, 'GET', '/user');
      expect(res.status).toBe(status);
      expectValid(latestSpec().errorResponse('UnexpectedError'), res.body);
      expect(res.body.error).toEqual({ code: status, message: expect.stringMatching(/injected by the sandbox/) });
    });
  });

  it('a faulted request changes nothing', async () => {
    await withSandbox({ faults: '503=0.5,reset=0.5,seed=3' }, async (sb) => {
      const id = ids.space('Welcome');
      for (let i = 0; i < 10; i++) {
        const r = await attempt(sb, 'DELETE', `/spaces/${id}`);
        expect(r.status === 503 || r.error !== undefined, JSON.stringify(r)).toBe(true);
      }
      await setFaults(sb, '');
      expect((await call(sb, 'GET', `/spaces/${id}`)).body.deletedAt).toBeUndefined();
      expect(sb.requestCount).toBe(11);
    });
  });

  it('reset: the connection is dropped before any response', async () => {
    await withSandbox({ faults: 'reset=1' }, async (sb) => {
      const r = await attempt(sb, 'GET', '/user');
      expect(r.status).toBeUndefined();
      expect(r.error).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
    });
  });

  it('cut: part of the answer, then the connection drops, and the change was made', async () => {
    await withSandbox({ faults: 'cut=1' }, async (sb) => {
      const id = ids.space('Welcome');
      const patch = await attempt(sb, 'PATCH', `/spaces/${id}`, { title: 'Changed under a cut' });
      expect(patch.error, JSON.stringify(patch)).toMatch(/UND_ERR_SOCKET|ECONNRESET|UND_ERR_RES_CONTENT_LENGTH_MISMATCH|UND_ERR_ABORTED/);
      const del = await attempt(sb, 'DELETE', `/spaces/${ids.space('Webhooks')}`);
      expect(del.error, JSON.stringify(del)).toBeDefined();
      await setFaults(sb, '');
      expect((await call(sb, 'GET', `/spaces/${id}`)).body.title).toBe('Changed under a cut');
      expect((await call(sb, 'GET', `/spaces/${ids.space('Webhooks')}`)).body.deletedAt).toBeTypeOf('string');
    });
  });

  it('hang: no answer until the client gives up; close() still returns', async () => {
    const sb = await startSandbox({ faults: 'hang=1' });
    const r = await attempt(sb, 'GET', '/user', undefined, 300);
    expect(r.error).toBe('UND_ERR_HEADERS_TIMEOUT');
    expect(r.ms).toBeGreaterThanOrEqual(250);
    const pending = attempt(sb, 'GET', '/user', undefined, 10_000);
    await sb.close();
    // close() dropped the hanging request: the client learns it long before its own 10 s timeout.
    const dropped = await pending;
    expect(dropped.error).toBeDefined();
    expect(dropped.error).not.toBe('UND_ERR_HEADERS_TIMEOUT');
  });

  it('latency: a fixed delay or a range, on every request', async () => {
    await withSandbox({ faults: 'latency=60' }, async (sb) => {
      const r = await attempt(sb, 'GET', '/user');
      expect(r.status).toBe(200);
      expect(r.ms).toBeGreaterThanOrEqual(55);
    });
    // A range: every draw within it, and not all the same.
    const injector = new FaultInjector(parseFaults('latency=20-40,seed=9'));
    const draws = Array.from({ length: 200 }, () => injector.decide().latencyMs);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...draws)).toBeLessThanOrEqual(40);
    expect(new Set(draws).size).toBeGreaterThan(10);
    await withSandbox({ faults: 'latency=20-40,seed=9' }, async (sb) => {
      for (let i = 0; i < 5; i++) expect((await attempt(sb, 'GET', '/user')).ms).toBeGreaterThanOrEqual(18);
    });
  });

  it('admin endpoints are never faulted; faults change at run time', async () => {
    await withSandbox({ faults: '503=1' }, async (sb) => {
      expect((await admin(sb, 'GET', '/_sandbox/stats')).status).toBe(200);
      expect((await call(sb, 'GET', '/user')).status).toBe(503);
      const set = await setFaults(sb, '500=1');
      expect(set.body.faults.rates).toEqual({ '500': 1 });
      expect((await call(sb, 'GET', '/user')).status).toBe(500);
      expectError(await setFaults(sb, '500=2'), 400, /Invalid fault spec: the rate of fault "500"/);
      expectError(await admin(sb, 'POST', '/_sandbox/faults', { body: {} }), 400, /"spec"/);
      await setFaults(sb, '');
      expect((await call(sb, 'GET', '/user')).status).toBe(200);
    });
  });
});

describe('reproducibility', () => {
  const outcomes = async (spec: string) =>
    withSandbox({ faults: spec }, async (sb) => {
      const seen: string[] = [];
      for (let i = 0; i < 60; i++) {
        const r = await attempt(sb, 'GET', `/orgs/${ids.org('Acme Docs')}/spaces?limit=2`);
        seen.push(r.status !== undefined ? String(r.status) : 'network');
      }
      return seen.join(' ');
    });

  it('the same seed gives the same faults in the same order; another seed does not', async () => {
    const spec = '429=0.2,503=0.2,500=0.1,reset=0.1,seed=7';
    const a = await outcomes(spec);
    const b = await outcomes(spec);
    expect(a).toBe(b);
    expect(new Set(a.split(' '))).toEqual(new Set(['200', '429', '503', '500', 'network']));
    expect(await outcomes(spec.replace('seed=7', 'seed=8'))).not.toBe(a);
  });
});
