// The road every declared command takes, one stage per module of this folder,
// always in this order, each handing the next what it made (invocation.ts):
// bind (what was typed → typed input) → check (every local check) → resolve
// (the organization, references → ids) → plan (requests) → confirm → send →
// render. A `run` handler leaves the road after bind and check, with the same
// tools on its context (ctx.api, ctx.resolve, ctx.readUserFile: ../tools.ts).
import type { Context } from '../../context.js';
import type { CommandDef, Flag, Input } from '../define.js';
import { bind } from './bind.js';
import { check } from './check.js';
import { confirm } from './confirm.js';
import type { Opts } from './invocation.js';
import { plan } from './plan.js';
import { render } from './render.js';
import { resolve } from './resolve.js';
import { sendPlan } from './send.js';

/** Runs a declaration with commander's processed arguments and the typed flags (`ctx.api.run` runs one a handler derives). */
export async function execute(ctx: Context, def: CommandDef, processed: (string | string[] | undefined)[], typed: Opts): Promise<void> {
  const bound = await bind(ctx, def, processed, typed);
  check(ctx, def, bound);
  if ('run' in bound) return def.run!(ctx, bound.run as Input<Record<string, Flag>>);
  const invocation = bound.road;
  await resolve(ctx, invocation);
  const requests = plan(invocation);
  await confirm(ctx, invocation);
  const answer = await sendPlan(ctx, invocation, requests);
  await render(ctx, invocation, answer);
}
