// The global flags are declared once (src/globals.ts): commander's options,
// the manifest's globalFlags, the value flags that find the group word and
// refuse an empty value all come from that table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOBAL_FLAGS, VALUE_FLAGS } from '../../src/globals.js';
import { buildProgram, groupWord, typedCommands } from '../../src/main.js';
import type { CommandDef } from '../../src/commands/define.js';
import type { Manifest } from '../../src/manifest.js';
import { collect, ROOT, runInProcess, tempFiles } from '../helpers.js';
import { Readable } from 'node:stream';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;
const config = tempFiles();
const own = (flags: string) => flags !== '-V, --version' && flags !== '-h, --help';

describe('global flags, from one table', () => {
  it("are the program's options and the manifest's globalFlags, in the table's order", () => {
    const io = { stdout: collect().stream, stderr: collect().stream, stdin: Readable.from([]), stdoutTTY: false, stderrTTY: false, stdinTTY: false, env: {} };
    const program = buildProgram(io);
    const table = GLOBAL_FLAGS.map((f) => [f.flags, f.description]);
    expect(program.options.filter((o) => own(o.flags)).map((o) => [o.flags, o.description])).toEqual(table);
    expect(manifest.globalFlags.filter((f) => own(f.flags)).map((f) => [f.flags, f.description])).toEqual(table);
  });

  it('every flag that takes a value is a value flag: skipped when finding the group, refused empty', async () => {
    const valued = GLOBAL_FLAGS.filter((f) => f.flags.includes('<')).map((f) => f.flags.split(' ')[0]);
    expect(Object.values(VALUE_FLAGS).sort()).toEqual(valued.sort());
    for (const flag of valued) {
      expect(groupWord([flag, 'x', 'spaces', 'list'])).toBe('spaces');
      const r = await runInProcess([flag, '', 'spaces', 'list'], { env: { DOCPLAT_CONFIG_DIR: config.dir, DOCPLAT_TOKEN: 't', DOCPLAT_API_URL: 'http://127.0.0.1:9' } });
      expect(r.code, flag).toBe(2);
      expect(r.stderr, flag).toBe(`error: ${flag} is empty\n`);
    }
  });
});

describe('the commands of a group registered for a run', () => {
  const defs = [{ name: 'list', aliases: ['ls'] }, { name: 'get' }, { name: 'delete', aliases: ['rm'] }] as CommandDef[];
  const names = (argv: string[], help = false) => typedCommands(argv, defs, help).map((d) => d.name);

  it('are the verb typed alone, found by name or alias after global flags and their values', () => {
    expect(names(['spaces', 'get', 'S1', '--json'])).toEqual(['get']);
    expect(names(['--profile', 'get', 'spaces', 'ls'])).toEqual(['list']);
    expect(names(['spaces', '--json', 'rm', 'S1'])).toEqual(['delete']);
  });

  it('are all of them for help, for a word that names none, and with no verb', () => {
    expect(names(['spaces', 'get', '--help'], true)).toEqual(['list', 'get', 'delete']);
    expect(names(['spaces', 'gte', 'S1'])).toEqual(['list', 'get', 'delete']);
    expect(names(['spaces'])).toEqual(['list', 'get', 'delete']);
  });

  it("run the verb as before, and a mistyped verb still gets commander's suggestion", async () => {
    const env = { DOCPLAT_CONFIG_DIR: config.dir, DOCPLAT_TOKEN: 't', DOCPLAT_API_URL: 'http://127.0.0.1:9' };
    const r = await runInProcess(['spaces', 'lst'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'lst'[\s\S]*list/);
  });
});
