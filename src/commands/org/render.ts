// How a plan reads: one line per change, grouped by kind (`+` create, `~`
// update with `field: old → new`, `-` delete with what the platform deletes
// with it, `→` move), deletes last, then the leftovers the file does not
// name; or, for scripts, `{changes, summary, kept}`.
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
    kept: plan.kept.map((k) => ({ kind: kindName(k.kind), key: k.key, id: k.id })),
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
  if (plan.kept.length) {
    lines.push('not in the file, kept (deleted with --prune):');
    for (const k of plan.kept) lines.push(`  ${kindName(k.kind)}: ${escapeControls(k.key)} (${k.id})`);
  }
  const s = summary(plan);
  const cascades = plan.changes.reduce((n, c) => n + (c.cascades?.length ?? 0), 0);
  const deletes = `${s.delete} to delete${cascades ? ` (and ${cascades} more the platform deletes with them)` : ''}`;
  lines.push(plan.changes.length ? `Plan: ${s.create} to create, ${s.update} to update, ${s.move} to move, ${deletes}.` : 'No changes: the organization matches the file.');
  const mass = massNote(deletePlanOf(plan));
  if (mass) lines.push(`The apply ${mass}.`);
  return lines.join('\n') + '\n';
}

export async function printPlan(ctx: Context, plan: Plan): Promise<void> {
  if (wantsJson(ctx)) await ctx.output.item(planJson(plan), []);
  else await ctx.output.text(planText(plan));
}
