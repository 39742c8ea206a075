// The one output contract: every command hands data to this module, which
// writes it as a table (terminal only), TSV, CSV, JSON or JSON lines, with
// --fields and --jq. Lists stream: TSV, CSV and JSON lines are written as each
// page arrives, and a JSON array is written item by item.
import type { Writable } from 'node:stream';
import { cjsExports } from '../cjs.js';
import { jqYaml, yamlOf } from './yaml.js';
import { DocplatError, EXIT, UsageError } from '../errors.js';
import { escapeControls, Terminal, terminalJson } from './terminal.js';

// Kept here too for the modules that import it from the output module; written once, in terminal.ts.
export { escapeControls } from './terminal.js';

export const FORMATS = ['table', 'tsv', 'csv', 'json', 'jsonl', 'yaml'] as const;
export type Format = (typeof FORMATS)[number];

/** Formats that carry the data as it is (objects, not cells): --jq prints in them, commands print their JSON shape. */
export const isStructured = (format: string | undefined): boolean => format === 'json' || format === 'jsonl' || format === 'yaml';


export interface Column {
  /** Dotted path into the item. */
  key: string;
  header?: string;
  /** `time` columns read as "3 days ago" in a table and stay ISO elsewhere; `line` columns show their first line in a table. */
  kind?: 'time' | 'line';
  /** Computes the cell from the item, instead of reading `key` (which then only names the column). */
  value?(item: unknown): unknown;
  /** How a table shows the value (`null` as "none", a list as one line); other formats keep the value. */
  format?(value: unknown): string;
  /** The resource's identifier though not named `id` (a custom field's name): a table never cuts it, as it never cuts `id`. */
  id?: boolean;
}

export interface OutputOptions {
  format: Format;
  fields?: string[];
  jq?: string;
  color: boolean;
  /** Whether a person reads stdout (hints such as "Showing 100 of 412"). */
  interactive: boolean;
  quiet: boolean;
  /** Rows a table shows at most; the rest needs --output tsv or --json. */
  tableCap?: number;
  /** The terminal's width: a wider table has its longest cells cut with "…". */
  width?: number;
  now?: () => number;
}

/** What the output knows of the items it writes, besides their columns. */
export interface Shape {
  /**
   * Every top-level field of the resource, as the API reference declares it:
   * a --fields path must start with one of them (or be a column's key or
   * header). Without it, --fields is checked against the data itself.
   */
  fields?: readonly string[];
  /**
   * For items that wrap the resource (`{permission, space}`): the path of its
   * id, copied to a top-level `id` so that `--fields id` and `--jq '.[].id'`
   * work on every list.
   */
  id?: string;
}

export interface ListInfo extends Shape {
  /** The --limit in force, when --all was not given. */
  limit?: number;
}

const TABLE_CAP = 500;

export class Output {
  /** Set when the reader of stdout went away (`docplat spaces list | head`). */
  private closed = false;
  /** The --fields paths, with column headers turned into their keys, once checked. */
  private fields?: string[];
  /** Where notes go: the command's terminal writer (stderr). */
  private readonly err: Terminal;

  constructor(
    private readonly out: Writable,
    err: Writable | Terminal,
    readonly opts: OutputOptions,
  ) {
    this.err = err instanceof Terminal ? err : new Terminal(err, { tty: false, quiet: opts.quiet });
    // No more output is wanted: lists stop fetching, bulk work goes on (its summary is on stderr).
    out.on('error', () => (this.closed = true));
  }

  /**
   * Checks --fields before anything is sent, when the shape declares the
   * resource's fields: an unknown one is a usage error naming the known ones.
   */
  checkFields(columns: Column[], shape: Shape = {}): void {
    if (shape.fields) this.resolveFields(columns, shape);
  }

