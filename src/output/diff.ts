// Unified diffs of text, line by line (Myers' O(ND) algorithm on what is left
// between the common head and tail), as `diff -u` and `git diff` write them:
// `--- a/x`, `+++ b/x`, hunks with 3 lines of context, and "\ No newline at
// end of file". Their colour on a terminal is the Output's (format.ts), after
// control characters are escaped.

/** One line of a diff: kept (' '), removed ('-') or added ('+'). */
export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
  /** The last line of its side, with no newline after it. */
  noEol?: boolean;
}

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: DiffLine[];
}

export interface TextDiff {
  hunks: Hunk[];
  added: number;
  removed: number;
}

/** Past this many differences the two sides are told as all removed, all added: time and memory stay bounded. */
const MAX_EDITS = 4000;

function splitLines(text: string): { lines: string[]; eol: boolean } {
  if (text === '') return { lines: [], eol: true };
  const eol = text.endsWith('\n');
  return { lines: (eol ? text.slice(0, -1) : text).split('\n'), eol };
}

/** The shortest edit script from `a` to `b` (Myers), as diff lines; undefined past `max` differences. */
function myers(a: string[], b: string[], max: number): DiffLine[] | undefined {
  const n = a.length;
  const m = b.length;
  const offset = n + m;
  const v = new Int32Array(2 * offset + 2);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= Math.min(n + m, max); d++) {
    trace.push(v.slice(offset - d, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (found >= 0) break;
  }
  if (found < 0) return undefined;
  // Back from the end: trace[d] holds the furthest x of each diagonal k (at k + d) before step d.
  const out: DiffLine[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const at = (k: number) => trace[d][k + d];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const px = at(down ? k + 1 : k - 1);
    const py = px - (down ? k + 1 : k - 1);
    // The diagonal that followed the move, then the move itself (down: b[py] added; right: a[px] removed).
    for (; x > px && y > py; y--) out.push({ op: ' ', text: a[--x] });
    out.push(down ? { op: '+', text: b[py] } : { op: '-', text: a[px] });
    x = px;
    y = py;
  }
  for (; x > 0 && y > 0; y--) out.push({ op: ' ', text: a[--x] });
  return out.reverse();
}

/** The lines of `before` and `after` compared: each kept, removed or added, in order. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  // A last line without its newline differs from the same text with one: compared with a marker.
  const left = a.eol ? a.lines : [...a.lines.slice(0, -1), `${a.lines.at(-1)}\u0000`];
  const right = b.eol ? b.lines : [...b.lines.slice(0, -1), `${b.lines.at(-1)}\u0000`];
  let head = 0;
  while (head < left.length && head < right.length && left[head] === right[head]) head++;
  let tail = 0;
  while (tail < left.length - head && tail < right.length - head && left[left.length - 1 - tail] === right[right.length - 1 - tail]) tail++;
  const midA = left.slice(head, left.length - tail);
  const midB = right.slice(head, right.length - tail);
  const middle = myers(midA, midB, MAX_EDITS) ?? [...midA.map((text) => ({ op: '-' as const, text })), ...midB.map((text) => ({ op: '+' as const, text }))];
  const lines = [...left.slice(0, head).map((text) => ({ op: ' ' as const, text })), ...middle, ...left.slice(left.length - tail).map((text) => ({ op: ' ' as const, text }))];
  return lines.map((l) => (l.text.endsWith('\u0000') ? { op: l.op, text: l.text.slice(0, -1), noEol: true } : l));
}

/** The hunks of a diff, each change with `context` lines around it (nearby changes share a hunk). */
export function textDiff(before: string, after: string, context = 3): TextDiff {
  const lines = diffLines(before, after);
  const hunks: Hunk[] = [];
  let added = 0;
  let removed = 0;
  const changed = lines.map((l, i) => (l.op === ' ' ? -1 : i)).filter((i) => i >= 0);
  for (const l of lines) {
    if (l.op === '+') added++;
    if (l.op === '-') removed++;
  }
  let i = 0;
  while (i < changed.length) {
    const start = Math.max(0, changed[i] - context);
    let end = Math.min(lines.length, changed[i] + context + 1);
    while (i + 1 < changed.length && changed[i + 1] - context <= end) end = Math.min(lines.length, changed[++i] + context + 1);
    i++;
    let oldStart = 1;
    let newStart = 1;
    for (const l of lines.slice(0, start)) {
      if (l.op !== '+') oldStart++;
      if (l.op !== '-') newStart++;
    }
    const part = lines.slice(start, end);
    const oldLines = part.filter((l) => l.op !== '+').length;
    const newLines = part.filter((l) => l.op !== '-').length;
    // An empty side starts at the line before (diff -u: `-0,0`).
    hunks.push({ oldStart: oldLines ? oldStart : oldStart - 1, oldLines, newStart: newLines ? newStart : newStart - 1, newLines, lines: part });
  }
  return { hunks, added, removed };
}

const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);

/** The text of hunks: `@@ -a,b +c,d @@` lines, then each line with its sign. */
export function hunksText(hunks: Hunk[]): string {
  let out = '';
  for (const h of hunks) {
    out += `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@\n`;
    for (const l of h.lines) out += `${l.op}${l.text}\n${l.noEol ? '\\ No newline at end of file\n' : ''}`;
  }
  return out;
}

/** A whole unified diff of one file: `--- a/<from>`, `+++ b/<to>` (`/dev/null` for a side that is not there), then the hunks. */
export function unifiedDiff(before: string | undefined, after: string | undefined, from: string, to: string, context = 3): TextDiff & { text: string } {
  const diff = textDiff(before ?? '', after ?? '', context);
  const head = `--- ${before === undefined ? '/dev/null' : `a/${from}`}\n+++ ${after === undefined ? '/dev/null' : `b/${to}`}\n`;
  return { ...diff, text: diff.hunks.length ? head + hunksText(diff.hunks) : '' };
}

/** The style of each line of a diff's text, by how it starts: header, hunk, removed, added, or none. */
export function lineStyle(line: string): 'header' | 'hunk' | 'removed' | 'added' | undefined {
  if (/^(diff |--- |\+\+\+ |rename |title |new |deleted |binary )/.test(line)) return 'header';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('-')) return 'removed';
  if (line.startsWith('+')) return 'added';
  return undefined;
}
