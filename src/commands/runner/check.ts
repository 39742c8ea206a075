// Stage 2, check: every local check, before anything is looked up or sent:
// the rules that hold between given values (declared in the operation table,
// and the command's own `checkFlags`), --fields, the required body fields that
// flags fill, a change that changes nothing, then the request itself built with
// stand-ins for what resolve will look up (a page's path, a member's e-mail),
// so that a bad id is refused before any read.
import type { Operation } from '../../api/operation.js';
import { OPERATIONS } from '../../api/operations/index.js';
import { brokenRule, type Broken } from '../../api/rules.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { CommandDef } from '../define.js';
import { longName } from '../naming.js';
import { build } from '../requests.js';
import { refKind, surelyNotAnId, type RefKind } from '../resolve.js';
import type { Bound, Invocation, Opts } from './invocation.js';

/** Refuses what was bound, with a usage error, before anything is sent. */
export function check(ctx: Context, def: CommandDef, bound: Bound): void {
  if ('run' in bound) return checkTogether(def, bound.run.opts);
  const inv = bound.road;
  checkTogether(def, inv.opts);
  const { output } = inv.rendering;
  if (output !== 'none') ctx.output.checkFields('list' in output ? output.list : output.item, output);
  checkRequiredFields(def, inv.op, inv.input.body);
  checkSomethingToChange(def, inv.op, inv.input.body);
  checkWithStandIns(inv);
}

/**
 * The rules between fields of the operation table (`--node` needs `--page`,
 * `--option` only with a select type: api/rules.ts, which the sandbox checks
 * too), asked of the flags given, then the command's own `checkFlags`.
 */
export function checkTogether(def: CommandDef, opts: Opts): void {
  const op: Operation | undefined = def.operation ? OPERATIONS[def.operation] : undefined;
  if (op?.rules) {
    // The body as the flags given shape it: a rule needs only which fields are sent, and the plain value of a `when` field.
    const shape: Record<string, unknown> = {};
    for (const [key, f] of Object.entries(def.flags ?? {})) if (f.body && opts[key] !== undefined) shape[f.body.split('.')[0]] = opts[key];
    const broken = brokenRule(op, shape);
    if (broken) throw new UsageError(flagWords(def, op, broken));
  }
  def.checkFlags?.(opts);
}

/** A required body field that flags fill (`--body` or `--body-file`) and none was given: named by its flags. */
export function checkRequiredFields(def: CommandDef, op: Operation, body: Record<string, unknown>): void {
  const flags = Object.values(def.flags ?? {});
  for (const [field, spec] of Object.entries(op.body ?? {})) {
    const fillers = flags.filter((f) => f.body === field || f.body?.startsWith(`${field}.`));
    if (spec.required && body[field] === undefined && fillers.length) throw new UsageError(`${fillers.map(longName).join(' or ')} is required`);
  }
}

/**
 * The request built with a stand-in for each value resolve will look up (a
 * path, an e-mail) and for the organization it takes from the settings: every
 * other value (a bulk verb's every id) is checked now, before any read.
 */
export function checkWithStandIns({ op, input, refs, sources, bulk }: Invocation): void {
  const given = refs.map((ref) => ref.get());
  refs.forEach((ref, i) => ref.set(standIns(ref.kind, given[i])));
  try {
    const params = { ...input.params };
    if (op.params.organizationId && params.organizationId === undefined) params.organizationId = STAND_IN;
    const base = { params, query: input.query, body: op.body ? input.body : undefined };
    if (!bulk) return void build(op, base, sources);
    const kind = refKind(bulk.param);
    for (const id of bulk.ids) build(op, { ...base, params: { ...params, [bulk.param]: kind ? standIns(kind, id) : id } }, sources);
  } finally {
    refs.forEach((ref, i) => ref.set(given[i]));
  }
}

const STAND_IN = 'placeholder';

/** The values with those that are surely references (a path, an e-mail) replaced by a stand-in id, to check the rest. */
export function standIns<T extends string | string[]>(kind: RefKind, value: T): T {
  const one = (v: string) => (surelyNotAnId(kind, v) ? STAND_IN : v);
  return (Array.isArray(value) ? value.map(one) : one(value)) as T;
}

/** An update given no field to change: the flags that would change one are named (with their --no- forms). */
export function checkSomethingToChange(def: CommandDef, op: Operation, body: Record<string, unknown>): void {
  const broken = brokenRule(op, body, { nothing: true });
  if (broken) throw new UsageError(flagWords(def, op, broken));
}

/** A broken rule in the words of the command's flags. */
export function flagWords(def: CommandDef, op: Operation, broken: Broken): string {
  const { rule } = broken;
  const flagOf = (field: string) => {
    const f = Object.values(def.flags ?? {}).find((g) => g.body === field || g.body?.startsWith(`${field}.`));
    return f ? longName(f) : `"${field}"`;
  };
  if (rule.kind === 'needs') return `${flagOf(rule.field)} needs ${flagOf(rule.needs)}: ${rule.why}`;
  if (rule.kind === 'onlyFor') return `${flagOf(rule.field)} is only for ${rule.values.join(' and ')} ${rule.of}, not ${String(broken.value)}`;
  return nothingToChange(def, op);
}

function nothingToChange(def: CommandDef, op: Operation): string {
  if (def.move) return `nothing to do: give ${op.body && 'parent' in op.body ? '--parent, --root, --before or --after' : '--before or --after'}`;
  const names = Object.values(def.flags ?? {})
    .filter((f) => f.body)
    .flatMap((f) => (f.negatable ? [longName(f), `--no-${longName(f).slice(2)}`] : [longName(f)]));
  return `nothing to change: give at least one of ${names.join(', ')}`;
}
