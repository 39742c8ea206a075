// The words of a run's end (src/tasks/summary.ts): the summary line bulk
// verbs print, what an interrupted run says of each task, and the line of
// each task as it settles (bulk verbs, org apply).
import { describe, expect, it } from 'vitest';
import { interruptedLines, settledLine, summaryLine } from '../../src/tasks/summary.js';

describe('summaryLine', () => {
  it('counts the ok ones of all, then only the other states there are', () => {
    expect(summaryLine('locked', ['ok', 'ok', 'ok'])).toBe('locked 3 of 3');
    expect(summaryLine('locked', ['ok', 'skipped', 'skipped'])).toBe('locked 1 of 3, 2 skipped');
    expect(summaryLine('deleted', ['failed', 'ok', 'skipped', undefined])).toBe('deleted 1 of 4, 1 skipped, 1 failed');
    expect(summaryLine('applied', ['ok', 'failed', 'not started', 'unknown'], 'changes')).toBe('applied 1 of 4 changes, 1 failed, 1 outcome unknown, 1 not started');
  });
});

describe('interruptedLines', () => {
  it('counts, then the labels of each state there is, in the order given', () => {
    const lines = interruptedLines([
      { label: 'a', state: 'ok' },
      { label: 'b', state: 'not started' },
      { label: 'c', state: 'unknown' },
      { label: 'd', state: 'skipped' },
      { label: 'e', state: 'not started' },
    ]);
    expect(lines).toEqual([
      'interrupted: 2 completed, 0 failed, 1 outcome unknown, 2 not started',
      'completed: a d',
      'outcome unknown (sent, no answer; check before re-running): c',
      'not started: b e',
    ]);
    expect(interruptedLines([{ label: 'x', state: 'failed' }])).toEqual(['interrupted: 0 completed, 1 failed, 0 outcome unknown, 0 not started', 'failed: x']);
    // Labels of several words (org apply's changes) are told apart.
    expect(interruptedLines([{ label: 'teams A', state: 'ok' }, { label: 'teams B', state: 'ok' }], ', ')[1]).toBe('completed: teams A, teams B');
  });
});

describe('settledLine', () => {
  it('names the task, then its state in words; control characters from the API escaped', () => {
    expect(settledLine('teams Docs', 'ok', 'created', '')).toBe('teams Docs: created');
    expect(settledLine('S1', 'ok', undefined, 'locked')).toBe('S1: locked');
    expect(settledLine('S1', 'skipped', 'already locked', 'locked')).toBe('S1: skipped (already locked)');
    expect(settledLine('S1', 'failed', 'not found', 'locked')).toBe('S1: failed: not found');
    expect(settledLine('S1', 'unknown', 'outcome unknown: interrupted before the answer', 'locked')).toBe('S1: outcome unknown: interrupted before the answer');
    expect(settledLine('teams B', 'not started', 'not started: it needs teams A, which failed', '')).toBe('teams B: not started: it needs teams A, which failed');
    expect(settledLine('teams \u001b[2JX', 'failed', 'bad\u0007', '')).toBe('teams \\x1b[2JX: failed: bad\\x07');
  });
});
