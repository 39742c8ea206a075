// Ctrl-C during a bulk command: in-flight requests are aborted, the command
// says which ids completed, failed and never started, and exits 130.
// The setup runs in this process; the interrupted command is a real process,
// since its signal handling is what is under test.
import { describe, expect, it } from 'vitest';
import { lines, startCli, until, useTestApi, type Run, type Started } from '../helpers.js';

const api = useTestApi({ spaces: 60 });

async function admin(path: string, body: unknown) {
  const origin = new URL(api.sandbox.url).origin;
  const res = await fetch(origin + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** Sends SIGINT to the process once `ready()` holds; resolves with how it ended. */
async function interruptWhen(run: Started, ready: () => boolean): Promise<Run> {
  await until(ready);
  run.child.kill('SIGINT');
  return run.done;
}

describe('interrupts', () => {
  it('SIGINT mid-run exits 130 and lists the ids that never started', async () => {
    const list = await api.cli(['spaces', 'list', '--limit', '40', '--fields', 'id']);
    const ids = lines(list.stdout);
    expect(ids).toHaveLength(40);
    const del = await api.cli(['spaces', 'delete', '-', '--yes'], { input: ids.join('\n') });
    expect(del.code, del.stderr).toBe(0);
    await admin('/_sandbox/faults', { spec: 'latency=150' });
    try {
      const run = startCli(['spaces', 'restore', '-', '--concurrency', '2'], { env: api.env(), input: ids.join('\n') });
      // wait until some results are out, then interrupt
      const { code, stdout, stderr } = await interruptWhen(run, () => lines(run.stdout()).length >= 3);
      expect(code).toBe(130);
      const done = lines(stdout).filter((l) => l.split('\t')[1] === 'ok').map((l) => l.split('\t')[0]);
      expect(done.length).toBeGreaterThanOrEqual(3);
      const notStarted = lines(stderr).find((l) => l.startsWith('not started: '))!;
      expect(notStarted).toBeDefined();
      const pending = notStarted.slice('not started: '.length).split(' ');
      expect(pending.length).toBeGreaterThan(20);
      for (const id of pending) expect(done).not.toContain(id);
      const summary = /^interrupted: (\d+) completed, (\d+) failed, (\d+) outcome unknown, (\d+) not started$/m.exec(stderr);
      expect(summary, stderr).not.toBeNull();
      // The requests in flight were sent: their outcome is unknown, not "failed" (the server may have applied them).
      expect(Number(summary![2])).toBe(0);
      expect(Number(summary![3])).toBeGreaterThanOrEqual(1);
      const unknown = lines(stderr).find((l) => l.startsWith('outcome unknown'))!.replace(/^[^:]*: /, '').split(' ');
      expect(unknown).toHaveLength(Number(summary![3]));
      const rows = new Map(lines(stdout).map((l) => l.split('\t')).map(([id, result]) => [id, result]));
      for (const id of unknown) {
        expect(rows.get(id)).toBe('unknown');
        expect(pending).not.toContain(id);
      }
      expect(lines(stderr).at(-1)).toMatch(/^error: interrupted/);
    } finally {
      await admin('/_sandbox/faults', { spec: '' });
    }
  });

  it('SIGINT during a list aborts the request in flight, says how far it got, and exits 130', async () => {
    // The request never answers: the interrupt must abort it in flight.
    await admin('/_sandbox/faults', { spec: 'hang=1' });
    try {
      // Interrupt once the request is in flight (the sandbox has it, and holds it).
      const before = api.sandbox.requestCount;
      const run = startCli(['spaces', 'list', '--all', '--fields', 'id'], { env: api.env() });
      const { code, stderr } = await interruptWhen(run, () => api.sandbox.requestCount > before);
      expect(code).toBe(130);
      expect(lines(stderr)).toEqual([expect.stringMatching(/^error: interrupted after \d+ items; the rest were not fetched$/)]);
    } finally {
      await admin('/_sandbox/faults', { spec: '' });
    }
  });

  it('SIGINT while ids are in their read-before-change step: those ids are "not started", not "failed"', async () => {
    const ids = lines((await api.cli(['spaces', 'list', '--limit', '5', '--fields', 'id'])).stdout);
    expect(ids).toHaveLength(5);
    // Every request hangs: the two workers wait in the check (GET the space) of `spaces lock`, nothing is changed.
    await admin('/_sandbox/faults', { spec: 'hang=1' });
    try {
      const before = api.sandbox.requestCount;
      const run = startCli(['spaces', 'lock', ...ids, '--concurrency', '2'], { env: api.env() });
      const { code, stderr } = await interruptWhen(run, () => api.sandbox.requestCount >= before + 2);
      expect(code).toBe(130);
      expect(stderr).toMatch(/^interrupted: 0 completed, 0 failed, 0 outcome unknown, 5 not started$/m);
      expect(lines(stderr).find((l) => l.startsWith('not started: '))!.slice('not started: '.length).split(' ').sort()).toEqual([...ids].sort());
      expect(stderr).not.toMatch(/^failed: /m);
    } finally {
      await admin('/_sandbox/faults', { spec: '' });
    }
  });
});
