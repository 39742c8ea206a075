// docplat sandbox serve: a state file that is not JSON is named in one line; on
// a host that is not loopback it warns and prints a URL that answers; the token
// is kept in the --data file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, startCli, tempDir, until, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('messages that said the wrong thing', () => {
  it('a sandbox state file that is not JSON is named in one whole line', async () => {
    const file = join(tempDir(), 'state.json');
    writeFileSync(file, '{"format": "docplat-sandbox/2",\n "x": [1, 2,\n 3,]}');
    const r = await api.cli(['sandbox', 'serve', '--data', file, '--port', '0']);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    // `sandbox reset` empties the embedded sandbox, not a --data file: it is not offered here.
    expect(r.stderr).toMatch(/cannot load the sandbox state .*state\.json: .*JSON.* \(delete the file, or give another --data file\)$/m);
  });
});

describe('sandbox serve', () => {
  /** Starts `sandbox serve`, waits for its URL and token, then stops it with SIGINT. */
  async function serve(args: string[]) {
    const run = startCli(['sandbox', 'serve', '--port', '0', ...args], { env: baseEnv() });
    await until(() => run.stdout().includes('\n') || run.child.exitCode !== null);
    const [url, token] = run.stdout().trim().split('\t');
    const orgs = await fetch(`${url}/orgs`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    run.child.kill('SIGINT');
    const done = await run.done;
    return { url, token, orgs, stderr: done.stderr, stdout: done.stdout };
  }

  it('on a host that is not loopback, warns and prints a URL that answers (not 127.0.0.1)', async () => {
    const r = await serve(['--host', '0.0.0.0']);
    expect(r.stderr).toMatch(/^warning: the sandbox listens on 0\.0\.0\.0, not only on this machine/m);
    expect(r.orgs).toBe(200);
    const external = Object.values((await import('node:os')).networkInterfaces()).flat().some((i) => i && !i.internal && i.family === 'IPv4');
    if (external) expect(new URL(r.url).hostname).not.toBe('127.0.0.1');
    const local = await serve([]);
    expect(local.stderr).not.toMatch(/warning/);
    expect(new URL(local.url).hostname).toBe('127.0.0.1');
  });

  it('the token is random for each state, kept in the --data file across restarts, and shown once', async () => {
    const file = join(tempDir(), 'state.json');
    const first = await serve(['--data', file]);
    const again = await serve(['--data', file]);
    const other = await serve([]);
    expect(first.token).toMatch(/^dps_sandbox_[0-9a-f]{32}$/);
    expect(again.token).toBe(first.token);
    expect(other.token).not.toBe(first.token);
    expect((first.stdout + first.stderr).split(first.token)).toHaveLength(2);
  });

  it("prints other people's tokens, two of each role, a profile each; a token is that person's (--json: every member's)", async () => {
    const run = startCli(['sandbox', 'serve', '--port', '0'], { env: baseEnv() });
    await until(() => run.stderr().includes('Press Ctrl-C') || run.child.exitCode !== null);
    const [url] = run.stdout().trim().split('\t');
    const users = lines(run.stderr()).filter((l) => /^ {2}\S+ {2}.* <\S+@\S+> {2}\w+ {2}dpu_sandbox_[0-9a-f]{32}$/.test(l));
    expect(run.stderr()).toContain(`Other users (one profile each: echo <token> | docplat auth login --profile <name> --api-url ${url} --with-token; then docplat --profile <name> ...):`);
    expect(users.map((l) => l.trim().split(/ {2}/).slice(0, 3))).toEqual(
      expect.arrayContaining([
        ['margaret', 'Margaret Hamilton <margaret@acme.example>', 'edit'],
        ['edsger', 'Edsger Dijkstra <edsger@acme.example>', 'edit'],
        ['linus', 'Linus Pauling <linus@acme.example>', 'review'],
      ]),
    );
    expect(users.filter((l) => / edit {2}/.test(l))).toHaveLength(2);
    const linus = users.find((l) => l.includes('linus@'))!.split(' ').at(-1)!;
    const me = await fetch(`${url}/user`, { headers: { authorization: `Bearer ${linus}` } }).then((r) => r.json());
    expect(me.displayName).toBe('Linus Pauling');
    run.child.kill('SIGINT');
    await run.done;
    const asJson = startCli(['sandbox', 'serve', '--port', '0', '--json'], { env: baseEnv() });
    await until(() => asJson.stdout().trim().endsWith('}') || asJson.child.exitCode !== null);
    asJson.child.kill('SIGINT');
    const info = JSON.parse((await asJson.done).stdout);
    expect(info.users.length).toBeGreaterThan(20);
    expect(info.users.find((u: { email: string }) => u.email === 'ken@acme.example')).toMatchObject({ role: 'read', disabled: true, token: expect.stringMatching(/^dpu_sandbox_/) });
  });
});
