// docplat api <path>: any call through the one client, against the sandbox
// (in this process, embedded with --sandbox, and `sandbox serve` as a process).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, setFaults, startCli, tempDir, until, useTestApi, withTestApi } from '../helpers.js';

const api = useTestApi();

const faults = (spec: string) => setFaults(api, spec);

describe('api', () => {
  it('GETs a path with {org} filled, with or without the leading slash, as JSON even when piped', async () => {
    const a = await api.cli(['api', '/orgs/{org}/spaces']);
    expect(a.code, a.stderr).toBe(0);
    const page = JSON.parse(a.stdout);
    expect(page.items.length).toBeGreaterThan(0);
    expect(a.stdout).toMatch(/^\{\n {2}"/); // indented JSON
    const b = await api.cli(['api', `orgs/${api.sandbox.defaultOrg}/spaces`]);
    expect(JSON.parse(b.stdout)).toEqual(page);
    const c = await api.cli(['api', '/orgs/{org}/spaces', '--jsonl']);
    expect(lines(c.stdout)).toHaveLength(1);
    expect(JSON.parse(c.stdout)).toEqual(page);
  });

  it('--paginate puts the items of every page into one array, and --jq runs once over all of it', async () => {
    await withTestApi({ seed: 'empty', spaces: 2500 }, async (big) => {
      const before = big.sandbox.requestCount;
      // --fields id keeps jq's input small: jq-wasm 1.0 (this branch) reads its input in time quadratic
      // in its size (minutes for the 1.8 MB of 2,500 whole spaces); main's jq-wasm 3.0 does not, and then it can go.
      const n = await big.cli(['api', '/orgs/{org}/spaces', '--paginate', '--fields', 'id', '--jq', 'length']);
      expect(n.code, n.stderr).toBe(0);
      expect(n.stdout).toBe('2500\n');
      expect(big.sandbox.requestCount - before).toBe(3); // pages of 1000, 1000, 500
      const unique = await big.cli(['api', '/orgs/{org}/spaces', '--paginate', '--fields', 'id', '--jq', 'map(.id) | unique | length']);
      expect(unique.stdout).toBe('2500\n');
      const all = await big.cli(['api', '/orgs/{org}/spaces', '--paginate']);
      const items = JSON.parse(all.stdout);
      expect(Array.isArray(items)).toBe(true);
      expect(items).toHaveLength(2500);
      const jsonl = await big.cli(['api', '/orgs/{org}/spaces', '--paginate', '--jsonl']);
      const rows = lines(jsonl.stdout).map((l) => JSON.parse(l));
      expect(rows.map((r) => r.id)).toEqual(items.map((r: { id: string }) => r.id));
    });
  });

  it('--paginate takes limit (the page size) and page (the first cursor) from the path or the fields, sending each once', async () => {
    const all = JSON.parse((await api.cli(['api', '/orgs/{org}/spaces', '--paginate', '--fields', 'id'])).stdout).map((x: { id: string }) => x.id);
    const sent = (stderr: string) => lines(stderr).filter((l) => l.startsWith('debug: > GET ')).map((l) => new URL(l.slice('debug: > GET '.length)).searchParams);
    for (const args of [['/orgs/{org}/spaces?limit=5'], ['/orgs/{org}/spaces', '-X', 'GET', '-F', 'limit=5']]) {
      const r = await api.cli(['api', ...args, '--paginate', '--fields', 'id', '--debug']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).map((x: { id: string }) => x.id)).toEqual(all);
      const requests = sent(r.stderr);
      expect(requests).toHaveLength(Math.ceil(all.length / 5));
      for (const q of requests) expect(q.getAll('limit')).toEqual(['5']);
    }
    const first = await api.cli(['api', '/orgs/{org}/spaces?limit=5', '--jq', '.next.page']);
    const cursor = first.stdout.trim();
    const rest = await api.cli(['api', `/orgs/{org}/spaces?page=${cursor}`, '--paginate', '--fields', 'id', '--debug']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(JSON.parse(rest.stdout).map((x: { id: string }) => x.id)).toEqual(all.slice(5));
    expect(sent(rest.stderr).map((q) => q.getAll('page'))).toEqual([[cursor]]);
    for (const bad of ['/orgs/{org}/spaces?limit=5000', '/orgs/{org}/spaces?limit=0', '/orgs/{org}/spaces?limit=5&limit=6']) {
      const r = await api.cli(['api', bad, '--paginate']);
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(/^error: --paginate: limit /)]);
    }
  });

  it('--paginate over something that is not a list fails', async () => {
    const r = await api.cli(['api', '/user', '--paginate']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--paginate: GET \/user answered no list/);
  });

  it('-f and -F: strings, typed values, nested keys, arrays, @file; to the body, or to the query for GET', async () => {
    const folder = tempDir();
    const file = join(folder, 'title.txt');
    writeFileSync(file, 'From a file');
    const r = await api.cli([
      'api', '-X', 'PATCH', '/spaces/S', '--dry-run',
      '-f', 'raw=5', '-F', 'n=5', '-F', 'x=-1.5e2', '-F', 't=true', '-F', 'f=false', '-F', 'z=null', '-F', 's=abc',
      '-F', 'a.b.c=1', '-F', 'a.d=two', '-F', 'l[]=1', '-F', 'l[]=x', '-F', `title=@${file}`,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [method, url, ...body] = r.stdout.trim().split(' ');
    expect(method).toBe('PATCH');
    expect(url).toBe(`${api.sandbox.url}/spaces/S`);
    expect(JSON.parse(body.join(' '))).toEqual({
      raw: '5', n: 5, x: -150, t: true, f: false, z: null, s: 'abc', a: { b: { c: 1 }, d: 'two' }, l: [1, 'x'], title: 'From a file',
    });
    expect(r.stderr).toMatch(/dry run: 1 request not sent/);

    // A number JSON cannot carry exactly is sent as the text given, never rounded.
    const exact = await api.cli(['api', '-X', 'PATCH', '/spaces/S', '--dry-run', '-F', 'big=12345678901234567890', '-F', 'safe=9007199254740991', '-F', 'huge=1e400', '-F', 'tiny=1e-400', '-F', 'zero=0e5']);
    expect(exact.code, exact.stderr).toBe(0);
    expect(JSON.parse(exact.stdout.trim().split(' ').slice(2).join(' '))).toEqual({ big: '12345678901234567890', safe: 9007199254740991, huge: '1e400', tiny: '1e-400', zero: 0 });

    const withInput = await api.cli(['api', '-X', 'PUT', '/spaces/S', '--input', file, '-f', 'a=1', '-F', 'b[]=x', '-F', 'b[]=y', '--dry-run']);
    expect(withInput.stdout.trim()).toBe(`PUT ${api.sandbox.url}/spaces/S?a=1&b=x&b=y "From a file"`); // fields to the query, the file as the body

    const q = await api.cli(['api', '-X', 'GET', '/orgs/{org}/spaces', '-f', 'limit=2', '--dry-run']);
    expect(q.stdout.trim()).toBe(`GET ${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/spaces?limit=2`);
    const two = await api.cli(['api', '-X', 'GET', '/orgs/{org}/spaces', '-F', 'limit=2', '--jq', '.items | length']);
    expect(two.stdout).toBe('2\n');
  });

  it('fields default to POST and create; PATCH with @file and --input change; the changes are there', async () => {
    const created = await api.cli(['api', '/orgs/{org}/spaces', '-f', 'title=Made by api', '-F', 'emoji=🚀']);
    expect(created.code, created.stderr).toBe(0);
    const space = JSON.parse(created.stdout);
    expect(space.title).toBe('Made by api');
    const folder = tempDir();
    writeFileSync(join(folder, 'title.txt'), 'Renamed');
    const patched = await api.cli(['api', '-X', 'patch', `/spaces/${space.id}`, '-F', `title=@${join(folder, 'title.txt')}`, '--jq', '.title']);
    expect(patched.stdout).toBe('Renamed\n');
    writeFileSync(join(folder, 'body.json'), JSON.stringify({ title: 'From --input' }));
    const input = await api.cli(['api', '-X', 'PATCH', `/spaces/${space.id}`, '--input', join(folder, 'body.json'), '--jq', '.title']);
    expect(input.code, input.stderr).toBe(0);
    expect(input.stdout).toBe('From --input\n');
    const stdin = await api.cli(['api', '-X', 'PATCH', `/spaces/${space.id}`, '--input', '-', '--jq', '.title'], { input: '{"title":"From stdin"}' });
    expect(stdin.stdout).toBe('From stdin\n');
    const got = await api.cli(['spaces', 'get', space.id, '--json']);
    expect(JSON.parse(got.stdout).title).toBe('From stdin');
    const del = await api.cli(['api', '-X', 'DELETE', `/spaces/${space.id}`]);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stdout).toBe('');
  });

  it('--include prints the status line and the headers, then the body, on stdout', async () => {
    const r = await api.cli(['api', '/orgs/{org}/spaces', '--include', '-X', 'GET', '-f', 'limit=1']);
    expect(r.code, r.stderr).toBe(0);
    const [head, body] = r.stdout.split('\n\n');
    expect(head.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(body).items).toHaveLength(1);

    // HEAD: the status line and headers of the GET, no body; a missing resource is still exit 3.
    const headOnly = await api.cli(['api', '-X', 'HEAD', '/orgs/{org}/spaces', '-i']);
    expect(headOnly.code, headOnly.stderr).toBe(0);
    expect(headOnly.stdout.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(headOnly.stdout).toMatch(/^content-type: application\/json/m);
    expect(headOnly.stdout.trimEnd().split('\n\n')).toHaveLength(1);
    expect((await api.cli(['api', '-X', 'HEAD', '/spaces/nope'])).code).toBe(3);

    // An error answer is shown too (status line, headers, the API's error body), then the error line and its exit code.
    const missing = await api.cli(['api', '/spaces/nope', '-i']);
    expect(missing.code).toBe(3);
    const [errHead, errBody] = missing.stdout.split('\n\n');
    expect(errHead.split('\n')[0]).toBe('HTTP/1.1 404 Not Found');
    expect(errHead).toMatch(/^content-type: application\/json/m);
    expect(JSON.parse(errBody)).toMatchObject({ error: { code: 404 } });
    expect(lines(missing.stderr)).toEqual([expect.stringMatching(/^error: GET \/spaces\/nope: 404 /)]);
  });

  it('exit codes are docplat\'s: 3 for 404, 4 for a refused token, 1 for a failure', async () => {
    const missing = await api.cli(['api', '/spaces/nope']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^error: GET \/spaces\/nope: 404 /);
    const refused = await api.cli(['api', '/orgs/{org}/spaces'], { env: { DOCPLAT_TOKEN: 'not-a-token' } });
    expect(refused.code).toBe(4);
    const json = await api.cli(['api', '/spaces/nope', '--json']);
    expect(JSON.parse(json.stderr).error).toMatchObject({ status: 404, exitCode: 3 });
    const noToken = await api.cli(['api', '/orgs/{org}/spaces'], { env: { DOCPLAT_TOKEN: '' } });
    expect(noToken.code).toBe(4);
  });

  it('an absolute URL on the API origin works; headers are sent; --debug masks the token', async () => {
    const r = await api.cli(['api', `${api.sandbox.url}/orgs/{org}/spaces`, '-H', 'X-Docplat-Test: yes', '--debug', '--jq', '.items | length']);
    expect(r.code, r.stderr).toBe(0);
    expect(Number(r.stdout)).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/^debug: > x-docplat-test: yes$/m);
    expect(r.stderr).toMatch(/^debug: > authorization: Bearer \*\*\*$/m);
    expect(r.stderr).not.toContain(api.sandbox.token);
  });

  it('retries follow the operation table: a GET and a PATCH of the table are tried again after 503s, a create or an unknown PATCH is not', async () => {
    await faults('503=1');
    try {
      const before = api.sandbox.requestCount;
      const post = await api.cli(['api', '/orgs/{org}/spaces', '-f', 'title=never', '--retries', '2']);
      expect(post.code).toBe(1);
      expect(api.sandbox.requestCount - before).toBe(1);
      // spaces.update is safe to resend (the table says so); a PATCH of a path the table does not know is not.
      const beforePatch = api.sandbox.requestCount;
      const patch = await api.cli(['api', '-X', 'PATCH', '/spaces/S', '-f', 'title=never', '--retries', '2']);
      expect(patch.code).toBe(1);
      expect(api.sandbox.requestCount - beforePatch).toBe(3);
      const beforeUnknown = api.sandbox.requestCount;
      const unknown = await api.cli(['api', '-X', 'PATCH', '/no/such/thing', '-f', 'title=never', '--retries', '2']);
      expect(unknown.code).toBe(1);
      expect(api.sandbox.requestCount - beforeUnknown).toBe(1);
      const mid = api.sandbox.requestCount;
      const get = await api.cli(['api', '/orgs/{org}/spaces', '--retries', '2']);
      expect(get.code).toBe(1);
      expect(api.sandbox.requestCount - mid).toBe(3);
    } finally {
      await faults('');
    }
  });

  it('works with --sandbox (embedded) and against `sandbox serve`', async () => {
    const env = baseEnv();
    const embedded = await runInProcess(['--sandbox', 'api', '/orgs/{org}/spaces', '--paginate', '--jq', 'length'], { env });
    expect(embedded.code, embedded.stderr).toBe(0);
    expect(Number(embedded.stdout)).toBeGreaterThan(0);

    const serve = startCli(['sandbox', 'serve', '--port', '0', '--json']);
    const parsed = () => {
      try {
        return JSON.parse(serve.stdout()) as { url: string; token: string; org: string };
      } catch {
        return undefined;
      }
    };
    try {
      await until(() => parsed() !== undefined);
      const info = parsed()!;
      const r = await runInProcess(['api', '/orgs/{org}/spaces', '--paginate', '--jq', 'length'], {
        env: baseEnv({ DOCPLAT_API_URL: info.url, DOCPLAT_TOKEN: info.token, DOCPLAT_ORG: info.org }),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(embedded.stdout);
    } finally {
      serve.child.kill('SIGINT');
      await serve.done;
    }
  });
});
