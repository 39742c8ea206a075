// The one output contract: every command hands data to this module, which
// writes it as a table (terminal only), TSV, CSV, JSON or JSON lines, with
// --fields and --jq. Lists stream: TSV, CSV and JSON lines are written as each
// page arrives, and a JSON array is written item by item.
import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';

export const FORMATS = ['table', 'tsv', 'csv', 'json', 'jsonl'] as const;
export type Format = (typeof FORMATS)[number];

export interface Column {
  /** Dotted path into the item. */
  key: string;
  header?: string;
  /** `time` columns read as "3 days ago" in a table and stay ISO elsewhere; `line` columns show their first line in a table. */
  kind?: 'time' | 'line';
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
  now?: () => number;
}

export interface ListInfo {
  /** The --limit in force, when --all was not given. */
  limit?: number;
}

const TABLE_CAP = 500;

export class Output {
  /** Set when the reader of stdout went away (`docplat spaces list | head`). */
  private closed = false;

  constructor(
    private readonly out: Writable,
    private readonly err: Writable,
    readonly opts: OutputOptions,
  ) {
    // No more output is wanted: lists stop fetching, bulk work goes on (its summary is on stderr).
    out.on('error', () => (this.closed = true));
  }

  /** Writes a list that arrives page by page. Returns the number of items written. */
  async list(pages: AsyncIterable<{ items: unknown[]; count?: number }>, columns: Column[], info: ListInfo = {}): Promise<number> {
    const { format, jq } = this.opts;
    const cols = this.columns(columns);
    let written = 0;
    let total: number | undefined;
    let more = false;
    const isClosed = () => this.closed;
    const track = async function* (source: AsyncIterable<{ items: unknown[]; count?: number; next?: unknown }>) {
      for await (const page of source) {
        if (isClosed()) return;
        if (total === undefined && typeof page.count === 'number') total = page.count;
        more = !!page.next;
        written += page.items.length;
        yield page.items;
      }
    };
    const source = track(pages as AsyncIterable<{ items: unknown[]; count?: number; next?: unknown }>);
    if (jq) {
      const all: unknown[] = [];
      for await (const items of source) for (const item of items) all.push(this.pick(item));
      await this.jq(all);
    } else if (format === 'jsonl') {
      for await (const items of source) await this.lines(items, (item) => JSON.stringify(this.pick(item)) + '\n');
    } else if (format === 'json') {
      let first = true;
      await this.write('[');
      for await (const items of source) {
        await this.lines(items, (item) => {
          const text = (first ? '\n  ' : ',\n  ') + JSON.stringify(this.pick(item));
          first = false;
          return text;
        });
      }
      await this.write(first ? ']\n' : '\n]\n');
    } else if (format === 'tsv' || format === 'csv') {
      const sep = format === 'tsv' ? '\t' : ',';
      const cell = format === 'tsv' ? tsvCell : csvCell;
      if (format === 'csv') await this.write(cols.map((c) => csvCell(c.header ?? c.key)).join(sep) + '\n');
      for await (const items of source) await this.lines(items, (item) => cols.map((c) => cell(getPath(item, c.key))).join(sep) + '\n');
    } else {
      const cap = this.opts.tableCap ?? TABLE_CAP;
      const rows: unknown[] = [];
      for await (const items of source) {
        for (const item of items) if (rows.length < cap) rows.push(item);
        if (rows.length >= cap) break;
      }
      if (rows.length === 0) {
        if (!this.opts.quiet) this.note('No results');
      } else {
        await this.write(await this.table(rows, cols));
        if (rows.length >= cap && (more || (total ?? 0) > cap)) {
          this.note(`Showing the first ${cap} rows in a table; use --output tsv or --jsonl for all of them`);
          return rows.length;
        }
      }
    }
    if (info.limit !== undefined && this.opts.interactive && !this.opts.quiet && more) {
      const of = total !== undefined && total > written ? ` of ${total}` : '';
      this.note(`Showing ${written}${of} (use --all)`);
    }
    return written;
  }

