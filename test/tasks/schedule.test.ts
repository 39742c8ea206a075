// The task scheduler (src/tasks/schedule.ts) as a unit: no HTTP, tasks are
// timers. The concurrency limit, dependencies, the five states, Ctrl-C with
// its grace period, a failure that stops an all-or-nothing run, the progress
// line and the settled tasks as they come.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Terminal } from '../../src/output/terminal.js';
import { allOrNothing, runTasks, startTasks, UNKNOWN_MESSAGE, type Task, type TaskControl } from '../../src/tasks/schedule.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first (as a request does). */
function request(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

function terminal(tty = true) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      text += chunk.toString();
      cb();
    },
  });
  return { terminal: new Terminal(stream, { tty, quiet: false }), text: () => text };
}

const never = new AbortController().signal;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

describe('the concurrency limit', () => {
  it('is reached and never exceeded, and every task runs once', async () => {
    let inFlight = 0;
    let most = 0;
    const ran: string[] = [];
    const tasks: Task[] = ids(40).map((id, i) => ({
      id,
      run: async () => {
        most = Math.max(most, ++inFlight);
        await sleep(1 + (i % 4));
        inFlight--;
        ran.push(id);
      },
    }));
    const report = await runTasks({ signal: never }, tasks, { concurrency: 5 });
    expect(most).toBe(5);
    expect(ran.sort()).toEqual(ids(40).sort());
    expect(report.counts).toEqual({ total: 40, ok: 40, skipped: 0, failed: 0, unknown: 0, notStarted: 0, done: 40 });
    expect(report.results.map((r) => r.id)).toEqual(ids(40));
  });

  it('a task that releases its place lets the next start; at most `released` run so, the others wait for room', async () => {
    let requests = 0;
    let mostRequests = 0;
    let writing = 0;
    let mostWriting = 0;
    const tasks: Task[] = ids(30).map((id) => ({
      id,
      run: async (t) => {
        mostRequests = Math.max(mostRequests, ++requests);
        await sleep(2);
        requests--;
        await t.release();
        mostWriting = Math.max(mostWriting, ++writing);
        await sleep(10);
        writing--;
      },
    }));
    await runTasks({ signal: never }, tasks, { concurrency: 2, released: 4 });
    expect(mostRequests).toBe(2);
    expect(mostWriting).toBe(4);
  });

  it('refuses a limit under 1', () => {
    expect(() => startTasks({ signal: never }, [], { concurrency: 0 })).toThrow(/concurrency must be at least 1/);
  });
});

