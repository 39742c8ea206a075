// The table writer (stdout on a terminal): a list as rows fitted to the
// terminal's width, one object as label/value lines. Cells read as a person
// reads them: ages ("3d ago", one short form everywhere), sizes in KB/MB,
// lists of scalars as "a,b" (as TSV has them), control characters escaped. Ids are never cut:
// the other columns give up room, and those that cannot fit are left out.
import { cellText, cellValue, isIdColumn } from './cells.js';
import { escapeControls } from './terminal.js';
import type { Column } from './types.js';

export interface TableOptions {
  color: boolean;
  /** The terminal's width; none: no column is cut. */
  width?: number;
  now: number;
}

/** Styles for a table: chalk's when colour is on; without colour, chalk is not even loaded. */
async function colors(color: boolean): Promise<{ bold: (s: string) => string }> {
  if (!color) return { bold: (s) => s };
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 });
}

/** A list as a table; `left` names the columns left out because even cut they did not fit. */
export async function tableText(rows: unknown[], cols: Column[], opts: TableOptions): Promise<{ text: string; left: string[] }> {
  const [{ default: Table }, c] = await Promise.all([import('cli-table3'), colors(opts.color)]);
  const all = rows.map((row) => cols.map((col) => displayCell(cellValue(row, col), col, opts.now)));
  const heads = cols.map((col) => col.header ?? col.key);
  const { widths, dropped } = fitWidths(
    heads.map((h, i) => Math.max(displayWidth(h), ...all.map((r) => displayWidth(r[i])))),
    heads.map((h) => displayWidth(h)),
    opts.width,
    cols.map(isIdColumn),
  );
  const kept = (_: unknown, i: number) => !dropped.includes(i);
  const table = new Table({
    head: heads.filter(kept).map((h) => c.bold(h)),
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
      'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
    },
    // cli-table3 colours its head and borders even when colour is off.
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  const shown = widths.filter(kept);
  for (const row of all) table.push(row.filter(kept).map((cell, i) => cut(cell, shown[i])));
  return { text: table.toString().replace(/[ \t]+$/gm, '') + '\n', left: dropped.map((i) => heads[i]) };
}

/** One object: a label and its value a line, values whole (a cut URL is of no use). */
export async function detailText(value: unknown, cols: Column[], opts: TableOptions): Promise<string> {
  const width = Math.max(...cols.map((c) => (c.header ?? c.key).length));
  const c = await colors(opts.color);
  let text = '';
  for (const col of cols) text += `${c.bold((col.header ?? col.key).padEnd(width))}  ${displayCell(cellValue(value, col), col, opts.now)}\n`;
  return text;
}

/** A cell as a person reads it: ages, sizes, the column's own format, control characters escaped. */
export function displayCell(raw: unknown, col: Column, now: number): string {
  const value = col.format ? col.format(raw) : raw;
  if (col.kind === 'time' && typeof value === 'string') return escapeControls(relativeTime(value, now));
  if (col.kind === 'bytes' && typeof value === 'number') return humanSize(value);
  if (col.kind === 'line' && typeof value === 'string') return escapeControls(value.trimStart().split(/\r?\n/, 1)[0]);
  return escapeControls(cellText(value));
}

/**
 * Column widths that fit the terminal. Columns of ids keep their width: a
 * cut id is of no use. While the table is too wide, the widest other column
 * gives up room, down to its header's width (and at least 8); when even then
 * the table does not fit, other columns are left out, the last first.
 */
export function fitWidths(natural: number[], mins: number[], width: number | undefined, ids: boolean[] = []): { widths: number[]; dropped: number[] } {
  const widths = [...natural];
  const dropped: number[] = [];
  if (!width) return { widths, dropped };
  const floor = (i: number) => Math.min(natural[i], Math.max(mins[i], 8));
  const kept = () => widths.map((_, i) => i).filter((i) => !dropped.includes(i));
  const total = (w: (i: number) => number) => kept().reduce((sum, i) => sum + w(i), 0) + 2 * (kept().length - 1);
  while (total((i) => (ids[i] ? widths[i] : floor(i))) > width) {
    const last = kept().reverse().find((i) => !ids[i] && i > 0);
    if (last === undefined) break;
    dropped.push(last);
  }
  dropped.sort((a, b) => a - b);
  let excess = total((i) => widths[i]) - width;
  const shrinks = (i: number) => !ids[i] && !dropped.includes(i);
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (shrinks(i) && widths[i] > floor(i) && (widest < 0 || widths[i] > widths[widest])) widest = i;
    if (widest < 0) break;
    const second = Math.max(floor(widest), ...widths.filter((_, i) => i !== widest && shrinks(i)));
    const take = Math.min(excess, Math.max(1, widths[widest] - second));
    widths[widest] -= take;
    excess -= take;
  }
  return { widths, dropped };
}

/** Code points as columns: wide characters (CJK, emoji) count two. */
export function displayWidth(s: string): number {
  let n = 0;
  for (const ch of s) n += isWide(ch.codePointAt(0)!) ? 2 : 1;
  return n;
}

function isWide(cp: number): boolean {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) || (cp >= 0x20000 && cp <= 0x3fffd);
}

/** A cell cut to `width` columns, ending in "…" when it was longer. */
export function cut(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  let out = '';
  let n = 0;
  for (const ch of s) {
    const w = isWide(ch.codePointAt(0)!) ? 2 : 1;
    if (n + w > width - 1) break;
    out += ch;
    n += w;
  }
  return out + '…';
}

const UNITS: [number, string][] = [[365 * 86400, 'y'], [30 * 86400, 'mo'], [7 * 86400, 'w'], [86400, 'd'], [3600, 'h'], [60, 'm']];

/** An ISO time as an age, in the one short form of every table: "2y ago", "5mo ago", "3d ago", "just now", "in 4h". */
export function relativeTime(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.round((now - t) / 1000);
  const a = Math.abs(s);
  if (a < 60) return s < 0 ? 'in a moment' : 'just now';
  const [size, unit] = UNITS.find(([size]) => a >= size)!;
  const n = `${Math.floor(a / size)}${unit}`;
  return s < 0 ? `in ${n}` : `${n} ago`;
}

/** A number of bytes in decimal units, as a person reads it: "512 B", "2.5 KB", "18 MB", "1.2 GB". */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let i = -1;
  while (n >= 1000 && i < units.length - 1) {
    n /= 1000;
    i++;
  }
  return `${n < 10 ? Math.round(n * 10) / 10 : Math.round(n)} ${units[i]}`;
}
