import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../../src/commands/define.js';
import { bind, bindRunArgs } from '../../../src/commands/runner/bind.js';
import { testContext } from './context.js';

const def = defineCommand({
  name: 'update',
  summary: '',
  operation: 'spaces.update',
  args: [{ name: 'spaceId' }],
  flags: {
    title: { flags: '--title <title>', description: '', body: 'title', nonBlank: true },
    visibility: { flags: '--visibility <v>', description: '', body: 'visibility', required: true },
    member: { flags: '--member <id>', description: '', selects: { operation: 'spaces.list' } },
    team: { flags: '--team <id>', description: '', selects: { operation: 'spaces.list' } },
  },
});

describe('bind: flags and arguments to the command input, in one pass', () => {
  const { ctx } = testContext();

  it('splits the arguments, keeps what was given, and names the flag that picks another operation', async () => {
    const bound = await bind(ctx, def, ['s1'], { title: 'T', visibility: 'public', member: 'm' });
    expect(bound.args).toEqual(['s1']);
    expect(bound.rest).toEqual([]);
    expect(bound.given.map(([key]) => key)).toEqual(['title', 'visibility', 'member']);
    expect(bound.selects).toEqual({ operation: 'spaces.list' });
  });

  it('gives the bulk argument its values as rest', async () => {
    const bulk = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], bulk: { what: 'space', done: 'deleted' } });
    expect((await bind(ctx, bulk, [['a', 'b']], {})).rest).toEqual(['a', 'b']);
  });

  it('refuses a missing required flag (no terminal to ask on), an empty or blank value, and two selecting flags', async () => {
    await expect(bind(ctx, def, ['s1'], {})).rejects.toThrow('--visibility is required');
    await expect(bind(ctx, def, ['s1'], { visibility: '' })).rejects.toThrow('--visibility is empty');
    await expect(bind(ctx, def, ['s1'], { visibility: 'public', title: '  ' })).rejects.toThrow('--title is blank');
    await expect(bind(ctx, def, ['s1'], { visibility: 'public', member: 'm', team: 't' })).rejects.toThrow('--member and --team cannot be used together');
  });

  it('checks the id arguments of a run handler as ids, an app URL becoming its id', () => {
    const run = defineCommand({ name: 'x', summary: '', args: [{ name: 'spaceId', param: 'spaceId' }], run: async () => undefined });
    const args = ['https://app.gitbook.com/o/o1/s/s9/'];
    bindRunArgs(run, args);
    expect(args).toEqual(['s9']);
    expect(() => bindRunArgs(run, ['a/b'])).toThrow('invalid space id "a/b"');
  });
});
