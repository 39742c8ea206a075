// The token never appears in stdout, stderr, --debug traces, errors or the
// sandbox's logs, over a whole session of commands.
// The session runs in this process; `sandbox serve` is a process of its own,
// serving until interrupted.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, startCli, until, useTestApi } from '../helpers.js';

const sandboxLog: string[] = [];
const api = useTestApi({ log: (line) => sandboxLog.push(line) });

describe('secrets', () => {
  it('a full session never prints the token (except `auth token`, which is asked for it)', async () => {
    const token = api.sandbox.token;
    const env = baseEnv({ DOCPLAT_API_URL: api.sandbox.url });
    let output = '';
    const record = <R extends { stdout: string; stderr: string }>(r: R): R => {
      output += r.stdout + r.stderr;
      return r;
    };
    record(await runInProcess(['auth', 'login', '--with-token', '--debug', '--org', api.sandbox.defaultOrg!], { env, input: token }));
    const session: string[][] = [
      ['auth', 'status', '--debug'],
      ['auth', 'status', '--json'],
      ['config', 'list'],
      ['config', 'list', '--json'],
      ['orgs', 'list', '--debug'],
      ['spaces', 'list', '--debug', '--all'],
      ['spaces', 'list', '--json', '--limit', '3'],
      ['collections', 'list', '--debug'],
      ['spaces', 'get', 'missing', '--debug'],
      ['spaces', 'get', 'missing', '--json'],
      ['spaces', 'create', '--title', 'Secret keeper', '--debug'],
      ['spaces', 'update', 'missing', '--title', 'x', '--debug'],
      ['spaces', 'restore', 'missing', 'other', '--debug'],
      ['spaces', 'delete', 'missing', '--yes', '--debug'],
      ['spaces', 'delete', 'missing', '--dry-run', '--debug'],
      ['spaces', 'list', '--api-url', 'http://127.0.0.1:1/v1', '--retries', '0', '--debug'],
      ['spaces', 'list', '--api-url', 'http://example.com/v1'],
      ['spaces', 'list', '--limit', '5000', '--debug'],
    ];
    for (const args of session) record(await runInProcess(args, { env }));
    // A wrong token given on the command line is not echoed either.
    const wrong = 'wrong-token-0123456789';
    const w = record(await runInProcess(['spaces', 'list', '--token', wrong, '--debug'], { env }));
    expect(w.code).toBe(4);
    expect(output).not.toContain(wrong);
    expect(output).toContain('Bearer ***');
    expect(output).not.toContain(token);
    expect(sandboxLog.length).toBeGreaterThan(0);
    expect(sandboxLog.join('\n')).not.toContain(token);
    // and `auth token` does print it, so the search above could find it
    const t = await runInProcess(['auth', 'token'], { env });
    expect(t.stdout.trim()).toBe(token);
  });

  it('a server that quotes the token back (errors, --json errors, titles, api bodies, --debug) never gets it shown', async () => {
    const token = 'tok_9f8e7d6c5b4a';
    // Every answer quotes the token it was sent, raw and JSON-escaped: statuses by path.
    const server = createServer((req, res) => {
      const sent = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const quoted = `token ${sent} is "${sent}" (${encodeURIComponent(sent)})`;
      const status = req.url!.includes('/S401') ? 401 : req.url!.includes('/S500') ? 500 : req.url!.includes('/S404') ? 404 : 200;
      res.writeHead(status, { 'content-type': 'application/json', 'x-echo': sent });
      if (status !== 200) return void res.end(JSON.stringify({ error: { code: status, message: `rejected: ${quoted}` } }));
      if (req.url!.includes('/spaces?')) return void res.end(JSON.stringify({ items: [{ id: 'S1', title: quoted, visibility: 'private' }] }));
      res.end(JSON.stringify({ id: 'S1', title: quoted, note: quoted }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const env = baseEnv({ DOCPLAT_API_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`, DOCPLAT_TOKEN: token, DOCPLAT_ORG: 'O1' });
    let output = '';
    try {
      const session: [string[], number][] = [
        [['spaces', 'get', 'S401'], 4],
        [['spaces', 'get', 'S401', '--json'], 4],
        [['spaces', 'get', 'S500', '--json', '--retries', '0'], 1],
        [['spaces', 'get', 'S500', '--retries', '0', '--debug'], 1],
        [['spaces', 'get', 'S404', '--debug'], 3],
        [['spaces', 'get', 'S1'], 0],
        [['spaces', 'get', 'S1', '--json'], 0],
        [['spaces', 'list', '--jsonl'], 0],
        [['spaces', 'list', '--output', 'yaml'], 0],
        [['api', '/spaces/S401', '--debug', '--include'], 4],
        [['api', '/spaces/S500', '--debug', '--retries', '0'], 1],
        [['api', '/spaces/S1', '--debug', '--include'], 0],
        [['api', '/orgs/O1/spaces', '--paginate', '--jq', '.[].title'], 0],
      ];
      for (const [args, code] of session) {
        const r = await runInProcess(args, { env });
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
        output += r.stdout + r.stderr;
      }
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    expect(output).not.toContain(token);
    expect(output).toContain('token *** is \\"***\\" (***)');
  });

  it('sandbox serve --debug logs requests without the token', async () => {
    const serve = startCli(['sandbox', 'serve', '--port', '0', '--json', '--debug']);
    const parsed = () => {
      try {
        return JSON.parse(serve.stdout()) as { url: string; token: string };
      } catch {
        return undefined; // wait for the rest
      }
    };
    await until(() => parsed() !== undefined);
    const info = parsed()!;
    const r = await runInProcess(['spaces', 'list', '--limit', '2'], { env: baseEnv({ DOCPLAT_API_URL: info.url, DOCPLAT_TOKEN: info.token, DOCPLAT_ORG: undefined }) });
    expect(r.code).toBe(2); // no org given
    await runInProcess(['orgs', 'list'], { env: baseEnv({ DOCPLAT_API_URL: info.url, DOCPLAT_TOKEN: info.token }) });
    serve.child.kill('SIGINT');
    const { stderr: err } = await serve.done;
    expect(lines(err).some((l) => l.includes('/orgs'))).toBe(true);
    expect(err).not.toContain(info.token);
  });
});
