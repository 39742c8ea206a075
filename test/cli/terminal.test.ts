// On a terminal: a table with relative times, colour unless NO_COLOR or
// --no-color, and the "Showing N of M" note. `script` gives the CLI a real
// pseudo-terminal.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

// Asynchronous: the sandbox answering the CLI runs in this very process.
async function onTerminal(args: string[], env: Record<string, string | undefined> = {}): Promise<string> {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const e = api.env(env);
  delete e.NO_COLOR;
  if (env.NO_COLOR) e.NO_COLOR = env.NO_COLOR;
  const { stdout } = await promisify(execFile)('script', ['-qfec', command, '/dev/null'], { env: { ...e, COLUMNS: '160', TERM: 'xterm' }, encoding: 'utf8' });
  return stdout;
}

describe('on a terminal', () => {
  it('prints a table with a header, relative times, colour, and says the list was cut', async () => {
    const out = await onTerminal(['spaces', 'list', '--limit', '3']);
    expect(out).toMatch(/\x1b\[1mID/);
    expect(out).toMatch(/TITLE/);
    expect(out).toMatch(/(years?|months?|days?) ago/);
    expect(out).toMatch(/Showing 3 of \d+ \(use --all\)/);
  });

  it('has no colour with NO_COLOR or --no-color', async () => {
    expect(await onTerminal(['spaces', 'list', '--limit', '3'], { NO_COLOR: '1' })).not.toMatch(/\x1b\[/);
    expect(await onTerminal(['spaces', 'list', '--limit', '3', '--no-color'])).not.toMatch(/\x1b\[/);
  });

  it('--output tsv on a terminal is still plain TSV', async () => {
    const out = await onTerminal(['spaces', 'list', '--limit', '2', '--output', 'tsv', '--no-color']);
    const rows = out.split(/\r?\n/).filter((l) => l.includes('\t'));
    expect(rows).toHaveLength(2);
  });
});

describe('prompts on a terminal', () => {
  // Drives `script` like a person: waits for each question, then types.
  async function converse(args: string[], env: NodeJS.ProcessEnv, steps: [RegExp, string][]) {
    const { spawn } = await import('node:child_process');
    const command = [process.execPath, BIN, ...args].join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...env, TERM: 'xterm', COLUMNS: '120' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let screen = '';
    let step = 0;
    child.stdout.on('data', (d) => {
      screen += d;
      while (step < steps.length && steps[step][0].test(screen)) child.stdin.write(steps[step++][1]);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, screen };
  }

  it('auth login asks for the token (masked) and offers the organizations', async () => {
    const env = api.env({ DOCPLAT_TOKEN: undefined, DOCPLAT_ORG: undefined });
    delete env.DOCPLAT_TOKEN;
    delete env.DOCPLAT_ORG;
    const { code, screen } = await converse(['auth', 'login'], env, [
      [/API token/, `${api.sandbox.token}\r`],
      [/Default organization/, '\x1b[B\r'], // arrow down: the second organization
    ]);
    expect(code, screen).toBe(0);
    expect(screen).not.toContain(api.sandbox.token);
    expect(screen).toMatch(/\*{10,}/);
    expect(screen).toMatch(/Logged in as/);
    const status = await runInProcess(['auth', 'status', '--json'], { env });
    const s = JSON.parse(status.stdout);
    expect(s.tokenSource).toBe('profile');
    expect(s.org).not.toBe(api.sandbox.defaultOrg);
  });

  it('a delete asks for confirmation, and "no" deletes nothing', async () => {
    const env = api.env();
    const [id] = (await runInProcess(['spaces', 'list', '--limit', '1', '--fields', 'id'], { env })).stdout.split('\n');
    const before = api.sandbox.requestCount;
    const no = await converse(['spaces', 'delete', id], env, [[/Delete space/, 'n\r']]);
    expect(no.code).toBe(2);
    expect(no.screen).toMatch(/cancelled/);
    expect(api.sandbox.requestCount).toBe(before);
    const yes = await converse(['spaces', 'delete', id], env, [[/Delete space/, 'y\r']]);
    expect(yes.code).toBe(0);
    expect(yes.screen).toMatch(new RegExp(`${id}: deleted`));
  });
});
