// Defects of the core found by trying it as a new user (issue 8): Ctrl-C at a
// prompt, empty global flags, messages that were wrong, and small gaps.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, converse, lines, onTerminal, runCli, runInProcess, startCli, tempDir, until, useTestApi, withTestApi } from '../helpers.js';

const api = useTestApi();

describe('Ctrl-C at a prompt', () => {
  it('exits 130 with "interrupted" at the token prompt of auth login', async () => {
    const env = api.env();
    delete env.DOCPLAT_TOKEN;
    const r = await converse(['auth', 'login'], env, [[/API token/, '\x03']]);
    expect(r.code, r.screen).toBe(130);
    expect(r.screen).toMatch(/error: interrupted/);
    expect(r.screen).not.toMatch(/unexpected error|force closed/);
  });

  it('exits 130 at a confirmation, and deletes nothing', async () => {
    const env = api.env();
    const [id] = lines((await api.cli(['spaces', 'list', '--limit', '1', '--fields', 'id'])).stdout);
    const before = api.sandbox.requestCount;
    const r = await converse(['spaces', 'delete', id], env, [[/Delete space/, '\x03']]);
    expect(r.code, r.screen).toBe(130);
    expect(r.screen).toMatch(/error: interrupted/);
    // Only the read that names the space in the question.
    expect(api.sandbox.requestCount).toBe(before + 1);
    expect((await api.cli(['spaces', 'get', id, '--fields', 'deletedAt'])).stdout.trim()).toBe('');
  });
});

/** Exit 2, one line naming the rule, nothing on stdout, no request sent. */
async function expectRefused(args: string[], rule: RegExp, env: Record<string, string | undefined> = {}): Promise<void> {
  const before = api.sandbox.requestCount;
  const r = await api.cli(args, { env });
  expect(r.code, r.stderr).toBe(2);
  expect(lines(r.stderr)).toHaveLength(1);
  expect(lines(r.stderr)[0]).toMatch(rule);
  expect(r.stdout).toBe('');
  expect(api.sandbox.requestCount).toBe(before);
}

describe('global flags given an empty value, and the org checked as an id', () => {
  // [args, environment over the sandbox's, the message]
  const CASES: [string[], Record<string, string | undefined>, RegExp][] = [
    [['--org', '', 'auth', 'status'], {}, /^error: --org is empty$/],
    [['--org', '  ', 'spaces', 'list'], {}, /^error: --org is blank$/],
    [['spaces', 'list', '--org', ''], {}, /^error: --org is empty$/],
    [['--profile', '', 'spaces', 'list'], {}, /^error: --profile is empty$/],
    [['--api-url', '', 'spaces', 'list'], {}, /^error: --api-url is empty$/],
    [['--token', '', 'spaces', 'list'], {}, /^error: --token is empty$/],
    [['--timeout', '', 'spaces', 'list'], {}, /^error: --timeout is empty$/],
    [['--retries', '', 'spaces', 'list'], {}, /^error: --retries is empty$/],
    [['--output', '', 'spaces', 'list'], {}, /^error: --output is empty$/],
    [['--fields', '', 'spaces', 'list'], {}, /^error: --fields is empty$/],
    [['--jq', '', 'spaces', 'list'], {}, /^error: --jq is empty$/],
    [['--org', 'a/b', 'spaces', 'list'], {}, /^error: invalid --org organization id "a\/b": ids have no spaces, slashes/],
    [['--org', 'a/b', 'auth', 'status'], {}, /^error: invalid --org organization id "a\/b"/],
    [['spaces', 'list'], { DOCPLAT_ORG: '../x' }, /^error: invalid DOCPLAT_ORG organization id "..\/x"/],
    [['--sandbox', '--org', 'a?b', 'spaces', 'list'], {}, /^error: invalid --org organization id "a\?b"/],
  ];
  for (const [args, env, rule] of CASES) {
    it(`${Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')}docplat ${args.map((a) => (a === '' ? '""' : a)).join(' ')}`, () => expectRefused(args, rule, env));
  }
});

describe('a sub-second --timeout', () => {
  it('fails a request answered in 300 ms, after about 0.1 s', () =>
    withTestApi({ faults: 'latency=300' }, async (slow) => {
      // Failing at all proves the limit fired before the answer came, 300 ms in.
      const r = await slow.cli(['orgs', 'list', '--timeout', '0.1', '--retries', '0']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/no answer within 0\.1 s/);
    }));

  it('is the limit of the whole request: retries do not stretch it (a hung server, 3 retries)', () =>
    withTestApi({ faults: 'hang=1' }, async (hung) => {
      await hung.cli(['orgs', 'list', '--timeout', '0.05', '--retries', '0']); // the modules loaded: what is timed below is the request
      const started = performance.now();
      const r = await hung.cli(['orgs', 'list', '--timeout', '0.2']);
      const elapsed = performance.now() - started;
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/timed out/);
      // One try: four (a try and 3 retries) would take 0.8 s at least.
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(700);
    }));

  it('still lets a request answered in time succeed', () =>
    withTestApi({ faults: 'latency=50' }, async (slow) => {
      const r = await slow.cli(['orgs', 'list', '--timeout', '0.5']);
      expect(r.code, r.stderr).toBe(0);
    }));
});

