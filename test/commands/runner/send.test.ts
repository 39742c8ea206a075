import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../../src/api/request.js';
import { defineCommand } from '../../../src/commands/define.js';
import { plan } from '../../../src/commands/runner/plan.js';
import { resolve } from '../../../src/commands/runner/resolve.js';
import { inFlagTerms, send, sendPlan } from '../../../src/commands/runner/send.js';
import { ApiError } from '../../../src/errors.js';
import { useTestApi } from '../../helpers.js';
import { testContext } from './context.js';
import { invocation } from './road.js';

const api = useTestApi();
const COLUMNS = [{ key: 'id' }];

describe('send: the plan to the client', () => {
  it('answers with the data, and an API failure is an ApiError with its exit code', async () => {
    const { ctx } = testContext(api);
    const { data } = await send(ctx, apiRequest('orgs.get', { params: { organizationId: await ctx.org() } }));
    expect(data).toMatchObject({ id: await ctx.org() });
    const err = await send(ctx, apiRequest('spaces.get', { params: { spaceId: 'no-such-space' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).exitCode).toBe(3);
  });

  it('sends nothing for a dry run or a bulk verb without ids; a list page by page as it is read', async () => {
    const { ctx } = testContext(api);
    const list = defineCommand({ name: 'list', summary: '', operation: 'spaces.list', output: { list: COLUMNS } });
    const dry = await invocation(ctx, list, [], { dryRun: true, limit: '2' });
    await resolve(ctx, dry);
    expect(await sendPlan(ctx, dry, plan(dry))).toEqual({ kind: 'dry', requests: [expect.objectContaining({ method: 'GET' })] });
    const del = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], bulk: { what: 'space', done: 'deleted' } });
    const none = await invocation(testContext(api, {}, '\n').ctx, del, [['-']]);
    expect(await sendPlan(ctx, none, plan(none))).toEqual({ kind: 'nothing' });
    const paged = await invocation(ctx, list, [], { limit: '2' });
    await resolve(ctx, paged);
    const answer = await sendPlan(ctx, paged, plan(paged));
    if (answer.kind !== 'pages') throw new Error(`answered ${answer.kind}`);
    const items = [];
    for await (const page of answer.pages) items.push(...page.items);
    expect(items).toHaveLength(2);
  });

  it("words an API error about a field in the flag that fills it, or as the command's explain says", async () => {
    const err = new ApiError('give a "shareKey"', 400, 'GET', '/x');
    expect(inFlagTerms(err, { key: { flags: '--share-key <k>', description: '', query: 'shareKey' } })?.message).toBe('give a "shareKey" (--share-key)');
    expect(inFlagTerms(err, {})).toBeUndefined();
    const { ctx } = testContext(api);
    const get = defineCommand({ name: 'get', summary: '', operation: 'spaces.get', args: [{ name: 'spaceId' }], output: { item: COLUMNS }, explain: (e) => new ApiError(`explained: ${e.status}`, e.status, e.method, e.path) });
    const inv = await invocation(ctx, get, ['no-such-space']);
    await expect(sendPlan(ctx, inv, plan(inv))).rejects.toThrow('explained: 404');
  });
});
