// The one gate for deletes by difference: every --prune (org apply, content
// push, content export) and every delete a plan makes passes here before
// anything is deleted. The plan lists each delete with what goes with it (the
// platform's cascades: a collection's collections and spaces, a site's
// sections, site spaces and share links, a page's pages; a space folder's
// files). A delete of more than half of a kind (or all of it) needs
// --allow-mass-delete (exit 2 naming the counts); any delete needs a
// person's yes on a terminal, or --yes; and the run deletes only what the
// gate let through (`permit.check` before each delete). The local side (no
// symbolic link, never out of --dest) is src/files/delete.ts.
import type { Context } from '../context.js';
import { DocplatError, UsageError } from '../errors.js';
import { escapeControls } from '../output/format.js';

/** One resource that goes: its kind ("space", "page", "file": singular, as people say it), how people name it, its id. */
export interface Gone {
  kind: string;
  what: string;
  id?: string;
  /** Where it is counted, when a kind is counted in parts (the files of each space's folder): a key of `totals` is then `<kind> in <scope>`. */
  scope?: string;
}

/** A delete the run makes, with what goes with it (the run deletes those only through it). */
export interface PlannedDelete extends Gone {
  cascades?: Gone[];
}

export interface DeletePlan {
  deletes: PlannedDelete[];
  /** How many of each kind there are now, for the mass-delete rule (`{ space: 20, 'file in docs/a': 12 }`); a kind left out is not checked. */
  totals: Record<string, number>;
}

/** The flag every command that deletes by difference has. */
export const ALLOW_MASS_DELETE = {
  flags: '--allow-mass-delete',
  description: 'let the run delete more than half of a kind (or all of it): spaces, pages of a space, files of an export',
} as const;

const plural = (n: number, kind: string) => `${n} ${kind}${n === 1 ? '' : /[sx]$/.test(kind) ? 'es' : 's'}`;
const keyOf = (g: Gone) => `${g.kind}\u0000${g.scope ?? ''}\u0000${g.id ?? g.what}`;
/** The key of `totals` a resource is counted under: `file in docs/a`, or its kind. */
const totalOf = (g: Pick<Gone, 'kind' | 'scope'>) => (g.scope ? `${g.kind} in ${g.scope}` : g.kind);

interface Count {
  kind: string;
  scope?: string;
  count: number;
}

/** How many go of each kind (`scoped`: of each kind and scope), each resource once (listed and cascaded). */
function counts(plan: DeletePlan, which: 'all' | 'listed' | 'cascades', scoped: boolean): Count[] {
  const seen = new Set<string>();
  const out = new Map<string, Count>();
  const add = (g: Gone) => {
    if (seen.has(keyOf(g))) return;
    seen.add(keyOf(g));
    const scope = scoped ? g.scope : undefined;
    const key = totalOf({ kind: g.kind, scope });
    const c = out.get(key) ?? out.set(key, { kind: g.kind, scope, count: 0 }).get(key)!;
    c.count++;
  };
  if (which !== 'cascades') plan.deletes.forEach(add);
  else plan.deletes.forEach((d) => seen.add(keyOf(d)));
  if (which !== 'listed') for (const d of plan.deletes) (d.cascades ?? []).forEach(add);
  return [...out.values()];
}

/** The kinds (in their scope) of which more than half (or all) would go. */
export function massDeletes(plan: DeletePlan): (Count & { total: number })[] {
  return counts(plan, 'all', true).flatMap((c) => {
    const total = plan.totals[totalOf(c)];
    return total !== undefined && c.count * 2 > total ? [{ ...c, total: Math.max(total, c.count) }] : [];
  });
}

/** "3 collections, and with them 15 spaces and 2 collections". */
export function describeDeletes(plan: DeletePlan): string {
  const list = (cs: Count[]) => cs.map((c) => plural(c.count, c.kind)).join(' and ');
  const cascades = counts(plan, 'cascades', false);
  return `${list(counts(plan, 'listed', false))}${cascades.length ? `, and with them ${list(cascades)}` : ''}`;
}

/** "deletes 15 of 15 spaces (all of them): more than half, which needs --allow-mass-delete", or undefined. */
export function massNote(plan: DeletePlan): string | undefined {
  const mass = massDeletes(plan);
  if (!mass.length) return undefined;
  const of = (m: (typeof mass)[number]) => `${m.count} of ${plural(m.total, m.kind)}${m.scope === undefined ? '' : ` in ${escapeControls(m.scope)}`}${m.count === m.total ? ' (all of them)' : ''}`;
  return `deletes ${mass.map(of).join(', ')}: more than half, which needs ${ALLOW_MASS_DELETE.flags}`;
}

/** One line per delete, and under it one per resource that goes with it. */
export function deleteLines(plan: DeletePlan, indent = ''): string[] {
  const name = (g: Gone) => `${g.kind} ${escapeControls(g.what)}${g.id && g.id !== g.what ? ` (${escapeControls(g.id)})` : ''}`;
  return plan.deletes.flatMap((d) => [`${indent}delete ${name(d)}`, ...(d.cascades ?? []).map((c) => `${indent}  and with it ${name(c)}`)]);
}

/** What the gate let through: a delete not listed in the plan is refused. */
export interface Permit {
  allows(kind: string, key: string): boolean;
  /** Throws (exit 1) for a delete the plan did not list. */
  check(kind: string, key: string): void;
}

/** The permit of a plan (callers get it from `gateDeletes`; a dry run needs none). */
function permitOf(plan: DeletePlan): Permit {
  const listed = new Set(plan.deletes.flatMap((d) => [`${d.kind}\u0000${d.id ?? d.what}`, `${d.kind}\u0000${d.what}`]));
  const allows = (kind: string, key: string) => listed.has(`${kind}\u0000${key}`);
  return {
    allows,
    check(kind, key) {
      if (!allows(kind, key)) throw new DocplatError(`refusing to delete ${kind} ${escapeControls(key)}: the plan did not list it`);
    },
  };
}

export interface GateOptions {
  /** --allow-mass-delete was given. */
  allowMassDelete?: boolean;
  /** The run's own question ("Apply 5 changes to organization acme"): asked even without deletes, the deletes added to it. */
  question?: string;
  /** Where the deletes are, for a question of its own ("from space abc", "in ./docs"). */
  where?: string;
  /** The plan was shown already (a person asked sees the deletes listed before the question). */
  shown?: boolean;
}

/** At most this many deletes are listed before the question (the rest counted). */
const SHOWN = 30;

/**
 * The gate: refuses a mass delete without --allow-mass-delete (exit 2,
 * naming the counts, before any question), then asks (a terminal) or needs
 * --yes, naming what goes. Returns the permit the run checks each delete with.
 */
export async function gateDeletes(ctx: Context, plan: DeletePlan, opts: GateOptions = {}): Promise<Permit> {
  const note = massNote(plan);
  if (note && !opts.allowMassDelete) throw new UsageError(`the run ${note}; nothing was changed`);
  if (plan.deletes.length) {
    if (ctx.willPrompt && !opts.shown) {
      const lines = deleteLines(plan, '  ');
      ctx.terminal.line([...lines.slice(0, SHOWN), ...(lines.length > SHOWN ? [`  … and ${lines.length - SHOWN} more`] : [])]);
    }
    const what = describeDeletes(plan);
    await ctx.confirm(opts.question ? `${opts.question}, deleting ${what}?` : `Delete ${opts.where ? `${opts.where}: ` : ''}${what}?`);
  } else if (opts.question) {
    await ctx.confirm(`${opts.question}?`);
  }
  return permitOf(plan);
}
