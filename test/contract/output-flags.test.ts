// Every command of the manifest, none named here but those it cannot run,
// either honours each output flag (stdout parses as that format, and holds
// what --json holds) or refuses it (exit 2): none ignores one (issue 20,
// item 3). Each run has a fresh demo sandbox; a command runs as the first of
// its examples (the demo's ids filled in) that succeeds without an output
// flag, then with each of them.
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { allCommands, firstRun, runFresh, useDemo } from './examples.js';

/** Commands not run, and why: none may be left out only because its output is hard to check. */
const NOT_RUN: Record<string, string> = {
  'sandbox serve': 'serves the sandbox until Ctrl-C',
  'auth login': 'prompts for a token on a terminal, or reads one from stdin with --with-token: covered by test/cli/auth.test.ts',
  'auth switch': 'needs a second stored profile',
  'integrations installations': "needs an integration's own token, which the examples take from the environment",
  'integrations publish': 'needs the integration\'s script file beside its manifest',
  'sso create': 'needs a real PEM certificate',
  'sso update': 'needs a real PEM certificate',
  'comments update': "edits only a comment of the token's own user, which the demo's first comment is not",
};

/** What each flag's stdout must be: `json` is what --json printed (undefined when it was refused). */
const FLAGS: [string, string[], (stdout: string, json: unknown) => void][] = [
  ['--json', ['--json'], (out) => JSON.parse(out)],
  ['--jsonl', ['--jsonl'], (out, json) => {
    if (!out.trim() && !(Array.isArray(json) && json.length === 0)) throw new Error('nothing printed');
    for (const line of out.split('\n').filter(Boolean)) JSON.parse(line);
  }],
  ['--output yaml', ['--output', 'yaml'], (out, json) => {
    const value = parseYaml(out) as unknown;
    if (json !== undefined) expect(shape(value)).toEqual(shape(json));
    else if (value === null || typeof value !== 'object') throw new Error('not a YAML mapping or sequence');
  }],
  ['--output csv', ['--output', 'csv'], (out) => delimited(out, ',', false)],
  ['--output tsv', ['--output', 'tsv'], (out, json) => delimited(out, '\t', Array.isArray(json) && json.length === 0)],
];

/** The kind of a value, and the keys of an object: what YAML and JSON of the same data share. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return ['array', value.length];
  if (value !== null && typeof value === 'object') return ['object', Object.keys(value).sort()];
  return typeof value;
}

/** Lines of as many cells each (CSV quotes honoured); empty only for an empty list. */
function delimited(out: string, sep: string, emptyList: boolean): void {
  const rows = out.split('\n').filter(Boolean).map((line) => (sep === ',' ? line.replace(/"([^"]|"")*"/g, 'q') : line).split(sep).length);
  if (!rows.length && !emptyList) throw new Error('nothing printed');
  if (new Set(rows).size > 1) throw new Error(`lines of ${[...new Set(rows)].join(', ')} cells`);
}

const demo = useDemo('docplat-flags-');

describe('every command honours or refuses each output flag', () => {
  const commands = allCommands().filter((c) => !NOT_RUN[c.path]);
  it.each(commands.map((c) => [c.path, c] as const))('%s', async (_path, c) => {
    const chosen = await firstRun(c, demo.ids, demo.work);
    const { argv, input } = chosen;
    const run = (extra: string[]) => runFresh(argv, input, extra, demo.work);
    const ignored: string[] = [];
    let json: unknown;
    for (const [name, extra, parses] of FLAGS) {
      const r = await run(extra);
      if (r.code === 2) continue;
      try {
        expect(r.code, r.stderr).toBe(0);
        parses(r.stdout, json);
        if (name === '--json') json = JSON.parse(r.stdout);
      } catch (e) {
        ignored.push(`${name}: exit ${r.code}, ${(e as Error).message.split('\n')[0]}; stdout ${JSON.stringify(r.stdout.slice(0, 80))}`);
      }
    }
    expect(ignored, argv.join(' ')).toEqual([]);
  });
});
