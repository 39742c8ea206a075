// On a terminal, a command missing a required argument or flag asks for it:
// an id is picked from a searchable list, a title typed, an enum chosen.
// Ctrl-C at a prompt exits 130; --no-input and DOCPLAT_NO_INPUT keep the usage error.
import { describe, expect, it } from 'vitest';
import { converse, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('prompts for what is missing', () => {
  it('spaces get with no id: the space is picked from a searchable list', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const list = JSON.parse((await runInProcess(['spaces', 'list', '--all', '--json'], { env })).stdout) as { id: string; title: string }[];
    // The last space with a title no other has: before the search, the cursor is on the first one.
    const target = list.filter((s) => list.filter((o) => o.title.includes(s.title)).length === 1).at(-1)!;
    expect(target.id).not.toBe(list[0].id);
    const escaped = target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const { code, screen } = await converse(['spaces', 'get', '--json'], env, [
      [/space id \(type to search\)/, target.title],
      [new RegExp(`❯ ${escaped} \\(${target.id}\\)`), '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(new RegExp(`"id": "${target.id}"`));
  });

  it('spaces create with no --title: the title is typed', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const { code, screen } = await converse(['spaces', 'create', '--json'], env, [[/title:/, 'Typed at a prompt\r']]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/"title": "Typed at a prompt"/);
    const titles = JSON.parse((await runInProcess(['spaces', 'list', '--all', '--json'], { env })).stdout).map((s: { title: string }) => s.title);
    expect(titles).toContain('Typed at a prompt');
  });

  it('a typed value that breaks its bounds is shown the bound and asked again, not sent', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const site = (await runInProcess(['sites', 'list', '--jq', '.[0].id'], { env })).stdout.trim();
    const space = (await runInProcess(['spaces', 'list', '--jq', '.[0].id'], { env })).stdout.trim();
    const long = 'x'.repeat(70); // a section title is at most 64 characters on create
    const before = api.sandbox.requestCount;
    const { code, screen } = await converse(['sections', 'create', '--site', site, '--space', space, '--json'], env, [
      [/title:/, `${long}\r`],
      [/title must be at most 64 characters/, `${'\x7f'.repeat(long.length)}Asked again\r`],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/"title": "Asked again"/);
    expect(api.sandbox.requestCount - before).toBe(1); // the create only: the long title was never sent
  });

  it('an argument with a fixed set of values is chosen from it', async () => {
    const { code, screen } = await converse(['completion'], api.env({ NO_COLOR: '1' }), [[/shell:/, '\x1b[B\r']]); // arrow down: zsh
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/#compdef docplat/);
  });

  it('Ctrl-C at a prompt exits 130 and sends nothing', async () => {
    const before = api.sandbox.requestCount;
    const { code, screen } = await converse(['spaces', 'create'], api.env({ NO_COLOR: '1' }), [[/title:/, '\x03']]);
    expect(code, screen).toBe(130);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('--no-input or DOCPLAT_NO_INPUT on a terminal: the usage error, no question', async () => {
    const flag = await converse(['spaces', 'create', '--no-input'], api.env({ NO_COLOR: '1' }), []);
    expect(flag.code).toBe(2);
    expect(flag.screen).toMatch(/error: --title is required/);
    const envVar = await converse(['spaces', 'get'], api.env({ NO_COLOR: '1', DOCPLAT_NO_INPUT: '1' }), []);
    expect(envVar.code).toBe(2);
    expect(envVar.screen).toMatch(/error: missing required argument 'spaceId'/);
  });

  it('without a terminal: the usage error, as before', async () => {
    const r = await api.cli(['spaces', 'create']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --title is required\n');
  });
});