  /** Writes one object (a get, create or update). */
  async item(value: unknown, columns: Column[]): Promise<void> {
    const { format } = this.opts;
    if (this.opts.jq) return this.jq(this.pick(value));
    if (format === 'json') return this.write(JSON.stringify(this.pick(value), null, 2) + '\n');
    if (format === 'jsonl') return this.write(JSON.stringify(this.pick(value)) + '\n');
    const cols = this.columns(columns);
    if (format === 'tsv' || format === 'csv') {
      return this.list(single(value), cols).then(() => undefined);
    }
    const width = Math.max(...cols.map((c) => (c.header ?? c.key).length));
    const c = await this.colors();
    let text = '';
    for (const col of cols) {
      const label = (col.header ?? col.key).padEnd(width);
      text += `${c.bold(label)}  ${this.display(getPath(value, col.key), col)}\n`;
    }
    return this.write(text);
  }

  /** Writes a plain message to stdout (ignored by --json consumers only when quiet). */
  async text(line: string): Promise<void> {
    await this.write(line.endsWith('\n') ? line : line + '\n');
  }

  /** A note for people, on stderr. */
  note(line: string): void {
    if (!this.opts.quiet) this.err.write(line + '\n');
  }

  private columns(defaults: Column[]): Column[] {
    if (!this.opts.fields?.length) return defaults;
    // Headers are the paths as given, so that scripts can read them back.
    return this.opts.fields.map((f) => ({ ...defaults.find((c) => c.key === f), key: f, header: f }));
  }

  /** With --fields, the JSON forms keep only those paths (nested as in the API object). */
  private pick(item: unknown): unknown {
    const fields = this.opts.fields;
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
    const jq = await import('jq-wasm');
    try {
      await jq.raw('null', this.opts.jq, ['-r']);
    } catch (err) {
      const message = jqMessage(err);
      if (/syntax error|compile error|not defined|unexpected/i.test(message)) throw new UsageError(`--jq: ${message}`);
    }
  }

  private async jq(value: unknown): Promise<void> {
    const jq = await import('jq-wasm');
    const flags = ['-r'];
    if (this.opts.format === 'jsonl') flags.push('-c');
    let result: string;
    try {
      result = await jq.raw(value as object, this.opts.jq!, flags);
    } catch (err) {
      throw new UsageError(`--jq: ${jqMessage(err)}`);
    }
    if (result) await this.write(result.endsWith('\n') ? result : result + '\n');
  }

  private async colors() {
    const { Chalk } = await import('chalk');
    return new Chalk({ level: this.opts.color ? 1 : 0 });
  }

  private async table(rows: unknown[], cols: Column[]): Promise<string> {
    const [{ default: Table }, c] = await Promise.all([import('cli-table3'), this.colors()]);
    const table = new Table({
      head: cols.map((col) => c.bold(col.header ?? col.key)),
      chars: {
        top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
        'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ',
      },
      // cli-table3 colours its head and borders even when colour is off.
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
    });
    for (const row of rows) table.push(cols.map((col) => this.display(getPath(row, col.key), col)));
    return table.toString().replace(/[ \t]+$/gm, '') + '\n';
  }

  private display(value: unknown, col: Column): string {
    if (col.kind === 'time' && typeof value === 'string') return relativeTime(value, this.opts.now?.() ?? Date.now());
    if (col.kind === 'line' && typeof value === 'string') return value.trimStart().split(/\r?\n/, 1)[0];
    return plain(value);
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

function jqMessage(err: unknown): string {
  const message = String((err as Error)?.message ?? err).split('\n').find((l) => l.trim()) ?? 'invalid expression';
  return message.replace(/^jq: (error: )?/, '').trim();
}

async function* single(value: unknown) {
  yield { items: [value] };
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

function tsvCell(value: unknown): string {
  return plain(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

function csvCell(value: unknown): string {
  const s = plain(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
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
