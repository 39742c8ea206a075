// Every list of the manifest, none named here, in a table on an 80-column
// terminal (issue 20, item 10): no row is wider than 80 columns, and no id is
// cut. A list is a command whose --json prints an array of objects; each runs
// on a fresh demo sandbox as the first of its examples that succeeds. The ids
// are those of its --json: every string under a key `id`, `*Id`, or one the
// API uses for an id reference (parent, section, organization, ...).
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/format.js';
import { allCommands, firstRun, runFresh, useDemo } from './examples.js';

/** Commands not run, and why. */
const NOT_RUN: Record<string, string> = {
  'sandbox serve': 'serves the sandbox until Ctrl-C',
  'auth login': 'prompts for a token',
  'auth switch': 'needs a second stored profile',
  'integrations installations': "needs an integration's own token",
  'integrations publish': "needs the integration's script file",
  'sso create': 'needs a real PEM certificate',
  'sso update': 'needs a real PEM certificate',
  'comments update': "edits only a comment of the token's own user",
  api: "prints the API's JSON on a terminal, not a table",
  'change-requests diff': 'prints a unified diff of the pages on a terminal (their text, as `git diff`), not a table; its --json rows are checked in test/cli/change-requests-diff.test.ts',
};

/** Verbs whose results are lines on a terminal (one per id as it completes), not a table. */
const NOT_A_TABLE = /^(delete|remove|remove-section|unpublish|lock|unlock|restore|add|set|set-role)$/;

/** Keys whose string values are ids of other resources. */
const ID_KEY = /^(id|parent|section|sectionGroup|organization|space|team|user|revision)$|Id$/;

function idsIn(value: unknown, key = '', out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && ID_KEY.test(key) && value.length >= 8) out.add(value);
  else if (Array.isArray(value)) for (const v of value) idsIn(v, key, out);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) idsIn(v, k, out);
  return out;
}

const demo = useDemo('docplat-tables-');

describe('every list fits 80 columns with its ids whole', () => {
  const commands = allCommands().filter((c) => !NOT_RUN[c.path] && !NOT_A_TABLE.test(c.name));
  it.each(commands.map((c) => [c.path, c] as const))('%s', async (_path, c) => {
    const { argv, input } = await firstRun(c, demo.ids, demo.work);
    const json = await runFresh(argv, input, ['--json'], demo.work);
    let items: unknown;
    try {
      items = JSON.parse(json.stdout);
    } catch {
      return; // not a list: no table to check
    }
    if (!Array.isArray(items) || !items.some((i) => i !== null && typeof i === 'object')) return;
    const known = [...idsIn(items)];
    const table = await runFresh(argv, input, [], demo.work, true);
    expect(table.code, table.stderr).toBe(0);
    const rows = table.stdout.split('\n').filter(Boolean);
    const problems: string[] = [];
    for (const row of rows) {
      if (displayWidth(row) > 80) problems.push(`${displayWidth(row)} columns: ${row}`);
      for (const cell of row.split(/\s{2,}/)) {
        if (!cell.endsWith('…') || cell.length < 3) continue;
        const stem = cell.slice(0, -1);
        const id = known.find((k) => k.startsWith(stem));
        if (id) problems.push(`id ${id} cut to "${cell}"`);
      }
    }
    expect(problems, argv.join(' ')).toEqual([]);
  });
});