  /** Writes a list that arrives page by page. Returns the number of items written. */
  async list(pages: AsyncIterable<{ items: unknown[]; count?: number; next?: { page?: string } }>, columns: Column[], info: ListInfo = {}): Promise<number> {
    const { format } = this.opts;
    let written = 0;
    let total: number | undefined;
    let next: string | undefined;
    const isClosed = () => this.closed;
    const iterator = pages[Symbol.asyncIterator]();
    // The first page decides the columns: --fields may be checked against its items.
    const first = await iterator.next();
    const wrap = (items: unknown[]) => (info.id ? items.map((item) => withId(item, info.id!)) : items);
    const firstItems = first.done ? [] : wrap(first.value.items);
    const cols = this.columns(columns, info, firstItems);
    async function* source() {
      let page = first;
      let items = firstItems;
      while (!page.done) {
        if (isClosed()) return;
        if (total === undefined && typeof page.value.count === 'number') total = page.value.count;
        next = page.value.next?.page;
        written += items.length;
        yield items;
        page = await iterator.next();
        if (!page.done) items = wrap(page.value.items);
      }
    }
    if (this.opts.jq) {
      const all: unknown[] = [];
      for await (const items of source()) for (const item of items) all.push(this.pick(item));
      await this.jq(all);
    } else if (format === 'jsonl') {
      for await (const items of source()) await this.lines(items, (item) => this.stringify(this.pick(item)) + '\n');
    } else if (format === 'yaml') {
      // A YAML sequence, written as pages arrive: each item is one `- ` entry.
      let none = true;
      for await (const items of source()) {
        if (items.length) await this.write(this.shown(await yamlOf(items.map((item) => this.pick(item)))));
        none &&= items.length === 0;
      }
      if (none) await this.write('[]\n');
    } else if (format === 'json') {
      let first = true;
      await this.write('[');
      for await (const items of source()) {
        await this.lines(items, (item) => {
          const text = (first ? '\n  ' : ',\n  ') + this.stringify(this.pick(item));
          first = false;
          return text;
        });
      }
      await this.write(first ? ']\n' : '\n]\n');
    } else if (format === 'tsv' || format === 'csv') {
      const sep = format === 'tsv' ? '\t' : ',';
      const cell = format === 'tsv' ? tsvCell : csvCell;
      if (format === 'csv') await this.write(cols.map((c) => csvCell(c.header ?? c.key)).join(sep) + '\n');
      for await (const items of source()) await this.lines(items, (item) => cols.map((c) => cell(cellValue(item, c))).join(sep) + '\n');
    } else {
      const cap = this.opts.tableCap ?? TABLE_CAP;
      const rows: unknown[] = [];
      for await (const items of source()) {
        for (const item of items) if (rows.length < cap) rows.push(item);
        if (rows.length >= cap) break;
      }
      if (rows.length === 0) {
        this.note('No results');
      } else {
        await this.write(await this.table(rows, cols));
        if (rows.length >= cap && (next || (total ?? 0) > cap)) {
          this.note(`Showing the first ${cap} rows in a table; use --output tsv or --jsonl for all of them`);
          return rows.length;
        }
      }
    }
    // An empty cursor: more items, but none to resume from (a client-side filter stopped within a page).
    if (info.limit !== undefined && next === '' && !this.closed) this.note(`Showing ${written}; more match: --all for every one`);
    else if (info.limit !== undefined && next && !this.closed) {
      // The cursor goes on stderr in every format, so that stdout stays the data.
      const of = total !== undefined && total > written ? ` of ${total}` : '';
      this.note(this.opts.interactive ? `Showing ${written}${of}: --all for every item, or --cursor ${next} for the next page` : `next cursor: ${next}`);
    }
    return written;
  }

  /** Writes one object (a get, create or update). */
  async item(value: unknown, columns: Column[], shape: Shape = {}): Promise<void> {
    const { format } = this.opts;
    const cols = this.columns(columns.length ? columns : keyColumns(value), shape, [value]);
    if (this.opts.jq) return this.jq(this.pick(value));
    if (format === 'json') return this.write(this.stringify(this.pick(value), 2) + '\n');
    if (format === 'jsonl') return this.write(this.stringify(this.pick(value)) + '\n');
    if (format === 'yaml') return this.write(this.shown(await yamlOf(this.pick(value))));
    // Piped, one object is one `key<TAB>value` line per field; the fields asked for by name are one line of values.
    if (format === 'tsv' && !this.opts.fields?.length) return this.write(cols.map((c) => `${tsvCell(c.key)}\t${tsvCell(cellValue(value, c))}\n`).join(''));
    if (format === 'csv' || format === 'tsv') return this.list(onePage([value]), cols).then(() => undefined);
    const width = Math.max(...cols.map((c) => (c.header ?? c.key).length));
    const c = await this.colors();
    let text = '';
    for (const col of cols) {
      const label = (col.header ?? col.key).padEnd(width);
      // One object is read in full: its values are not cut to the terminal's width (a cut URL is of no use).
      text += `${c.bold(label)}  ${this.display(cellValue(value, col), col)}\n`;
    }
    return this.write(text);
  }

