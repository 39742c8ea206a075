// The sandbox's demo ids the runner's stage tests use: a space with pages, and a member.
import type { Context } from '../../../src/context.js';

export async function demoIds(ctx: Context): Promise<{ org: string; space: string; page: string; member: string }> {
  const org = await ctx.org();
  const spaces = await ctx.api.all<{ id: string; title: string }>(ctx.api.request('spaces.list', { params: { organizationId: org } }));
  const space = spaces.find((s) => s.title === 'Getting Started')!.id;
  const [page] = await ctx.resolve('page', ['guides/configuration'], { spaceId: space }, '--page');
  const members = await ctx.api.all<{ id: string; user: { email: string } }>(ctx.api.request('members.list', { params: { organizationId: org } }));
  const member = members.find((m) => m.user.email === 'dana@acme.example')!.id;
  return { org, space, page, member };
}
