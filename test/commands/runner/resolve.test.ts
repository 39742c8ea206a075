import { describe, expect, it } from 'vitest';
import { defineCommand } from '../../../src/commands/define.js';
import { lookUp, resolve } from '../../../src/commands/runner/resolve.js';
import { useTestApi } from '../../helpers.js';
import { testContext } from './context.js';
import { demoIds, invocation } from './road.js';

const api = useTestApi();

describe('resolve: the organization and references to ids, after the local checks', () => {
  it('turns a page path and an e-mail into ids; a dry run looks up only what cannot be an id', async () => {
    const { ctx } = testContext(api);
    const { space, page, member } = await demoIds(ctx);
    expect(await lookUp(ctx, 'page', ['guides/configuration', page], { spaceId: space }, '--page', false)).toEqual([page, page]);
    expect(await lookUp(ctx, 'member', ['dana@acme.example'], {}, '--member', true)).toEqual([member]);
    // Not an id of the space, but it could be one: a dry run sends no read for it.
    expect(await lookUp(ctx, 'page', ['p-unknown'], { spaceId: space }, '--page', true)).toEqual(['p-unknown']);
    await expect(lookUp(ctx, 'page', ['guides/none'], { spaceId: space }, '--page', false)).rejects.toMatchObject({ exitCode: 3, message: expect.stringContaining('--page') });
  });

  it("fills the organization from the settings and resolves an argument's page path", async () => {
    const { ctx } = testContext(api);
    const { org, space, page } = await demoIds(ctx);
    const get = defineCommand({ name: 'get', summary: '', operation: 'pages.get', args: [{ name: 'spaceId' }, { name: 'pageId' }] });
    const inv = await invocation(ctx, get, [space, 'guides/configuration']);
    await resolve(ctx, inv);
    expect(inv.input.params).toEqual({ spaceId: space, pageId: page });
    const list = defineCommand({ name: 'list', summary: '', operation: 'spaces.list', output: { list: [{ key: 'id' }] } });
    const listed = await invocation(ctx, list, []);
    await resolve(ctx, listed);
    expect(listed.input.params).toEqual({ organizationId: org });
  });

  it("resolves a bulk verb's ids among themselves, each once", async () => {
    const { ctx } = testContext(api);
    const { member } = await demoIds(ctx);
    const remove = defineCommand({ name: 'remove', summary: '', operation: 'members.remove', args: [{ name: 'userId' }], bulk: { what: 'member', done: 'removed' } });
    const inv = await invocation(ctx, remove, [['dana@acme.example', member]]);
    await resolve(ctx, inv);
    expect(inv.bulk!.ids).toEqual([member]);
  });
});