  /** JSON of the data; on a terminal, with C1 codes and bidi controls as \u escapes too (the same JSON value). */
  /** Text of the data as written: on a terminal, control characters shown escaped (line breaks kept). */
  private shown(text: string): string {
    return this.opts.interactive ? escapeControls(text, true) : text;
  }

  private stringify(value: unknown, space?: number): string {
    return this.opts.interactive ? terminalJson(value, space) : JSON.stringify(value, null, space);
  }

  /** Writes a plain message to stdout; on a terminal, control characters are shown escaped. */
  async text(line: string): Promise<void> {
    const text = this.opts.interactive ? escapeControls(line, true) : line;
    await this.write(text.endsWith('\n') ? text : text + '\n');
  }

  /** Writes a document to stdout as it is, no newline added; on a terminal, control characters are shown escaped. */
  async document(text: string): Promise<void> {
    await this.write(this.shown(text));
  }

  /** A note for people, on stderr, through the terminal writer (an array is several lines). */
  note(line: string | readonly string[]): void {
    if (!this.opts.quiet) this.err.line(line);
  }

  /**
   * The columns to write: the defaults, or those --fields names. A field is a
   * column's key, a top-level field of the resource (declared, or seen in
   * the data) followed by any path, or a column's header (`--fields ID,Title`).
   */
  private columns(defaults: Column[], shape: Shape, sample?: unknown[]): Column[] {
    const fields = this.fields ?? this.resolveFields(defaults, shape, sample);
    if (!fields) return defaults;
    // Headers are the paths as given, so that scripts can read them back.
    return fields.map((key, i) => {
      const column = defaults.find((c) => c.key === key);
      return { ...column, key, header: this.opts.fields![i] };
    });
  }

  private resolveFields(columns: Column[], shape: Shape, sample?: unknown[]): string[] | undefined {
    const asked = this.opts.fields;
    if (!asked?.length) return undefined;
    const keys = columns.map((c) => c.key);
    const seen = sample?.some((item) => item !== null && typeof item === 'object' && !Array.isArray(item)) ? topLevelKeys(sample) : undefined;
    const known = shape.fields ? [...shape.fields, ...(shape.id ? ['id'] : [])] : seen;
    const resolved = asked.map((field) => {
      if (keys.includes(field)) return field;
      if (known?.includes(field.split('.')[0])) return field;
      const header = columns.find((c) => (c.header ?? '').toLowerCase() === field.toLowerCase());
      if (header) return header.key;
      if (!known) return field;
      const names = [...new Set([...known, ...keys])];
      const near = closest(field, names);
      throw new UsageError(`--fields: unknown field "${field}"${near ? ` (did you mean "${near}"?)` : ''}; known: ${names.join(', ')}`);
    });
    // Only a check against declared or seen fields is final: an empty first page proves nothing.
    if (known) this.fields = resolved;
    return resolved;
  }

  /** With --fields, the JSON forms keep only those paths (nested as in the API object). */
  private pick(item: unknown): unknown {
    const fields = this.fields;
    if (!fields?.length || typeof item !== 'object' || item === null) return item;
    const out: Record<string, unknown> = {};
    for (const path of fields) {
      const value = getPath(item, path);
      if (value === undefined) continue;
      const parts = path.split('.');
      let node = out;
      for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
      node[parts[parts.length - 1]] = value;
    }
    return out;
  }

