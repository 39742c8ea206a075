// How a plan reads: one line per change, grouped by kind (`+` create, `~`
// update with `field: old → new`, `-` delete with what the platform deletes
// with it, `→` move), deletes last, then what the organization has and the
// file neither names nor ignores (`? unmanaged team "Shadow IT"`: drift);
// or, for scripts, `{changes, summary, massDelete, unmanaged}`.
import type { Context } from '../../context.js';
import { escapeControls } from '../../output/format.js';
import { massDeletes, massNote } from '../deletes.js';
import { deletePlanOf } from './plan-cascades.js';
import { kindName, type Action, type Change, type Plan } from './plan.js';

const MARK: Record<Action, string> = { create: '+', update: '~', delete: '-', move: '→' };

export function summary(plan: Plan): Record<Action, number> {
  const counts: Record<Action, number> = { create: 0, update: 0, delete: 0, move: 0 };
  for (const c of plan.changes) counts[c.action]++;
  return counts;
}

/** The plan as JSON: the shape `org plan --json` prints and a saved plan holds. */
export function planJson(plan: Plan) {
  return {
    changes: plan.changes.map((c) => ({ action: c.action, kind: kindName(c.kind), key: c.key, id: c.id ?? null, fields: c.fields, ...(c.action === 'delete' ? { cascades: c.cascades ?? [] } : {}) })),
    summary: summary(plan),
    /** The kinds of which the deletes take more than half (apply needs --allow-mass-delete). */
    massDelete: massDeletes(deletePlanOf(plan)),
    manual: plan.manual.map((m) => ({ kind: kindName(m.kind), key: m.key, what: m.what, how: m.how })),
    unmanaged: plan.unmanaged.map((u) => ({ kind: kindName(u.kind), what: u.what, key: u.key, id: u.id })),
  };
}

/** Whether the output is data for scripts (--json, --jsonl, --jq, or a YAML output where the formatter has one) rather than text for people. */
export const wantsJson = (ctx: Context) => !!ctx.output.opts.jq || ['json', 'jsonl', 'yaml'].includes(String(ctx.output.opts.format));

function value(v: unknown): string {
  if (v === null || v === undefined) return '(none)';
  return escapeControls(typeof v === 'string' ? (/^[\p{L}\p{N}@._+/-]+$/u.test(v) ? v : JSON.stringify(v)) : JSON.stringify(v));
}

export function changeLine(c: Change): string {
  const fields = Object.entries(c.fields).map(([name, { from, to }]) => (c.action === 'create' ? `${name}: ${value(to)}` : `${name}: ${value(from)} → ${value(to)}`));
  const id = c.id ? ` (${c.id})` : '';
  const line = `  ${MARK[c.action]} ${escapeControls(c.key)}${id}${fields.length ? `  ${fields.join(', ')}` : ''}`;
  // What the platform deletes with it, one line each: a cascaded delete is always shown.
  return [line, ...(c.cascades ?? []).map((g) => `      and with it ${g.kind} ${escapeControls(g.what)}${g.id ? ` (${escapeControls(g.id)})` : ''}`)].join('\n');
}

export function planText(plan: Plan): string {
  const lines: string[] = [];
  let kind: string | undefined;
  for (const c of plan.changes) {
    if (c.kind !== kind) lines.push((kind = c.kind) && kindName(c.kind));
    lines.push(changeLine(c));
  }
  if (plan.manual.length) {
    lines.push('not applied through the API (do it as said):');
    for (const m of plan.manual) lines.push(`  ! ${kindName(m.kind)} ${JSON.stringify(escapeControls(m.key))}: ${escapeControls(m.what)}: ${escapeControls(m.how)}`);
  }
  if (plan.unmanaged.length) {
    lines.push('not in the file (--prune deletes them; `ignore:` in the file leaves them unmanaged on purpose):');
    for (const u of plan.unmanaged) lines.push(`  ? unmanaged ${u.what} ${JSON.stringify(escapeControls(u.key))} (${escapeControls(u.id)})`);
  }
  const s = summary(plan);
  const cascades = plan.changes.reduce((n, c) => n + (c.cascades?.length ?? 0), 0);
  const deletes = `${s.delete} to delete${cascades ? ` (and ${cascades} more the platform deletes with them)` : ''}`;
  const rest = differences({ ...plan, changes: [] });
  if (plan.changes.length) lines.push(`Plan: ${s.create} to create, ${s.update} to update, ${s.move} to move, ${deletes}${rest ? `; ${rest}` : ''}.`);
  else lines.push(rest ? `No changes to apply; ${rest}.` : 'No changes: the organization matches the file.');
  const mass = massNote(deletePlanOf(plan));
  if (mass) lines.push(`The apply ${mass}.`);
  return lines.join('\n') + '\n';
}

/** How the organization differs from the file, for --exit-code ("2 changes, 1 unmanaged"), or '' when it matches. */
export function differences(plan: Pick<Plan, 'changes' | 'manual' | 'unmanaged'>): string {
  const n = (count: number, what: string) => (count ? [`${count} ${what}${count === 1 || what !== 'change' ? '' : 's'}`] : []);
  return [...n(plan.changes.length, 'change'), ...n(plan.manual.length, 'not applied through the API'), ...n(plan.unmanaged.length, 'unmanaged')].join(', ');
}

export async function printPlan(ctx: Context, plan: Plan): Promise<void> {
  if (wantsJson(ctx)) await ctx.output.item(planJson(plan), []);
  else await ctx.output.text(planText(plan));
}
