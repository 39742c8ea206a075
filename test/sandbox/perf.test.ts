// Load: a sandbox with 100,000 extra spaces, and 100 pages of 1,000 spaces
// served over loopback. Times are printed, not asserted (machines differ).
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

async function page(cursor?: string): Promise<{ items: { id: string }[]; count: number; next?: { page: string } }> {
  const url = new URL(`${sb.url}/orgs/${sb.defaultOrg}/spaces`);
  url.searchParams.set('limit', '1000');
  if (cursor) url.searchParams.set('page', cursor);
  const res = await request(url, { headers: { authorization: `Bearer ${sb.token}` }, dispatcher: agent });
  expect(res.statusCode).toBe(200);
  return (await res.body.json()) as never;
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
