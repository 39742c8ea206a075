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
import { createRequire } from 'node:module';

/**
 * V8's default of each flag docplat sets while it runs, by name (test/tasks/memory.test.ts checks them against
 * `node --v8-options`).
 */
export const V8_DEFAULTS: Record<string, string> = {
  'semi-space-growth-factor': '--semi-space-growth-factor=2',
  'heap-growing-percent': '--heap-growing-percent=0',
  'expose-gc': '--no-expose-gc',
  turbofan: '--turbofan',
};

/** The flags this run set, by name. */
const set = new Set<string>();
/** A built-in module, loaded on first use (main() imports this module: a short command loads neither node:v8 nor node:vm). */
let required: NodeJS.Require | undefined;
const builtin = (id: string): unknown => (required ??= createRequire(import.meta.url))(id);
const v8 = () => builtin('node:v8') as typeof import('node:v8');
/** A flag's name: `--no-turbofan`, `--expose_gc` and `--heap-growing-percent=30` are turbofan, expose-gc, heap-growing-percent. */
const nameOf = (arg: string): string => arg.replace(/^--(no-)?/, '').split('=')[0].replace(/_/g, '-');

/** A flag given to node (its command line, NODE_OPTIONS) is the user's: left as it is. */
const given = (name: string): boolean => [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--') && nameOf(a) === name);

/** Sets a V8 flag once per process (node:v8 loaded on first use). */
export function setV8Flag(value: string): void {
  const name = nameOf(value);
  if (set.has(name) || given(name)) return;
  set.add(name);
  v8().setFlagsFromString(value);
}

let exposed: ((opts?: { type: 'major' | 'minor' }) => void) | null | undefined;

/**
 * V8's `gc` (after --expose-gc, set once; undefined where it cannot be had). It exists in a context made after the
 * flag is set, not in the one running: taken from a new one, once.
 */
export function v8Gc(): ((opts?: { type: 'major' | 'minor' }) => void) | undefined {
  if (exposed === undefined) {
    try {
      setV8Flag('--expose-gc');
      exposed = (builtin('node:vm') as typeof import('node:vm')).runInNewContext('gc') as (opts?: { type: 'major' | 'minor' }) => void;
    } catch {
      exposed = null;
    }
  }
  return exposed ?? undefined;
}

/**
 * A full collection now, where a long run has just let go of what its last step built. V8 makes its first one only
 * once the old generation reaches its starting limit (~16 MB) and keeps every page it reserved until then, garbage
 * included: a collection at the end of a step lets the next one's objects reuse those pages (`content restore`, as it
 * has chosen where the backup goes and once its plan is made: restore-space.ts).
 */
export function collectNow(): void {
  v8Gc()?.();
}

/**
 * Puts back V8's default of each flag this run set (main() does, as a command ends). V8's code cache holds a hash
 * of the flags not at their default and is refused under others: made at the end of a run that had set some (the
 * cache of `content export`, `content restore`, a list of several pages), it was refused by the next command of
 * its group, which compiled from source and wrote its cache again, every time.
 */
export function resetV8Flags(): void {
  if (!set.size) return;
  const flags = v8();
  for (const name of set) flags.setFlagsFromString(V8_DEFAULTS[name]);
  set.clear();
}

/**
 * From now on the young generation keeps the size it has; with `old`, the old generation grows by 30% at most
 * between full collections; with `baseline`, no function is optimized by TurboFan past the baseline compiler
 * (Sparkplug), for a run that waits on the API: `content restore` of 2,000 pages peaked 8 MB lower (61 vs 69 MB;
 * 56 vs 62 at 200 pages), in the same time, with less CPU (the compiler's threads), at 20 ms of latency and at none
 * (2026-12-02, with its verification: 4.9 s, 2.0 s of CPU either way).
 */
export function keepMemoryFlat(opts: { old?: boolean; baseline?: boolean } = {}): void {
  // A V8 that sets a floor of 2 to this factor (newer than Node 20's) keeps doubling: nothing worse than before.
  setV8Flag('--semi-space-growth-factor=1');
  if (opts.old) setV8Flag('--heap-growing-percent=30');
  if (opts.baseline) setV8Flag('--no-turbofan');
}
