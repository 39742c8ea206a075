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

/** Whether V8 optimized a hot function (its `--trace-opt` line), with the memory policy kept as `opts` says, or not kept at all. */
function optimizedHot(opts: Record<string, boolean> | undefined): boolean {
  const script = `
    const main = ${JSON.stringify(join(ROOT, 'dist', 'main.cjs'))};
    if (${JSON.stringify(opts ?? null)}) require(main).__core['src/tasks/memory.ts']().keepMemoryFlat(${JSON.stringify(opts ?? {})});
    function hotLoop(n) { let s = 0; for (let i = 0; i < n; i++) s = (s + i * 7) % 1000003; return s; }
    let total = 0;
    for (let k = 0; k < 2000; k++) total += hotLoop(2000);
    process.stderr.write(String(total));
  `;
  const r = spawnSync(process.execPath, ['--trace-opt', '-e', script], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return /completed (optimizing|compiling)[^\n]*hotLoop/.test(r.stdout);
}

describe('the optimizing compilers of a restore', () => {
  it('optimize a hot function, by default and with the young generation alone kept', () => {
    expect(optimizedHot(undefined)).toBe(true);
    expect(optimizedHot({})).toBe(true);
  });

  it('optimize nothing once a run keeps to the baseline compiler', () => {
    expect(optimizedHot({ baseline: true })).toBe(false);
  });
});

describe('a full collection now', () => {
  it('frees at once what a run let go of', () => {
    const script = `
      const main = ${JSON.stringify(join(ROOT, 'dist', 'main.cjs'))};
      const { collectNow } = require(main).__core['src/tasks/memory.ts']();
      let held = Array.from({ length: 200000 }, (_, i) => ({ i, text: 'page ' + i }));
      const before = process.memoryUsage().heapUsed;
      held = undefined;
      collectNow();
      collectNow();
      process.stdout.write(JSON.stringify({ before, after: process.memoryUsage().heapUsed, gc: typeof globalThis.gc }));
    `;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const { before, after, gc } = JSON.parse(r.stdout) as { before: number; after: number; gc: string };
    expect(before - after).toBeGreaterThan(8 * 1024 * 1024);
    // The running context is left as it was: no global gc.
    expect(gc).toBe('undefined');
  });
});
