// On a terminal: a table with relative times, colour unless NO_COLOR or
// --no-color, and the "Showing N of M" note. `script` gives the CLI a real
// pseudo-terminal.
import { describe, expect, it } from 'vitest';
import { converse, onTerminal as runOnTerminal, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

async function onTerminal(args: string[], env: Record<string, string | undefined> = {}): Promise<string> {
  const e = api.env(env);
  delete e.NO_COLOR;
  if (env.NO_COLOR) e.NO_COLOR = env.NO_COLOR;
  return (await runOnTerminal(args, e)).stdout;
}

describe('on a terminal', () => {
  it('prints a table with a header, relative times, colour, and says the list was cut', async () => {
    const out = await onTerminal(['spaces', 'list', '--limit', '3']);
    expect(out).toMatch(/\x1b\[1mID/);
    expect(out).toMatch(/TITLE/);
    expect(out).toMatch(/\d+(y|mo|w|d) ago/);
    expect(out).toMatch(/Showing 3 of \d+: --all for every item, or --cursor \S+ for the next page/);
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

  it('a delete asks for confirmation naming the title, and "no" deletes nothing', async () => {
    const env = api.env();
    const [id, title] = (await runInProcess(['spaces', 'list', '--limit', '1', '--fields', 'id,title'], { env })).stdout.trim().split('\t');
    const before = api.sandbox.requestCount;
    const no = await converse(['spaces', 'delete', id], env, [[/Delete space/, 'n\r']]);
    expect(no.code).toBe(2);
    expect(no.screen).toMatch(/cancelled/);
    expect(no.screen).toContain(`Delete space "${title}" (${id})?`);
    // The one request is the read that names it.
    expect(api.sandbox.requestCount).toBe(before + 1);
    const yes = await converse(['spaces', 'delete', id], env, [[/Delete space/, 'y\r']]);
    expect(yes.code).toBe(0);
    expect(yes.screen).toMatch(new RegExp(`${id}: deleted`));
  });

  it('a collection delete names what goes with it, and the title must be typed', async () => {
    const env = api.env();
    const json = async (args: string[]) => JSON.parse((await runInProcess([...args, '--json'], { env })).stdout);
    const parent = await json(['collections', 'create', '--title', 'Doomed guides']);
    const child = await json(['collections', 'create', '--title', 'Inner', '--parent', parent.id]);
    await json(['spaces', 'create', '--title', 'One', '--collection', parent.id]);
    await json(['spaces', 'create', '--title', 'Two', '--collection', child.id]);
    const wrong = await converse(['collections', 'delete', parent.id], env, [[/Type Doomed guides to confirm/, 'Doomed\r']]);
    expect(wrong.screen).toMatch(new RegExp(`Delete collection "Doomed guides" \\(${parent.id}\\), with 2 spaces and 1 collection inside\\?`));
    expect(wrong.code).toBe(2);
    expect(wrong.screen).toMatch(/cancelled: what was typed does not match/);
    expect((await runInProcess(['collections', 'get', parent.id], { env })).code).toBe(0);
    const right = await converse(['collections', 'delete', parent.id], env, [[/Type Doomed guides to confirm/, 'Doomed guides\r']]);
    expect(right.code, right.screen).toBe(0);
    expect((await runInProcess(['collections', 'get', parent.id], { env })).code).toBe(3);
  });
});
