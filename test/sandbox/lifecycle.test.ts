// The sandbox as a program: seeds, persistence (save, load, autosave), the
// clock, request counting, admin endpoints and the request log.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { admin, call, demo, expectError, listAll, withSandbox } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const DAY = 86_400_000;
const tempDir = () => mkdtempSync(join(tmpdir(), 'docplat-sandbox-'));

describe('seeds', () => {
  it('the demo seed is deterministic: same ids and order every time; the token is random for each state', async () => {
    const listing = (sb: Parameters<typeof call>[0]) => listAll(sb, `/orgs/${ACME}/spaces`).then((r) => r.items.map((s) => `${s.id} ${s.title} ${s.createdAt}`));
    const [a, b] = await Promise.all([startSandbox(), startSandbox()]);
    try {
      expect(a.token).not.toBe(b.token);
      expect(a.token).toMatch(/^dps_sandbox_[0-9a-f]{32}$/);
      expect(b.token).toMatch(/^dps_sandbox_[0-9a-f]{32}$/);
      expect(a.defaultOrg).toBe(ACME);
      expect(await listing(a)).toEqual(await listing(b));
      expect((await listing(a)).length).toBe(19);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('the empty seed has the user and one organization without content', async () => {
    await withSandbox({ seed: 'empty' }, async (sb) => {
      const orgs = await call(sb, 'GET', '/orgs');
      expect(orgs.body.count).toBe(1);
      expect(sb.defaultOrg).toBe(orgs.body.items[0].id);
      expect((await call(sb, 'GET', `/orgs/${sb.defaultOrg}/spaces`)).body).toEqual({ count: 0, items: [] });
      expect((await call(sb, 'POST', `/orgs/${sb.defaultOrg}/spaces`, { body: { title: 'First' } })).status).toBe(201);
    });
  });

  it('spaces: N adds "Space 00001"… at the end of the first organization', async () => {
    await withSandbox({ spaces: 3 }, async (sb) => {
      const { items } = await listAll(sb, `/orgs/${ACME}/spaces`);
      expect(items.slice(-3).map((s) => s.title)).toEqual(['Space 00001', 'Space 00002', 'Space 00003']);
    });
  });
});

describe('persistence', () => {
  it('save() writes the file atomically with mode 0600, and a new sandbox loads it back', async () => {
    const dir = tempDir();
    const file = join(dir, 'sandbox.json');
    const a = await startSandbox({ dataFile: file });
    expect(a.token).not.toBe((await startSandbox().then(async (s) => (await s.close(), s))).token);
    await call(a, 'DELETE', `/spaces/${ids.space('Welcome')}`);
    const made = (await call(a, 'POST', `/orgs/${ACME}/spaces`, { body: { title: 'Persisted', parent: ids.collection('Archive') } })).body;
    await call(a, 'PATCH', `/spaces/${ids.space('Webhooks')}`, { body: { editMode: 'locked' } });
    a.clock.advance(2 * DAY);
    const before = (await listAll(a, `/orgs/${ACME}/spaces`)).items;
    await a.save();
    await a.close();

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['sandbox.json']);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('docplat-sandbox/2');

    const b = await startSandbox({ dataFile: file, seed: 'empty' });
    try {
      expect(b.token).toBe(a.token);
      expect((await listAll(b, `/orgs/${ACME}/spaces`)).items).toEqual(before.map((s) => ({ ...s, urls: { ...s.urls, location: s.urls.location.replace(a.url, b.url) } })));
      expect((await call(b, 'GET', `/spaces/${ids.space('Welcome')}`)).body.deletedAt).toBeTypeOf('string');
      expect((await call(b, 'GET', `/spaces/${made.id}`)).body).toMatchObject({ title: 'Persisted', parent: ids.collection('Archive') });
      expect((await call(b, 'GET', `/spaces/${ids.space('Webhooks')}`)).body.editMode).toBe('locked');
      // The moved clock persists.
      expect(b.clock.now() - Date.now()).toBeGreaterThan(2 * DAY - 60_000);
      // New ids continue the sequence: no clash with what exists.
      const next = (await call(b, 'POST', `/orgs/${ACME}/spaces`, { body: { title: 'Next' } })).body;
      expect(next.id).not.toBe(made.id);
      expect(before.map((s) => s.id)).not.toContain(next.id);
    } finally {
      await b.close();
    }
  });

  it('the 7-day window counts with the persisted clock', async () => {
    const file = join(tempDir(), 'state.json');
    const a = await startSandbox({ dataFile: file });
    await call(a, 'DELETE', `/spaces/${ids.space('Welcome')}`);
    await a.save();
    await a.close();
    const b = await startSandbox({ dataFile: file });
    b.clock.advance(8 * DAY);
    await b.save();
    await b.close();
    const c = await startSandbox({ dataFile: file });
    try {
      expectError(await call(c, 'POST', `/spaces/${ids.space('Welcome')}/restore`), 400, /removed permanently/);
    } finally {
      await c.close();
    }
  });

  it('autosave writes after each change; close() waits for the last write', async () => {
    const file = join(tempDir(), 'state.json');
    const a = await startSandbox({ dataFile: file, autosave: true });
    const titles = Array.from({ length: 20 }, (_, i) => `Auto ${i}`);
    await Promise.all(titles.map((title) => call(a, 'POST', `/orgs/${ACME}/spaces`, { body: { title } })));
    await call(a, 'GET', `/orgs/${ACME}/spaces`);
    await admin(a, 'POST', '/_sandbox/clock', { body: { advanceDays: 1 } });
    await a.close();
    const b = await startSandbox({ dataFile: file });
    try {
      const listed = (await listAll(b, `/orgs/${ACME}/spaces`)).items.map((s) => s.title);
      for (const t of titles) expect(listed).toContain(t);
      expect(b.clock.now() - Date.now()).toBeGreaterThan(DAY - 60_000);
    } finally {
      await b.close();
    }
  });

  it('a file that is not a sandbox state is refused with a clear error', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), '{not json');
    await expect(startSandbox({ dataFile: join(dir, 'bad.json') })).rejects.toThrow(/cannot load the sandbox state .*bad\.json/);
    writeFileSync(join(dir, 'old.json'), JSON.stringify({ format: 'docplat-sandbox/0' }));
    await expect(startSandbox({ dataFile: join(dir, 'old.json') })).rejects.toThrow(/not a sandbox state of format docplat-sandbox\/2/);
  });

  it('without a data file, save() does nothing', async () => {
    await withSandbox({}, async (sb) => {
      await expect(sb.save()).resolves.toBeUndefined();
    });
  });
});

