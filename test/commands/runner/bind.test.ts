import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../../src/commands/define.js';
import { bind, bindGiven, bindRunArgs } from '../../../src/commands/runner/bind.js';
import { testContext } from './context.js';
import { invocation } from './road.js';

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

const COLUMNS = [{ key: 'id' }];

describe('bind: flags and arguments to the command input, in one pass', () => {
  const { ctx } = testContext();

  it('splits the arguments, keeps what was given, and names the flag that picks another operation', async () => {
    const bound = await bindGiven(ctx, def, ['s1'], { title: 'T', visibility: 'public', member: 'm' });
    expect(bound.args).toEqual(['s1']);
    expect(bound.rest).toEqual([]);
    expect(bound.given.map(([key]) => key)).toEqual(['title', 'visibility', 'member']);
    expect(bound.selects).toEqual({ operation: 'spaces.list' });
  });

  it('gives the bulk argument its values as rest', async () => {
    const bulk = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], bulk: { what: 'space', done: 'deleted' } });
    expect((await bindGiven(ctx, bulk, [['a', 'b']], {})).rest).toEqual(['a', 'b']);
  });

  it('refuses a missing required flag (no terminal to ask on), an empty or blank value, and two selecting flags', async () => {
    await expect(bindGiven(ctx, def, ['s1'], {})).rejects.toThrow('--visibility is required');
    await expect(bindGiven(ctx, def, ['s1'], { visibility: '' })).rejects.toThrow('--visibility is empty');
    await expect(bindGiven(ctx, def, ['s1'], { visibility: 'public', title: '  ' })).rejects.toThrow('--title is blank');
    await expect(bindGiven(ctx, def, ['s1'], { visibility: 'public', member: 'm', team: 't' })).rejects.toThrow('--member and --team cannot be used together');
  });

  it('refuses a missing argument itself (commander takes every argument as optional); a variadic one may take none', async () => {
    await expect(bindGiven(ctx, def, [undefined], { visibility: 'public' })).rejects.toThrow("missing required argument 'spaceId'");
    const bulk = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], bulk: { what: 'space', done: 'deleted' } });
    await expect(bindGiven(ctx, bulk, [[]], {})).rejects.toThrow("missing required argument 'spaceId'");
    const variadic = defineCommand({ name: 'x', summary: '', args: [{ name: 'names', variadic: true }], run: async () => undefined });
    expect((await bindGiven(ctx, variadic, [[]], {})).rest).toEqual([]);
  });

  it('checks the id arguments of a run handler as ids, an app URL becoming its id', () => {
    const run = defineCommand({ name: 'x', summary: '', args: [{ name: 'spaceId', param: 'spaceId' }], run: async () => undefined });
    const args = ['https://app.gitbook.com/o/o1/s/s9/'];
    bindRunArgs(run, args);
    expect(args).toEqual(['s9']);
    expect(() => bindRunArgs(run, ['a/b'])).toThrow('invalid space id "a/b"');
  });

  it('hands a run handler what was given, and a declared command its invocation', async () => {
    const run = defineCommand({ name: 'x', summary: '', args: [{ name: 'spaceId', param: 'spaceId' }], run: async () => undefined });
    expect(await bind(ctx, run, ['s1'], {})).toEqual({ run: expect.objectContaining({ args: ['s1'] }) });
    const inv = await invocation(ctx, def, ['s1'], { title: 'T', visibility: 'public' });
    expect(inv.op.id).toBe('spaces.update');
    expect(inv.input).toEqual({ params: { spaceId: 's1' }, query: {}, body: { title: 'T', visibility: 'public' } });
    expect(inv.rendering).toEqual({ output: 'none', paged: false, limit: undefined, cursor: undefined });
  });

  it('binds the paging flags of a paginated list, and refuses --all with --limit', async () => {
    const list = defineCommand({ name: 'list', summary: '', operation: 'spaces.list', output: { list: COLUMNS } });
    expect((await invocation(ctx, list, [], { limit: '3', cursor: 'c1' })).rendering).toMatchObject({ paged: true, limit: 3, cursor: 'c1' });
    expect((await invocation(ctx, list, [], { all: true })).rendering).toMatchObject({ paged: true, limit: undefined });
    await expect(invocation(ctx, list, [], { all: true, limit: '3' })).rejects.toThrow('--all and --limit cannot be used together');
  });

  it("binds a bulk verb's ids: each once, an app URL read back to its id, with --concurrency", async () => {
    const bulk = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], bulk: { what: 'space', done: 'deleted' } });
    const inv = await invocation(ctx, bulk, [['s1', 'https://app.gitbook.com/o/o1/s/s1/', 's2']], { concurrency: '2' });
    expect(inv.bulk).toEqual({ param: 'spaceId', label: 'space id', ids: ['s1', 's2'], concurrency: 2 });
    await expect(invocation(ctx, bulk, [['s1']], { concurrency: '0' })).rejects.toThrow('--concurrency');
  });
});
