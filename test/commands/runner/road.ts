// The sandbox's demo ids the runner's stage tests use (a space with pages, and
// a member), and a command bound as the road carries it.
import type { CommandDef } from '../../../src/commands/define.js';
import { bind } from '../../../src/commands/runner/bind.js';
import type { Invocation } from '../../../src/commands/runner/invocation.js';
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

/** A declared command bound (stage 1) as the road carries it to the next stages. */
export async function invocation(ctx: Context, def: CommandDef, processed: (string | string[] | undefined)[], opts: Record<string, unknown> = {}): Promise<Invocation> {
  const bound = await bind(ctx, def, processed, opts);
  if (!('road' in bound)) throw new Error(`${def.name} is a run handler: it leaves the road after check`);
  return bound.road;
}