describe('dependencies', () => {
  it('a task starts once those it needs are ok or skipped, and those it comes after have ended', async () => {
    const log: string[] = [];
    const step = (id: string, ms: number, outcome?: 'skipped' | 'failed') => async () => {
      log.push(`start ${id}`);
      await sleep(ms);
      log.push(`end ${id}`);
      return outcome ? { state: outcome } : undefined;
    };
    const tasks: Task[] = [
      { id: 'c', needs: ['a', 'b'], run: step('c', 1) },
      { id: 'a', run: step('a', 10) },
      { id: 'b', run: step('b', 2, 'skipped') },
      { id: 'f', run: step('f', 1, 'failed') },
      { id: 'd', after: ['f', 'c'], run: step('d', 1) },
    ];
    const report = await runTasks({ signal: never }, tasks, { concurrency: 8 });
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end a'));
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end b'));
    expect(log.indexOf('start d')).toBeGreaterThan(log.indexOf('end c'));
    expect(report.results.map((r) => [r.id, r.state])).toEqual([['c', 'ok'], ['a', 'ok'], ['b', 'skipped'], ['f', 'failed'], ['d', 'ok']]);
  });

  it('a task whose need failed (or was not started) is not started, named, and the chain after it too', async () => {
    const started: string[] = [];
    const run = (id: string, fail = false) => async () => {
      started.push(id);
      if (fail) throw new Error('boom');
    };
    const report = await runTasks(
      { signal: never },
      [
        { id: 'x', label: 'space x', run: run('x', true) },
        { id: 'y', needs: ['x'], run: run('y') },
        { id: 'z', needs: ['y'], run: run('z') },
        { id: 'w', after: ['z'], run: run('w') },
      ],
      { concurrency: 2 },
    );
    expect(started).toEqual(['x', 'w']);
    expect(report.results.map((r) => [r.id, r.state, r.message])).toEqual([
      ['x', 'failed', 'boom'],
      ['y', 'not started', 'not started: it needs space x, which failed'],
      ['z', 'not started', 'not started: it needs y, which was not started'],
      ['w', 'ok', undefined],
    ]);
    expect(report.counts).toMatchObject({ ok: 1, failed: 1, notStarted: 2, done: 2 });
  });

  it('a task marked last starts once every other has ended, in whatever state; its needs still hold', async () => {
    const log: string[] = [];
    const step = (id: string, ms: number, fail = false) => async () => {
      log.push(`start ${id}`);
      await sleep(ms);
      log.push(`end ${id}`);
      if (fail) throw new Error('boom');
    };
    const report = await runTasks(
      { signal: never },
      [
        { id: 'd1', last: true, run: step('d1', 1) },
        { id: 'a', run: step('a', 15) },
        { id: 'b', run: step('b', 1, true) },
        { id: 'c', after: ['a'], run: step('c', 5) },
        { id: 'd2', last: true, needs: ['b'], run: step('d2', 1) },
        { id: 'd3', last: true, after: ['d1'], run: step('d3', 1) },
      ],
      { concurrency: 8 },
    );
    expect(log.indexOf('start d1')).toBeGreaterThan(log.indexOf('end c'));
    expect(log.indexOf('start d3')).toBeGreaterThan(log.indexOf('end d1'));
    expect(report.results.map((r) => [r.id, r.state])).toEqual([['d1', 'ok'], ['a', 'ok'], ['b', 'failed'], ['c', 'ok'], ['d2', 'not started'], ['d3', 'ok']]);
    // Only tasks marked last: they run as any others.
    expect((await runTasks({ signal: never }, [{ id: 'x', last: true, run: async () => undefined }], { concurrency: 1 })).counts.ok).toBe(1);
    // An interrupt before they start: not started, the run ends.
    const ctl = new AbortController();
    const run = runTasks({ signal: ctl.signal }, [{ id: 'a', run: (t) => request(20, t.signal) }, { id: 'z', last: true, run: async () => undefined }], { concurrency: 1, graceMs: 0 });
    ctl.abort();
    expect((await run).results.map((r) => r.state)).toEqual(['not started', 'not started']);
  });

  it('refuses a cycle, an unknown id and an ambiguous one (independent tasks may share ids)', async () => {
    const run = async () => undefined;
    expect(() => startTasks({ signal: never }, [{ id: 'a', last: true, run }, { id: 'b', after: ['a'], run }], { concurrency: 1 })).toThrow(/b depends on a, which comes last/);
    expect(() => startTasks({ signal: never }, [{ id: 'a', needs: ['b'], run }, { id: 'b', after: ['a'], run }, { id: 'c', run }], { concurrency: 1 })).toThrow(/cycle: a, b$/);
    expect(() => startTasks({ signal: never }, [{ id: 'a', needs: ['nope'], run }], { concurrency: 1 })).toThrow(/depends on nope, which is not a task/);
    expect(() => startTasks({ signal: never }, [{ id: 'a', run }, { id: 'a', run }, { id: 'b', needs: ['a'], run }], { concurrency: 1 })).toThrow(/names several tasks/);
    expect((await runTasks({ signal: never }, [{ id: 'a', run }, { id: 'a', run }], { concurrency: 1 })).counts.ok).toBe(2);
  });
});

