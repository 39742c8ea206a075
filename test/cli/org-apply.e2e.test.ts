// docplat org apply under failure: a change the server refuses (exit 5, the
// rest applied, a re-run converges), Ctrl-C (exit 130: changes in flight
// finish, none is started after), and the fault proxy's 429/503/resets
// (the same end state as without faults).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { converse, setFaults, startCli, tempDir, until, withTestApi, type TestApi } from '../helpers.js';

const dir = tempDir('docplat-org-apply-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, doc: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, stringify(doc));
  return file;
}

async function titles(api: TestApi): Promise<string[]> {
  const r = await api.cli(['org', 'pull', '--only', 'translations']);
  expect(r.code, r.stderr).toBe(0);
  return parse(r.stdout).translations.map((t: { title: string }) => t.title);
}

/** A server in front of the sandbox that refuses one request (400) and passes the others on. */
async function refusing(api: TestApi, refuse: (method: string, url: string, body: string) => boolean): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(api.sandbox.url);
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (refuse(req.method!, req.url!, body)) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message: 'Refused by the test server.' } }));
      return;
    }
    const answer = await fetch(`${target.origin}${req.url}`, { method: req.method, headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' }, body: body || undefined });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}${target.pathname}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const manyTranslations = (n: number) => ({ version: 1, translations: [{ title: 'French' }, { title: 'German' }, ...Array.from({ length: n }, (_, i) => ({ title: `Lang ${String(i).padStart(2, '0')}` }))] });

describe('org apply under failure', () => {
  it('a refused change: exit 5, the others applied, the summary names it; applying again converges', () =>
    withTestApi({}, async (api) => {
      const file = write('partial.yaml', manyTranslations(5));
      const proxy = await refusing(api, (method, _url, body) => method === 'POST' && body.includes('Lang 02'));
      try {
        const r = await api.cli(['org', 'apply', '-f', file, '--yes'], { env: { DOCPLAT_API_URL: proxy.url } });
        expect(r.code).toBe(5);
        expect(r.stdout).toContain('translations Lang 02: failed: ');
        expect(r.stdout.match(/: created$/gm)).toHaveLength(4);
        expect(r.stderr).toMatch(/error: applied 4 of 5 changes, 1 failed: translations Lang 02/);
      } finally {
        await proxy.close();
      }
      expect(await titles(api)).not.toContain('Lang 02');
      const again = await api.cli(['org', 'apply', '-f', file, '--yes']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout.trim()).toBe('translations Lang 02: created');
      expect(await titles(api)).toContain('Lang 02');
    }));

  it('--json: one result per change; a change that follows a failed one is not started, naming it', () =>
    withTestApi({}, async (api) => {
      const file = write('deps.yaml', { version: 1, collections: [{ title: 'Parent', collections: [{ title: 'Child' }] }] });
      const proxy = await refusing(api, (method, _url, body) => method === 'POST' && body.includes('"Parent"'));
      try {
        const r = await api.cli(['org', 'apply', '-f', file, '--yes', '--json'], { env: { DOCPLAT_API_URL: proxy.url } });
        expect(r.code).toBe(5);
        const results = JSON.parse(r.stdout);
        expect(results.map((x: { key: string; result: string }) => `${x.key} ${x.result}`)).toEqual(['Parent failed', 'Parent/Child not started']);
        expect(results[1].message).toBe('not started: it needs collections Parent, which failed');
        expect(JSON.parse(r.stderr).error).toMatchObject({ message: 'applied 0 of 2 changes, 1 failed, 1 not started: collections Parent, collections Parent/Child', failed: ['collections:Parent', 'collections:Parent/Child'] });
      } finally {
        await proxy.close();
      }
    }));

  it('--prune: a collection is not deleted when moving a space the file keeps out of it failed (the space stays)', () =>
    withTestApi({}, async (api) => {
      const doc = parse((await api.cli(['org', 'pull', '--only', 'collections,spaces'])).stdout);
      for (const s of doc.spaces) delete s.collection;
      doc.collections = doc.collections.filter((c: { title: string }) => c.title !== 'Engineering');
      const file = write('moves-first.yaml', doc);
      const architecture = doc.spaces.find((s: { title: string }) => s.title === 'Architecture').id;
      const proxy = await refusing(api, (method, url) => method === 'POST' && url.endsWith(`/spaces/${architecture}/move`));
      try {
        const r = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes'], { env: { DOCPLAT_API_URL: proxy.url } });
        expect(r.code).toBe(5);
        expect(r.stdout).toContain('spaces Architecture: failed: ');
        expect(r.stdout).toContain('collections Engineering: not started: it needs spaces Architecture, which failed');
      } finally {
        await proxy.close();
      }
      const spaces = JSON.parse((await api.cli(['spaces', 'list', '--all', '--json'])).stdout).map((s: { title: string }) => s.title);
      expect(spaces).toEqual(expect.arrayContaining(['Architecture', 'Coding Standards', 'Onboarding', 'Incident Response', 'On-call Handbook']));
    }));

  it('Ctrl-C: no change starts after it, those in flight finish, exit 130; applying again converges', () =>
    withTestApi({}, async (api) => {
      const file = write('interrupt.yaml', manyTranslations(12));
      await setFaults(api, 'latency=150');
      const run = startCli(['org', 'apply', '-f', file, '--yes', '--concurrency', '2'], { env: api.env() });
      await until(() => /: created/.test(run.stdout()));
      run.child.kill('SIGINT');
      const r = await run.done;
      expect(r.code).toBe(130);
      expect(r.stderr).toMatch(/interrupted: (\d+) completed, 0 failed, 0 outcome unknown, (\d+) not started\n(.*\n)*apply again to converge/);
      const [, applied, notStarted] = /interrupted: (\d+) completed, 0 failed, 0 outcome unknown, (\d+) not started/.exec(r.stderr)!.map(Number);
      expect(applied + notStarted).toBe(12);
      expect(notStarted).toBeGreaterThan(0);
      await setFaults(api, '');
      expect((await titles(api)).filter((t) => t.startsWith('Lang'))).toHaveLength(applied);
      expect((await api.cli(['org', 'apply', '-f', file, '--yes'])).code).toBe(0);
      expect((await titles(api)).filter((t) => t.startsWith('Lang'))).toHaveLength(12);
    }));

  it('a second Ctrl-C stops at once and names the changes in flight "outcome unknown"', () =>
    withTestApi({}, async (api) => {
      const file = write('twice.yaml', manyTranslations(4));
      // Every request takes 1.5 s: once the plan is shown, two writes are in flight.
      await setFaults(api, 'latency=1500');
      const run = startCli(['org', 'apply', '-f', file, '--yes', '--concurrency', '2'], { env: api.env() });
      await until(() => /Plan: 4 to create/.test(run.stderr()));
      await new Promise((r) => setTimeout(r, 300));
      run.child.kill('SIGINT');
      await until(() => /waiting for 2 changes in flight/.test(run.stderr()));
      run.child.kill('SIGINT');
      const r = await run.done;
      await setFaults(api, '');
      expect(r.code).toBe(130);
      expect(r.stderr).toMatch(/outcome unknown \(sent, no answer; plan again to see\): translations Lang 0\d, translations Lang 0\d/);
    }));

  it('on a terminal the plan is shown and confirmed; "no" changes nothing', () =>
    withTestApi({}, async (api) => {
      const file = write('confirm.yaml', manyTranslations(1));
      const r = await converse(['org', 'apply', '-f', file], api.env(), [[/Apply 1 change to organization \w+\?/, 'n\r']]);
      expect(r.screen).toMatch(/translations\s+\+ Lang 00/);
      expect(r.code).toBe(2);
      expect(await titles(api)).toEqual(['French', 'German']);
      const yes = await converse(['org', 'apply', '-f', file], api.env(), [[/Apply 1 change/, 'y\r']]);
      expect(yes.code).toBe(0);
      expect(yes.screen).toContain('translations Lang 00: created');
    }));

  it("under the fault proxy's 429, 503 and resets the end state is the same as without faults", () =>
    withTestApi({}, async (api) => {
      const pulledBefore = await api.cli(['org', 'pull', '--only', 'teams,custom-fields,translations']);
      const doc = parse(pulledBefore.stdout);
      doc.teams.push({ title: 'Writers', members: { 'ada@acme.example': 'owner', 'tim@acme.example': 'member' } });
      doc.customFields.push({ name: 'tier', type: 'text', title: 'Tier' });
      doc.translations[0].title = 'Francais';
      const file = write('faults.yaml', doc);
      await setFaults(api, '429=0.15,503=0.15,reset=0.1,seed=7,retryAfter=0');
      const r = await api.cli(['org', 'apply', '-f', file, '--yes'], { env: { DOCPLAT_RETRIES: '10' } });
      await setFaults(api, '');
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code, plan.stdout).toBe(0);
    }));
});
