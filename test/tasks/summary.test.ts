// The words of a run's end (src/tasks/summary.ts): the summary line bulk
// verbs print, and what an interrupted run says of each task.
import { describe, expect, it } from 'vitest';
import { interruptedLines, summaryLine } from '../../src/tasks/summary.js';

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
  });
});
