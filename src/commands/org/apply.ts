// Applies a plan: each change's requests in order, changes in dependency
// order (a change starts once those it follows succeeded; it is not applied
// when one failed), independent ones concurrently. One result per change as
// it completes, as bulk verbs print them; exit 5 when some failed. Ctrl-C
// stops starting changes and waits for those in flight (a second Ctrl-C
// leaves them "outcome unknown", said as the process exits); exit 130.
import { apiRequest, shownBody, type BuiltRequest } from '../../api/request.js';
import { sleep } from '../../client/http.js';
import type { Context } from '../../context.js';
import { ApiError, Interrupted, PartialFailure } from '../../errors.js';
import { escapeControls, onePage } from '../../output/format.js';
import { progressLine } from '../../output/progress.js';
import type { Permit } from '../deletes.js';
import { DELETED_BY, kindName, type Change, type Plan, type Step } from './plan.js';
import { wantsJson } from './render.js';

type Result = 'ok' | 'skipped' | 'failed' | 'unknown';
interface ChangeResult { action: string; kind: string; key: string; id: string | null; result: Result; message: string }

const DONE: Record<Change['action'], string> = { create: 'created', update: 'updated', delete: 'deleted', move: 'moved' };
/** What a dry run shows for the id of a resource the same apply creates. */
const NEW_ID = 'NEW_ID';

/** The requests of a plan, without sending them (ids of created resources shown as NEW_ID). */
export async function dryRunPlan(ctx: Context, plan: Plan): Promise<void> {
  const requests = plan.changes.flatMap((c) => c.steps.map((s) => apiRequest(s.op, s.input(() => NEW_ID))));
  await ctx.api.dryRun(requests);
}

