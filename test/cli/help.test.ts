// The command manifest made at build time (dist/manifest.json): every group
// and command is in it, each prerendered help is the one commander renders
// live, every command has examples, and the flags that fill an enum field of
// the operation table carry its values (for completion).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest.js';
import { GROUPS } from '../../src/commands/index.js';
import { ROOT, runCli, runInProcess } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;

/** What `docplat <args>` prints on stdout, run in this process. */
async function live(args: string[]): Promise<string> {
  const r = await runInProcess(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe('command manifest', () => {
  it('has every group of the registry, each with its commands', () => {
    expect(manifest.groups.map((g) => g.name)).toEqual(GROUPS.map((g) => g.name));
    for (const g of manifest.groups) expect(g.commands.length + (g.command ? 1 : 0), g.name).toBeGreaterThan(0);
    expect(manifest.groups.filter((g) => g.command).map((g) => g.name)).toEqual(['api', 'completion', '__ids']);
    expect(manifest.groups.find((g) => g.name === 'spaces')!.commands.map((c) => c.name)).toEqual([
      'list', 'create', 'get', 'update', 'lock', 'unlock', 'delete', 'restore', 'duplicate', 'move', 'transfer', 'links', 'search',
    ]);
  });

  it('a command\'s help marks required flags (usage line and list) and folds the global flags into one short section', async () => {
    const help = await live(['spaces', 'create', '--help']);
    expect(help.split('\n')[0]).toBe('Usage: docplat spaces create --title <title> [flags]');
    expect(help).toMatch(/--title <title>\s+\(required\) title/);
    expect(help).toMatch(/\nInherited flags \(see docplat --help\):\n  --org, --token, --api-url,/);
    expect(help).not.toMatch(/Global Options/);
    expect(help).not.toMatch(/allow sending the token over plain http/);
    expect((await live(['spaces', 'restore', '--help'])).split('\n')[0]).toBe('Usage: docplat spaces restore <spaceId...> [flags]');
    const group = await live(['spaces', '--help']);
    expect(group).toMatch(/Inherited flags/);
    // the top level still describes each global flag
    expect(await live(['--help'])).toMatch(/--insecure-http\s+allow sending the token over plain http/);
  });

  it('every prerendered help is the live help, for the program, each group and each command', async () => {
    expect(manifest.help).toBe(await live(['--help']));
    for (const g of manifest.groups) {
      expect(g.help, g.name).toBe(await live([g.name, '--help']));
      for (const c of g.commands) {
        const text = readFileSync(join(ROOT, 'dist', 'help', `${g.name}.${c.name}.txt`), 'utf8');
        expect(text, `${g.name} ${c.name}`).toBe(await live([g.name, c.name, '--help']));
        expect(c.help).toBe(text);
      }
    }
  });

  it('every command has one to three examples in its help', () => {
    for (const g of manifest.groups) {
      for (const c of g.command ? [g.command] : g.commands) {
        const examples = c.help.split('\n').filter((l) => l.startsWith(`  $ docplat ${g.name} `));
        expect(examples.length, `${g.name} ${c.name}`).toBeGreaterThanOrEqual(1);
        expect(examples.length, `${g.name} ${c.name}`).toBeLessThanOrEqual(3);
      }
    }
  });

  it('flags that fill an enum field list its values, from the operation table', () => {
    const flag = (group: string, command: string, long: string) =>
      manifest.groups.find((g) => g.name === group)!.commands.find((c) => c.name === command)!.flags.find((f) => f.long === long)!;
    expect(flag('spaces', 'update', '--edit-mode').choices).toEqual(['live', 'locked']);
    expect(flag('spaces', 'update', '--default-level').choices).toEqual(['admin', 'create', 'review', 'edit', 'comment', 'read', 'inherit', 'none']);
    expect(flag('spaces', 'links', '--status').choices).toEqual(['ok', 'broken', 'in-app']);
    expect(flag('spaces', 'update', '--title').choices).toBeUndefined();
    expect(manifest.globalFlags.find((f) => f.long === '--output')!.choices).toEqual(['table', 'tsv', 'csv', 'json', 'jsonl', 'yaml']);
  });

  it('the built CLI prints a command help without loading commander, identical to the live one', async () => {
    const fast = await runCli(['spaces', 'list', '--help']);
    expect(fast.code).toBe(0);
    expect(fast.stdout).toBe(await live(['spaces', 'list', '--help']));
    const alias = await runCli(['spaces', 'ls', '--help']);
    expect(alias.stdout).toBe(fast.stdout);
  });
});
