// The one scheduler of work done many at once: a bulk verb's ids, the files
// of `files download --all`, the pages and files of a `content export` and
// the spaces of `--all-spaces`, the live reads of `org plan`, the changes of
// `org apply`. It starts tasks up to a concurrency limit, in dependency order
// (deletes `last`); on an interrupt (the context's signal) it starts no more
// and gives those in flight a grace period before their signal aborts; it
// settles every task in one of five states, draws the progress line through
// the terminal writer, and streams the settled tasks as they come. It knows
// nothing of HTTP: retries and backoff are the client's (src/client/retry.ts).
//
// The states of a task:
//   ok           done;
//   skipped      nothing needed doing ("already locked"): counted as done;
//   failed       it ended with an error, or said it failed;
//   unknown      it was sending a change (`sending()`) when the run was
//                interrupted, and no answer came: the server may have applied it;
//   not started  never run: the run was interrupted (or stopped by a failure,
//                `failFast`) before it started, or while it was reading, before
//                it sent anything; or a task it `needs` did not end ok or skipped.
// A task whose dependency failed is "not started", not "skipped": skipped
// says nothing was needed and counts as done, while this one was never tried
// and a re-run must try it (its message names the dependency).
import { setMaxListeners } from 'node:events';
import { progressLine } from '../output/progress.js';
import type { Terminal } from '../output/terminal.js';

export type State = 'ok' | 'skipped' | 'failed' | 'unknown' | 'not started';

/** What a task returns: nothing (ok), or its state and message, and a value for the caller. */
export interface Outcome<V = undefined> {
  state: 'ok' | 'skipped' | 'failed';
  message?: string;
  value?: V;
}

export interface Settled<V = undefined> {
  id: string;
  /** How the task is named to people (its id unless given). */
  label: string;
  state: State;
  message?: string;
  value?: V;
  /** What the task threw (failed, or interrupted). */
  error?: unknown;
}

/** What a running task is given. */
export interface TaskControl {
  /** Aborts on an interrupt once the grace period is over, or at once when a failure stops a `failFast` run. */
  readonly signal: AbortSignal;
  /** The task is about to send a change: interrupted from now on, its outcome is unknown, not "not started". */
  sending(): void;
  /**
   * Frees the task's place among the `concurrency` in flight: what it does
   * next (writing a file to disk) runs beside the next tasks' requests. At
   * most `released` tasks run so: when that many do, it resolves once one
   * ends, the place held until then.
   */
  release(): Promise<void>;
}

export interface Task<V = undefined> {
  id: string;
  label?: string;
  /** Tasks that must end ok or skipped before this one starts; if one does not, this one is not started. */
  needs?: readonly string[];
  /** Tasks that must have ended, in whatever state, before this one starts (an order, not a need). */
  after?: readonly string[];
  /** Starts once every task not `last` has ended, in whatever state (org apply's deletes come after every other change). */
  last?: boolean;
  run(t: TaskControl): Promise<Outcome<V> | void>;
}

export interface TaskOptions {
  /** Tasks holding a place at once (requests in flight), at least 1. */
  concurrency: number;
  /**
   * After an interrupt, how long the tasks in flight may go on before their
   * signal aborts (ms; Infinity: until they end). A request sent with
   * `finishOnInterrupt` and the task's signal may still arrive meanwhile (a
   * re-run need not do it again). Default INTERRUPT_GRACE_MS.
   */
  graceMs?: number;
  /** The first failure stops the run: no task starts after it, and those in flight are aborted (not started). */
  failFast?: boolean;
  /** Tasks that may run after `release()` at once (default 64). */
  released?: number;
  /** The progress line's text as tasks settle (none when undefined); drawn on a terminal only (src/output/progress.ts). */
  progress?(counts: Counts): string | undefined;
  /** The warning written if the process exits (a second Ctrl-C) while changes are in flight. */
  unknownOnExit?(labels: string[]): string;
  /** The note written at an interrupt, given the tasks in flight (`waiting for 2 changes in flight (Ctrl-C again to stop now)`). */
  interruptNote?(inFlight: number): string;
}

export interface Counts {
  total: number;
  ok: number;
  skipped: number;
  failed: number;
  unknown: number;
  notStarted: number;
  /** Ran to an end: ok, skipped, failed or unknown. */
  done: number;
}

export interface Report<V = undefined> {
  /** Every task, in the order given. */
  results: Settled<V>[];
  counts: Counts;
  /** The context's signal aborted (Ctrl-C, SIGTERM). */
  interrupted: boolean;
}

