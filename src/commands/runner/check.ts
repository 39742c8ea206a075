// Stage 3, check: the rules that hold between given values (the command's
// own `checkFlags`), the required body fields that flags fill, and a change
// that changes nothing: each a usage error before anything is sent.
import type { Operation } from '../../api/operation.js';
import { UsageError } from '../../errors.js';
import type { CommandDef } from '../define.js';
import { longName } from '../naming.js';
import type { Opts } from './bind.js';

/** The flags checked together (`--option` only with a select type). */
export function checkTogether(def: CommandDef, opts: Opts): void {
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
  if (!op.bodyRequired || Object.keys(body).length > 0) return;
  if (def.move) throw new UsageError(`nothing to do: give ${op.body && 'parent' in op.body ? '--parent, --root, --before or --after' : '--before or --after'}`);
  const names = Object.values(def.flags ?? {})
    .filter((f) => f.body)
    .flatMap((f) => (f.negatable ? [longName(f), `--no-${longName(f).slice(2)}`] : [longName(f)]));
  throw new UsageError(`nothing to change: give at least one of ${names.join(', ')}`);
}
