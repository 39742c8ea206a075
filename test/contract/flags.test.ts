// Contract over the whole command manifest (dist/manifest.json): rules every
// command follows because the runner applies them, checked for each command
// and flag, so a command added later is covered without being named here.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest.js';
import { baseEnv, ROOT, runInProcess } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;
const commands = manifest.groups.flatMap((g) => g.commands.map((c) => ({ path: [g.name, c.name], c })));

// Any request reaching this server is a failure of the rule under test.
let server: Server;
let requests = 0;
let url = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    requests++;
    res.writeHead(500).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const run = (args: string[]) => runInProcess(args, { env: baseEnv({ DOCPLAT_API_URL: url, DOCPLAT_TOKEN: 't0k', DOCPLAT_ORG: 'org1' }) });

describe('a flag that takes one value, given twice, is refused (exit 2, nothing sent)', () => {
  const cases = commands.flatMap(({ path, c }) => c.flags.filter((f) => f.value && !f.repeated).map((f) => ({ path, long: f.long! })));
  it(`covers every single-valued flag of every command (${cases.length})`, async () => {
    expect(cases.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { path, long } of cases) {
      const before = requests;
      const r = await run([...path, long, 'a1', long, 'b2']);
      if (r.code !== 2 || !r.stderr.includes(`${long} was given 2 times`) || requests !== before) wrong.push(`${path.join(' ')} ${long}: exit ${r.code}, ${r.stderr.trim().split('\n')[0]}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('--dry-run makes every local check the real run makes', () => {
  const bulk = commands.filter(({ c }) => c.flags.some((f) => f.long === '--concurrency') && c.flags.some((f) => f.long === '--dry-run'));
  it(`refuses a --concurrency out of bounds for every bulk command (${bulk.length})`, async () => {
    expect(bulk.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const { path, c } of bulk) {
      const args = c.args.map(() => 'x1');
      const required = c.flags.filter((f) => f.value && /\(required\)/.test(f.description)).flatMap((f) => [f.long!, f.choices?.[0] ?? 'x2']);
      const before = requests;
      const r = await run([...path, ...args, ...required, '--concurrency', '100', '--dry-run', '--yes']);
      if (r.code !== 2 || !/--concurrency must be/.test(r.stderr) || requests !== before) wrong.push(`${path.join(' ')}: exit ${r.code}, ${r.stderr.trim().split('\n')[0]}`);
    }
    expect(wrong).toEqual([]);
  });
});
