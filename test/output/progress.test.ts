// The one progress line (bulk runs, content export, downloads, openapi --wait):
// throttled, the latest state drawn when the throttle ends, cleared only when drawn.
import { describe, expect, it } from 'vitest';
import { ProgressLine } from '../../src/output/progress.js';
import { collect } from '../helpers.js';

describe('ProgressLine', () => {
  it('draws at once, then at most every everyMs, and the latest state when that time comes', async () => {
    const err = collect();
    const line = new ProgressLine(err.stream, true, 50);
    line.show('1/3');
    line.show('2/3');
    expect(err.text()).toBe('\r\x1b[K1/3');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(err.text()).toBe('\r\x1b[K1/3\r\x1b[K2/3');
    line.show('3/3', true);
    line.clear();
    line.clear();
    expect(err.text()).toBe('\r\x1b[K1/3\r\x1b[K2/3\r\x1b[K3/3\r\x1b[K');
  });

  it('writes nothing when no person watches, and a cleared line draws nothing pending', async () => {
    const off = collect();
    const hidden = new ProgressLine(off.stream, false, 50);
    hidden.show('x', true);
    hidden.clear();
    expect(off.text()).toBe('');
    const err = collect();
    const line = new ProgressLine(err.stream, true, 50);
    line.show('a');
    line.show('b');
    line.clear();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(err.text()).toBe('\r\x1b[Ka\r\x1b[K');
  });
});
