// Help and version (src/commands/help, src/main.ts): --version, the root help,
// the help printed without commander, and usage errors of unknown commands and
// options.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, ROOT, runCli, runInProcess } from '../helpers.js';

describe('help and version', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8'));
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('--help lists the groups and every global flag', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const word of ['spaces', 'collections', 'auth', 'config', 'orgs', 'sandbox', '--org', '--token', '--api-url', '--profile', '--sandbox', '--json', '--jsonl', '--output', '--fields', '--jq', '--no-color', '--debug', '--yes', '--quiet', '--timeout']) {
      expect(r.stdout).toContain(word);
    }
  });

  it('the help printed without loading commander is the one commander renders', async () => {
    const fast = await runCli(['--help']);
    const live = await runCli(['--help'], { env: baseEnv({ DOCPLAT_LIVE_HELP: '1' }) });
    expect(live.code).toBe(0);
    expect(fast.stdout).toBe(live.stdout);
  });

  it('a group without a verb, an unknown command and an unknown option are usage errors (exit 2)', async () => {
    for (const args of [['spaces'], ['spacse', 'list'], ['spaces', 'list', '--colection', 'x'], ['spaces', 'get']]) {
      const r = await runInProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(lines(r.stderr).at(-1)).toMatch(/^error: /);
    }
  });
});
