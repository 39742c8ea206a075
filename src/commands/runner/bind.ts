// Stage 1, bind: commander's parsed arguments and typed flags become the
// command's input in one pass: missing values asked for (or refused), required
// flags, empty and blank values, flags that pick an operation, and the id
// arguments of a `run` handler checked as ids.
import { idFromAppUrl } from '../../api/app-urls.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { CommandDef, Flag } from '../define.js';
import { fillMissing } from '../missing.js';
import { idLabel, longName, segment } from '../naming.js';
import { refKind } from '../resolve.js';

export type Opts = Record<string, unknown>;

/** What was given, bound to the declaration. */
export interface Bound {
  args: string[];
  /** The values of the variadic or bulk argument. */
  rest: string[];
  opts: Opts;
  /** The declared flags given, in declaration order. */
  given: [string, Flag][];
  /** The flag that picks another operation (`selects`), when one was given. */
  selects?: Flag['selects'];
}

export async function bind(ctx: Context, def: CommandDef, processed: (string | string[])[], opts: Opts, missingArgs: string[] = []): Promise<Bound> {
  const flags = def.flags ?? {};
  const argDefs = def.args ?? [];
  const many = !!def.bulk || !!argDefs[argDefs.length - 1]?.variadic;
  const rest = many ? ((processed[argDefs.length - 1] as string[] | undefined) ?? []) : [];
  const args = processed.slice(0, many ? argDefs.length - 1 : argDefs.length) as string[];

  await fillMissing(ctx, def, args, rest, opts, missingArgs);
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

/** A `run` handler's id arguments: an app URL becomes its id, and each is checked as one before the handler sends anything. */
export function bindRunArgs(def: CommandDef, args: string[]): void {
  (def.args ?? []).forEach((a, i) => {
    if (a.nonBlank && typeof args[i] === 'string' && !args[i].trim()) throw new UsageError(`${a.name} is ${args[i] ? 'blank' : 'empty'}`);
    if (a.param && typeof args[i] === 'string') args[i] = idFromAppUrl(a.param, args[i]);
    // Checked again where its request is built; here too, so that nothing is sent before (a lookup the handler makes first).
    if (a.param && typeof args[i] === 'string') segment(idLabel(a.name), args[i], refKind(a.param));
  });
}
