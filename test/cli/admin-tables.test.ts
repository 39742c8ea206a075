// The administration lists (issue 12) as a person reads them: a table on an
// 80-column terminal that fits, with the cells an audit reads whole.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/format.js';
import { demo } from '../sandbox/helpers.js';
import { runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();
const ids = demo();

/** The command with stdout on a terminal 80 columns wide (the in-process default). */
async function table(args: string[]): Promise<string[]> {
  const r = await runInProcess(args, { env: api.env({ NO_COLOR: '1' }), stdoutTTY: true });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split('\n').filter(Boolean);
}

describe('administration tables at 80 columns', () => {
  const lists: [string, string[]][] = [
    ['members list', ['members', 'list']],
    ['members spaces', ['members', 'spaces', ids.me]],
    ['members teams', ['members', 'teams', ids.me]],
    ['teams list', ['teams', 'list']],
    ['sso list', ['sso', 'list']],
    ['sso login-options', ['sso', 'login-options']],
    ['custom-fields list', ['custom-fields', 'list']],
    ['translations list', ['translations', 'list']],
  ];
  it.each(lists)('%s fits in 80 columns', async (_name, args) => {
    const rows = await table(args);
    expect(rows.length).toBeGreaterThan(1);
    for (const line of rows) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
  });

  it('members list shows every last-seen time whole (the audit reads it), and the ids', async () => {
    const rows = await table(['members', 'list', '--all']);
    expect(rows[0]).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+LAST SEEN$/);
    expect(rows).toHaveLength(26);
    for (const line of rows.slice(1)) {
      expect(line, line).toMatch(/^\w{20}  /);
      // The last column: "3 months ago", "yesterday", … or empty (never seen); never cut.
      expect(line.endsWith('…'), line).toBe(false);
    }
    expect(rows.some((line) => / months ago$/.test(line))).toBe(true);
  });
});
