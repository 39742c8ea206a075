// The unified diff of src/output/diff.ts: hunks as `diff -u` writes them
// (context, merged hunks, empty sides, a last line without its newline), an
// edit script that always rebuilds both sides and is the shortest (checked
// against an LCS by dynamic programming), and the bound past which the sides
// are told as replaced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, lineStyle, textDiff, unifiedDiff, type DiffLine } from '../../src/output/diff.js';

const TEN = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

/** Each side as the lines rebuild it: the kept and removed lines, or the kept and added ones. */
function sides(lines: DiffLine[]): [string, string] {
  const text = (keep: (l: DiffLine) => boolean) => lines.filter(keep).map((l) => l.text + (l.noEol ? '' : '\n')).join('');
  return [text((l) => l.op !== '+'), text((l) => l.op !== '-')];
}

/** The length of a longest common subsequence of the lines (the shortest script changes the rest). */
function lcs(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}

describe('unifiedDiff', () => {
  it('writes one hunk with 3 lines of context around a change, as diff -u does', () => {
    const after = TEN.replace('line 5\n', 'line five\n');
    const d = unifiedDiff(TEN, after, 'faq.md', 'faq.md');
    expect(d.text).toBe(['--- a/faq.md', '+++ b/faq.md', '@@ -2,7 +2,7 @@', ' line 2', ' line 3', ' line 4', '-line 5', '+line five', ' line 6', ' line 7', ' line 8', ''].join('\n'));
    expect([d.added, d.removed]).toEqual([1, 1]);
  });

  it('keeps changes 6 lines apart in one hunk and splits those further apart', () => {
    const near = textDiff(TEN, TEN.replace('line 2\n', 'two\n').replace('line 8\n', 'eight\n'));
    expect(near.hunks).toHaveLength(1);
    const long = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n') + '\n';
    const far = textDiff(long, long.replace('l2\n', 'x\n').replace('l20\n', 'y\n'));
    expect(far.hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [1, 6, 1, 6],
      [18, 7, 18, 7],
    ]);
  });

  it('a new page is all added from /dev/null, a deleted one all removed to it', () => {
    expect(unifiedDiff(undefined, '# New\n\nText\n', 'new.md', 'new.md').text).toBe('--- /dev/null\n+++ b/new.md\n@@ -0,0 +1,3 @@\n+# New\n+\n+Text\n');
    expect(unifiedDiff('# Old\n', undefined, 'old.md', 'old.md').text).toBe('--- a/old.md\n+++ /dev/null\n@@ -1 +0,0 @@\n-# Old\n');
  });

  it('a move with the same text has no hunks; a move with edits names both paths', () => {
    expect(unifiedDiff(TEN, TEN, 'a.md', 'b/a.md').text).toBe('');
    expect(unifiedDiff('x\n', 'y\n', 'a.md', 'b/a.md').text).toMatch(/^--- a\/a\.md\n\+\+\+ b\/b\/a\.md\n/);
  });

  it('says when the last line has no newline, and a newline added at the end is a change', () => {
    expect(unifiedDiff('a\nb', 'a\nb\n', 'x.md', 'x.md').text).toBe('--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
    expect(unifiedDiff('a\n', 'a\n', 'x.md', 'x.md').text).toBe('');
  });

  it('rebuilds both sides and changes no more lines than it must (any texts)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', ''), { maxLength: 25 }).chain((lines) => fc.boolean().map((eol) => lines.join('\n') + (eol && lines.length ? '\n' : '')));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const lines = diffLines(a, b);
        expect(sides(lines)).toEqual([a, b]);
        const split = (t: string) => (t === '' ? [] : (t.endsWith('\n') ? t.slice(0, -1) : `${t}\u0000`).split('\n'));
        expect(lines.filter((l) => l.op === ' ').length).toBe(lcs(split(a), split(b)));
      }),
      { numRuns: 500 },
    );
  });

  it('past its bound, tells two very different texts as replaced, still rebuilding both', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `a${i}`).join('\n') + '\n';
    const b = Array.from({ length: 5000 }, (_, i) => `b${i}`).join('\n') + '\n';
    const lines = diffLines(a, b);
    expect(sides(lines)).toEqual([a, b]);
    expect(lines.filter((l) => l.op === '-')).toHaveLength(5000);
  });

  it('styles lines by how they start: headers, hunks, removed, added, context', () => {
    expect(['--- a/x', '+++ b/x', 'rename a.md -> b.md', '@@ -1 +1 @@', '-old', '+new', ' same'].map(lineStyle)).toEqual(['header', 'header', 'header', 'hunk', 'removed', 'added', undefined]);
  });
});
