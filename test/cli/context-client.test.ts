// The context's API client: one per command, however many reads ask for it
// at once (org plan starts eight lists together: one keep-alive pool).
import { expect, it } from 'vitest';
import { testContext } from '../commands/runner/context.js';

it('reads that ask for the client at once share one', async () => {
  const { ctx } = testContext(undefined, { apiUrl: 'http://127.0.0.1:9/v1', token: 'dp_test' });
  const clients = await Promise.all(Array.from({ length: 8 }, () => ctx.client()));
  expect(new Set(clients).size).toBe(1);
  expect(await ctx.client()).toBe(clients[0]);
});

it('a refused client is refused to each of them, and made when asked again', async () => {
  const { ctx } = testContext(undefined, { apiUrl: 'http://127.0.0.1:9/v1', token: 'dp_ bad' });
  const tries = await Promise.allSettled([ctx.client(), ctx.client()]);
  expect(tries.map((t) => t.status)).toEqual(['rejected', 'rejected']);
  expect(String((tries[0] as PromiseRejectedResult).reason.message)).toMatch(/--token has a space/);
  await expect(ctx.client()).rejects.toThrow(/--token has a space/);
});