describe('messages that said the wrong thing', () => {
  it('an enum flag with a null word lists it among the allowed values', () =>
    expectRefused(['spaces', 'update', 'S', '--default-level', 'bogus'], /--default-level must be one of admin, create, review, edit, comment, read, none \(got "bogus"\)$/));

  it('a bad DOCPLAT_TIMEOUT or DOCPLAT_RETRIES names the variable, not the flag', async () => {
    await expectRefused(['orgs', 'list'], /^error: DOCPLAT_TIMEOUT must be a number of seconds/, { DOCPLAT_TIMEOUT: 'x' });
    await expectRefused(['orgs', 'list'], /^error: DOCPLAT_RETRIES must be a whole number from 0 to 10/, { DOCPLAT_RETRIES: 'many' });
    await expectRefused(['orgs', 'list', '--timeout', 'x'], /^error: --timeout must be/, { DOCPLAT_TIMEOUT: '5' });
  });

  it('--limit 0 says "at least 1", with no huge number', () => expectRefused(['spaces', 'list', '--limit', '0'], /^error: --limit must be a whole number of at least 1, got "0"$/));

  it('a sandbox state file that is not JSON is named in one whole line', async () => {
    const file = join(tempDir(), 'state.json');
    writeFileSync(file, '{"format": "docplat-sandbox/2",\n "x": [1, 2,\n 3,]}');
    const r = await api.cli(['sandbox', 'serve', '--data', file, '--port', '0']);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    // `sandbox reset` empties the embedded sandbox, not a --data file: it is not offered here.
    expect(r.stderr).toMatch(/cannot load the sandbox state .*state\.json: .*JSON.* \(delete the file, or give another --data file\)$/m);
  });

  it('a connection cut after the server answered is not "cannot reach"', () =>
    withTestApi({ faults: 'cut=1' }, async (cut) => {
      const r = await cut.cli(['orgs', 'list', '--retries', '0']);
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: GET \/orgs\?limit=100: the answer was cut off \(/)]);
    }));
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
});

describe('small gaps', () => {
  it('config get prints the value in effect, and where it comes from on stderr', async () => {
    const url = await api.cli(['config', 'get', 'api-url']);
    expect(url.code, url.stderr).toBe(0);
    expect(url.stdout).toBe(`${api.sandbox.url}\n`);
    expect(url.stderr).toBe('(from DOCPLAT_API_URL)\n');
    const dflt = await runInProcess(['config', 'get', 'api-url'], { env: baseEnv() });
    expect(dflt.stdout).toBe('https://api.gitbook.com/v1\n');
    expect(dflt.stderr).toBe('(from the default)\n');
    const flag = await api.cli(['config', 'get', 'org', '--org', 'o-flag']);
    expect([flag.stdout, flag.stderr]).toEqual(['o-flag\n', '(from the --org flag)\n']);
    const env = baseEnv();
    await runInProcess(['config', 'set', 'org', 'o-stored'], { env });
    const stored = await runInProcess(['config', 'get', 'org'], { env });
    expect([stored.stdout, stored.stderr]).toEqual(['o-stored\n', '(from profile "default")\n']);
  });

  it('config get --json prints the key, value and source (null when not set)', async () => {
    expect(JSON.parse((await api.cli(['config', 'get', 'org', '--json'])).stdout)).toEqual({ key: 'org', value: api.sandbox.defaultOrg, source: 'env' });
    const unset = await runInProcess(['config', 'get', 'org', '--json'], { env: baseEnv() });
    expect(unset.code).toBe(0);
    expect(JSON.parse(unset.stdout)).toEqual({ key: 'org', value: null, source: null });
  });

  it('orgs ping prints no blank line', async () => {
    const r = await api.cli(['orgs', 'ping']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/answered the ping/);
    expect(JSON.parse((await api.cli(['orgs', 'ping', '--json'])).stdout)).toEqual({});
    const dry = await api.cli(['orgs', 'ping', '--dry-run']);
    expect(dry.stdout).toBe(`POST ${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/ping\n`);
  });

  it('docplat help spaces list shows the command\'s help', async () => {
    const r = await runCli(['help', 'spaces', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: docplat spaces list /);
    const inProcess = await runInProcess(['help', 'spaces', 'list']);
    expect(inProcess.stdout).toBe(r.stdout);
  });

  it('the help lists every environment variable the README does', async () => {
    const r = await runInProcess(['--help']);
    for (const v of ['DOCPLAT_TOKEN', 'DOCPLAT_ORG', 'DOCPLAT_API_URL', 'DOCPLAT_PROFILE', 'DOCPLAT_CONFIG_DIR', 'DOCPLAT_TIMEOUT', 'DOCPLAT_RETRIES', 'DOCPLAT_SANDBOX_FAULTS']) {
      expect(r.stdout).toContain(v);
    }
  });

  it('bare docplat prints the help and exits 0, piped and on a terminal', async () => {
    const piped = await runCli([]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^Usage: docplat \[options\] \[command\]/);
    expect(piped.stderr).toBe('');
    const tty = await onTerminal([], baseEnv());
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/Usage: docplat \[options\] \[command\]/);
  });

  it('spaces get shows "none" for a space with no default level', async () => {
    const [id] = lines((await api.cli(['spaces', 'list', '--limit', '1', '--fields', 'id'])).stdout);
    expect((await api.cli(['spaces', 'update', id, '--default-level', 'none'])).code).toBe(0);
    const r = await runInProcess(['spaces', 'get', id], { env: api.env(), stdoutTTY: true });
    expect(r.stdout).toMatch(/^Default level\s+none$/m);
    expect(JSON.parse((await api.cli(['spaces', 'get', id, '--json'])).stdout).defaultLevel).toBeNull();
  });
});
