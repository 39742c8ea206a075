// What a command was not given: missing arguments and required flags, asked
// for on a terminal (prompt.ts) with the choices and bounds the operation
// table gives, else the usage error of the first one.
import type { Operation } from '../api/operation.js';
import { OPERATIONS } from '../api/operations/index.js';
import type { Spec } from '../api/schema.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { CommandDef } from './define.js';
import { idLabel, longName } from './naming.js';
import type { Missing } from './prompt.js';

/**
 * Missing arguments and required flags: asked for on a terminal (prompt.ts),
 * else the usage error of the first one.
 */
export async function fillMissing(ctx: Context, def: CommandDef, args: (string | undefined)[], rest: string[], opts: Record<string, unknown>, missingArgs: string[]): Promise<void> {
  const argDefs = def.args ?? [];
  const wanted: { missing: Missing; error: string; set(value: string): void }[] = [];
  argDefs.forEach((a, i) => {
    // Commander says which required arguments are missing (an optional one may be left out).
    if (!missingArgs.includes(a.name)) return;
    const isRest = !!def.bulk && i === argDefs.length - 1;
    const missing = { label: idLabel(a.name), idOf: a.param ?? a.name, choices: a.choices, nonBlank: a.nonBlank };
    wanted.push({ missing, error: `missing required argument '${a.name}'`, set: (v) => (isRest ? rest.push(v) : (args[i] = v)) });
  });
  for (const [key, f] of Object.entries(def.flags ?? {})) {
    if (!f.required || opts[key] !== undefined) continue;
    // A typed value sent as is is checked at the prompt against its bounds, so a mistake is asked again.
    const spec = f.map || f.file ? undefined : flagSpec(def, key);
    const missing = { label: longName(f), idOf: f.idOf ?? f.param, choices: flagChoices(def, key), nonBlank: f.nonBlank, spec: spec?.type === 'string' ? spec : undefined };
    wanted.push({ missing, error: `${longName(f)} is required`, set: (v) => (opts[key] = v) });
  }
  if (wanted.length === 0) return;
  if (!ctx.canPrompt) throw new UsageError(wanted[0].error);
  const { ask } = await import('./prompt.js');
  for (const w of wanted) w.set(await ask(ctx, w.missing));
}

/** The values a declared flag takes: its own choices, or the enum it fills from the operation table. */
export function flagChoices(def: CommandDef, key: string): readonly string[] | undefined {
  const f = def.flags?.[key];
  if (f?.choices) return f.choices;
  const spec = flagSpec(def, key);
  if (spec?.type !== 'string' || !spec.enum) return undefined;
  return f?.nullWord ? [...spec.enum, f.nullWord] : spec.enum;
}

/** The operation table's spec of the query parameter or body field a flag fills. */
export function flagSpec(def: CommandDef, key: string): Spec | undefined {
  const f = def.flags?.[key];
  const op: Operation | undefined = def.operation ? OPERATIONS[def.operation] : undefined;
  if (!f || !op) return undefined;
  if (f.query) return op.query[f.query];
  if (f.body) return f.body.split('.').reduce<Spec | undefined>((s, part) => (s?.type === 'object' ? s.fields?.[part] : undefined), { type: 'object', fields: op.body });
  return undefined;
}
