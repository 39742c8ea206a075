// The road every declared command takes, one stage per module of this folder:
// bind (flags and arguments to input) → resolve (references to ids) → check
// (rules between values) → plan (requests) → confirm → send → render. A `run`
// handler leaves the road after bind and check, with the same tools on its
// context (ctx.api, ctx.resolve, ctx.readUserFile: tools.ts).
import { OPERATIONS } from '../../api/operations/index.js';
import type { Operation } from '../../api/operation.js';
import type { RequestInput } from '../../api/request.js';
import type { Context } from '../../context.js';
import { dryRun, nothingToDo, parseConcurrency, readIds, runBulk } from '../bulk.js';
import type { CommandDef, Flag, Input } from '../define.js';
import { build } from '../naming.js';
import { bind, bindRunArgs, type Opts } from './bind.js';
import { checkRequiredFields, checkSomethingToChange, checkTogether } from './check.js';
import { confirmBulk, confirmOne } from './confirm.js';
import { bindFields } from './fields.js';
import { planBulk } from './plan.js';
import { openInstead, rendering, sendAndRender } from './render.js';
import { resolveFields } from './resolve.js';

/** Runs a declaration with commander's parsed arguments and the typed flags (`ctx.api.run` runs one a handler derives). */
export async function execute(ctx: Context, def: CommandDef, processed: (string | string[])[], typed: Opts, missingArgs: string[] = []): Promise<void> {
  const bound = await bind(ctx, def, processed, typed, missingArgs);
  const { args, rest, opts } = bound;
  checkTogether(def, opts);
  if (opts.web) openInstead(ctx);
  if (def.run) {
    bindRunArgs(def, args);
    return def.run(ctx, { args, rest, opts } as Input<Record<string, Flag>>);
  }
  const op: Operation = OPERATIONS[bound.selects?.operation ?? def.operation!];
  const shown = rendering(ctx, def, op, bound.selects, opts);
  const { input, sources, refs, filters } = await bindFields(ctx, def, op, bound);
  checkRequiredFields(def, op, input.body);

  // Ids from stdin (`-`) are read before the org is looked up, which starts --sandbox's embedded sandbox: in
  // `docplat --sandbox x list | docplat --sandbox x delete -` the list must get the sandbox first.
  const bulkIds = def.bulk ? await readIds(ctx, rest, def.bulk.what) : [];
  if (op.params.organizationId && input.params.organizationId === undefined) input.params.organizationId = await ctx.org();
  // Every local check comes before the reads that resolve references: a path or an e-mail stands in as an id meanwhile.
  await resolveFields(ctx, op, input, refs, sources, !!opts.dryRun);
  checkSomethingToChange(def, op, input.body);
  const base: RequestInput = { params: input.params, query: input.query, body: op.body ? input.body : undefined };

  if (def.bulk) {
    if (nothingToDo(ctx, bulkIds, def.bulk.what)) return;
    const plan = await planBulk(ctx, def, op, base, bulkIds, sources, !!opts.dryRun);
    // A dry run makes every local check the real run makes.
    const concurrency = parseConcurrency(opts.concurrency as string | undefined);
    if (opts.dryRun) return dryRun(ctx, plan.requests.map((r) => r.request));
    await confirmBulk(ctx, def, op, base, plan.param, plan.ids);
    return runBulk(ctx, plan.ids, plan.requests, concurrency, def.bulk);
  }
  const request = build(op, base, sources);
  if (opts.dryRun) return dryRun(ctx, [request]);
  await confirmOne(ctx, def, args);
  const keep = filters.length ? (item: unknown) => filters.every((f) => f(item)) : undefined;
  await sendAndRender(ctx, def, request, shown, { cursor: opts.cursor as string | undefined, keep });
}