describe('the states', () => {
  it('ok (nothing returned), skipped, failed (returned or thrown), with messages and values', async () => {
    const report = await runTasks<number>(
      { signal: never },
      [
        { id: 'ok', run: async () => undefined },
        { id: 'value', run: async () => ({ state: 'ok', message: 'locked', value: 7 }) },
        { id: 'skip', run: async () => ({ state: 'skipped', message: 'already locked' }) },
        { id: 'said', run: async () => ({ state: 'failed', message: 'refused', value: 4 }) },
        { id: 'threw', run: async () => Promise.reject(new Error('connection reset')) },
        { id: 'odd', run: async () => Promise.reject('not an error') },
      ],
      { concurrency: 3 },
    );
    expect(report.results.map(({ id, state, message, value }) => ({ id, state, message, value }))).toEqual([
      { id: 'ok', state: 'ok', message: undefined, value: undefined },
      { id: 'value', state: 'ok', message: 'locked', value: 7 },
      { id: 'skip', state: 'skipped', message: 'already locked', value: undefined },
      { id: 'said', state: 'failed', message: 'refused', value: 4 },
      { id: 'threw', state: 'failed', message: 'connection reset', value: undefined },
      { id: 'odd', state: 'failed', message: 'not an error', value: undefined },
    ]);
    expect((report.results[4].error as Error).message).toBe('connection reset');
    expect(report.interrupted).toBe(false);
  });

  it('Ctrl-C: a change sent is "outcome unknown", a read cut short and the tasks waiting are "not started", what ended stays', async () => {
    const ctrlC = new AbortController();
    const reason = new Error('interrupted by SIGINT');
    const tasks: Task[] = [
      { id: 'quick', run: async () => undefined },
      { id: 'change', run: async (t) => (t.sending(), request(1000, t.signal)) },
      { id: 'read', run: async (t) => request(1000, t.signal) },
      ...ids(5).map((id): Task => ({ id, run: async (t) => request(1000, t.signal) })),
    ];
    const run = startTasks({ signal: ctrlC.signal }, tasks, { concurrency: 3, graceMs: 0 });
    await sleep(5);
    ctrlC.abort(reason);
    const report = await run.done;
    expect(report.interrupted).toBe(true);
    expect(report.results.map((r) => [r.id, r.state])).toEqual([['quick', 'ok'], ['change', 'unknown'], ['read', 'not started'], ...ids(5).map((id) => [id, 'not started'])]);
    expect(report.results[1].message).toBe(UNKNOWN_MESSAGE);
    expect(report.results[1].error).toBe(reason);
    expect(report.counts).toMatchObject({ ok: 1, unknown: 1, notStarted: 6, done: 2 });
  });

  it('an interrupt before the run starts: nothing runs, everything is not started', async () => {
    const ctrlC = new AbortController();
    ctrlC.abort(new Error('stop'));
    let ran = false;
    const report = await runTasks({ signal: ctrlC.signal }, ids(3).map((id) => ({ id, run: async () => void (ran = true) })), { concurrency: 2 });
    expect(ran).toBe(false);
    expect(report.counts.notStarted).toBe(3);
  });
});

describe('Ctrl-C with a grace period', () => {
  it('the tasks in flight go on for the grace period, then their signal aborts; nothing new starts', async () => {
    const ctrlC = new AbortController();
    const signals: AbortSignal[] = [];
    let started = 0;
    const tasks: Task[] = [
      // Arrives within the grace: ok.
      { id: 'arrives', run: async (t) => (started++, signals.push(t.signal), request(60, t.signal)) },
      // Does not: dropped when the grace ends.
      { id: 'hangs', run: async (t) => (started++, request(10_000, t.signal)) },
      { id: 'queued', run: async () => void started++ },
    ];
    const run = startTasks({ signal: ctrlC.signal }, tasks, { concurrency: 2, graceMs: 150 });
    await sleep(10);
    const at = performance.now();
    ctrlC.abort(new Error('interrupted'));
    expect(signals[0].aborted).toBe(false);
    const report = await run.done;
    const took = performance.now() - at;
    expect(signals[0].aborted).toBe(true);
    expect(took).toBeGreaterThanOrEqual(140);
    expect(started).toBe(2);
    expect(report.results.map((r) => [r.id, r.state])).toEqual([['arrives', 'ok'], ['hangs', 'not started'], ['queued', 'not started']]);
  });

  it('graceMs 0 aborts the tasks at once; Infinity waits for them to end', async () => {
    for (const [graceMs, abortedAtOnce] of [[0, true], [Infinity, false]] as const) {
      const ctrlC = new AbortController();
      let control: TaskControl | undefined;
      const run = startTasks({ signal: ctrlC.signal }, [{ id: 'a', run: async (t) => ((control = t), t.sending(), sleep(30)) }], { concurrency: 1, graceMs });
      await sleep(5);
      ctrlC.abort(new Error('stop'));
      expect(control!.signal.aborted).toBe(abortedAtOnce);
      // The task here ignores its signal: it ends on its own, after the interrupt, with its outcome.
      expect((await run.done).results[0].state).toBe('ok');
    }
  });

  it('the interrupt note says how many tasks are in flight', async () => {
    const err = terminal(false);
    const ctrlC = new AbortController();
    const tasks: Task[] = ids(5).map((id) => ({ id, run: (t) => request(20, t.signal) }));
    const run = startTasks({ signal: ctrlC.signal, terminal: err.terminal }, tasks, { concurrency: 2, graceMs: Infinity, interruptNote: (n) => `interrupted: waiting for ${n} changes in flight (Ctrl-C again to stop now)` });
    await sleep(5);
    ctrlC.abort(new Error('stop'));
    expect((await run.done).counts).toMatchObject({ ok: 2, notStarted: 3 });
    expect(err.text()).toBe('interrupted: waiting for 2 changes in flight (Ctrl-C again to stop now)\n');
  });

  it('a change in flight when the process exits (a second Ctrl-C) is named as outcome unknown', async () => {
    const err = terminal(false);
    const before = process.listeners('exit').length;
    const run = startTasks({ signal: never, terminal: err.terminal }, [
      { id: 'a', label: 'space a', run: async (t) => (t.sending(), sleep(30)) },
      { id: 'b', run: async (t) => (t.sending(), sleep(30)) },
      { id: 'read', run: async () => sleep(30) },
    ], { concurrency: 3 });
    await sleep(5);
    const added = process.listeners('exit').slice(before);
    expect(added).toHaveLength(1);
    (added[0] as () => void)();
    expect(err.text()).toBe('outcome unknown (sent, no answer; check before re-running): space a b\n');
    await run.done;
    expect(process.listeners('exit')).toHaveLength(before);
  });
});

