// The batches of content push and restore (push-batches.ts) as a unit: a
// page left unread since the export is read when its batch needs it, the
// next batch's pages while the one before is in flight, each page once;
// never the whole folder's text before the first batch.
import { describe, expect, it } from 'vitest';
import { MAX_CONTENT_CHANGES } from '../../../src/api/operations/changeRequests.js';
import { Batcher } from '../../../src/commands/content/push-batches.js';
import type { LocalPage } from '../../../src/commands/content/push-folder.js';
import type { Plan } from '../../../src/commands/content/push-plan.js';

/** `n` new top-level pages, each unread: `load` reads it once (as push-folder.ts does), and is counted. */
function unreadPages(n: number) {
  const reads: number[] = [];
  const pages = Array.from({ length: n }, (_, i) => {
    const page: LocalPage = { kind: 'page', title: `Page ${i}`, target: `p${i}.md`, line: i + 1, children: [] };
    let reading: Promise<void> | undefined;
    page.load = () =>
      (reading ??= (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        reads.push(i);
        page.body = `# Page ${i}\n`;
        page.load = undefined;
      })());
    return page;
  });
  const plan: Plan = {
    changes: pages.map((local, i) => ({ op: 'insert', key: `new:${i}`, local, parent: null, at: i, slug: `p${i}` })),
    ids: new Map(),
    keys: new Map(pages.map((p, i) => [p, `new:${i}`])),
    kept: [],
    fileIds: new Map(),
    pageBySite: new Map(),
    conflicts: [],
    overwrites: [],
    added: [],
    deletedThere: [],
    goneFiles: [],
  };
  return { pages, plan, reads };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('Batcher', () => {
  it('reads the pages of a batch when it is built, and those of the next while it is sent; each page once', async () => {
    const n = 3 * MAX_CONTENT_CHANGES + 7;
    const { pages, plan, reads } = unreadPages(n);
    const batcher = new Batcher(plan, new Map(pages.map((p) => [p.target, p])), { signal: new AbortController().signal });
    const first = await batcher.build();
    expect(first.changes).toHaveLength(MAX_CONTENT_CHANGES);
    expect(first.changes[0].document).toEqual({ markdown: '# Page 0\n' });
    // Not the whole folder before the first batch: its pages, then the next batch's (read while the first is in flight).
    expect(reads.length).toBeGreaterThanOrEqual(MAX_CONTENT_CHANGES);
    await settle();
    expect(new Set(reads).size).toBe(2 * MAX_CONTENT_CHANGES);
    expect(Math.max(...reads)).toBe(2 * MAX_CONTENT_CHANGES - 1);
    let sent = first.changes.length;
    while (!batcher.done) {
      const batch = await batcher.build();
      batcher.answered(batch, { pages: new Map([...batch.pageRefs.keys()].map((ref) => [ref, `id-${ref}`])), files: new Map() });
      sent += batch.changes.length;
    }
    expect(sent).toBe(n);
    expect(reads.sort((a, b) => a - b)).toEqual(pages.map((_, i) => i));
  });

  it('a page that cannot be read fails the batch that needs it', async () => {
    const { pages, plan } = unreadPages(MAX_CONTENT_CHANGES + 3);
    pages[MAX_CONTENT_CHANGES + 1].load = () => Promise.reject(new Error('p51.md: refused'));
    const batcher = new Batcher(plan, new Map(pages.map((p) => [p.target, p])), { signal: new AbortController().signal });
    await batcher.build();
    await expect(batcher.build()).rejects.toThrow('p51.md: refused');
  });
});
