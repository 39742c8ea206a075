// Cells: the value of a column in an item, and its text where a cell holds
// text (a table, TSV, CSV). One rule for every command: a list of scalars is
// comma-separated, any other list or object is JSON.
import type { Column } from './types.js';

export function getPath(obj: unknown, path: string): unknown {
  let node = obj;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function cellValue(item: unknown, col: Column): unknown {
  return col.value ? col.value(item) : getPath(item, col.key);
}

const scalar = (v: unknown) => v === null || typeof v !== 'object';

/** A value as the text of a cell: a list of scalars comma-separated, other lists and objects as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value) && value.every(scalar)) return value.map((v) => (v === null ? '' : String(v))).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Whether a column holds an identifier: its key is `id`, ends in `.id` or `Id`, or the column says so. A table never cuts one. */
export function isIdColumn(col: Column): boolean {
  return col.id ?? /(^|\.)id$|Id$/.test(col.key);
}

/** An item that wraps the resource, with the resource's id copied to the top (unless it has one). */
export function withId(item: unknown, path: string): unknown {
  if (item === null || typeof item !== 'object' || 'id' in item) return item;
  return { id: getPath(item, path), ...item };
}

/** One column per top-level field, for an object that declares none. */
export function keyColumns(value: unknown): Column[] {
  return value !== null && typeof value === 'object' ? Object.keys(value).map((key) => ({ key })) : [];
}

/** A list that is one page: what `list()` takes, for items already at hand. */
export async function* onePage(items: unknown[]) {
  yield { items };
}
