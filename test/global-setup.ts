// Every temporary file and folder a test makes (os.tmpdir(), in this process,
// in vitest's workers and in the CLI processes they spawn) lands in one folder
// made for this run, removed when the run ends, whatever a test left behind:
// `npm test` leaves the machine's temporary folder as it found it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const run = mkdtempSync(join(tmpdir(), 'docplat-run-'));
  const before = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP, DOCPLAT_CACHE_DIR: process.env.DOCPLAT_CACHE_DIR };
  process.env.TMPDIR = process.env.TMP = process.env.TEMP = run;
  // The code cache of every CLI the tests start (src/code-cache.ts) in this run's folder too, never the user's.
  process.env.DOCPLAT_CACHE_DIR = join(run, 'docplat-code-cache');
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(run, { recursive: true, force: true, maxRetries: 3 });
  };
}
