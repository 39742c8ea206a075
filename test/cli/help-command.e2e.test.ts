// Bare docplat on a real terminal: the help, exit 0.
import { describe, expect, it } from 'vitest';
import { baseEnv, onTerminal } from '../helpers.js';

describe('the bare command on a terminal', () => {
  it('prints the help and exits 0', async () => {
    const tty = await onTerminal([], baseEnv());
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/Usage: docplat \[options\] \[command\]/);
  });
});
