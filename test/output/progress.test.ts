// The one progress line (bulk runs, content export, downloads, openapi --wait):
// throttled, the latest state drawn when the throttle ends, cleared only when drawn.
import { describe, expect, it } from 'vitest';
import { ProgressLine } from '../../src/output/progress.js';
import { Terminal } from '../../src/output/terminal.js';
import { collect } from '../helpers.js';

describe('ProgressLine', () => {
  it('draws at once, then at most every everyMs, and the latest state when that time comes', async () => {
    const err = collect();
    const line = new ProgressLine(new Terminal(err.stream, { tty: true, quiet: false }), 50);
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
    const hidden = new ProgressLine(new Terminal(off.stream, { tty: false, quiet: false }), 50);
    hidden.show('x', true);
    hidden.clear();
    expect(off.text()).toBe('');
    const err = collect();
    const line = new ProgressLine(new Terminal(err.stream, { tty: true, quiet: false }), 50);
    line.show('a');
    line.show('b');
    line.clear();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(err.text()).toBe('\r\x1b[Ka\r\x1b[K');
  });
});

describe('the progress line on the terminal writer', () => {
  it('shows API text (a file name, a processing state) escaped, and is cleared before any other line', () => {
    const err = collect();
    const terminal = new Terminal(err.stream, { tty: true, quiet: false });
    const line = new ProgressLine(terminal, 50);
    line.show('processing "x\x1b]52;c;cG9pc29u\x07": \u009b2J\u202e\r\0done', true);
    terminal.line('failed: page p\x1b]0;pwned\x07');
    expect(err.text()).toBe('\r\x1b[Kprocessing "x\\x1b]52;c;cG9pc29u\\x07": \\x9b2J\\u{202e}\\r\\x00done\r\x1b[Kfailed: page p\\x1b]0;pwned\\x07\n');
  });

  it('is not drawn with --quiet, even on a terminal', () => {
    const err = collect();
    new ProgressLine(new Terminal(err.stream, { tty: true, quiet: true }), 50).show('1/2', true);
    expect(err.text()).toBe('');
  });
});
