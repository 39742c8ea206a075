// Stage 5, confirm: a destructive verb asks (or needs --yes), naming what it
// acts on: by title when a person will read the question.
import type { Operation } from '../../api/operation.js';
import type { RequestInput } from '../../api/request.js';
import type { Context } from '../../context.js';
import type { CommandDef } from '../define.js';
import { describeTarget, named } from '../naming.js';

export async function confirmBulk(ctx: Context, def: CommandDef, op: Operation, base: RequestInput, param: string, ids: string[]): Promise<void> {
  if (!def.confirm || !def.bulk) return;
  const what = def.bulk.what;
  // Only when a person will be asked: what the verb takes with it, or at least the titles of what it acts on.
  const impact = ctx.willPrompt ? await (def.impact?.(ctx, ids) ?? named(ctx, op, ids.map((id) => ({ ...base.params, [param]: id })), ids, what)) : undefined;
  await ctx.confirm(`${def.confirm} ${impact?.describe ?? (ids.length === 1 ? `${what} ${ids[0]}` : `${ids.length} ${what}s`)}?`, impact?.type);
}

export async function confirmOne(ctx: Context, def: CommandDef, args: string[]): Promise<void> {
  if (def.confirm) await ctx.confirm(`${def.confirm} ${describeTarget(def.args ?? [], args)}?`);
}
