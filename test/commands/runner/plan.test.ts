import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/api/operations/index.js';
import { defineCommand } from '../../../src/commands/define.js';
import { planBulk } from '../../../src/commands/runner/plan.js';
import { useTestApi } from '../../helpers.js';
import { testContext } from './context.js';
import { demoIds } from './road.js';

const api = useTestApi();

describe('plan: the requests to send', () => {
  it('one request per distinct id, an app URL as its id, each with its read when the verb checks first', async () => {
    const { ctx } = testContext(api);
    const def = defineCommand({ name: 'lock', summary: '', operation: 'spaces.update', args: [{ name: 'spaceId' }], body: { editMode: 'locked' }, bulk: { what: 'space', done: 'locked', check: { skip: () => undefined } } });
    const plan = await planBulk(ctx, def, OPERATIONS['spaces.update'], { params: {}, query: {}, body: { editMode: 'locked' } }, ['s1', 'https://app.gitbook.com/o/o1/s/s1/', 's2'], new Map(), false);
    expect(plan.ids).toEqual(['s1', 's2']);
    expect(plan.requests.map((r) => [r.request.method, r.request.path, r.check?.method])).toEqual([
      ['PATCH', '/spaces/s1', 'GET'],
      ['PATCH', '/spaces/s2', 'GET'],
    ]);
  });

  it('resolves references among the ids, and refuses a bad id before any read', async () => {
    const { ctx } = testContext(api);
    const { org, member } = await demoIds(ctx);
    const def = defineCommand({ name: 'remove', summary: '', operation: 'members.remove', args: [{ name: 'userId' }], bulk: { what: 'member', done: 'removed' } });
    const base = { params: { organizationId: org }, query: {} };
    const plan = await planBulk(ctx, def, OPERATIONS['members.remove'], base, ['dana@acme.example'], new Map(), true);
    expect(plan.ids).toEqual([member]);
    await expect(planBulk(ctx, def, OPERATIONS['members.remove'], base, ['a/b', 'x@y.z'], new Map(), false)).rejects.toThrow('invalid user id "a/b"');
  });
});