/** Applies a plan; `permit`, from the delete gate, lets through the deletes the plan listed and no other. */
export async function applyPlan(ctx: Context, plan: Plan, concurrency: number, permit: Permit): Promise<void> {
  const client = await ctx.client();
  const ids = new Map<string, string>();
  const inPlan = new Set(plan.changes.map((c) => c.ref));
  const state = new Map<string, 'pending' | 'running' | Result>(plan.changes.map((c) => [c.ref, 'pending']));
  const results: ChangeResult[] = [];
  const json = wantsJson(ctx);
  const progress = progressLine(ctx);
  const running = new Set<Change>();
  const unknownOnExit = () => {
    if (!running.size) return;
    ctx.warn(`outcome unknown (sent, no answer; plan again to see): ${[...running].map((c) => `${kindName(c.kind)} ${c.key}`).join(', ')}`);
  };
  process.once('exit', unknownOnExit);

  const finish = (c: Change, result: Result, message: string) => {
    state.set(c.ref, result);
    const r = { action: c.action, kind: kindName(c.kind), key: c.key, id: c.id ?? ids.get(c.ref) ?? null, result, message };
    results.push(r);
    progress.clear();
    if (!json) ctx.io.stdout.write(`${resultLine(r)}\n`);
    progress.show(`${results.length}/${plan.changes.length} done`, true);
  };
  const blockedBy = (c: Change) =>
    c.after.find((ref) => inPlan.has(ref) && state.get(ref) !== 'ok' && state.get(ref) !== 'skipped') ??
    // Deletes come last: a space moves out of a collection before the collection goes, an SSO provider leaves a team before it goes.
    (c.action === 'delete' && plan.changes.some((x) => x.action !== 'delete' && ['pending', 'running'].includes(String(state.get(x.ref)))) ? 'others' : undefined);
  const failedDep = (c: Change) => c.after.find((ref) => ['failed', 'unknown'].includes(String(state.get(ref))));

  /**
   * Sends a step. A create the client would not resend (no answer, or a 5xx
   * or 429 it cannot know was not processed) is looked for in its list: found,
   * it was made; else it is sent again, a few times with backoff.
   */
  const sendStep = async (r: BuiltRequest, step: Step): Promise<{ status: number; data?: { id?: unknown } }> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.request<{ id?: unknown }>(r.method, r.path, { query: r.query, body: r.body, shownBody: shownBody(r), idempotency: r.safe ? 'safe' : 'create', finishOnInterrupt: true });
      } catch (err) {
        const unsure = err instanceof ApiError && (err.status === undefined || err.status >= 500 || err.status === 429);
        if (!step.find || !unsure || attempt >= 4 || ctx.signal.aborted) throw err;
        const items = await client.all<Record<string, unknown>>(apiRequest(step.find.op, { params: step.find.params }).path, { signal: ctx.signal });
        const made = items.find((item) => step.find!.match(item));
        if (made) return { status: 200, data: made as { id?: unknown } };
        await sleep(Math.random() * 250 * 2 ** attempt, ctx.signal);
      }
    }
  };

  const runOne = async (c: Change) => {
    running.add(c);
    let sent = false;
    try {
      let skipped: string | undefined;
      for (const step of c.steps) {
        const deletes = DELETED_BY[step.op];
        if (deletes) permit.check(deletes, c.id ?? c.key);
        const r: BuiltRequest = apiRequest(step.op, step.input((ref) => ids.get(ref) ?? ''));
        sent = true;
        const res = await sendStep(r, step);
        if (r.method === 'DELETE' && res.status === 204 && r.operation.success.includes(205)) skipped = 'already deleted';
        if (step.provides && typeof res.data?.id === 'string') ids.set(c.ref, res.data.id);
        for (const [ref, id] of Object.entries(step.records?.(res.data) ?? {})) ids.set(ref, id);
      }
      finish(c, skipped ? 'skipped' : 'ok', skipped ?? DONE[c.action]);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404 && c.action === 'delete') finish(c, 'skipped', 'already deleted');
      else if (err instanceof Interrupted && sent) finish(c, 'unknown', 'outcome unknown: interrupted before the answer');
      else finish(c, 'failed', (err as Error)?.message ?? String(err));
    } finally {
      running.delete(c);
    }
  };

  await new Promise<void>((resolve) => {
    const pump = () => {
      for (const c of plan.changes) {
        if (state.get(c.ref) !== 'pending') continue;
        const dep = failedDep(c);
        if (dep) {
          const blocker = plan.changes.find((x) => x.ref === dep)!;
          finish(c, 'failed', `not applied: it follows ${kindName(blocker.kind)} ${blocker.key}, which failed`);
        }
      }
      if (!ctx.signal.aborted) {
        for (const c of plan.changes) {
          if (running.size >= concurrency) break;
          if (state.get(c.ref) !== 'pending' || blockedBy(c)) continue;
          state.set(c.ref, 'running');
          void runOne(c).then(pump);
        }
      }
      const pending = [...state.values()].some((s) => s === 'pending');
      if (!running.size && (!pending || ctx.signal.aborted)) resolve();
      // A change blocked by one that is neither pending nor running cannot start: never happens with refs checked above.
    };
    ctx.signal.addEventListener('abort', () => {
      if (running.size) ctx.warn(`interrupted: waiting for ${running.size} change${running.size === 1 ? '' : 's'} in flight (Ctrl-C again to stop now)`);
      pump();
    }, { once: true });
    pump();
  });
  process.off('exit', unknownOnExit);
  progress.clear();
  if (json) await ctx.output.list(onePage(results), [{ key: 'action' }, { key: 'kind' }, { key: 'key' }, { key: 'id' }, { key: 'result' }, { key: 'message' }]);

  const count = (r: Result) => results.filter((x) => x.result === r).length;
  const failed = results.filter((r) => r.result === 'failed');
  const notStarted = plan.changes.length - results.length;
  if (ctx.signal.aborted) {
    ctx.warn(`interrupted: ${count('ok') + count('skipped')} applied, ${failed.length} failed, ${count('unknown')} outcome unknown, ${notStarted} not started; apply again to converge`);
    throw new Interrupted(`interrupted: ${notStarted} of ${plan.changes.length} changes not started`);
  }
  const text = `applied ${count('ok')} of ${plan.changes.length} changes${count('skipped') ? `, ${count('skipped')} skipped` : ''}${failed.length ? `, ${failed.length} failed` : ''}`;
  if (failed.length) throw new PartialFailure(`${text}: ${failed.map((f) => `${f.kind} ${f.key}`).join(', ')}`, failed.map((f) => `${f.kind}:${f.key}`));
  ctx.output.note(text);
}

function resultLine(r: ChangeResult): string {
  const what = `${r.kind} ${escapeControls(r.key)}`;
  if (r.result === 'ok') return `${what}: ${r.message}`;
  if (r.result === 'skipped') return `${what}: skipped (${escapeControls(r.message)})`;
  if (r.result === 'unknown') return `${what}: ${r.message}`;
  return `${what}: failed: ${escapeControls(r.message)}`;
}
