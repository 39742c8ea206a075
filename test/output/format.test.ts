// The formatter: with random data, every format, with and without --fields,
// writes what it should and throws nothing; and one object (item()) written
// exactly, in each format.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMATS, Output, relativeTime, type Format, type OutputOptions } from '../../src/output/format.js';
import { collect as sink } from '../helpers.js';

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
        fc.option(fc.array(fc.constantFrom('id', 'title', 'urls.app', 'updatedAt'), { minLength: 1, maxLength: 3 }), { nil: undefined }),
        fc.integer({ min: 1, max: 7 }),
        async (items, format, fields, size) => {
          const out = sink();
          const err = sink();
          const opts = { format, fields, color: false, interactive: false, quiet: false };
          const o = new Output(out.stream, err.stream, opts);
          const n = await o.list(pages(items, size), columns);
          expect(n).toBe(format === 'table' ? Math.min(items.length, 500) : items.length);
          if (format === 'json') expect(JSON.parse(out.text())).toHaveLength(items.length);
          if (format === 'jsonl') expect(out.text().split('\n').filter(Boolean)).toHaveLength(items.length);
          if (format === 'tsv') expect(out.text().split('\n').slice(0, -1)).toHaveLength(items.length);
          for (const item of items.slice(0, 3)) {
            const one = sink();
            await new Output(one.stream, err.stream, opts).item(item, columns);
            const text = one.text();
            expect(text).toMatch(/\n$/);
            // the JSON forms are the object itself (through JSON), TSV is one line
            if (!fields && (format === 'json' || format === 'jsonl')) expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(item)));
            if (format === 'jsonl' || (format === 'tsv' && fields)) expect(text.split('\n')).toHaveLength(2);
          }
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
    expect(relativeTime('2026-11-18T12:00:00Z', now)).toBe('3d ago');
    expect(relativeTime('2026-11-21T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T10:00:00Z', now)).toBe('2h ago');
    expect(relativeTime('2025-11-21T10:00:00Z', now)).toBe('1y ago');
    expect(relativeTime('2026-08-21T10:00:00Z', now)).toBe('3mo ago');
    expect(relativeTime('2026-11-24T12:00:00Z', now)).toBe('in 3d');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});

describe('one object (a get, create or update)', () => {
  const NOW = Date.parse('2026-11-21T12:00:00Z');
  const space = { id: 's1', title: 'Guide, "one"', urls: { app: 'https://x.test/s1' }, updatedAt: '2026-11-18T12:00:00Z', extra: true };
  const detail = [{ key: 'id', header: 'ID' }, { key: 'title', header: 'Title' }, { key: 'urls.app', header: 'URL' }, { key: 'updatedAt', header: 'Updated', kind: 'time' as const }];

  /** What item() writes on stdout, and that it writes nothing on stderr. */
  async function item(format: Format, opts: Partial<OutputOptions> = {}): Promise<string> {
    const out = sink();
    const err = sink();
    await new Output(out.stream, err.stream, { format, color: false, interactive: false, quiet: false, now: () => NOW, ...opts }).item(space, detail);
    expect(err.text()).toBe('');
    return out.text();
  }

  it('as a table: one "label  value" line per column, labels padded, times relative', async () => {
    expect(await item('table')).toBe(['ID       s1', 'Title    Guide, "one"', 'URL      https://x.test/s1', 'Updated  3d ago', ''].join('\n'));
    // in colour, only the labels are bold
    expect((await item('table', { color: true })).split('\n')[0]).toBe('\x1b[1mID     \x1b[22m  s1');
  });

  it('as TSV: one key<TAB>value line per column, ISO times', async () => {
    expect(await item('tsv')).toBe('id\ts1\ntitle\tGuide, "one"\nurls.app\thttps://x.test/s1\nupdatedAt\t2026-11-18T12:00:00Z\n');
  });

  it('as CSV: the header, then one line with quoted cells', async () => {
    expect(await item('csv')).toBe('ID,Title,URL,Updated\ns1,"Guide, ""one""",https://x.test/s1,2026-11-18T12:00:00Z\n');
  });

  it('as JSON: the whole object, indented; as JSON lines: on one line', async () => {
    expect(await item('json')).toBe(
      '{\n  "id": "s1",\n  "title": "Guide, \\"one\\"",\n  "urls": {\n    "app": "https://x.test/s1"\n  },\n  "updatedAt": "2026-11-18T12:00:00Z",\n  "extra": true\n}\n',
    );
    expect(await item('jsonl')).toBe('{"id":"s1","title":"Guide, \\"one\\"","urls":{"app":"https://x.test/s1"},"updatedAt":"2026-11-18T12:00:00Z","extra":true}\n');
  });

  it('with --fields: only those paths, in every format; a column keeps its label, another path is headed as typed', async () => {
    const fields = ['id', 'urls.app', 'extra'];
    expect(await item('table', { fields })).toBe('ID     s1\nURL    https://x.test/s1\nextra  true\n');
    expect(await item('tsv', { fields })).toBe('s1\thttps://x.test/s1\ttrue\n');
    expect(await item('csv', { fields })).toBe('ID,URL,extra\ns1,https://x.test/s1,true\n');
    expect(await item('json', { fields })).toBe('{\n  "id": "s1",\n  "urls": {\n    "app": "https://x.test/s1"\n  },\n  "extra": true\n}\n');
    expect(await item('jsonl', { fields })).toBe('{"id":"s1","urls":{"app":"https://x.test/s1"},"extra":true}\n');
    // a field named by its label is that column
    expect(await item('csv', { fields: ['ID', 'url'] })).toBe('ID,URL\ns1,https://x.test/s1\n');
    // a field keeps its column's kind: a time is still relative in a table
    expect(await item('table', { fields: ['updatedAt'] })).toBe('Updated  3d ago\n');
  });

  it('with --jq: the filter\'s output, raw', async () => {
    expect(await item('json', { jq: '.title' })).toBe('Guide, "one"\n');
    expect(await item('json', { jq: '.urls', fields: ['urls.app'] })).toBe('{\n  "app": "https://x.test/s1"\n}\n');
  });
});

