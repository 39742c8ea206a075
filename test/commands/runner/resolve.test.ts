import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/api/operations/index.js';
import { lookUp, placeholders, resolveFields } from '../../../src/commands/runner/resolve.js';
import { useTestApi } from '../../helpers.js';
import { testContext } from './context.js';
import { demoIds } from './road.js';

const api = useTestApi();

describe('resolve: references to ids, after the local checks', () => {
  it('stands in for what can only be a reference, to check the rest first', () => {
    expect(placeholders('page', 'guides/x')).toBe('placeholder');
    expect(placeholders('member', ['a@b.c', 'u1'])).toEqual(['placeholder', 'u1']);
  });

  it('turns a page path and an e-mail into ids; a dry run looks up only what cannot be an id', async () => {
    const { ctx } = testContext(api);
    const { space, page, member } = await demoIds(ctx);
    expect(await lookUp(ctx, 'page', ['guides/configuration', page], { spaceId: space }, '--page', false)).toEqual([page, page]);
    expect(await lookUp(ctx, 'member', ['dana@acme.example'], {}, '--member', true)).toEqual([member]);
    // Not an id of the space, but it could be one: a dry run sends no read for it.
    expect(await lookUp(ctx, 'page', ['p-unknown'], { spaceId: space }, '--page', true)).toEqual(['p-unknown']);
    await expect(lookUp(ctx, 'page', ['guides/none'], { spaceId: space }, '--page', false)).rejects.toMatchObject({ exitCode: 3, message: expect.stringContaining('--page') });
  });

  it('checks the request with stand-ins before any read: a bad space id is refused first', async () => {
    const { ctx } = testContext(api);
    const input = { params: { spaceId: 'a b', pageId: 'guides/configuration' }, query: {}, body: {} };
    const refs = [{ kind: 'page' as const, label: 'page id', get: () => input.params.pageId, set: (v: string | string[]) => (input.params.pageId = v as string) }];
    await expect(resolveFields(ctx, OPERATIONS['pages.get'], input, refs, new Map(), false)).rejects.toThrow(/invalid spaceId id "a b"|invalid space/);
  });
});