  /** Compiles the --jq expression before any request is sent: a syntax error is a usage error. */
  async checkJq(): Promise<void> {
    if (!this.opts.jq) return;
    const { exitCode, stderr } = await runJq(null, this.opts.jq, ['-r']);
    // jq exits 3 for a compile error; running on null may fail otherwise, which says nothing of the data to come.
    if (exitCode === 3) throw new UsageError(`--jq: ${jqMessage(stderr)}`);
  }

  private async jq(value: unknown): Promise<void> {
    const yaml = this.opts.format === 'yaml';
    // For YAML, jq prints each result as one compact JSON line, which becomes YAML here (strings still print raw).
    const flags = yaml ? ['-c'] : ['-r'];
    if (this.opts.format === 'jsonl') flags.push('-c');
    const result = await runJq(value, this.opts.jq!, flags);
    const { stderr, exitCode } = result;
    // What jq printed before an error is printed, as jq does; on a terminal, its raw strings' control characters escaped.
    const shown = this.shown(yaml ? await jqYaml(result.stdout) : result.stdout);
    if (shown) await this.write(shown.endsWith('\n') ? shown : shown + '\n');
    // The expression compiled; it failed on the data, after the requests were made.
    if (exitCode !== 0) throw new DocplatError(`--jq failed on the data: ${jqMessage(stderr)}`, EXIT.failure, { kind: 'jq' });
  }

  /** Styles for a table: chalk's when colour is on; without colour, chalk is not even loaded. */
  private async colors(): Promise<{ bold: (s: string) => string }> {
    if (!this.opts.color) return { bold: (s) => s };
    const { Chalk } = await import('chalk');
    return new Chalk({ level: 1 });
  }

  private async table(rows: unknown[], cols: Column[]): Promise<string> {
    const [{ default: Table }, c] = await Promise.all([import('cli-table3'), this.colors()]);
    const cells = rows.map((row) => cols.map((col) => this.display(cellValue(row, col), col)));
    const heads = cols.map((col) => col.header ?? col.key);
    const widths = fitWidths(
      heads.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i])))),
      heads.map((h) => displayWidth(h)),
      this.opts.width,
      cols.map((col) => (col.id ? 'id' : col.key)),
    );
    const table = new Table({
      head: heads.map((h) => c.bold(h)),
      chars: {
        top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
        'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
      },
      // cli-table3 colours its head and borders even when colour is off.
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    });
    for (const row of cells) table.push(row.map((cell, i) => cut(cell, widths[i])));
    return table.toString().replace(/[ \t]+$/gm, '') + '\n';
  }

  /** A cell as a person reads it: times relative, the column's own format, control characters escaped. */
  private display(raw: unknown, col: Column): string {
    const value = col.format ? col.format(raw) : raw;
    if (col.kind === 'time' && typeof value === 'string') return escapeControls(relativeTime(value, this.opts.now?.() ?? Date.now()));
    if (col.kind === 'line' && typeof value === 'string') return escapeControls(value.trimStart().split(/\r?\n/, 1)[0]);
    return escapeControls(plain(value));
  }

  /**
   * Writes one line per item in chunks of about 64 kB: few writes, and no
   * page-sized string held while the previous one drains.
   */
  private async lines(items: unknown[], line: (item: unknown) => string): Promise<void> {
    let chunk = '';
    for (const item of items) {
      chunk += line(item);
      if (chunk.length >= 65536) {
        await this.write(chunk);
        chunk = '';
      }
    }
    if (chunk) await this.write(chunk);
  }

  private write(chunk: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.out.write(chunk)) return resolve();
      const done = () => {
        this.out.off('drain', done);
        this.out.off('error', done);
        resolve();
      };
      this.out.once('drain', done);
      this.out.once('error', done);
    });
  }
}

/** An item that wraps the resource, with the resource's id copied to the top (unless it has one). */
function withId(item: unknown, path: string): unknown {
  if (item === null || typeof item !== 'object' || 'id' in item) return item;
  return { id: getPath(item, path), ...item };
}

function cellValue(item: unknown, col: Column): unknown {
  return col.value ? col.value(item) : getPath(item, col.key);
}

/** One column per top-level field, for an object that declares none. */
function keyColumns(value: unknown): Column[] {
  return value !== null && typeof value === 'object' ? Object.keys(value).map((key) => ({ key })) : [];
}

