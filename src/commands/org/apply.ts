// Applies a plan on the task scheduler (src/tasks/schedule.ts): each change
// is a task sending its requests in order; a change starts once those it
// follows ended ok or skipped (else it is not started, naming the one it
// needed), independent ones run concurrently, deletes last. One result per
// change as it settles, as bulk verbs print them; exit 5 when some failed.
// Ctrl-C stops starting changes and lets those in flight finish (a second
// Ctrl-C leaves them "outcome unknown", said as the process exits); exit 130.
import type { BuiltRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { ApiError, Interrupted, PartialFailure } from '../../errors.js';
import { onePage } from '../../output/format.js';
import { startTasks, type Outcome, type Settled, type TaskControl } from '../../tasks/schedule.js';
import { interruptedLines, settledLine, summaryLine } from '../../tasks/summary.js';
import type { Permit } from '../deletes.js';
import { DELETED_BY, kindName, type Change, type Plan, type Step } from './plan.js';
import { wantsJson } from './render.js';

const DONE: Record<Change['action'], string> = { create: 'created', update: 'updated', delete: 'deleted', move: 'moved' };
/** What a dry run shows for the id of a resource the same apply creates. */
const NEW_ID = 'NEW_ID';
/** How many times a create that may not have been made, and was not found in its list, is sent again. */
const RESENDS = 4;

type Ids = Map<string, string>;

/** The requests of a plan, without sending them (ids of created resources shown as NEW_ID). */
export async function dryRunPlan(ctx: Context, plan: Plan): Promise<void> {
  const requests = plan.changes.flatMap((c) => c.steps.map((s) => ctx.api.request(s.op, s.input(() => NEW_ID))));
  await ctx.api.dryRun(requests);
}

/** Applies a plan; `permit`, from the delete gate, lets through the deletes the plan listed and no other. */
export async function applyPlan(ctx: Context, plan: Plan, concurrency: number, permit: Permit): Promise<void> {
  const ids: Ids = new Map();
  const inPlan = new Set(plan.changes.map((c) => c.ref));
  const run = startTasks(
    ctx,
    plan.changes.map((c) => ({
      id: c.ref,
      label: `${kindName(c.kind)} ${c.key}`,
      needs: c.after.filter((ref) => inPlan.has(ref)),
      // Deletes come last: a space moves out of a collection before the collection goes, an SSO provider leaves a team before it goes.
      last: c.action === 'delete',
      run: (t: TaskControl) => applyChange(ctx, c, ids, permit, t),
    })),
    {
      concurrency,
      // The changes in flight at Ctrl-C finish (their requests too: finishOnInterrupt); a second Ctrl-C ends the process.
      graceMs: Infinity,
      progress: (n) => `${n.done}/${n.total} done`,
      interruptNote: (n) => `interrupted: waiting for ${n} change${n === 1 ? '' : 's'} in flight (Ctrl-C again to stop now)`,
      unknownOnExit: (labels) => `outcome unknown (sent, no answer; plan again to see): ${labels.join(', ')}`,
    },
  );
  const byRef = new Map(plan.changes.map((c) => [c.ref, c]));
  const results = await printResults(ctx, run.settled(), (s) => byRef.get(s.id)!, ids);
  const report = await run.done;
  if (wantsJson(ctx)) await ctx.output.list(onePage(results), [{ key: 'action' }, { key: 'kind' }, { key: 'key' }, { key: 'id' }, { key: 'result' }, { key: 'message' }]);
  if (report.interrupted) {
    ctx.warn([...interruptedLines(report.results, ', '), 'apply again to converge (org plan shows what is left)']);
    throw new Interrupted(`interrupted: ${report.counts.notStarted} of ${plan.changes.length} changes not started`);
  }
  const text = summaryLine('applied', report.results.map((s) => s.state), 'changes');
  const failed = report.results.filter((s) => s.state === 'failed' || s.state === 'not started');
  if (failed.length) throw new PartialFailure(`${text}: ${failed.map((f) => f.label).join(', ')}`, failed.map((f) => `${kindName(byRef.get(f.id)!.kind)}:${byRef.get(f.id)!.key}`));
  ctx.output.note(text);
}

interface ChangeResult {
  action: string;
  kind: string;
  key: string;
  id: string | null;
  result: Settled['state'];
  message: string;
}

/**
 * One line per change as it settles (on stdout, or kept for --json): those
 * not started by the interrupt are left to its summary, those not started
 * because one they follow failed are named with it.
 */
async function printResults(ctx: Context, settled: AsyncIterable<Settled[]>, changeOf: (s: Settled) => Change, ids: Ids): Promise<ChangeResult[]> {
  const results: ChangeResult[] = [];
  const json = wantsJson(ctx);
  for await (const batch of settled) {
    const shown = batch.filter((s) => s.state !== 'not started' || (s.message && !ctx.signal.aborted));
    for (const s of shown) {
      const c = changeOf(s);
      results.push({ action: c.action, kind: kindName(c.kind), key: c.key, id: c.id ?? ids.get(c.ref) ?? null, result: s.state, message: s.message ?? '' });
    }
    if (json || !shown.length) continue;
    // The progress line on the same terminal goes first.
    ctx.terminal.clearProgress();
    await ctx.output.text(shown.map((s) => `${settledLine(s.label, s.state, s.message, '')}\n`).join(''));
  }
  return results;
}

/**
 * One change: its steps in order, each sent once it is built with the ids
 * of what the same apply created. A refusal is its failure; an interrupt
 * is the scheduler's (outcome unknown once a step was sent).
 */
async function applyChange(ctx: Context, c: Change, ids: Ids, permit: Permit, t: TaskControl): Promise<Outcome> {
  let skipped: string | undefined;
  try {
    for (const step of c.steps) {
      const deletes = DELETED_BY[step.op];
      if (deletes) permit.check(deletes, c.id ?? c.key);
      const r = ctx.api.request(step.op, step.input((ref) => ids.get(ref) ?? ''));
      t.sending();
      const res = await sendStep(ctx, r, step, t.signal);
      if (r.method === 'DELETE' && res.status === 204 && r.operation.success.includes(205)) skipped = 'already deleted';
      if (step.provides && typeof res.data?.id === 'string') ids.set(c.ref, res.data.id);
      for (const [ref, id] of Object.entries(step.records?.(res.data) ?? {})) ids.set(ref, id);
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404 && c.action === 'delete') return { state: 'skipped', message: 'already deleted' };
    // Answered: not applied, even after an interrupt.
    if (err instanceof ApiError && err.status !== undefined) return { state: 'failed', message: err.message };
    throw err;
  }
  return skipped ? { state: 'skipped', message: skipped } : { state: 'ok', message: DONE[c.action] };
}

/**
 * Sends a step, to finish even after an interrupt (a re-run need not do it
 * again). A create the client would not resend (no answer, or a 5xx or 429
 * it cannot know was not processed) is looked for in its list: found, it was
 * made; else it is sent again (the client's retries wait as they do for any
 * request), at most RESENDS times.
 */
async function sendStep(ctx: Context, r: BuiltRequest, step: Step, signal: AbortSignal): Promise<{ status: number; data?: { id?: unknown } }> {
  for (let resent = 0; ; resent++) {
    try {
      return await ctx.api.send<{ id?: unknown }>(r, { signal, finishOnInterrupt: true });
    } catch (err) {
      const unsure = err instanceof ApiError && (err.status === undefined || err.status >= 500 || err.status === 429);
      if (!step.find || !unsure || resent >= RESENDS || ctx.signal.aborted) throw err;
      const { op, params, match } = step.find;
      const made = (await ctx.api.all<Record<string, unknown>>(ctx.api.request(op, { params }), { signal })).find(match);
      if (made) return { status: 200, data: made as { id?: unknown } };
    }
  }
}
