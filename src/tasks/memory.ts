// A long run's peak memory stays flat in its size (the bench's export and
// restore memory rows: peak RSS at 2,000 pages against 200). V8 doubles its
// young generation (8 to 16 MB a half, then the old space follows) once
// enough objects have outlived its minor collections since it last grew: in
// a run of thousands of requests, each one's few kilobytes alive while it is
// in flight are enough, ~500 pages into an export, and a run of 200 never
// gets there. Measured (2026-12-01, medians of 5): `content export` of 2,000
// pages peaked at 127 MB (107 at 200 pages: 1.19), with the young generation
// kept at its size 116 MB (1.09), in the same time and CPU; `content
// restore` 73 -> 71 MB (63 at 200). (V8 may still move it by one step, 1 to
// 2 MB a half: test/tasks/memory.test.ts.) It must be kept from the start of
// the command (kept when its scheduled run starts, the export peaked at 121 MB):
// the commands of a long run whose size the user does not choose call it
// first (content export, push, restore), the scheduler for any other run of
// LONG_RUN tasks. A short command never comes here and never loads node:v8
// (~1.5 ms).
import { createRequire } from 'node:module';

/** Runs of at least this many tasks keep the young generation's size. */
export const LONG_RUN = 100;

let kept = false;

/** From now on (when `tasks` is LONG_RUN or more), the young generation keeps the size it has (once per process). */
export function keepYoungGeneration(tasks = LONG_RUN): void {
  if (kept || tasks < LONG_RUN) return;
  kept = true;
  const v8 = createRequire(import.meta.url)('node:v8') as typeof import('node:v8');
  // A V8 that sets a floor of 2 to this factor (newer than Node 20's) keeps doubling: nothing worse than before.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
}
