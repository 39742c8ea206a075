// The one output contract: every command hands data to the Output, which
// writes it through one writer per format: a table (terminal only, table.ts),
// TSV or CSV (delimited.ts), JSON or JSON lines (json.ts), YAML (yaml.ts),
// with --fields (fields.ts) and --jq (jq.ts). Lists stream: TSV, CSV, JSON
// lines and YAML are written as each page arrives, and a JSON array item by item.
import type { Writable } from 'node:stream';
import { wrap as wrapWords } from '../commands/help/wrap.js';
import { getPath, keyColumns, onePage, withId } from './cells.js';
import { delimitedHeader, delimitedRow, tsvFields } from './delimited.js';
import { fieldColumns, pick, resolveFields } from './fields.js';
import { checkJq, jqFailure, runJq } from './jq.js';
import { JsonArray, jsonText } from './json.js';
import { detailText, tableText } from './table.js';
import { escapeControls, Terminal } from './terminal.js';
import type { Column, ListInfo, OutputOptions, Shape } from './types.js';
import { jqYaml, yamlOf } from './yaml.js';

// What commands import from the output module; each written once, in its own module.
export { escapeControls } from './terminal.js';
export { FORMATS, type Column, type Format, type ListInfo, type OutputOptions, type Shape } from './types.js';
export { getPath, onePage } from './cells.js';
export { closest } from './fields.js';
export { cut, displayWidth, fitWidths, humanSize, relativeTime } from './table.js';

/** Formats that carry the data as it is (objects, not cells): --jq prints in them, commands print their JSON shape. */
export const isStructured = (format: string | undefined): boolean => format === 'json' || format === 'jsonl' || format === 'yaml';

const TABLE_CAP = 500;

