// Stage 1, bind: commander's parsed arguments and typed flags become the
// command's typed input in one pass: missing values asked for (or refused),
// required flags, empty and blank values, flags that pick an operation; for a
// `run` handler its id arguments checked as ids; for a declared command the
// operation, how its answer is shown (--limit, --all, --cursor), each value
// where the operation takes it (fields.ts), and a bulk verb's ids.
import { idFromAppUrl } from '../../api/app-urls.js';
import { OPERATIONS } from '../../api/operations/index.js';
import type { Operation } from '../../api/operation.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseConcurrency, readIds } from '../bulk.js';
import type { Arg, CommandDef, Output } from '../define.js';
import { listLimit } from '../listing.js';
import { fillMissing } from '../missing.js';
import { idLabel, longName, paramOf } from '../naming.js';
import { refKind } from '../resolve.js';
import { segment } from '../segments.js';
import { bindFields } from './fields.js';
import type { Bound, BulkIds, Given, Invocation, Opts, Rendering } from './invocation.js';

/** Binds what was typed (commander's processed arguments, the flags given) to the declaration. */
export async function bind(ctx: Context, def: CommandDef, processed: (string | string[] | undefined)[], opts: Opts): Promise<Bound> {
  const given = await bindGiven(ctx, def, processed, opts);
  if (def.run) {
    bindRunArgs(def, given.args);
    return { run: given };
  }
  const op: Operation = OPERATIONS[given.selects?.operation ?? def.operation!];
  const rendering = renderingOf(def, op, given);
  const fields = await bindFields(ctx, def, op, given);
  // Ids from stdin (`-`) are read before the org is looked up (resolve), which starts --sandbox's embedded sandbox: in
  // `docplat --sandbox x list | docplat --sandbox x delete -` the list must get the sandbox first.
  const bulk = def.bulk ? await bulkIds(ctx, def, op, given, fields.sources) : undefined;
  return { road: { def, op, ...given, ...fields, rendering, bulk, dryRun: !!opts.dryRun } };
}

/** The arguments and flags given, with what is missing asked for on a terminal (or refused), and empty values refused. */
export async function bindGiven(ctx: Context, def: CommandDef, processed: (string | string[] | undefined)[], opts: Opts): Promise<Given> {
  const flags = def.flags ?? {};
  const argDefs = def.args ?? [];
  const many = !!def.bulk || !!argDefs[argDefs.length - 1]?.variadic;
  const rest = many ? [...((processed[argDefs.length - 1] as string[] | undefined) ?? [])] : [];
  const args = processed.slice(0, many ? argDefs.length - 1 : argDefs.length) as string[];

  await fillMissing(ctx, def, args, rest, opts, missingArgs(def, args, rest));
  const given = Object.entries(flags).filter(([key]) => opts[key] !== undefined);
  for (const [key, f] of Object.entries(flags)) {
    if (f.required && opts[key] === undefined) throw new UsageError(`${longName(f)} is required`);
  }
  // An empty value is a mistake (`--org "$UNSET"`), never "leave it out"; text that must say something cannot be blank.
  for (const [key, f] of given) {
    for (const value of [opts[key]].flat()) {
      if (value === '') throw new UsageError(`${longName(f)} is empty`);
      if (typeof value === 'string' && f.nonBlank && !value.trim()) throw new UsageError(`${longName(f)} is blank`);
    }
  }
  const selecting = given.filter(([, f]) => f.selects);
  if (selecting.length > 1) throw new UsageError(`${longName(selecting[0][1])} and ${longName(selecting[1][1])} cannot be used together`);
  return { args, rest, opts, given, selects: selecting[0]?.[1].selects };
}

/**
 * The required arguments not given (commander takes every argument as
 * optional: what is missing is the runner's to ask for, or to refuse). A
 * variadic argument may take none, unless it fills a body list
 * (`request-review ... <member...>`); a bulk verb's ids may not.
 */
function missingArgs(def: CommandDef, args: (string | undefined)[], rest: string[]): string[] {
  const argDefs = def.args ?? [];
  const takesRest = (a: Arg, i: number) => i === argDefs.length - 1 && (!!def.bulk || !!a.variadic);
  return argDefs
    .filter((a, i) => !a.optional && (!a.variadic || !!a.body) && (takesRest(a, i) ? rest.length === 0 : args[i] === undefined))
    .map((a) => a.name);
}

/** A `run` handler's id arguments: an app URL becomes its id, and each is checked as one before the handler sends anything. */
export function bindRunArgs(def: CommandDef, args: string[]): void {
  (def.args ?? []).forEach((a, i) => {
    if (a.nonBlank && typeof args[i] === 'string' && !args[i].trim()) throw new UsageError(`${a.name} is ${args[i] ? 'blank' : 'empty'}`);
    if (a.param && typeof args[i] === 'string') args[i] = idFromAppUrl(a.param, args[i]);
    // Checked again where its request is built; here too, so that nothing is sent before (a lookup the handler makes first).
    if (a.param && typeof args[i] === 'string') segment(idLabel(a.name), args[i], refKind(a.param));
  });
}

/** How the answer is shown: the declared output (a `selects` flag brings its own), and the paging flags as numbers. */
export function renderingOf(def: CommandDef, op: Operation, { opts, selects }: Given): Rendering {
  const output: Output = selects?.list ? { list: selects.list, ...selects.shape } : (def.output ?? 'none');
  const paged = output !== 'none' && 'list' in output && !!op.paginated;
  return { output, paged, limit: paged ? listLimit(opts) : undefined, cursor: opts.cursor as string | undefined };
}

/** A bulk verb's ids: from the arguments or stdin (`-`), an app URL read back to its id, each once. */
async function bulkIds(ctx: Context, def: CommandDef, op: Operation, { rest, opts }: Given, sources: Invocation['sources']): Promise<BulkIds> {
  const argDefs = def.args ?? [];
  const param = paramOf(argDefs[argDefs.length - 1], op);
  const label = idLabel(argDefs[argDefs.length - 1].name);
  sources.set(`param:${param}`, { name: label, id: label });
  const given = await readIds(ctx, rest, def.bulk!.what);
  const ids = [...new Set(given.map((id) => idFromAppUrl(param, id)))];
  return { param, label, ids, concurrency: parseConcurrency(opts.concurrency as string | undefined) };
}
