// docplat content export runs: no listener leak at a high --concurrency, and
// the temporary files of a killed run removed by the next (the progress line
// during a long download: content-export-runs.e2e.test.ts).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, setFaults, tempDir, withTestApi } from '../helpers.js';
import { spaceId } from '../content-helpers.js';

describe('content QA', () => {
  it('content export at a high --concurrency warns of no listener leak (one abort listener per request in flight is expected)', () =>
    withTestApi({ pages: 2000 }, async (api) => {
      const id = await spaceId(api, 'Welcome');
      await setFaults(api, 'latency=20'); // requests overlap, as on a real network
      const r = await runCli(['content', 'export', id, '--dest', join(tempDir(), 'out'), '--concurrency', '64'], { env: api.env() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/MaxListenersExceededWarning/);
    }));


  it('content export: a re-run removes the temporary files a killed run left (a second Ctrl-C), and only those', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const dir = join(tempDir(), 'out');
      expect((await api.cli(['content', 'export', id, '--dest', dir])).code).toBe(0);
      const leftovers = ['faq.md.4242.part', 'getting-started/installation/linux.md.4242.part', '.gitbook/assets/.dataset.bin.4242.k3x9q1.part'];
      const mine = ['keep.part', 'notes.1.txt', 'chapter.2.part', 'getting-started/draft.part'];
      for (const f of [...leftovers, ...mine]) writeFileSync(join(dir, f), 'x');
      const r = await api.cli(['content', 'export', id, '--dest', dir]);
      expect(r.code, r.stderr).toBe(0);
      for (const f of leftovers) expect(existsSync(join(dir, f)), f).toBe(false);
      for (const f of mine) expect(existsSync(join(dir, f)), f).toBe(true);
    }));
});