type Pages = AsyncIterable<{ items: unknown[]; count?: number; next?: { page?: string } }>;

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
   * Whether the data was asked for: a format named (--json, --jsonl,
   * --output), --fields or --jq. A command that otherwise prints a message or
   * nothing then prints what it did in that format: no output flag is ignored.
   */
  get dataAsked(): boolean {
    return !!(this.opts.explicit || this.opts.jq || this.opts.fields?.length);
  }

  /**
   * Checks --fields before anything is sent, when the shape declares the
   * resource's fields: an unknown one is a usage error naming the known ones.
   */
  checkFields(columns: Column[], shape: Shape = {}): void {
    if (shape.fields) this.resolve(columns, shape);
  }

  /** Writes a list that arrives page by page. Returns the number of items written. */
  async list(pages: Pages, columns: Column[], info: ListInfo = {}): Promise<number> {
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
      for await (const items of source()) await this.lines(items, (item) => this.json(this.pick(item)) + '\n');
    } else if (format === 'yaml') {
      // A YAML sequence, written as pages arrive: each item is one `- ` entry.
      let none = true;
      for await (const items of source()) {
        if (items.length) await this.write(this.shown(await yamlOf(items.map((item) => this.pick(item)))));
        none &&= items.length === 0;
      }
      if (none) await this.write('[]\n');
    } else if (format === 'json') {
      const array = new JsonArray();
      await this.write(array.open);
      for await (const items of source()) await this.lines(items, (item) => array.item(this.json(this.pick(item))));
      await this.write(array.close());
    } else if (format === 'tsv' || format === 'csv') {
      await this.write(delimitedHeader(format, cols));
      for await (const items of source()) await this.lines(items, (item) => delimitedRow(format, cols, item));
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
        const { text, left } = await tableText(rows, cols, this.tableOptions());
        await this.write(text);
        // Wrapped to the width it fits the table to: the note fits the terminal too.
        if (left.length) this.note(wrapWords(`Left out to fit ${this.opts.width} columns: ${left.join(', ')} (--fields picks the columns; --output tsv or --json shows all)`, this.opts.width ?? 80));
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

  /** Writes one object (a get, create or update); in web mode (--web), opens it in the browser instead. */
  async item(value: unknown, columns: Column[], shape: Shape = {}): Promise<void> {
    if (this.opts.open) return this.opts.open(getPath(value, 'urls.app'));
    const { format } = this.opts;
    const cols = this.columns(columns.length ? columns : keyColumns(value), shape, [value]);
    if (this.opts.jq) return this.jq(this.pick(value));
    if (format === 'json') return this.write(this.json(this.pick(value), 2) + '\n');
    if (format === 'jsonl') return this.write(this.json(this.pick(value)) + '\n');
    if (format === 'yaml') return this.write(this.shown(await yamlOf(this.pick(value))));
    // Piped, one object is one `key<TAB>value` line per field; the fields asked for by name are one line of values.
    if (format === 'tsv' && !this.opts.fields?.length) return this.write(tsvFields(cols, value));
    if (format === 'csv' || format === 'tsv') return this.list(onePage([value]), cols).then(() => undefined);
    return this.write(await detailText(value, cols, this.tableOptions()));
  }

  /** Writes a plain message to stdout; on a terminal, control characters are shown escaped. */
  async text(line: string): Promise<void> {
    const text = this.shown(line);
    await this.write(text.endsWith('\n') ? text : text + '\n');
  }

  /**
   * What a dry run would do, one change a line (`write faq.md`): as text, or,
   * when the data was asked for (--json, --output, ...), a list of `{change}`.
   */
  async changes(lines: string[]): Promise<void> {
    if (this.dataAsked) await this.list(onePage(lines.map((change) => ({ change }))), [{ key: 'change', header: 'Change' }]);
    else if (lines.length) await this.text(lines.join('\n'));
  }

  /** Writes a document to stdout as it is, no newline added; on a terminal, control characters are shown escaped. */
  async document(text: string): Promise<void> {
    await this.write(this.shown(text));
  }

  /**
   * Writes a unified diff (diff.ts) to stdout as it is; on a terminal with
   * colour, each line styled by how it starts (headers bold, hunks cyan,
   * removed red, added green), after its control characters are escaped.
   */
  async diff(text: string): Promise<void> {
    const shown = this.shown(text);
    if (!this.opts.color || !this.opts.interactive) return this.write(shown);
    const [{ Chalk }, { lineStyle }] = await Promise.all([import('chalk'), import('./diff.js')]);
    const c = new Chalk({ level: 1 });
    const paint = { header: c.bold, hunk: c.cyan, removed: c.red, added: c.green };
    await this.write(
      shown
        .split('\n')
        .map((line) => {
          const style = lineStyle(line);
          return style && line ? paint[style](line) : line;
        })
        .join('\n'),
    );
  }

  /** A note for people, on stderr, through the terminal writer (an array is several lines). */
  note(line: string | readonly string[]): void {
    if (!this.opts.quiet) this.err.line(line);
  }

  /** Compiles the --jq expression before any request is sent: a syntax error is a usage error. */
  async checkJq(): Promise<void> {
    if (this.opts.jq) await checkJq(this.opts.jq);
  }

  private tableOptions() {
    return { color: this.opts.color, width: this.opts.width, now: this.opts.now?.() ?? Date.now() };
  }

  /** Text of the data as written: on a terminal, control characters shown escaped (line breaks kept). */
  private shown(text: string): string {
    return this.opts.interactive ? escapeControls(text, true) : text;
  }

  private json(value: unknown, space?: number): string {
    return jsonText(value, this.opts.interactive, space);
  }

  /** The columns to write: the defaults, or those --fields names (see fields.ts). */
  private columns(defaults: Column[], shape: Shape, sample?: unknown[]): Column[] {
    const fields = this.fields ?? this.resolve(defaults, shape, sample);
    return fields ? fieldColumns(fields, this.opts.fields!, defaults) : defaults;
  }

  private resolve(columns: Column[], shape: Shape, sample?: unknown[]): string[] | undefined {
    if (!this.opts.fields?.length) return undefined;
    const { resolved, final } = resolveFields(this.opts.fields, columns, shape, sample);
    if (final) this.fields = resolved;
    return resolved;
  }

  private pick(item: unknown): unknown {
    return pick(item, this.fields);
  }

  private async jq(value: unknown): Promise<void> {
    const yaml = this.opts.format === 'yaml';
    // For YAML, jq prints each result as one compact JSON line, which becomes YAML here (strings still print raw).
    const flags = yaml ? ['-c'] : ['-r'];
    if (this.opts.format === 'jsonl') flags.push('-c');
    const result = await runJq(value, this.opts.jq!, flags);
    // What jq printed before an error is printed, as jq does; on a terminal, its raw strings' control characters escaped.
    const shown = this.shown(yaml ? await jqYaml(result.stdout) : result.stdout);
    if (shown) await this.write(shown.endsWith('\n') ? shown : shown + '\n');
    if (result.exitCode !== 0) throw jqFailure(result.stderr);
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
    // A server that quotes the token back (in a title, an error body) does not get it printed (see Terminal.hide()).
    chunk = this.err.mask(chunk);
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
