import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/api/operations/index.js';
import { apiRequest } from '../../../src/api/request.js';
import { defineCommand } from '../../../src/commands/define.js';
import { inFlagTerms, rendering, sendAndRender } from '../../../src/commands/runner/render.js';
import { ApiError } from '../../../src/errors.js';
import { useTestApi } from '../../helpers.js';
import { testContext } from './context.js';

const api = useTestApi();
const COLUMNS = [{ key: 'id', header: 'ID' }, { key: 'title', header: 'TITLE' }];

describe('render: the answer through the formatter', () => {
  const list = defineCommand({ name: 'list', summary: '', operation: 'spaces.list', output: { list: COLUMNS } });

  it('pages a paginated list with --limit, checked before anything is sent', async () => {
    const { ctx, stdout } = testContext(api, { output: 'tsv' });
    const r = rendering(ctx, list, OPERATIONS['spaces.list'], undefined, { limit: '2' });
    expect(r).toMatchObject({ paged: true, limit: 2 });
    await sendAndRender(ctx, list, apiRequest('spaces.list', { params: { organizationId: await ctx.org() } }), r, {});
    expect(stdout().trim().split('\n')).toHaveLength(2);
    expect(() => rendering(ctx, list, OPERATIONS['spaces.list'], undefined, { limit: '0' })).toThrow('--limit');
    expect(() => rendering(ctx, list, OPERATIONS['spaces.list'], undefined, { all: true, limit: '3' })).toThrow('--all and --limit cannot be used together');
  });

  it('prints one item, and names the flag of a field the API complains about', async () => {
    const { ctx, stdout } = testContext(api, { json: true });
    const get = defineCommand({ name: 'get', summary: '', operation: 'orgs.get', output: { item: COLUMNS } });
    await sendAndRender(ctx, get, apiRequest('orgs.get', { params: { organizationId: await ctx.org() } }), rendering(ctx, get, OPERATIONS['orgs.get'], undefined, {}), {});
    expect(JSON.parse(stdout())).toMatchObject({ id: await ctx.org() });
    const err = new ApiError('give a "shareKey"', 400, 'GET', '/x');
    expect(inFlagTerms(err, { key: { flags: '--share-key <k>', description: '', query: 'shareKey' } })?.message).toBe('give a "shareKey" (--share-key)');
    expect(inFlagTerms(err, {})).toBeUndefined();
  });
});