describe('clock, counting, admin endpoints, log', () => {
  it('counts /v1 requests only; /_sandbox endpoints need the token', async () => {
    await withSandbox({}, async (sb) => {
      await call(sb, 'GET', '/user');
      await call(sb, 'GET', '/nothing');
      await call(sb, 'GET', '/user', { token: null });
      expect(sb.requestCount).toBe(3);
      const stats = await admin(sb, 'GET', '/_sandbox/stats');
      expect(stats.body).toEqual({ requests: 3 });
      expectError(await admin(sb, 'GET', '/_sandbox/stats', { token: null }), 401);
      expectError(await admin(sb, 'GET', '/_sandbox/nothing'), 404);
      expectError(await admin(sb, 'GET', '/_sandbox/clock'), 405);
      expect(sb.requestCount).toBe(3);
    });
  });

  it('POST /_sandbox/clock moves the clock by ms or days', async () => {
    await withSandbox({}, async (sb) => {
      const start = sb.clock.now();
      const res = await admin(sb, 'POST', '/_sandbox/clock', { body: { advanceDays: 3 } });
      expect(Date.parse(res.body.now) - start).toBeGreaterThanOrEqual(3 * DAY);
      await admin(sb, 'POST', '/_sandbox/clock', { body: { advanceMs: 1000 } });
      expect(sb.clock.now() - Date.now()).toBeGreaterThanOrEqual(3 * DAY + 1000 - 50);
      expectError(await admin(sb, 'POST', '/_sandbox/clock', { body: { advanceDays: 'x' } }), 400, /advanceMs/);
    });
  });

  it('logs "METHOD path status ms", never the token nor the query', async () => {
    const lines: string[] = [];
    await withSandbox({ log: (l) => lines.push(l) }, async (sb) => {
      await call(sb, 'GET', `/spaces/${ids.space('SDKs')}`, { query: { shareKey: 'secret-share-key' } });
      await call(sb, 'GET', '/user', { token: 'wrong-token' });
      await call(sb, 'DELETE', `/spaces/${ids.space('Welcome')}`);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(new RegExp(`^GET /v1/spaces/${ids.space('SDKs')} 200 \\d+ms$`));
      expect(lines[1]).toMatch(/^GET \/v1\/user 401 \d+ms$/);
      expect(lines[2]).toMatch(/^DELETE \/v1\/spaces\/\S+ 205 \d+ms$/);
      for (const l of lines) {
        expect(l).not.toContain(sb.token);
        expect(l).not.toContain('secret-share-key');
        expect(l).not.toContain('wrong-token');
      }
    });
  });

  it('binding a port in use fails with a clear error', async () => {
    await withSandbox({}, async (sb) => {
      const port = Number(new URL(sb.url).port);
      await expect(startSandbox({ port })).rejects.toThrow(/cannot listen on 127\.0\.0\.1:\d+: the port is in use/);
    });
  });
});
