// Help as people look for it: `docplat help <topic>`, listed in the root help;
// an unknown topic or command is exit 2, never the root help; the manual page
// (dist/man/docplat.1, made at build time) holds every command, flag,
// environment variable and exit code of the manifest.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT, EXIT_CODES, TOPICS } from '../../src/commands/help/topics.js';
import { EXIT } from '../../src/errors.js';
import { TOPIC_NAMES } from '../../src/helpfile.js';
import type { Manifest } from '../../src/manifest.js';
import { baseEnv, hasCommand, ROOT, runCli, runInProcess as runWith, tempDir, type Run } from '../helpers.js';
import { rmSync } from 'node:fs';

const config = tempDir();
afterAll(() => rmSync(config, { recursive: true, force: true }));
const env = baseEnv({ DOCPLAT_CONFIG_DIR: config });
const runInProcess = (args: string[]): Promise<Run> => runWith(args, { env });

/**
 * Every code docplat exits with, written here and not taken from the list
 * the help is built from: the help and the manual page must name each one,
 * and every value of the errors' table (src/errors.ts EXIT) must be among them.
 */
const EXITS = [0, 1, 2, 3, 4, 5, 6, 130];

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;
const man = readFileSync(join(ROOT, 'dist', 'man', 'docplat.1'), 'utf8');
/** A text as roff writes it (src/man.ts). */
const roff = (s: string) => s.replace(/\\/g, '\\e').replace(/-/g, '\\-');

describe('help topics', () => {
  it.each(['environment', 'exit-codes', 'output', 'sandbox'])('docplat help %s prints the topic, exit 0, within 80 columns', async (name) => {
    const run = await runInProcess(['help', name]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`${TOPICS[name].text()}\n`);
    for (const line of run.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('the topics say what they are for', async () => {
    const env = (await runInProcess(['help', 'environment'])).stdout;
    for (const [name] of ENVIRONMENT) expect(env).toContain(name);
    const codes = (await runInProcess(['help', 'exit-codes'])).stdout;
    for (const code of EXITS) expect(codes).toMatch(new RegExp(`^  ${code} `, 'm'));
    expect(codes).toMatch(/^ {2}6 +.*org plan --exit-code/m);
    expect((await runInProcess(['help', 'output'])).stdout).toMatch(/--jq runs over the fields --fields selected/);
    expect((await runInProcess(['help', 'sandbox'])).stdout).toMatch(/DOCPLAT_ORG/);
  });

  it('the exit codes listed are every code docplat exits with', () => {
    expect(EXITS).toEqual(expect.arrayContaining(Object.values(EXIT)));
    expect(EXIT_CODES.map(([code]) => code)).toEqual(EXITS);
  });

  it('the root help lists every topic', async () => {
    const root = (await runInProcess(['--help'])).stdout;
    for (const [name, topic] of Object.entries(TOPICS)) expect(root).toMatch(new RegExp(`^  ${name} +${topic.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    expect(manifest.help).toBe(root);
  });

  it.each(Object.keys(TOPICS))('the built CLI prints the topic too: docplat help %s (a group of that name aside)', async (name) => {
    const run = await runCli(['help', name], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${TOPICS[name].text()}\n`);
  });

  it('the entry point knows every topic by name (it loads none)', () => {
    expect([...TOPIC_NAMES]).toEqual(Object.keys(TOPICS));
  });

  it.each([
    [['help', 'nosuch'], /^error: unknown help topic "nosuch": the topics are environment, exit-codes, output, sandbox/],
    [['help', 'spaces', 'nosuch'], /^error: unknown help topic "spaces nosuch"/],
    [['help', '__ids'], /^error: unknown help topic "__ids"/],
    [['installations', '--help'], /^error: unknown command 'installations'/],
    [['spaces', 'nosuch', '--help'], /^error: unknown command 'nosuch'/],
    [['--sandbox', 'installations', '-h'], /^error: unknown command 'installations'/],
  ])('%j is exit 2, not the root help', async (args, message) => {
    const run = await runInProcess(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });

  it('the built CLI agrees: docplat installations --help is exit 2', async () => {
    const run = await runCli(['installations', '--help'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown command 'installations'/);
  });
});

describe('the manual page', () => {
  it('is installed through package.json "man"', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { man: string[] };
    expect(pkg.man).toEqual(['./dist/man/docplat.1']);
    expect(man).toMatch(/^\.TH DOCPLAT 1 /m);
  });

  it('has every command, flag, environment variable and exit code', () => {
    for (const f of manifest.globalFlags) expect(man).toContain(roff(f.flags));
    for (const g of manifest.groups.filter((x) => !x.hidden)) {
      for (const c of g.command ? [g.command] : g.commands) {
        const path = g.command ? g.name : `${g.name} ${c.name}`;
        expect(man).toContain(`.SS ${roff(`docplat ${path}`)}`);
        for (const f of c.flags) if (f.long !== '--help') expect(man, `${path} ${f.flags}`).toContain(roff(f.flags));
      }
    }
    for (const [name] of ENVIRONMENT) expect(man).toContain(`\\fB${roff(name)}\\fR`);
    for (const code of EXITS) expect(man).toContain(`.TP\n\\fB${code}\\fR\n`);
    expect(man).not.toContain('__ids');
  });

  // Without `man` (a minimal container) the check is skipped, and says so in the report.
  it.skipIf(!hasCommand('man'))('renders without roff warnings', () => {
    const r = spawnSync('man', ['--warnings', '-l', join(ROOT, 'dist', 'man', 'docplat.1')], { encoding: 'utf8', env: { PATH: process.env.PATH, MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat' } });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/docplat spaces list/);
  });
});