/** Where a run happens: the context's signal, and its terminal writer for the progress line. */
export interface Scope {
  signal: AbortSignal;
  terminal?: Terminal;
}

export interface TaskRun<V> {
  /** The tasks as they settle, in batches, in the order they settled (one reader); ends when the run ends. */
  settled(): AsyncGenerator<Settled<V>[]>;
  readonly done: Promise<Report<V>>;
}

/** How long requests in flight at Ctrl-C may still arrive (a hung server is not waited for). */
export const INTERRUPT_GRACE_MS = 500;

export const UNKNOWN_MESSAGE = 'outcome unknown: interrupted before the answer';

const unknownOnExit = (labels: string[]) => `outcome unknown (sent, no answer; check before re-running): ${labels.join(' ')}`;

/** Runs the tasks; resolves when every one has settled. */
export function runTasks<V = undefined>(scope: Scope, tasks: readonly Task<V>[], opts: TaskOptions): Promise<Report<V>> {
  return startTasks(scope, tasks, opts).done;
}

/**
 * Runs `fn` over the items, at most `concurrency` at once, for reads that
 * are all or nothing: the first failure aborts the others and is thrown; an
 * interrupt throws the signal's reason. The values come in the items' order.
 */
export async function allOrNothing<T, R>(scope: Scope, items: readonly T[], concurrency: number, fn: (item: T, signal: AbortSignal) => Promise<R>): Promise<R[]> {
  const values: R[] = new Array<R>(items.length);
  const tasks = items.map((item, i): Task => ({ id: String(i), run: async (t) => void (values[i] = await fn(item, t.signal)) }));
  const report = await runTasks(scope, tasks, { concurrency, failFast: true, graceMs: 0 });
  const failed = report.results.find((r) => r.state === 'failed');
  if (failed) throw failed.error;
  if (report.counts.ok < items.length) throw scope.signal.reason;
  return values;
}

/** Starts the tasks; the run goes on as its settled tasks are read (or not). */
export function startTasks<V = undefined>(scope: Scope, tasks: readonly Task<V>[], opts: TaskOptions): TaskRun<V> {
  if (!(opts.concurrency >= 1)) throw new RangeError(`concurrency must be at least 1 (got ${opts.concurrency})`);
  const run = new Run(scope, tasks, opts, new Ledger(tasks, dependencies(tasks)));
  return { settled: () => run.ledger.settled(), done: run.done };
}

type Result<V> = Omit<Settled<V>, 'id' | 'label'>;

/**
 * What is known of a run's tasks: each one's result once settled, in the
 * order they settled, the counts, and those ready to start. Settling a task
 * makes ready those that waited for it, or settles as not started those
 * that needed it; readers of `settled()` are woken.
 */