describe('allOrNothing', () => {
  it('gives the values in the items\' order, at most `concurrency` at once', async () => {
    let inFlight = 0;
    let most = 0;
    const values = await allOrNothing({ signal: never }, [30, 5, 20, 1, 9], 2, async (ms) => {
      most = Math.max(most, ++inFlight);
      await sleep(ms);
      inFlight--;
      return ms * 2;
    });
    expect(values).toEqual([60, 10, 40, 2, 18]);
    expect(most).toBe(2);
  });

  it('the first failure aborts the reads in flight, starts no more, and is thrown', async () => {
    const failure = new Error('404 team gone');
    const aborted: string[] = [];
    const started: number[] = [];
    const promise = allOrNothing({ signal: never }, [0, 1, 2, 3, 4, 5], 3, async (i, signal) => {
      started.push(i);
      if (i === 1) {
        await sleep(5);
        throw failure;
      }
      await request(1000, signal).catch((err: unknown) => {
        aborted.push(String(i));
        throw err;
      });
    });
    await expect(promise).rejects.toBe(failure);
    expect(started).toEqual([0, 1, 2]);
    expect(aborted.sort()).toEqual(['0', '2']);
  });

  it('an interrupt throws the signal\'s reason', async () => {
    const ctrlC = new AbortController();
    const reason = new Error('interrupted by SIGTERM');
    const promise = allOrNothing({ signal: ctrlC.signal }, [1, 2], 2, (_, signal) => request(1000, signal));
    setTimeout(() => ctrlC.abort(reason), 5);
    await expect(promise).rejects.toBe(reason);
  });
});

describe('progress and streaming', () => {
  it('draws the progress line as tasks settle, the last state at once, and clears it at the end', async () => {
    const err = terminal();
    await runTasks({ signal: never, terminal: err.terminal }, ids(3).map((id, i) => ({ id, run: () => sleep(150 * i) })), {
      concurrency: 1,
      progress: (c) => `${c.done}/${c.total}${c.failed ? ' failed' : ''}`,
    });
    // Drawn at the start, then as they settle (throttled: a slow machine may skip a middle state), the last at once, then cleared.
    const draws = err.text().split('\r\x1b[K');
    expect(draws.shift()).toBe('');
    expect(draws.pop()).toBe('');
    expect(draws[0]).toBe('0/3');
    expect(draws.at(-1)).toBe('3/3');
    expect([...draws].sort()).toEqual(draws);
    expect(new Set(draws).size).toBe(draws.length);
    // The last state right after another: drawn at once all the same (the throttle would hold it back).
    const quick = terminal();
    await runTasks({ signal: never, terminal: quick.terminal }, ids(3).map((id) => ({ id, run: async () => undefined })), { concurrency: 3, progress: (c) => `${c.done}/${c.total}` });
    expect(quick.text()).toBe('\r\x1b[K0/3\r\x1b[K3/3\r\x1b[K');
    const piped = terminal(false);
    await runTasks({ signal: never, terminal: piped.terminal }, ids(3).map((id) => ({ id, run: async () => undefined })), { concurrency: 1, progress: (c) => `${c.done}/${c.total}` });
    expect(piped.text()).toBe('');
  });

  it('with nothing to do, the final state is drawn (then cleared)', async () => {
    const err = terminal();
    await runTasks({ signal: never, terminal: err.terminal }, [], { concurrency: 1, progress: () => 'pages 9/9, files 3/3' });
    expect(err.text()).toBe('\r\x1b[Kpages 9/9, files 3/3\r\x1b[K');
  });

  it('streams the settled tasks in the order they settled, every one once', async () => {
    const run = startTasks({ signal: never }, [40, 1, 20, 5].map((ms) => ({ id: String(ms), run: () => sleep(ms) })), { concurrency: 4 });
    const seen: string[] = [];
    for await (const batch of run.settled()) seen.push(...batch.map((s) => s.id));
    expect(seen).toEqual(['1', '5', '20', '40']);
    expect((await run.done).counts.ok).toBe(4);
  });
});
