// Load: a sandbox with 100,000 extra spaces, and 100 pages of 1,000 spaces
// served over loopback. Times are printed, not asserted (machines differ).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';

const EXTRA = 100_000;
let sb: Sandbox;
let startMs = 0;
const agent = new Agent({ connections: 1 });

beforeAll(async () => {
  const t = performance.now();
  sb = await startSandbox({ port: 0, spaces: EXTRA });
  startMs = performance.now() - t;
  console.log(`sandbox with ${EXTRA} extra spaces ready in ${startMs.toFixed(0)} ms`);
}, 60_000);
afterAll(async () => {
  await sb.close();
  await agent.close();
});

function pageUrl(cursor?: string): URL {
  const url = new URL(`${sb.url}/orgs/${sb.defaultOrg}/spaces`);
  url.searchParams.set('limit', '1000');
  if (cursor) url.searchParams.set('page', cursor);
  return url;
}

async function page(cursor?: string): Promise<{ items: { id: string }[]; count: number; next?: { page: string } }> {
  const res = await request(pageUrl(cursor), { headers: { authorization: `Bearer ${sb.token}` }, dispatcher: agent });
  expect(res.statusCode).toBe(200);
  return (await res.body.json()) as never;
}

/** A page's bytes and its cursor, read from the head of the body: no JSON parse of the items. */
async function pageBytes(cursor?: string): Promise<{ bytes: number; next?: string }> {
  const res = await request(pageUrl(cursor), { headers: { authorization: `Bearer ${sb.token}` }, dispatcher: agent });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { bytes: body.length, next: /^\{"next":\{"page":"([^"]+)"/.exec(body.subarray(0, 200).toString())?.[1] };
}

describe('load', () => {
  it(`starts with ${EXTRA} extra spaces`, () => {
    expect(startMs).toBeGreaterThan(0);
  });

  it('serves 100 pages of 1000 spaces, with no duplicates or misses', async () => {
    // First pass builds the caches (sidebar order, rendered JSON); the second is the steady state.
    for (const pass of ['cold', 'warm']) {
      const seen = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      let count = 0;
      const t = performance.now();
      do {
        const p = await page(cursor);
        for (const s of p.items) seen.add(s.id);
        count = p.count;
        cursor = p.next?.page;
        pages++;
      } while (cursor && pages < 100);
      const ms = performance.now() - t;
      console.log(`${pass}: ${pages} pages of 1000 in ${ms.toFixed(0)} ms (${(ms / pages).toFixed(2)} ms per page, client parse included)`);
      expect(pages).toBe(100);
      expect(seen.size).toBe(100_000);
      expect(count).toBe(EXTRA + 19);
    }
  }, 60_000);

  it('the server side alone: 100 pages fetched as bytes, not parsed', async () => {
    let cursor: string | undefined;
    let pages = 0;
    let bytes = 0;
    const t = performance.now();
    do {
      const p = await pageBytes(cursor);
      bytes += p.bytes;
      cursor = p.next;
      pages++;
    } while (cursor && pages < 100);
    const ms = performance.now() - t;
    console.log(`bytes only: ${pages} pages of 1000 in ${ms.toFixed(0)} ms (${(ms / pages).toFixed(2)} ms per page, ${(bytes / pages / 1000).toFixed(0)} kB per page)`);
    expect(pages).toBe(100);
  });

  it('a saved state of 100,000 spaces loads back quickly (the embedded sandbox reads it at each run)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docplat-perf-'));
    try {
      const file = join(dir, 'state.json');
      const big = await startSandbox({ spaces: EXTRA, dataFile: file });
      let t = performance.now();
      await big.save();
      const saveMs = performance.now() - t;
      await big.close();
      t = performance.now();
      const loaded = await startSandbox({ dataFile: file });
      const loadMs = performance.now() - t;
      await loaded.close();
      console.log(`state of ${EXTRA} extra spaces: ${(statSync(file).size / 1e6).toFixed(1)} MB, saved in ${saveMs.toFixed(0)} ms, loaded in ${loadMs.toFixed(0)} ms`);
      expect(loaded.token).toBe(big.token);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a change invalidates only what it must: a page after a delete is still fast', async () => {
    const first = await page();
    const del = await request(`${sb.url}/spaces/${first.items[0].id}`, { method: 'DELETE', headers: { authorization: `Bearer ${sb.token}` }, dispatcher: agent });
    await del.body.dump();
    expect(del.statusCode).toBe(205);
    const t = performance.now();
    const again = await page();
    console.log(`first page after a delete (listing rebuilt): ${(performance.now() - t).toFixed(1)} ms`);
    expect(again.count).toBe(first.count - 1);
    expect(again.items[0].id).toBe(first.items[1].id);
  });
});