class Ledger<V> {
  readonly results: Settled<V>[];
  readonly order: Settled<V>[] = [];
  readonly counts: Counts;
  /** Tasks whose dependencies have ended, in the order they became ready; those before `head` were taken. */
  readonly ready: number[];
  head = 0;
  ended = false;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly tasks: readonly Task<V>[],
    readonly graph: Graph,
  ) {
    this.results = new Array<Settled<V>>(tasks.length);
    this.counts = { total: tasks.length, ok: 0, skipped: 0, failed: 0, unknown: 0, notStarted: 0, done: 0 };
    this.ready = graph.waiting.flatMap((w, i) => (w === 0 ? [i] : []));
  }

  label(i: number): string {
    return this.tasks[i].label ?? this.tasks[i].id;
  }

  get complete(): boolean {
    return this.order.length === this.tasks.length;
  }

  /** Settles a task, and then those of its dependents it leaves unable to start (without recursion: chains may be long). */
  settle(first: number, firstResult: Result<V>): void {
    const { results, graph, counts, ready } = this;
    const todo: [number, Result<V>][] = [[first, firstResult]];
    while (todo.length) {
      const [i, result] = todo.pop()!;
      if (results[i]) continue;
      const s: Settled<V> = { id: this.tasks[i].id, label: this.label(i), ...result };
      results[i] = s;
      this.order.push(s);
      counts[s.state === 'not started' ? 'notStarted' : s.state]++;
      if (s.state !== 'not started') counts.done++;
      if (!this.tasks[i].last && graph.gate && --graph.gate.left === 0) for (const j of graph.gate.last) if (--graph.waiting[j] === 0 && !results[j]) ready.push(j);
      const fine = s.state === 'ok' || s.state === 'skipped';
      for (const { task, need } of graph.dependents[i]) {
        if (results[task]) continue;
        if (need && !fine) todo.push([task, { state: 'not started', message: `not started: it needs ${this.label(i)}, which ${s.state === 'unknown' ? 'has an unknown outcome' : s.state === 'failed' ? 'failed' : 'was not started'}` }]);
        else if (--graph.waiting[task] === 0) ready.push(task);
      }
    }
    this.wake();
  }

  /** Nothing starts any more: what is ready is not started, and (once) what waits for others. */
  drain(first: boolean): void {
    while (this.head < this.ready.length) this.settle(this.ready[this.head++], { state: 'not started' });
    if (first) for (let i = 0; i < this.tasks.length; i++) if (!this.results[i] && this.graph.waiting[i] > 0) this.settle(i, { state: 'not started' });
  }

  wake(): void {
    this.waiters.splice(0).forEach((w) => w());
  }

  async *settled(): AsyncGenerator<Settled<V>[]> {
    let read = 0;
    while (true) {
      if (read < this.order.length) {
        const batch = this.order.slice(read);
        read = this.order.length;
        yield batch;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
}

/**
 * A run in progress: the places taken (`holding`, and `released` by tasks
 * writing to disk), the tasks' signal (aborted after the grace of an
 * interrupt, or by a failFast stop), those sending a change (named if the
 * process exits), the progress line; it starts tasks as places free up.
 */
class Run<V> {
  readonly done: Promise<Report<V>>;
  private finish!: (report: Report<V>) => void;
  private holding = 0;
  private released = 0;
  private stopped = false;
  private drained = false;
  private readonly maxReleased: number;
  private readonly line: ReturnType<typeof progressLine> | undefined;
  /** Tasks sending a change, not answered yet. */
  private readonly sent = new Set<number>();
  private readonly stop = new AbortController();
  private graceTimer: NodeJS.Timeout | undefined;
  /** Tasks waiting in release() for a released one to end. */
  private readonly roomWaiters: (() => void)[] = [];

  constructor(
    private readonly scope: Scope,
    private readonly tasks: readonly Task<V>[],
    private readonly opts: TaskOptions,
    readonly ledger: Ledger<V>,
  ) {
    this.done = new Promise<Report<V>>((resolve) => (this.finish = resolve));
    this.maxReleased = opts.released ?? 64;
    this.line = opts.progress && scope.terminal ? progressLine({ terminal: scope.terminal }) : undefined;
    setMaxListeners(0, this.stop.signal);
    if (scope.signal.aborted) this.onInterrupt();
    else {
      scope.signal.addEventListener('abort', this.onInterrupt, { once: true });
      this.draw();
      this.pump();
    }
  }

  private halted(): boolean {
    return this.scope.signal.aborted || this.stopped;
  }

  private readonly onInterrupt = () => {
    const graceMs = this.opts.graceMs ?? INTERRUPT_GRACE_MS;
    // While the run goes on, some task is in flight.
    if (this.opts.interruptNote && !this.ledger.ended) this.scope.terminal?.line(this.opts.interruptNote(this.holding + this.released));
    if (graceMs <= 0) this.stop.abort(this.scope.signal.reason);
    else if (Number.isFinite(graceMs)) this.graceTimer = setTimeout(() => this.stop.abort(this.scope.signal.reason), graceMs).unref();
    this.pump();
  };

  private readonly onExit = () => {
    const labels = [...this.sent].map((i) => this.ledger.label(i));
    if (labels.length) this.scope.terminal?.line((this.opts.unknownOnExit ?? unknownOnExit)(labels));
  };

  private draw(): void {
    const text = this.line && !this.halted() ? this.opts.progress!(this.ledger.counts) : undefined;
    if (text !== undefined) this.line!.show(text, this.ledger.complete);
  }

  private start(i: number): void {
    this.holding++;
    const task = { holds: true, sending: false };
    const control: TaskControl = {
      signal: this.stop.signal,
      sending: () => {
        if (task.sending) return;
        task.sending = true;
        this.sent.add(i);
        if (this.sent.size === 1) process.once('exit', this.onExit);
      },
      release: async () => {
        if (!task.holds) return;
        while (this.released >= this.maxReleased) await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
        if (!task.holds) return;
        task.holds = false;
        this.holding--;
        this.released++;
        queueMicrotask(this.pump);
      },
    };
    Promise.resolve()
      .then(() => this.tasks[i].run(control))
      .then(
        (outcome) => this.ended(i, task.holds, outcome ? { state: outcome.state, message: outcome.message, value: outcome.value } : { state: 'ok' }),
        (err: unknown) => {
          // Stopped meanwhile: what it was sending may have been applied; a read cut short did nothing.
          if (this.halted()) this.ended(i, task.holds, task.sending ? { state: 'unknown', message: UNKNOWN_MESSAGE, error: err } : { state: 'not started', error: err });
          else this.ended(i, task.holds, { state: 'failed', message: err instanceof Error ? err.message : String(err), error: err });
        },
      );
  }

  /** A task ended: its place is free (held, or released), a failFast run stops at a failure, the next start. */
  private ended(i: number, holds: boolean, result: Result<V>): void {
    if (holds) this.holding--;
    else {
      this.released--;
      this.roomWaiters.shift()?.();
    }
    if (this.sent.delete(i) && this.sent.size === 0) process.off('exit', this.onExit);
    if (result.state === 'failed' && this.opts.failFast && !this.stopped) {
      this.stopped = true;
      this.stop.abort(result.error);
    }
    this.ledger.settle(i, result);
    this.draw();
    this.pump();
  }

  private readonly pump = (): void => {
    const ledger = this.ledger;
    if (ledger.ended) return;
    if (this.halted()) {
      // Nothing starts any more: what waits is not started (those waiting for others once; those made ready later as they come).
      ledger.drain(!this.drained);
      this.drained = true;
    } else {
      while (ledger.head < ledger.ready.length && this.holding < this.opts.concurrency && this.released < this.maxReleased) {
        const i = ledger.ready[ledger.head++];
        // Made ready by one dependency and left unable to start by another (needed and failed): settled already.
        if (!ledger.results[i]) this.start(i);
      }
    }
    if (ledger.complete) this.end();
  };

  private end(): void {
    this.ledger.ended = true;
    this.scope.signal.removeEventListener('abort', this.onInterrupt);
    clearTimeout(this.graceTimer);
    this.line?.clear();
    this.ledger.wake();
    this.finish({ results: this.ledger.results, counts: this.ledger.counts, interrupted: this.scope.signal.aborted });
  }
}

interface Graph {
  /** How many tasks (or the gate) each task still waits for. */
  waiting: number[];
  dependents: { task: number; need: boolean }[][];
  /** The `last` tasks, waiting for the `left` tasks not last to end (one count each, not an edge from every task: deletes after thousands of changes). */
  gate?: { left: number; last: number[] };
}

/** Each task's dependents, and how many tasks each waits for; an unknown id, an ambiguous one or a cycle is a programming error. */
function dependencies(tasks: readonly Task<unknown>[]): Graph {
  const waiting = tasks.map(() => 0);
  const dependents: { task: number; need: boolean }[][] = tasks.map(() => []);
  const last = tasks.flatMap((t, i) => (t.last ? [i] : []));
  const left = tasks.length - last.length;
  const gate = last.length && left ? { left, last } : undefined;
  for (const i of gate?.last ?? []) waiting[i]++;
  if (!tasks.some((t) => t.needs?.length || t.after?.length)) return { waiting, dependents, gate };
  // Only ids that are named must be unique: independent tasks may share a label-like id.
  const index = new Map<string, number | null>();
  tasks.forEach((t, i) => index.set(t.id, index.has(t.id) ? null : i));
  tasks.forEach((t, i) => {
    for (const [ids, need] of [[t.needs ?? [], true], [t.after ?? [], false]] as const) {
      for (const id of new Set(ids)) {
        const j = index.get(id);
        if (j === undefined) throw new Error(`task ${t.id} depends on ${id}, which is not a task of this run`);
        if (j === null) throw new Error(`task ${t.id} depends on ${id}, which names several tasks`);
        if (j === i) throw new Error(`task ${t.id} depends on itself`);
        if (tasks[j].last && !t.last) throw new Error(`task ${t.id} depends on ${id}, which comes last`);
        dependents[j].push({ task: i, need });
        waiting[i]++;
      }
    }
  });
  // Kahn's order, the gate aside (nothing it holds comes before it): a task left unordered is on a cycle.
  const unmet = waiting.map((w, i) => w - (gate && tasks[i].last ? 1 : 0));
  const queue = unmet.flatMap((w, i) => (w === 0 ? [i] : []));
  for (let k = 0; k < queue.length; k++) for (const d of dependents[queue[k]]) if (--unmet[d.task] === 0) queue.push(d.task);
  if (queue.length < tasks.length) throw new Error(`task dependencies form a cycle: ${tasks.filter((_, i) => unmet[i] > 0).map((t) => t.id).join(', ')}`);
  return { waiting, dependents, gate };
}
