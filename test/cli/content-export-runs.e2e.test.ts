// docplat content export's progress line during a long download over a real
// connection: 100 MB take long enough that the line is drawn with the pages
// done and the last file still coming (in memory it would be over at once).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, tempDir, withTestApi } from '../helpers.js';
import { spaceId } from '../content-helpers.js';

describe('content export on a terminal', () => {
  it('content export: the progress line shows the finished pages while the last, long download runs', () =>
    withTestApi({ largeFileMB: 100 }, async (api) => {
      const id = await spaceId(api, 'Welcome');
      const files = JSON.parse((await api.cli(['files', 'list', id, '--json'])).stdout) as { name: string }[];
      const pages = lines((await api.cli(['pages', 'list', id, '--jsonl'])).stdout).map((l) => JSON.parse(l) as { type: string });
      const documents = pages.filter((p) => p.type === 'document').length;
      expect(files.at(-1)!.name).toBe('large.bin');
      // One at a time: large.bin comes last, long after the rest is done.
      const r = await runInProcess(['content', 'export', id, '--dest', join(tempDir(), 'out'), '--concurrency', '1'], { env: api.env(), stderrTTY: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`pages ${documents}/${documents}, files ${files.length - 1}/${files.length}`);
    }));
});
