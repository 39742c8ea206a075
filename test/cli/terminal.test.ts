// On a terminal: a table with relative times, colour unless NO_COLOR or
// --no-color, and the "Showing N of M" note. `script` gives the CLI a real
// pseudo-terminal.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, testApi, type TestApi } from '../helpers.js';

let api: TestApi;
beforeAll(async () => {
  api = await testApi();
});
afterAll(async () => api.close());

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
