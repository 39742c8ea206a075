// Flag descriptions say the bounds of the field they fill from the operation
// table, once, never restated by hand: for every flag of every command.
import { describe, expect, it } from 'vitest';
import { GROUPS } from '../../src/commands/index.js';
import { boundsText } from '../../src/commands/help/bounds.js';
import { flagSpec } from '../../src/commands/runner.js';
import type { CommandDef } from '../../src/commands/define.js';
import { str, arr, num } from '../../src/api/schema.js';
import { buildManifest } from '../../src/manifest.js';

const BOUND = /\b(\d[\d,]* to \d[\d,]*|at most \d[\d,]*|at least \d[\d,]*|exactly \d+) (characters|values|choices|lowercase)/g;

describe('bounds in flag descriptions', () => {
  it('come from the operation table, once', async () => {
    const manifest = await buildManifest();
    let checked = 0;
    for (const group of GROUPS) {
      const { COMMANDS } = await group.load();
      const g = manifest.groups.find((x) => x.name === group.name)!;
      for (const def of COMMANDS as CommandDef[]) {
        const c = g.command ?? g.commands.find((x) => x.name === def.name)!;
        for (const [key, f] of Object.entries(def.flags ?? {})) {
          const long = /--[\w-]+/.exec(f.flags)![0];
          const shown = c.flags.find((x) => x.long === long)!.description;
          const expected = boundsText(flagSpec(def, key));
          const said = shown.match(BOUND) ?? [];
          if (expected) {
            checked++;
            expect(shown, `${group.name} ${def.name} ${long}`).toMatch(new RegExp(`\\(${expected.replace(/[()]/g, '\\$&')}\\)$`));
            expect(said.length, `${group.name} ${def.name} ${long}: ${shown}`).toBeLessThanOrEqual(expected.split(';').length);
          } else {
            expect(said, `${group.name} ${def.name} ${long}: bounds written by hand`).toEqual([]);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('read as people say them', () => {
    expect(boundsText(str({ min: 1, max: 64 }))).toBe('1 to 64 characters');
    expect(boundsText(str({ max: 50 }))).toBe('at most 50 characters');
    expect(boundsText(str({ min: 1 }))).toBeUndefined();
    expect(boundsText(num({ min: 1, max: 64 }))).toBe('1 to 64');
    expect(boundsText(arr(str({ min: 1, max: 40 }), { minItems: 1, maxItems: 50 }))).toBe('each 1 to 40 characters; 1 to 50 values');
  });
});
