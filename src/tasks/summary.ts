// The words of a run's end (schedule.ts): the summary of a run that ended
// (`locked 37 of 40, 2 skipped, 1 failed`), and what an interrupted run
// says of each task, by state. Bulk verbs print these; a command with a
// summary of its own (`Downloaded 12 of 14 files`) counts from the report.
import { escapeControls } from '../output/terminal.js';
import type { State } from './schedule.js';

const count = (states: readonly (State | undefined)[], state: State) => states.filter((s) => s === state).length;

/**
 * `<done> <ok> of <total>[ <noun>]`, then the skipped, failed, unknown and
 * not started ones when there are any: `locked 37 of 40, 2 skipped, 1 failed`.
 * A state undefined is a task that has none (counted in the total only).
 */
export function summaryLine(done: string, states: readonly (State | undefined)[], noun?: string): string {
  const tail = (
    [
      ['skipped', 'skipped'],
      ['failed', 'failed'],
      ['unknown', 'outcome unknown'],
      ['not started', 'not started'],
    ] as const
  )
    .map(([state, words]) => [count(states, state), words] as const)
    .filter(([n]) => n > 0)
    .map(([n, words]) => `, ${n} ${words}`)
    .join('');
  return `${done} ${count(states, 'ok')} of ${states.length}${noun ? ` ${noun}` : ''}${tail}`;
}

/**
 * An interrupted run, for a person: the counts, then the labels of each
 * state (those completed, failed, whose outcome is unknown, never started),
 * separated by `sep` (labels of several words: `, `).
 */
export function interruptedLines(results: readonly { label: string; state: State }[], sep = ' '): string[] {
  const having = (...states: State[]) => results.filter((r) => states.includes(r.state)).map((r) => r.label);
  const completed = having('ok', 'skipped');
  const failed = having('failed');
  const unknown = having('unknown');
  const notStarted = having('not started');
  return [
    `interrupted: ${completed.length} completed, ${failed.length} failed, ${unknown.length} outcome unknown, ${notStarted.length} not started`,
    completed.length ? `completed: ${completed.join(sep)}` : '',
    failed.length ? `failed: ${failed.join(sep)}` : '',
    unknown.length ? `outcome unknown (sent, no answer; check before re-running): ${unknown.join(sep)}` : '',
    notStarted.length ? `not started: ${notStarted.join(sep)}` : '',
  ].filter(Boolean);
}

/**
 * One settled task for a person, as it settles: `label: <done>`, `label:
 * skipped (why)`, `label: failed: why`, and the message of one whose outcome
 * is unknown or that was not started. Labels and messages may hold names
 * from the API: their control characters are escaped.
 */
export function settledLine(label: string, state: State, message: string | undefined, done: string): string {
  const why = escapeControls(message ?? '');
  const line = state === 'ok' ? why || done : state === 'skipped' ? `skipped (${why})` : state === 'failed' ? `failed: ${why}` : why || state;
  return `${escapeControls(label)}: ${line}`;
}
