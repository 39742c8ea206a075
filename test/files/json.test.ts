// parseJsonBytes (src/files/json.ts): a large JSON document parsed piece by
// piece gives JSON.parse's value, and refuses what JSON.parse refuses.
import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from '../../src/files/json.js';

/** A manifest-like document of `n` pages: objects and arrays far over a piece, strings that hold the delimiters. */
function doc(n: number): unknown {
  const pages: Record<string, unknown> = {};
  const tree: unknown[] = [];
  for (let i = 0; i < n; i++) {
    pages[`p${i}`] = { path: `section-${i % 7}/page-${i}.md`, sha256: 'ab'.repeat(32), bytes: i * 3, mtimeMs: 1796172182522.8 + i, deps: i % 3 ? [] : [`p${i - 1}`, { x: null }], hidden: i % 2 === 0, note: i % 5 ? null : `one " quote, {x}: a "quoted" {brace} [bracket], colon: \\ back \u00e9\u{1f600}\n` };
    tree.push({ id: `p${i}`, title: `Page ${i} , }`, parent: i ? `p${i - 1}` : null, depth: [[], [[1, -2.5e-3]], {}] });
  }
  return { format: 'docplat-export/1', space: 'S1', changeRequest: null, pages, files: {}, backup: { tree, settings: { title: 'T', emoji: '\u2728' } }, empty: [], n: -0, big: 1e308, ['__proto__']: { polluted: true } }; // (a computed key: an own property, written by JSON.stringify)
}

const text = (d: unknown, space?: number) => JSON.stringify(d, null, space);

/** parseJsonBytes gives JSON.parse(bytes.toString('utf8')), or throws as it does. */
const same = (t: string) => {
  const bytes = Buffer.from(t);
  let want: unknown;
  try {
    want = JSON.parse(bytes.toString('utf8'));
  } catch {
    expect(() => parseJsonBytes(bytes), t.length > 200 ? `${t.length} bytes` : t).toThrow(SyntaxError);
    return;
  }
  const got = parseJsonBytes(bytes);
  expect(got).toStrictEqual(want);
  return got;
};

describe('parseJsonBytes', () => {
  it('gives JSON.parse\'s value for a large document, compact and indented', () => {
    for (const space of [undefined, 2]) {
      const t = text(doc(600), space);
      expect(t.length).toBeGreaterThan(100_000);
      same(t);
      same(`\n\t ${t} \r\n`);
    }
  });

  it('gives JSON.parse\'s value with space around every delimiter, and for arrays of large members', () => {
    const spaced = text(doc(400), 2).replace(/,\n/g, ' ,\n').replace(/:/g, ' : ').replace(/\[/g, '[ ').replace(/\]/g, ' ]');
    same(spaced);
    const big = doc(300);
    same(JSON.stringify([big, [big], { big }], null, 1).replace(/}\n/g, '} \n'));
    same(`[ ${JSON.stringify(big)} , ${JSON.stringify(big)} ]`);
  });

  it('makes "__proto__" an own property, as JSON.parse does, never the prototype', () => {
    const got = same(text(doc(300))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(got, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives JSON.parse\'s value for small documents and scalars', () => {
    for (const t of ['{}', '[]', '1', '"a"', 'null', 'true', ' [1, {"a": [2]}] ', '"\\u0041"']) same(t);
  });

  it('refuses what JSON.parse refuses, large or small', () => {
    const t = text(doc(300));
    const broken = [
      t.slice(0, -1),
      t.slice(1),
      `${t}x`,
      `${t} ${t}`,
      t.replace('"pages":{', '"pages":{,'),
      t.replace('"pages":', '"pages"'),
      t.replace('"pages":', '"pages"::'),
      t.replace(/}}$/, '},}'),
      t.replace('"tree":[', '"tree":[,'),
      t.replace('"p1":', 'p1:'),
      t.replace('"files":{}', '"files":{}}'),
      t.replace('"deps":[]', '"deps":[1 2]'),
      t.replace('"format":', '"format":}'),
      t.replace(/"title":"Page 1 , }"/, '"title":"Page 1'),
      t.replace(/,"empty"/, ', ,"empty"'),
      `\uFEFF${t}`,
      '',
      '   ',
      '{',
      '[1,]',
    ];
    for (const b of broken) {
      expect(() => JSON.parse(b)).toThrow(SyntaxError);
      expect(() => parseJsonBytes(Buffer.from(b)), b.length > 200 ? `${b.length} bytes` : b).toThrow(SyntaxError);
    }
  });

  it('agrees with JSON.parse on documents with one byte changed, removed or repeated', () => {
    const t = text(doc(200));
    const delimiters = '{}[]":,\\ 0n';
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let k = 0; k < 400; k++) {
      const at = random(t.length);
      const c = delimiters[random(delimiters.length)];
      const kind = random(3);
      same(kind === 0 ? t.slice(0, at) + c + t.slice(at + 1) : kind === 1 ? t.slice(0, at) + t.slice(at + 1) : t.slice(0, at) + t[at] + t.slice(at));
    }
  });
});
