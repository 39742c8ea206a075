// The terminal writer (src/output/terminal.ts): every line escaped, a message
// of several lines given as an array, notes silenced by --quiet (warnings and
// errors not), JSON with C1 and bidi controls as \u escapes, and a progress
// line cleared before anything else is written.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Terminal, terminalJson } from '../../src/output/terminal.js';
import { collect, ROOT } from '../helpers.js';

const HOSTILE = 'a\x1b]52;c;eA==\x07b\u009b2J\u202ec\r\0\nd';
const SHOWN = 'a\\x1b]52;c;eA==\\x07b\\x9b2J\\u{202e}c\\r\\x00\\nd';

describe('Terminal', () => {
  it('escapes every control character of a line, a newline in it too; an array is several lines', () => {
    const err = collect();
    const t = new Terminal(err.stream, { tty: true, quiet: false });
    t.line(HOSTILE);
    t.line(['first', HOSTILE]);
    expect(err.text()).toBe(`${SHOWN}\nfirst\n${SHOWN}\n`);
  });

  it('--quiet drops notes, not warnings or errors', () => {
    const err = collect();
    const t = new Terminal(err.stream, { tty: true, quiet: true });
    t.note('a note');
    t.line('error: kept');
    expect(err.text()).toBe('error: kept\n');
    expect(t.watched).toBe(false);
  });

  it('clears a drawn progress line before a line or a JSON object', () => {
    const err = collect();
    const t = new Terminal(err.stream, { tty: true, quiet: false });
    t.drawProgress('1/2');
    t.json({ error: { message: HOSTILE } });
    expect(err.text()).toBe('\r\x1b[K1/2\r\x1b[K{"error":{"message":"a\\u001b]52;c;eA==\\u0007b\\u009b2J\\u202ec\\r\\u0000\\nd"}}\n');
    expect(JSON.parse(terminalJson({ m: HOSTILE })).m).toBe(HOSTILE);
  });
});

describe('the one road to the terminal', () => {
  /** Where the stderr stream may be named: where it is taken from the process, given to commander, and handed to the Terminal. */
  const ALLOWED: Record<string, RegExp> = {
    'src/main.ts': /stderr: process\.stderr|stderrTTY: !!process\.stderr\.isTTY|writeErr: \(s\) => io\.stderr\.write\(s\)|getErrHelpWidth|new Terminal\(io\.stderr/,
    'src/context.ts': /new Terminal\(io\.stderr/,
  };

  it('no source file writes to stderr or prompts but through the Terminal (src/output/terminal.ts)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.ts')) files.push(join(dir, e.name));
      }
    };
    walk(join(ROOT, 'src'));
    expect(files.length).toBeGreaterThan(50);
    const bypasses: string[] = [];
    for (const file of files) {
      const rel = relative(ROOT, file);
      if (rel === 'src/output/terminal.ts') continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (/^\s*(\/\/|\*)/.test(line)) return;
        const named = /process\.stderr|\bio\.stderr\b|console\.(error|warn|log)|@inquirer\/prompts/.test(line);
        if (named && !ALLOWED[rel]?.test(line)) bypasses.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(bypasses).toEqual([]);
  });
});
