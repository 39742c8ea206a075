// Stage 5, confirm: a destructive verb asks (or needs --yes), naming what it
// acts on: by title when a person will read the question. A dry run, and a
// bulk verb with no ids, ask nothing.
import type { Context } from '../../context.js';
import { describeTarget } from '../naming.js';
import { named } from '../titles.js';
import type { Invocation } from './invocation.js';

export async function confirm(ctx: Context, { def, op, args, input, bulk, dryRun }: Invocation): Promise<void> {
  if (!def.confirm || dryRun) return;
  if (!bulk) return ctx.confirm(`${def.confirm} ${describeTarget(def.args ?? [], args)}?`);
  const { ids } = bulk;
  if (ids.length === 0) return;
  const what = def.bulk!.what;
  // Only when a person will be asked: what the verb takes with it, or at least the titles of what it acts on.
  const params = ids.map((id) => ({ ...input.params, [bulk.param]: id }));
  const impact = ctx.willPrompt ? await (def.impact?.(ctx, ids) ?? named(ctx, op, params, ids, what)) : undefined;
  await ctx.confirm(`${def.confirm} ${impact?.describe ?? (ids.length === 1 ? `${what} ${ids[0]}` : `${ids.length} ${what}s`)}?`, impact?.type);
}
