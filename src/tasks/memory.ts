// A long run's peak memory stays flat in its size (the bench's memory rows:
// peak RSS of an export at 2,000 pages against 200, of a list at 100,000
// items against 10,000). V8 doubles its young generation (1, 2, 4, 8, 16 MB
// a half) whenever enough objects have outlived its minor collections since
// it last grew: in a run of thousands of requests, each one's few kilobytes
// alive while it is in flight are enough, ~500 pages into an export, and a
// run of 200 never gets there. Measured (2026-12-01, medians of 5):
// `content export` of 2,000 pages peaked at 127 MB (107 at 200 pages: 1.19),
// with the young generation kept at its size 116 MB (1.09), in the same time
// and CPU. It is kept from the start of the command (kept only when its
// scheduled run started, the export peaked at 121 MB): `content export` and
// `content restore` keep it as they start, a list as its second page
// arrives. A list also keeps its old generation from growing by more than
// 30% between full collections (what a small young generation promotes
// piles up there: `spaces list --all --output tsv` peaked at 75 MB for
// 10,000 items and 83 to 99 MB for 100,000 with the young generation alone,
// 75 and 83 with both, in the same time); an export does not (its time grew
// by 4%). Not for every long run: the CPU-bound ones pay for the minor
// collections a small young generation makes (`org plan` went 1.23 -> 1.32x
// its script with it). A short command never comes here and never loads
// node:v8 (~1.5 ms). V8 may still move the young generation by a step:
// test/tasks/memory.test.ts.
//
// `content restore` also runs without V8's optimizing compilers (its
// JavaScript interpreted, and compiled by the baseline compiler only). Each
// function that gets hot is compiled by TurboFan on one of V8's worker
// threads, in memory that thread takes from a malloc arena of its own and
// keeps once freed: a restore of 2,000 pages makes ~80 functions hot at once
// (reading the backup, then sending) where one of 200 makes ~10, and its
// peak RSS held ~5 MB more in four such arenas. Measured (2026-12-02,
// `--new --no-verify`, 20 ms latency, medians of 7): 69.2 MB at 2,000
// pages, 61.5 at 200 (1.13) -> 60.4 and 55.8 (1.08); at 2,000 pages CPU
// 0.71 -> 0.62 s and the same time (4.86 s, medians of 10): a run that
// waits on its requests spent more compiling than the code gained. With its
// verify (an export of the space), 2.3 -> 2.05 s of user CPU, the same time.
import { createRequire } from 'node:module';

const set = new Set<string>();
/** A built-in module, loaded when first used. */
const builtin = <T>(id: string): T => createRequire(import.meta.url)(id) as T;

/** Sets a V8 flag once per process (node:v8 loaded on first use). */
function flag(value: string): void {
  if (set.has(value)) return;
  set.add(value);
  builtin<typeof import('node:v8')>('node:v8').setFlagsFromString(value);
}

let gc: (() => void) | undefined;

/**
 * A full collection now, where a long run has just let go of what its last
 * step built: V8 makes its first one only once the old generation reaches
 * its starting limit (~16 MB), and keeps every page it reserved until then,
 * garbage included. A collection at the end of a step lets the next one's
 * objects reuse those pages. `gc` exists in a context made after
 * --expose-gc is set (not in the one running: a new one, once).
 */
export function collectNow(): void {
  flag('--expose-gc');
  gc ??= builtin<typeof import('node:vm')>('node:vm').runInNewContext('gc') as () => void;
  gc();
}

/**
 * From now on the young generation keeps the size it has; with `old`, the
 * old generation grows by 30% at most between full collections; with
 * `baseline`, no function is optimized any more (V8's baseline compiler at
 * most: no TurboFan, no Maglev).
 */
export function keepMemoryFlat(opts: { old?: boolean; baseline?: boolean } = {}): void {
  // A V8 that sets a floor of 2 to this factor (newer than Node 20's) keeps doubling: nothing worse than before.
  flag('--semi-space-growth-factor=1');
  if (opts.old) flag('--heap-growing-percent=30');
  if (opts.baseline) flag('--max-opt=1');
}
