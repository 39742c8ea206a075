// Load: a sandbox with 100,000 extra spaces, and 100 pages of 1,000 spaces
// served over loopback, whole and in order, and a saved state of that size
// read back. What makes them short (cached listings and rendered JSON) is
// asserted here; how short they are is the benchmark's (test/bench/run.mjs,
// `npm run bench`: the listing of 100,000 spaces against a baseline), never a
// test's, as machines differ.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from '../../src/sandbox/core/persist.js';
import { FAMILIES } from '../../src/sandbox/families/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';

const EXTRA = 100_000;
let sb: Sandbox;
const agent = new Agent({ connections: 1 });

beforeAll(async () => {
  sb = await startSandbox({ port: 0, spaces: EXTRA });
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

const SPACE_HEAD = Buffer.from('{"object":"space",');

/** A page's bytes, its cursor read from the head of the body, and its spaces counted in the bytes: no JSON parse of the items. */
async function pageBytes(cursor?: string): Promise<{ bytes: number; spaces: number; next?: string }> {
  const res = await request(pageUrl(cursor), { headers: { authorization: `Bearer ${sb.token}` }, dispatcher: agent });
  const body = Buffer.from(await res.body.arrayBuffer());
  let spaces = 0;
  for (let i = body.indexOf(SPACE_HEAD); i >= 0; i = body.indexOf(SPACE_HEAD, i + 1)) spaces++;
  return { bytes: body.length, spaces, next: /^\{"next":\{"page":"([^"]+)"/.exec(body.subarray(0, 200).toString())?.[1] };
}

describe('load', () => {
  it(`starts with ${EXTRA} extra spaces`, async () => {
    const first = await page();
    expect(first.count).toBe(EXTRA + 19);
    expect(first.items).toHaveLength(1000);
  });

  it('caches: a listing is built once until the structure changes, a record rendered once until it changes', () => {
    const world = seedWorld(FAMILIES, { seed: 'demo', extra: { spaces: 1000 } });
    const spaces = world.family('spaces');
    const org = world.family('orgs').firstOrg!;
    const listing = spaces.orgSpaces(org);
    expect(listing).toHaveLength(1019);
    expect(spaces.orgSpaces(org)).toBe(listing);
    const [a, b] = listing;
    const json = spaces.json(a, 'http://x/v1');
    expect(spaces.json(a, 'http://x/v1')).toBe(json);
    // A change of one record drops its JSON only; the listing stays.
    spaces.updateSpace(a.id, { title: 'Renamed' });
    expect(spaces.orgSpaces(org)).toBe(listing);
    expect(spaces.json(a, 'http://x/v1')).not.toBe(json);
    expect(JSON.parse(spaces.json(a, 'http://x/v1').toString()).title).toBe('Renamed');
    const other = spaces.json(b, 'http://x/v1');
    // A change of structure rebuilds the listing; other records keep their JSON.
    spaces.deleteSpace(a.id);
    expect(spaces.orgSpaces(org)).not.toBe(listing);
    expect(spaces.orgSpaces(org)).toHaveLength(1018);
    expect(spaces.json(b, 'http://x/v1')).toBe(other);
  });

  it('serves 100 pages of 1000 spaces, with no duplicates or misses', async () => {
    // The first pass builds the caches (sidebar order, rendered JSON); the second is served from them.
    for (let pass = 0; pass < 2; pass++) {
      const seen = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      let count = 0;
      do {
        const p = await page(cursor);
        for (const s of p.items) seen.add(s.id);
        count = p.count;
        cursor = p.next?.page;
        pages++;
      } while (cursor && pages < 100);
      expect(pages).toBe(100);
      expect(seen.size).toBe(100_000);
      expect(count).toBe(EXTRA + 19);
    }
  }, 60_000);

  it('the server side alone: 100 pages fetched as bytes, not parsed', async () => {
    let cursor: string | undefined;
    let pages = 0;
    let bytes = 0;
    let spaces = 0;
    do {
      const p = await pageBytes(cursor);
      bytes += p.bytes;
      spaces += p.spaces;
      cursor = p.next;
      pages++;
    } while (cursor && pages < 100);
    expect(pages).toBe(100);
    // Each space's JSON is whole: about 1 kB a space, not a cut or empty body.
    expect(bytes / spaces).toBeGreaterThan(500);
    expect(spaces).toBe(100_000);
    // 19 spaces are left for a 101st page.
    expect(cursor).toBeDefined();
  });

  it('a saved state of 100,000 spaces loads back whole (the embedded sandbox reads it at each run)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docplat-perf-'));
    try {
      const file = join(dir, 'state.json');
      const big = await startSandbox({ spaces: EXTRA, dataFile: file });
      await big.save();
      await big.close();
      expect(statSync(file).size).toBeGreaterThan(EXTRA * 100);
      const loaded = await startSandbox({ dataFile: file });
      try {
        const res = await request(`${loaded.url}/orgs/${loaded.defaultOrg}/spaces?limit=1`, { headers: { authorization: `Bearer ${loaded.token}` } });
        expect(((await res.body.json()) as { count: number }).count).toBe(EXTRA + 19);
      } finally {
        await loaded.close();
      }
      expect(loaded.token).toBe(big.token);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a page after a delete does without the deleted space (the listing rebuilt)', async () => {
    const first = await page();
    const del = await request(`${sb.url}/spaces/${first.items[0].id}`, { method: 'DELETE', headers: { authorization: `Bearer ${sb.token}` }, dispatcher: agent });
    await del.body.dump();
    expect(del.statusCode).toBe(205);
    const again = await page();
    expect(again.count).toBe(first.count - 1);
    expect(again.items[0].id).toBe(first.items[1].id);
  });
});
