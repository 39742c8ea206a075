// Stage 3, check: the rules that hold between given values (declared in the
// operation table, and the command's own `checkFlags`), the required body
// fields that flags fill, and a change that changes nothing: each a usage
// error before anything is sent.
import type { Operation } from '../../api/operation.js';
import { OPERATIONS } from '../../api/operations/index.js';
import { brokenRule, type Broken } from '../../api/rules.js';
import { UsageError } from '../../errors.js';
import type { CommandDef } from '../define.js';
import { longName } from '../naming.js';
import type { Opts } from './bind.js';

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