describe('terminal safety and width', () => {
  it('escapes control characters and bidi overrides; keeps newlines and tabs of free text when asked', async () => {
    const { escapeControls } = await import('../../src/output/format.js');
    expect(escapeControls('a\x1b[2Jb\x07c\x7f\x9b\u202ed')).toBe('a\\x1b[2Jb\\x07c\\x7f\\x9b\\u{202e}d');
    expect(escapeControls('a\nb\tc\r')).toBe('a\\nb\\tc\\r');
    expect(escapeControls('a\nb\tc\x1b', true)).toBe('a\nb\tc\\x1b');
    expect(escapeControls('plain ✓ 日本')).toBe('plain ✓ 日本');
  });

  it('TSV and CSV escape control characters too; JSON keeps the data as it is', async () => {
    const item = { id: 'a\x1bb', title: 'x\\y' };
    const run = async (format: Format) => {
      const out = sink();
      await new Output(out.stream, sink().stream, { format, color: false, interactive: false, quiet: false }).list(pages([item], 1), [{ key: 'id' }, { key: 'title' }]);
      return out.text();
    };
    expect(await run('tsv')).toBe('a\\x1bb\tx\\\\y\n');
    expect(await run('csv')).toBe('id,title\na\\x1bb,x\\y\n');
    expect(JSON.parse(await run('json'))).toEqual([item]);
  });

  it('one rule for lists in cells: plain values comma-separated, lists of objects and objects as JSON (TSV, CSV, table)', async () => {
    const item = { id: 'a', tags: ['en', 'fr', 3, true], refs: [{ id: 'x' }], meta: { k: 1 }, size: 2_500_000 };
    const cols = [{ key: 'id', header: 'ID' }, { key: 'tags', header: 'TAGS' }, { key: 'refs', header: 'REFS' }, { key: 'meta', header: 'META' }, { key: 'size', header: 'SIZE', kind: 'bytes' as const }];
    const run = async (format: Format) => {
      const out = sink();
      await new Output(out.stream, sink().stream, { format, color: false, interactive: format === 'table', quiet: false }).list(pages([item], 1), cols);
      return out.text();
    };
    expect(await run('tsv')).toBe('a\ten,fr,3,true\t[{"id":"x"}]\t{"k":1}\t2500000\n');
    expect(await run('csv')).toBe('ID,TAGS,REFS,META,SIZE\na,"en,fr,3,true","[{""id"":""x""}]","{""k"":1}",2500000\n');
    expect((await run('table')).split('\n')[1]).toBe('a   en,fr,3,true  [{"id":"x"}]  {"k":1}  2.5 MB');
  });

  it('CSV escapes \\r and \\n in cells as the README says: one item is one line', async () => {
    const out = sink();
    const item = { id: 'a', title: 'line one\r\nline two, "quoted"\rthree' };
    await new Output(out.stream, sink().stream, { format: 'csv', color: false, interactive: false, quiet: false }).list(pages([item], 1), [{ key: 'id' }, { key: 'title' }]);
    expect(out.text()).toBe('id,title\na,"line one\\r\\nline two, ""quoted""\\rthree"\n');
  });

  it('a table fits the terminal: the widest cells are cut with "…", the id column never', async () => {
    const { fitWidths, cut } = await import('../../src/output/format.js');
    expect(fitWidths([20, 60, 10], [2, 5, 6], 80, [true, false, false])).toEqual({ widths: [20, 46, 10], dropped: [] });
    expect(fitWidths([20, 30], [2, 5], undefined, [true, false])).toEqual({ widths: [20, 30], dropped: [] });
    // Cut to their floors, the columns still do not fit: the last one (not an id) is left out.
    expect(fitWidths([20, 20, 200], [2, 10, 3], 40, [true, false, false])).toEqual({ widths: [20, 18, 200], dropped: [2] });
    // Ids keep their width wherever they stand.
    expect(fitWidths([20, 30, 20], [2, 5, 5], 50, [true, false, true])).toEqual({ widths: [20, 30, 20], dropped: [1] });
    expect(cut('abcdefghij', 5)).toBe('abcd…');
    expect(cut('abc', 5)).toBe('abc');
    expect(cut('日本語です', 5)).toBe('日本…');
    const out = sink();
    const o = new Output(out.stream, sink().stream, { format: 'table', color: false, interactive: true, quiet: false, width: 40 });
    await o.list(pages([{ id: 'A'.repeat(20), title: 'T'.repeat(100) }], 1), [{ key: 'id', header: 'ID' }, { key: 'title', header: 'TITLE' }]);
    const rows = out.text().split('\n').filter(Boolean);
    expect(rows[1]).toBe(`${'A'.repeat(20)}  ${'T'.repeat(17)}…`);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(40);
  });

  it('items that wrap the resource get its id at the top; --fields checks names against the shape', async () => {
    const out = sink();
    const wrapped = [{ permission: 'read', space: { id: 's1' } }];
    await new Output(out.stream, sink().stream, { format: 'json', color: false, interactive: false, quiet: false }).list(pages(wrapped, 1), [], { id: 'space.id' });
    expect(JSON.parse(out.text())).toEqual([{ id: 's1', permission: 'read', space: { id: 's1' } }]);
    const o = new Output(sink().stream, sink().stream, { format: 'tsv', fields: ['titel'], color: false, interactive: false, quiet: false });
    expect(() => o.checkFields([{ key: 'id' }], { fields: ['id', 'title'] })).toThrow(/unknown field "titel" \(did you mean "title"\?\); known: id, title/);
    // undeclared: checked against the data, before anything is written
    const seen = sink();
    const p = new Output(seen.stream, sink().stream, { format: 'tsv', fields: ['nope'], color: false, interactive: false, quiet: false });
    await expect(p.list(pages([{ id: 'x' }], 1), [{ key: 'id' }])).rejects.toThrow(/unknown field "nope"; known: id/);
    expect(seen.text()).toBe('');
  });
});

describe('--jq', () => {
  it('runs once over a large list (linear: 20,000 items) and prints what jq prints', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: `s${i}`, title: `Title ${i}` }));
    const out = sink();
    await new Output(out.stream, sink().stream, { format: 'json', jq: '[.[] | select(.id | endswith("7"))] | length', color: false, interactive: false, quiet: false }).list(pages(items, 1000), []);
    expect(out.text()).toBe('2000\n');
  });

  it('a compile error is a usage error before anything is sent; an error on the data is exit 1 after what jq printed', async () => {
    const bad = new Output(sink().stream, sink().stream, { format: 'json', jq: '.[', color: false, interactive: false, quiet: false });
    await expect(bad.checkJq()).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(/^--jq: syntax error/) });
    const out = sink();
    const o = new Output(out.stream, sink().stream, { format: 'json', jq: '.[] | tonumber', color: false, interactive: false, quiet: false });
    await o.checkJq();
    await expect(o.list(pages(['1', 'x'], 5), [])).rejects.toMatchObject({ exitCode: 1, message: expect.stringMatching(/^--jq failed on the data: string \("x"\) cannot be parsed as a number/) });
    expect(out.text()).toBe('1\n');
  });
});
