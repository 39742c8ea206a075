// A hostile API: a loopback server that answers what each test scripts (a
// cursor given again and again, endless lists, waits beyond the time limit,
// malformed, huge and deeply nested bodies, redirects, broken headers, odd
// success statuses) and counts the requests. Each case is bounded in time and
// ends by itself; the CLI runs in this process.
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/http.js';
import { rawRequest } from '../../src/client/raw.js';
import { runInProcess } from '../helpers.js';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

let handler: Handler = (_req, res) => json(res, 200, {});
let requests = 0;
let server: Server;
let apiUrl = '';
/** The config dir of every run: one folder, removed after the file. */
let configDir = '';

/** A clean environment (as baseEnv's, without a folder per run) pointing at `url`. */
const envFor = (url: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NO_COLOR: '1',
  DOCPLAT_CONFIG_DIR: configDir,
  DOCPLAT_API_URL: url,
  DOCPLAT_TOKEN: 't0k3n',
  DOCPLAT_ORG: 'org1',
  ...extra,
});

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof value === 'string' ? value : JSON.stringify(value));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    handler(req, res, requests);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  configDir = mkdtempSync(join(tmpdir(), 'docplat-test-'));
});
afterAll(async () => {
  rmSync(configDir, { recursive: true, force: true });
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

/** Runs docplat against the hostile server with `serve` answering; the time it took, in ms. */
async function run(serve: Handler, args: string[], opts: { env?: Record<string, string>; input?: string } = {}) {
  handler = serve;
  requests = 0;
  const started = performance.now();
  const r = await runInProcess(args, { env: envFor(apiUrl, opts.env), input: opts.input });
  return { ...r, requests, ms: performance.now() - started };
}

/** The error line (with --json, the message of the JSON error, as `error: ...`). */
function errorLine(stderr: string): string {
  const json = stderr.split('\n').find((l) => l.startsWith('{"error"'));
  if (json) return `error: ${(JSON.parse(json) as { error: { message: string } }).error.message}`;
  return stderr.split('\n').find((l) => l.startsWith('error: ')) ?? stderr;
}

describe('a cursor given twice', () => {
  const same: Handler = (_req, res) => json(res, 200, { next: { page: 'again' }, count: 9, items: [{ id: 'a', title: 'A', user: { id: 'a', email: 'a@x.test' }, organization: { id: 'a' }, team: { role: 'member' }, role: 'admin', lastSeenAt: '2000-01-01T00:00:00Z' }] });

  it.each([
    ['spaces list --all', ['spaces', 'list', '--all']],
    ['api --paginate', ['api', '/orgs/{org}/spaces', '--paginate']],
    ['members list --all --last-seen-before 90d', ['members', 'list', '--all', '--last-seen-before', '90d']],
    ['teams add (internal whole-list reads)', ['teams', 'add', 'T1', 'a@x.test', '--yes']],
  ])('%s: exit 1 after two pages, saying the cursor came again', async (_, args) => {
    const r = await run(same, args);
    expect(r.code, r.stderr).toBe(1);
    expect(errorLine(r.stderr)).toMatch(/the server gave the cursor "again" a second time \(after 2 pages\)/);
    expect(r.requests).toBe(2);
    expect(r.ms).toBeLessThan(5000);
  });

  it('a cursor given again once the limit is reached is not followed, so not an error (spaces list --limit 2)', async () => {
    const r = await run(same, ['spaces', 'list', '--limit', '2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    expect(r.requests).toBe(2);
  });

  it('one item a page with endless new cursors: a read stops at 2000 pages, not only at 200000 items', async () => {
    const one: Handler = (_req, res, n) => json(res, 200, { next: { page: `p${n}` }, items: [{ id: `s${n}`, title: 'S' }] });
    const r = await run(one, ['spaces', 'list', '--all', '--jsonl']);
    expect(r.code, r.stderr).toBe(1);
    expect(errorLine(r.stderr)).toMatch(/^error: unexpected answer from GET \/orgs\/org1\/spaces: the list goes on past 2000 pages \(2000 items\), the most docplat follows in one read; stopped$/);
    expect(r.requests).toBe(2000);
  }, 20_000);

  it('a whole-list read stops at 200000 items (endless distinct cursors)', async () => {
    const page = Array.from({ length: 1000 }, (_, i) => ({ id: `m${i}`, user: { id: `m${i}` }, organization: { id: `m${i}` }, team: { role: 'member' } }));
    const body = (n: number) => `{"next":{"page":"p${n}"},"items":${JSON.stringify(page)}}`;
    const r = await run((_req, res, n) => json(res, 200, body(n)), ['teams', 'add', 'T1', 'a@x.test', '--yes']);
    expect(r.code, r.stderr).toBe(1);
    expect(errorLine(r.stderr)).toMatch(/lists more than 200000 items, the most docplat reads into memory at once/);
    expect(r.requests).toBe(201);
  }, 20_000);
});

describe('Retry-After within the time limit', () => {
  it('a wait beyond --timeout fails at once, naming the wait', async () => {
    const r = await run((_req, res) => json(res, 429, { error: { code: 429, message: 'slow down' } }, { 'retry-after': '99999' }), ['spaces', 'get', 'S1', '--timeout', '2']);
    expect(r.code).toBe(1);
    expect(errorLine(r.stderr)).toMatch(/429 slow down; the server asks to wait 99999 s, .*more than the 60 s docplat waits at most/);
    expect(r.requests).toBe(1);
    expect(r.ms).toBeLessThan(2000);
  });

  it('a wait under the cap but beyond what is left of --timeout fails at once', async () => {
    const r = await run((_req, res) => json(res, 429, {}, { 'retry-after': '5' }), ['spaces', 'get', 'S1', '--timeout', '2']);
    expect(r.code).toBe(1);
    expect(errorLine(r.stderr)).toMatch(/the server asks to wait 5 s, beyond the time limit of 2 s \(--timeout\)/);
    expect(r.requests).toBe(1);
    expect(r.ms).toBeLessThan(2000);
  });

  it('a wait within the limit is taken, and the retry succeeds', async () => {
    const r = await run((_req, res, n) => (n === 1 ? json(res, 429, {}, { 'retry-after': '0.2' }) : json(res, 200, { id: 'S1', title: 'T' })), ['spaces', 'get', 'S1', '--json', '--timeout', '5']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toBe(2);
  });
});

describe('success bodies of the wrong shape', () => {
  it.each([
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['a string', '"hello"'],
  ])('spaces get and create answering %s: exit 1, unexpected answer', async (what, body) => {
    for (const args of [['spaces', 'get', 'S1', '--json'], ['spaces', 'create', '--title', 'T', '--json']]) {
      const r = await run((req, res) => json(res, req.method === 'POST' ? 201 : 200, body), args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
      expect(errorLine(r.stderr)).toMatch(new RegExp(`^error: unexpected answer from (GET|POST) /\\S+: 20[01], ${what} where an object was expected$`));
      expect(r.stdout).toBe('');
    }
  });

  it('a list answering null or an object without items: exit 1, unexpected answer', async () => {
    for (const body of ['null', '{"next":null}', '[]']) {
      const r = await run((_req, res) => json(res, 200, body), ['spaces', 'list']);
      expect(r.code, r.stderr).toBe(1);
      expect(errorLine(r.stderr)).toMatch(/^error: unexpected answer from GET \/orgs\/org1\/spaces\?limit=100: 200, .* where a list \(an object with "items"\) was expected$/);
    }
  });
});

describe('answer size', () => {
  it('an endless answer to spaces get stops at 8 MiB, read no further', async () => {
    let written = 0;
    const endless: Handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      res.write('{"id":"S1","pad":"');
      const pump = () => {
        while (!res.destroyed && written < 200 * 2 ** 20) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('"}');
      };
      pump();
    };
    for (const args of [['spaces', 'get', 'S1', '--json'], ['--debug', 'spaces', 'get', 'S1']]) {
      written = 0;
      const r = await run(endless, args);
      expect(r.code).toBe(1);
      expect(errorLine(r.stderr)).toMatch(/^error: unexpected answer from GET \/spaces\/S1: 200, larger than 8 MiB, the most docplat reads of one answer$/);
      expect(written).toBeLessThan(64 * 2 ** 20);
    }
  }, 20_000);

  it.each([
    ['node:http kept alive (the next request of a command, one at a time)', 1],
    ['undici (a request after two at once)', 2],
  ])('through %s too: reading stops at the limit', async (_via, warm) => {
    let written = 0;
    handler = (req, res) => {
      if (req.url?.endsWith('/warm')) return json(res, 200, { id: 'w' });
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && written < 200 * 2 ** 20) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    };
    const client = new ApiClient({ baseUrl: apiUrl, userAgent: 'test', retries: 0 });
    try {
      await Promise.all(Array.from({ length: warm }, () => client.send(rawRequest('GET', '/warm'))));
      await expect(client.send(rawRequest('GET', '/endless'))).rejects.toThrow(/^unexpected answer from GET \/endless: 200, larger than 8 MiB/);
      expect(written).toBeLessThan(64 * 2 ** 20);
    } finally {
      await client.close();
    }
  }, 20_000);

  it('a declared Content-Length over the limit is refused before reading', async () => {
    const r = await run((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * 2 ** 20) });
      res.write('{');
    }, ['spaces', 'get', 'S1']);
    expect(r.code).toBe(1);
    expect(errorLine(r.stderr)).toMatch(/larger than 8 MiB/);
  });
});

describe('deep nesting', () => {
  const deep = '{"id":"S1","x":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
  it.each([
    ['--json', ['spaces', 'get', 'S1', '--json']],
    ['--jq', ['spaces', 'get', 'S1', '--jq', '.x']],
    ['api', ['api', '/spaces/S1']],
    ['api --jq', ['api', '/spaces/S1', '--jq', '.']],
  ])('a 100,000-level answer with %s: a clear error, exit 1', async (_, args) => {
    const r = await run((_req, res) => json(res, 200, deep), args);
    expect(r.code, r.stderr).toBe(1);
    expect(errorLine(r.stderr)).toMatch(/^error: unexpected answer from GET \/spaces\/S1: (200, )?JSON nested deeper than 512 levels$/);
    expect(r.stderr).not.toMatch(/call stack/i);
  });
});

describe('redirects, broken headers, credentials in the URL', () => {
  it('a 302 is an error that shows where it points', async () => {
    const r = await run((_req, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/v1/spaces/S1' });
      res.end();
    }, ['spaces', 'get', 'S1']);
    expect(r.code).toBe(1);
    expect(errorLine(r.stderr)).toBe('error: GET /spaces/S1: 302 Found, redirected to "https://elsewhere.example/v1/spaces/S1" (redirects are not followed: check the API URL)');
    expect(r.requests).toBe(1);
  });

  it('an invalid response header is not "cannot reach", and is not retried', async () => {
    let tries = 0;
    let firstGood = false;
    const good = '{"next":{"page":"p2"},"items":[{"id":"a"}]}';
    const tcp: TcpServer = createTcpServer((socket) => {
      tries++;
      const ok = firstGood && tries === 1;
      socket.once('data', () =>
        socket.end(ok ? `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${good.length}\r\n\r\n${good}` : 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nBad Header: x\r\nContent-Length: 2\r\n\r\n{}'),
      );
    });
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    try {
      const port = (tcp.address() as { port: number }).port;
      // The first request of a command goes through node:http on a connection of its own, the next ones on a kept one: both are covered.
      for (const [args, first] of [[['spaces', 'get', 'S1'], false], [['spaces', 'list', '--all'], true]] as const) {
        tries = 0;
        firstGood = first;
        const r = await runInProcess([...args, '--retries', '3'], { env: envFor(`http://127.0.0.1:${port}/v1`) });
        expect(r.code).toBe(1);
        expect(errorLine(r.stderr)).toMatch(/^error: unexpected answer from GET \/\S+: an invalid response header$/);
        expect(tries).toBe(first ? 2 : 1);
      }
    } finally {
      await new Promise<void>((r) => tcp.close(() => r()));
    }
  });

  it('--debug and --dry-run never print a password of the API URL', async () => {
    const withPassword = apiUrl.replace('http://', 'http://user:hunter2secret@');
    for (const args of [['--debug', 'spaces', 'get', 'S1'], ['spaces', 'get', 'S1', '--dry-run'], ['--debug', 'api', '/spaces/S1']]) {
      const r = await run((_req, res) => json(res, 200, { id: 'S1' }), args, { env: { DOCPLAT_API_URL: withPassword } });
      expect(`${r.stdout}${r.stderr}`, args.join(' ')).not.toContain('hunter2secret');
      expect(`${r.stdout}${r.stderr}`, args.join(' ')).toContain('***@127.0.0.1');
    }
  });
});

describe('every 2xx is a success, nothing else is', () => {
  it('members remove answered 202 (with a body it does not read) succeeds', async () => {
    for (const body of ['', 'not json at all']) {
      const r = await run((_req, res) => {
        res.writeHead(202, { 'content-type': 'application/json' });
        res.end(body);
      }, ['members', 'remove', 'U1', '--yes']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.requests).toBe(1);
    }
  });

  it('spaces get answered 203 with a space succeeds; 304 and 100-only statuses do not', async () => {
    const ok = await run((_req, res) => json(res, 203, { id: 'S1', title: 'T' }), ['spaces', 'get', 'S1', '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).id).toBe('S1');
    const notModified = await run((_req, res) => {
      res.writeHead(304);
      res.end();
    }, ['spaces', 'get', 'S1']);
    expect(notModified.code).toBe(1);
    expect(errorLine(notModified.stderr)).toMatch(/304/);
  });
});
