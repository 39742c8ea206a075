// docplat help <command>, bare docplat, and the environment variables the help
// lists (src/commands/help).
import { describe, expect, it } from 'vitest';
import { runCli, runInProcess } from '../helpers.js';

describe('docplat help and the bare command', () => {
  it('docplat help spaces list shows the command\'s help', async () => {
    const r = await runCli(['help', 'spaces', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: docplat spaces list /);
    const inProcess = await runInProcess(['help', 'spaces', 'list']);
    expect(inProcess.stdout).toBe(r.stdout);
  });

  it('the help lists every environment variable the README does', async () => {
    const r = await runInProcess(['--help']);
    for (const v of ['DOCPLAT_TOKEN', 'DOCPLAT_ORG', 'DOCPLAT_API_URL', 'DOCPLAT_PROFILE', 'DOCPLAT_CONFIG_DIR', 'DOCPLAT_TIMEOUT', 'DOCPLAT_RETRIES', 'DOCPLAT_SANDBOX_FAULTS']) {
      expect(r.stdout).toContain(v);
    }
  });

  // On a terminal too: help-command.e2e.test.ts.
  it('bare docplat prints the help and exits 0, piped', async () => {
    const piped = await runCli([]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^Usage: docplat \[options\] \[command\]/);
    expect(piped.stderr).toBe('');
  });
});
