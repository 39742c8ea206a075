import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/api/operations/index.js';
import { defineCommand } from '../../../src/commands/define.js';
import { confirmBulk, confirmOne } from '../../../src/commands/runner/confirm.js';
import { testContext } from './context.js';

describe('confirm: a destructive verb asks, or needs --yes', () => {
  const def = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], confirm: 'Delete', bulk: { what: 'space', done: 'deleted' } });

  it('without a terminal, names what it would act on and asks for --yes', async () => {
    const { ctx } = testContext();
    await expect(confirmBulk(ctx, def, OPERATIONS['spaces.delete'], { params: {} }, 'spaceId', ['s1'])).rejects.toThrow('Delete space s1: needs confirmation; pass --yes');
    await expect(confirmBulk(ctx, def, OPERATIONS['spaces.delete'], { params: {} }, 'spaceId', ['s1', 's2'])).rejects.toThrow('Delete 2 spaces: needs confirmation');
    await expect(confirmOne(ctx, { ...def, bulk: undefined }, ['s1'])).rejects.toThrow('Delete space s1: needs confirmation');
  });

  it('goes on with --yes, and a verb that is not destructive never asks', async () => {
    const { ctx } = testContext(undefined, { yes: true });
    await confirmBulk(ctx, def, OPERATIONS['spaces.delete'], { params: {} }, 'spaceId', ['s1']);
    await confirmOne(testContext().ctx, { ...def, confirm: undefined }, ['s1']);
  });
});
