import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../../src/commands/define.js';
import { confirm } from '../../../src/commands/runner/confirm.js';
import { testContext } from './context.js';
import { invocation } from './road.js';

describe('confirm: a destructive verb asks, or needs --yes', () => {
  const def = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], confirm: 'Delete', bulk: { what: 'space', done: 'deleted' } });
  const one = { ...def, bulk: undefined };

  it('without a terminal, names what it would act on and asks for --yes', async () => {
    const { ctx } = testContext();
    await expect(confirm(ctx, await invocation(ctx, def, [['s1']]))).rejects.toThrow('Delete space s1: needs confirmation; pass --yes');
    await expect(confirm(ctx, await invocation(ctx, def, [['s1', 's2']]))).rejects.toThrow('Delete 2 spaces: needs confirmation');
    await expect(confirm(ctx, await invocation(ctx, one, ['s1']))).rejects.toThrow('Delete space s1: needs confirmation');
  });

  it('goes on with --yes; a dry run, a bulk verb with no ids and a verb that is not destructive never ask', async () => {
    const { ctx } = testContext(undefined, { yes: true });
    await confirm(ctx, await invocation(ctx, def, [['s1']]));
    const plain = testContext().ctx;
    await confirm(plain, await invocation(plain, def, [['s1']], { dryRun: true }));
    await confirm(plain, { ...(await invocation(plain, def, [['s1']])), bulk: { param: 'spaceId', label: 'space id', ids: [], concurrency: 1 } });
    await confirm(plain, await invocation(plain, { ...one, confirm: undefined }, ['s1']));
  });
});
