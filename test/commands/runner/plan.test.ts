import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../../src/commands/define.js';
import { plan } from '../../../src/commands/runner/plan.js';
import { testContext } from './context.js';
import { invocation } from './road.js';

describe('plan: the requests to send, built from the resolved input', () => {
  const { ctx } = testContext();

  it('one request per id of a bulk verb, each with its read when the verb checks first', async () => {
    const def = defineCommand({ name: 'lock', summary: '', operation: 'spaces.update', args: [{ name: 'spaceId' }], body: { editMode: 'locked' }, bulk: { what: 'space', done: 'locked', check: { skip: () => undefined } } });
    const { requests } = plan(await invocation(ctx, def, [['s1', 's2']]));
    expect(requests.map((r) => [r.request.method, r.request.path, r.request.body, r.check?.method, r.check?.path])).toEqual([
      ['PATCH', '/spaces/s1', { editMode: 'locked' }, 'GET', '/spaces/s1'],
      ['PATCH', '/spaces/s2', { editMode: 'locked' }, 'GET', '/spaces/s2'],
    ]);
  });

  it('one request otherwise, and a value resolve gave is checked as any other', async () => {
    const def = defineCommand({ name: 'get', summary: '', operation: 'pages.get', args: [{ name: 'spaceId' }, { name: 'pageId' }] });
    const inv = await invocation(ctx, def, ['s1', 'p1']);
    expect(plan(inv).requests.map((r) => r.request.path)).toEqual(['/spaces/s1/content/page/p1']);
    inv.input.params.pageId = 'a/b';
    expect(() => plan(inv)).toThrow('invalid page id "a/b"');
  });
});
