import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/app.js';
import { defineCommand } from '../../../src/commands/define.js';
import { registerCommands } from '../../../src/commands/runner/register.js';
import { UsageError } from '../../../src/errors.js';
import { collect, ROOT, tempFiles } from '../../helpers.js';

const COLUMNS = [{ key: 'id', header: 'ID' }];
const config = tempFiles();

function registered(...defs: Parameters<typeof defineCommand>[0][]): Command {
  const io = { stdout: collect().stream, stderr: collect().stream, stdin: Readable.from([]), stdoutTTY: false, stderrTTY: false, stdinTTY: false, env: { DOCPLAT_CONFIG_DIR: config.dir } };
  const group = new Command('things');
  registerCommands(group, new App(io, new AbortController().signal), defs.map((d) => defineCommand(d)));
  return group;
}

const longs = (c: Command) => c.options.map((o) => o.long);

describe('register: a declaration becomes a commander command', () => {
  it('adds the flags the runner owns: paging for a paginated list, --dry-run for an operation, --concurrency for a bulk verb, --web for a get of an app resource', () => {
    const group = registered(
      { name: 'list', summary: '', operation: 'spaces.list', output: { list: COLUMNS } },
      { name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], bulk: { what: 'space', done: 'deleted' } },
      { name: 'get', summary: '', operation: 'spaces.get', args: [{ name: 'spaceId' }], output: { item: COLUMNS } },
      { name: 'values', summary: '', operation: 'customFields.values', args: [{ name: 'spaceId' }], output: { list: COLUMNS } },
    );
    const [list, del, get, values] = group.commands;
    expect(longs(list)).toEqual(['--limit', '--all', '--cursor', '--dry-run']);
    expect(longs(del)).toEqual(['--concurrency', '--dry-run']);
    expect(longs(get)).toEqual(['--web', '--dry-run']);
    // A list the API answers whole has no paging flags.
    expect(longs(values)).toEqual(['--dry-run']);
    expect(del.usage()).toBe('<spaceId...> [flags]');
  });

  it('refuses a flag declared under another key than commander gives it', () => {
    expect(() => registered({ name: 'x', summary: '', operation: 'spaces.get', args: [{ name: 'spaceId' }], flags: { wrong: { flags: '--share-key <k>', description: '', query: 'shareKey' } } })).toThrow(
      'things x: flag --share-key <k> must be declared as "shareKey"',
    );
  });

  it('puts required flags in the usage line and the bounds of the operation table in the help', () => {
    const [create] = registered({ name: 'create', summary: '', operation: 'spaces.create', flags: { title: { flags: '--title <title>', description: 'the title', body: 'title', required: true } } }).commands;
    expect(create.usage()).toBe('--title <title> [flags]');
    expect(create.options[0].description).toMatch(/^\(required\) the title \(.*characters.*\)$/);
  });

  it("leaves a missing argument to the runner (commander's public API, nothing of its internals): the usage shows it required", async () => {
    const group = registered({ name: 'get', summary: '', operation: 'spaces.get', args: [{ name: 'spaceId' }], output: { item: COLUMNS } });
    group.exitOverride();
    const [get] = group.commands;
    expect(get.usage()).toBe('<spaceId> [flags]');
    // Commander would throw its own CommanderError (commander.missingArgument) before the action; the runner's bind refuses it.
    const err = await group.parseAsync(['get'], { from: 'user' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe("missing required argument 'spaceId'");
    // Nor is any of commander's private members replaced to get there.
    expect(readFileSync(join(ROOT, 'src', 'commands', 'runner', 'register.ts'), 'utf8')).not.toMatch(/\.missingArgument\b|as unknown as \{/);
  });
});
