// The formatter with random data: every format, with and without --fields,
// writes something and throws nothing.
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMATS, Output, relativeTime, type Format } from '../../src/output/format.js';

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += chunk;
      cb();
    },
  });
  return { stream, text: () => text };
}

async function* pages(items: unknown[], size: number) {
  for (let i = 0; i < items.length; i += size) yield { items: items.slice(i, i + size), count: items.length };
  if (items.length === 0) yield { items: [] };
}

const columns = [{ key: 'id' }, { key: 'title' }, { key: 'urls.app' }, { key: 'updatedAt', kind: 'time' as const }];

describe('formatter', () => {
  it('never throws on random items, in every format', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.jsonValue(), fc.record({ id: fc.string(), title: fc.string(), urls: fc.record({ app: fc.string() }), updatedAt: fc.string() })), { maxLength: 30 }),
        fc.constantFrom<Format>(...FORMATS),
        fc.option(fc.array(fc.constantFrom('id', 'title', 'urls.app', 'a.b.c', 'updatedAt'), { minLength: 1, maxLength: 3 }), { nil: undefined }),
        fc.integer({ min: 1, max: 7 }),
        async (items, format, fields, size) => {
          const out = sink();
          const err = sink();
          const o = new Output(out.stream, err.stream, { format, fields, color: false, interactive: false, quiet: false });
          const n = await o.list(pages(items, size), columns);
          expect(n).toBe(format === 'table' ? Math.min(items.length, 500) : items.length);
          if (format === 'json') expect(JSON.parse(out.text())).toHaveLength(items.length);
          if (format === 'jsonl') expect(out.text().split('\n').filter(Boolean)).toHaveLength(items.length);
          if (format === 'tsv') expect(out.text().split('\n').slice(0, -1)).toHaveLength(items.length);
          for (const item of items.slice(0, 3)) await o.item(item, columns);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('TSV escapes tabs and newlines so that one item is one line', async () => {
    const out = sink();
    const o = new Output(out.stream, sink().stream, { format: 'tsv', color: false, interactive: false, quiet: false });
    await o.list(pages([{ id: 'a\tb', title: 'line1\nline2' }], 10), columns);
    expect(out.text()).toBe('a\\tb\tline1\\nline2\t\t\n');
  });

  it('a table is capped and says so', async () => {
    const out = sink();
    const err = sink();
    const o = new Output(out.stream, err.stream, { format: 'table', color: false, interactive: true, quiet: false, tableCap: 10 });
    const items = Array.from({ length: 25 }, (_, i) => ({ id: `s${i}`, title: `T${i}` }));
    await o.list(pages(items, 5), columns);
    expect(out.text().trim().split('\n')).toHaveLength(11);
    expect(err.text()).toMatch(/Showing the first 10 rows in a table; use --output tsv or --jsonl/);
  });

  it('relative times', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(relativeTime('2026-11-18T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T10:00:00Z', now)).toBe('2 hours ago');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});