function topLevelKeys(items: unknown[]): string[] {
  const keys = new Set<string>();
  for (const item of items) if (item !== null && typeof item === 'object') for (const k of Object.keys(item)) keys.add(k);
  return [...keys];
}

/** The known name nearest to a mistyped one, if it is near enough (one edit in three characters). */
export function closest(word: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const name of names) {
    const d = distance(word.toLowerCase(), name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** Edits between two words: insertions, deletions, substitutions and swaps of neighbours. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * Column widths that fit the terminal: while the table is too wide, the
 * widest column gives up room, down to its header's width (and at least 8).
 * Columns of ids give up room last, and the `id` column never: a cut id is
 * of no use.
 */
export function fitWidths(natural: number[], mins: number[], width: number | undefined, keys: string[] = []): number[] {
  const widths = [...natural];
  if (!width) return widths;
  let excess = widths.reduce((a, b) => a + b, 0) + 2 * (widths.length - 1) - width;
  const floor = (i: number) => Math.max(mins[i], 8);
  const isId = (i: number) => keys[i] === 'id' || /(^|\.)id$|^parent$|^organization$/.test(keys[i] ?? '');
  for (const pass of [(i: number) => !isId(i), (i: number) => isId(i) && keys[i] !== 'id']) {
    while (excess > 0) {
      let widest = -1;
      for (let i = 0; i < widths.length; i++) if (pass(i) && widths[i] > floor(i) && (widest < 0 || widths[i] > widths[widest])) widest = i;
      if (widest < 0) break;
      const second = Math.max(floor(widest), ...widths.filter((_, i) => i !== widest && pass(i)));
      const take = Math.min(excess, Math.max(1, widths[widest] - second));
      widths[widest] -= take;
      excess -= take;
    }
  }
  return widths;
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

/**
 * Runs jq (jq-wasm: real jq in WebAssembly; from 2.0 on, it reads its input
 * and writes its output in linear time, where 1.0 copied the whole buffer
 * for every byte). Bundled or not, the package may come as a default export.
 */
async function runJq(input: unknown, expression: string, flags: string[]): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const loaded = await import('jq-wasm');
  const jq = cjsExports(loaded);
  return jq.raw(input as never, expression, flags);
}

/**
 * jq's first message line, on one line: a compile error's place ("at
 * <top-level>, line 1, column 5:", followed by the expression and a caret on
 * the next lines) becomes "(line 1, column 5)".
 */
function jqMessage(stderr: string): string {
  const message = stderr.split('\n').find((l) => l.trim()) ?? 'invalid expression';
  return message
    .replace(/^jq: (error( \(at [^)]*\))?: )?/, '')
    .replace(/ at <top-level>, (line \d+, column \d+):\s*$/, ' ($1)')
    .replace(/:\s*$/, '')
    .trim();
}

/** A list that is one page: what `list()` takes, for items already at hand. */
export async function* onePage(items: unknown[]) {
  yield { items };
}

export function getPath(obj: unknown, path: string): unknown {
  let node = obj;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function plain(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** TSV: a backslash doubled, then every control character escaped, so one item is one line. */
function tsvCell(value: unknown): string {
  return escapeControls(plain(value).replace(/\\/g, '\\\\'));
}

/**
 * CSV: every control character escaped, \r and \n too (as in TSV and tables),
 * so that one item is one line for line-based tools (the README's promise);
 * JSON carries the text unchanged. Quoted when needed.
 */
function csvCell(value: unknown): string {
  const s = escapeControls(plain(value));
  return /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function relativeTime(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.round((now - t) / 1000);
  const future = s < 0;
  const a = Math.abs(s);
  const units: [number, string][] = [
    [365 * 86400, 'year'], [30 * 86400, 'month'], [7 * 86400, 'week'], [86400, 'day'], [3600, 'hour'], [60, 'minute'],
  ];
  if (a < 60) return future ? 'in a moment' : 'just now';
  for (const [size, name] of units) {
    if (a >= size) {
      const n = Math.floor(a / size);
      const phrase = `${n} ${name}${n === 1 ? '' : 's'}`;
      return future ? `in ${phrase}` : `${phrase} ago`;
    }
  }
  return iso;
}
