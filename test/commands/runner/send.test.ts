import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../../src/api/request.js';
import { send } from '../../../src/commands/runner/send.js';
import { ApiError } from '../../../src/errors.js';
import { useTestApi } from '../../helpers.js';
import { testContext } from './context.js';

const api = useTestApi();

describe('send: a built request to the client', () => {
  it('answers with the data, and an API failure is an ApiError with its exit code', async () => {
    const { ctx } = testContext(api);
    const { data } = await send(ctx, apiRequest('orgs.get', { params: { organizationId: await ctx.org() } }));
    expect(data).toMatchObject({ id: await ctx.org() });
    const err = await send(ctx, apiRequest('spaces.get', { params: { spaceId: 'no-such-space' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).exitCode).toBe(3);
  });
});
