// What the output module is given besides the data: the columns of a
// resource, what it knows of the resource's fields, and the options of a run.

export interface Column {
  /** Dotted path into the item. */
  key: string;
  header?: string;
  /**
   * `time` columns read as "3d ago" in a table and stay ISO elsewhere; `bytes`
   * columns read as "1.2 MB" in a table and stay a number of bytes elsewhere;
   * `line` columns show their first line in a table.
   */
  kind?: 'time' | 'bytes' | 'line';
  /** Computes the cell from the item, instead of reading `key` (which then only names the column). */
  value?(item: unknown): unknown;
  /** How a table shows the value (`null` as "none"); other formats keep the value. */
  format?(value: unknown): string;
  /**
   * The column holds an identifier though its key does not say so (`id`,
   * `*.id`, `*Id` do): a table never cuts it (a custom field's name, a site
   * space's section).
   */
  id?: boolean;
}

export const FORMATS = ['table', 'tsv', 'csv', 'json', 'jsonl', 'yaml'] as const;
export type Format = (typeof FORMATS)[number];

export interface OutputOptions {
  format: Format;
  fields?: string[];
  jq?: string;
  color: boolean;
  /** Whether the format was asked for (--json, --jsonl, --output), rather than chosen by the terminal or the pipe. */
  explicit?: boolean;
  /** Whether a person reads stdout (hints such as "Showing 100 of 412"). */
  interactive: boolean;
  quiet: boolean;
  /** Rows a table shows at most; the rest needs --output tsv or --json. */
  tableCap?: number;
  /** The terminal's width: a wider table has its longest cells cut with "…". */
  width?: number;
  now?: () => number;
  /**
   * Web mode (--web): an item is not printed but opened, by its `urls.app`
   * (the one resource a `get` shows), in the browser; `undefined` when the
   * answer has none, for the opener to refuse.
   */
  open?: (url: unknown) => Promise<void>;
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
