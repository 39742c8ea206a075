// Bulk verbs (src/commands/bulk.ts): results printed as they complete, re-runs
// that say skipped, one error line per failing id, and ids read from `-` (a
// terminal, or nothing on stdin).
import { describe, expect, it } from 'vitest';
import { lines, spaceIds, tsv, useTestApi } from '../helpers.js';

const api = useTestApi({ spaces: 530 });

describe('bulk verbs', () => {
  it('on a terminal, every result is printed as it completes, with a progress line, none dropped', async () => {
    const ids = await spaceIds(api, 520);
    const r = await api.cli(['spaces', 'lock', '-', '--concurrency', '16'], { input: ids.join('\n'), stdoutTTY: true, stderrTTY: true });
    expect(r.code, r.stderr).toBe(0);
    const results = lines(r.stdout);
    expect(results).toHaveLength(520);
    expect(new Set(results.map((l) => l.split(':')[0]))).toEqual(new Set(ids));
    expect(r.stderr).toMatch(/\d+\/520 done/);
    // the progress line is cleared before the summary
    expect(r.stderr).toMatch(/\r\x1b\[Klocked \d+ of 520(, \d+ skipped)?\n$/);
  });

  it('a re-run says skipped: lock of a locked space, transfer to its own organization', async () => {
    const ids = await spaceIds(api, 3);
    expect((await api.cli(['spaces', 'unlock', ...ids])).code).toBe(0);
    expect((await api.cli(['spaces', 'lock', ids[0], ids[1]])).code).toBe(0);
    const again = await api.cli(['spaces', 'lock', ...ids]);
    expect(again.code, again.stderr).toBe(0);
    expect(tsv(again.stdout).map((row) => row.slice(1)).sort()).toEqual([
      ['ok', 'locked'],
      ['skipped', 'already locked'],
      ['skipped', 'already locked'],
    ]);
    expect(lines(again.stderr)).toEqual(['locked 1 of 3, 2 skipped']);
    expect((await api.cli(['spaces', 'unlock', ...ids])).code).toBe(0);
    const org = api.sandbox.defaultOrg!;
    const own = await api.cli(['spaces', 'transfer', ids[2], '--to-org', org]);
    expect(own.code, own.stderr).toBe(0);
    expect(tsv(own.stdout)).toEqual([[ids[2], 'skipped', `already in organization ${org}`]]);
  });

  it('one failing id is reported once, by the error line', async () => {
    const r = await api.cli(['spaces', 'restore', 'nope']);
    expect(r.code).toBe(3);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: POST \/spaces\/nope\/restore: 404/)]);
  });
});

describe('`-` on a terminal', () => {
  it('spaces delete - says stdin is a terminal, before any prompt', async () => {
    const r = await api.cli(['spaces', 'delete', '-'], { stdinTTY: true, stderrTTY: true });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(['error: "-" reads space ids from stdin, but stdin is a terminal: pipe them in']);
  });
});

describe('`-` with nothing on stdin', () => {
  it('is nothing to do, exit 0, for every bulk verb: the second run of a pipe that found nothing', async () => {
    for (const args of [['spaces', 'lock', '-'], ['spaces', 'delete', '-', '--yes'], ['members', 'update', '-', '--role', 'read'], ['teams', 'add', 'T', '-'], ['comments', 'resolve', 'S', '-']]) {
      const before = api.sandbox.requestCount;
      const r = await api.cli(args, { input: '\n  \n' });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/^nothing to do: no (space|member|user|comment) ids on stdin$/)]);
      // only what a command reads before its ids (the team's members) may be asked for
      expect(api.sandbox.requestCount - before).toBeLessThanOrEqual(0);
    }
  });
});
