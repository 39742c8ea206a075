// A long run keeps V8's young generation at the size it has
// (src/tasks/memory.ts): objects that outlive minor collections no longer
// double it. Each case runs in a node process of its own (the setting is the
// process's), with the built bundle's module.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { V8_DEFAULTS } from '../../src/tasks/memory.js';

/** The young generation's size (MB) at the start, and the largest it reached while ~2 million small objects were kept alive through minor collections. */
function youngGeneration(keep: boolean): { before: number; most: number } {
  const script = `
    const v8 = require('node:v8');
    const main = ${JSON.stringify(join(ROOT, 'dist', 'main.cjs'))};
    if (${keep}) require(main).__core['src/tasks/memory.ts']().keepMemoryFlat();
    const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
    const before = young();
    let most = before;
    const kept = [];
    for (let i = 0; i < 2000000; i++) {
      kept.push({ i, text: 'page ' + i });
      if (i % 10000 === 0) most = Math.max(most, young());
    }
    process.stdout.write(JSON.stringify({ before, most, n: kept.length }));
  `;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { before: number; most: number };
}

describe('the young generation of a long run', () => {
  it('doubles again and again as objects outlive minor collections, by default', () => {
    const { before, most } = youngGeneration(false);
    expect(most).toBeGreaterThanOrEqual(8 * before);
  });

  it('keeps about its size once a long run keeps it (V8 may still move it by one step)', () => {
    const { before, most } = youngGeneration(true);
    expect(most).toBeLessThanOrEqual(2 * before);
  });
});

describe('the flags a run sets', () => {
  it("are put back to this Node's defaults as the command ends (the code cache is made under them): each default as node --v8-options gives it", () => {
    const r = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(Object.keys(V8_DEFAULTS).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(V8_DEFAULTS)) {
      const listed = r.stdout.split(/\n(?=  --)/).find((entry) => entry.startsWith(`  --${name} `));
      expect(listed, name).toBeDefined();
      expect(/default: (\S+)/.exec(listed!)?.[1], name).toBe(value);
    }
  });
});
