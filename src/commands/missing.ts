// What a command was not given: missing arguments, required flags and
// required Markdown bodies, asked for on a terminal (prompt.ts) with the
// choices, bounds and lists the operation table gives, else one usage error
// that names them all.
import { idFromAppUrl } from '../api/app-urls.js';
import type { Operation } from '../api/operation.js';
import { OPERATIONS } from '../api/operations/index.js';
import type { Spec } from '../api/schema.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { CommandDef } from './define.js';
import { idLabel, longName } from './naming.js';
import type { Missing } from './prompt.js';

/** One thing missing: how it is asked, the error that names it, and where its answer goes. */
interface Wanted {
  missing: Missing;
  /** The usage error when it is the only one missing, and its name in a list of several. */
  error: string;
  name: string;
  /** The path param it fills (`siteId`), when it fills one: parents are asked before what is listed inside them. */
  param?: string;
  set(value: string): void;
}

/**
 * Missing arguments, required flags, and required Markdown bodies (`--body`
 * or `--body-file`): asked for on a terminal (prompt.ts), parents first (the
 * site before its section), each id listed within the parents already given;
 * else one usage error that names every one of them.
 */
export async function fillMissing(ctx: Context, def: CommandDef, args: (string | undefined)[], rest: string[], opts: Record<string, unknown>, missingArgs: string[]): Promise<void> {
  const argDefs = def.args ?? [];
  const flags = def.flags ?? {};
  const op: Operation | undefined = def.operation ? OPERATIONS[def.operation] : undefined;
  const wanted: Wanted[] = [];
  argDefs.forEach((a, i) => {
    // Commander says which required arguments are missing (an optional one may be left out).
    if (!missingArgs.includes(a.name)) return;
    const isRest = (!!def.bulk || !!a.variadic) && i === argDefs.length - 1;
    const missing = { label: idLabel(a.name), idOf: a.param ?? a.name, choices: a.choices, nonBlank: a.nonBlank };
    const param = a.body || a.query ? undefined : (a.param ?? a.name);
    wanted.push({ missing, error: `missing required argument '${a.name}'`, name: `<${a.name}>`, param, set: (v) => (isRest ? rest.push(v) : (args[i] = v)) });
  });
  for (const [key, f] of Object.entries(flags)) {
    if (!f.required || opts[key] !== undefined) continue;
    // A typed value sent as is is checked at the prompt against its bounds, so a mistake is asked again.
    const spec = f.map || f.file ? undefined : flagSpec(def, key);
    const missing = { label: longName(f), idOf: f.idOf ?? f.param, choices: flagChoices(def, key), nonBlank: f.nonBlank, spec: spec?.type === 'string' ? spec : undefined };
    wanted.push({ missing, error: `${longName(f)} is required`, name: longName(f), param: f.param, set: (v) => (opts[key] = v) });
  }
  // A required Markdown body that only flags fill (`--body`, `--body-file`), none given: written in the editor.
  // (A `run` handler checks its own inputs: it may take the field from elsewhere.)
  for (const [field, spec] of Object.entries(def.run ? {} : (op?.body ?? {}))) {
    const fillers = Object.entries(flags).filter(([, f]) => f.body === field || f.body?.startsWith(`${field}.`));
    const text = fillers.find(([, f]) => !f.file && f.body?.endsWith('.markdown'));
    // A filler that is itself a required flag is already wanted above.
    if (!spec.required || !text || fillers.some(([key, f]) => f.required || opts[key] !== undefined)) continue;
    if (argDefs.some((a) => a.body === field || a.body?.startsWith(`${field}.`)) || def.body?.[field] !== undefined) continue;
    const names = fillers.map(([, f]) => longName(f)).join(' or ');
    wanted.push({ missing: { label: longName(text[1]), editor: true }, error: `${names} is required`, name: names, set: (v) => (opts[text[0]] = v) });
  }
  if (wanted.length === 0) return;
  if (!ctx.canPrompt) {
    // A body alone is the runner's to name, after its checks of what was given (a path param that is not one segment).
    if (wanted.every((w) => w.missing.editor)) return;
    throw new UsageError(wanted.length === 1 ? wanted[0].error : `required but not given: ${wanted.map((w) => w.name).join(', ')}`);
  }
  // Parents first, in the order of the operation's path (organization, site, section), then the rest as declared.
  const order = Object.keys(op?.params ?? {});
  const rank = (w: Wanted) => (w.param && order.includes(w.param) ? order.indexOf(w.param) : order.length);
  wanted.sort((a, b) => rank(a) - rank(b));
  const { ask } = await import('./prompt.js');
  for (const w of wanted) w.set(await ask(ctx, { ...w.missing, scope: scopeOf(def, args, opts) }));
}

/** The path params given so far, as ids (an app URL read back to its id; one that is not is left out: the runner names it). */
function scopeOf(def: CommandDef, args: (string | undefined)[], opts: Record<string, unknown>): Record<string, string> {
  const given: [string, unknown][] = (def.args ?? []).flatMap((a, i) => (a.body || a.query ? [] : [[a.param ?? a.name, args[i]] as [string, unknown]]));
  for (const [key, f] of Object.entries(def.flags ?? {})) if (f.param) given.push([f.param, opts[key]]);
  const scope: Record<string, string> = {};
  for (const [param, value] of given) {
    if (typeof value !== 'string' || !value) continue;
    try {
      scope[param] = idFromAppUrl(param, value);
    } catch {
      // not an id of it: no list is read within it
    }
  }
  return scope;
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
