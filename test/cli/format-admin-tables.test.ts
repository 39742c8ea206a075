// The administration lists (issue 12) as a person reads them: a table on an
// 80-column terminal that fits, with the cells an audit reads whole.
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/format.js';
import { demo } from '../sandbox/helpers.js';
import { runInProcess, useTestApi, withTestApi } from '../helpers.js';

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

  it('teams members and custom-fields values fit in 80 columns', async () => {
    const team = (await api.cli(['teams', 'list', '--title', 'guild', '--jq', '.[0].id'])).stdout.trim();
    const space = (await api.cli(['spaces', 'list', '--limit', '1', '--jq', '.[0].id'])).stdout.trim();
    for (const args of [['teams', 'members', team], ['custom-fields', 'values', space]]) {
      const rows = await table(args);
      expect(rows.length).toBeGreaterThan(1);
      for (const line of rows) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    }
  });

  it('members list shows every last-seen time whole (the audit reads it), and the ids', async () => {
    const rows = await table(['members', 'list', '--all']);
    expect(rows[0]).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+LAST SEEN$/);
    expect(rows).toHaveLength(26);
    for (const line of rows.slice(1)) {
      expect(line, line).toMatch(/^\w{20}  /);
      // The last column: "3mo ago", "5d ago", … or empty (never seen); never cut.
      expect(line.endsWith('…'), line).toBe(false);
    }
    expect(rows.some((line) => / \d+mo ago$/.test(line))).toBe(true);
  });

  it('custom-fields list and values never cut a name (what get, update, delete and set take), even of 50 characters', async () => {
    await withTestApi({}, async (t) => {
      const name = 'release-train-owner-team-for-the-platform-group-xy';
      expect(name).toHaveLength(50);
      const made = await t.cli(['custom-fields', 'create', '--name', name, '--type', 'select:single', '--title', 'Release train owner team of the platform group',
        '--option', 'platform-engineering', '--option', 'developer-experience']);
      expect(made.code, made.stderr).toBe(0);
      const space = (await t.cli(['spaces', 'list', '--limit', '1', '--jq', '.[0].id'])).stdout.trim();
      expect((await t.cli(['custom-fields', 'set', space, `${name}=developer-experience`])).code).toBe(0);
      for (const args of [['custom-fields', 'list'], ['custom-fields', 'values', space]]) {
        const r = await runInProcess(args, { env: t.env({ NO_COLOR: '1' }), stdoutTTY: true });
        expect(r.code, r.stderr).toBe(0);
        const rows = r.stdout.split('\n').filter(Boolean);
        for (const line of rows) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
        expect(rows.some((line) => line.startsWith(`${name}  `)), r.stdout).toBe(true);
      }
    });
  });
});
