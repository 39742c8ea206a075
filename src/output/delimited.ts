// The TSV and CSV writers: one line per item (control characters escaped, so
// that a line-based tool reads one item a line); CSV with a header row of the
// columns' labels. Cells hold the data as it is: times in ISO form, sizes in
// bytes, lists of scalars comma-separated, other lists and objects as JSON.
import { cellText, cellValue } from './cells.js';
import { escapeControls } from './terminal.js';
import type { Column } from './types.js';

export type Delimited = 'tsv' | 'csv';

/** TSV: a backslash doubled, then every control character escaped, so one item is one line. */
export function tsvCell(value: unknown): string {
  return escapeControls(cellText(value).replace(/\\/g, '\\\\'));
}

/**
 * CSV: every control character escaped, \r and \n too (as in TSV and tables),
 * so that one item is one line for line-based tools (the README's promise);
 * JSON carries the text unchanged. Quoted when needed.
 */
export function csvCell(value: unknown): string {
  const s = escapeControls(cellText(value));
  return /[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The header line (CSV only: TSV lines are data alone). */
export function delimitedHeader(format: Delimited, cols: Column[]): string {
  return format === 'csv' ? cols.map((c) => csvCell(c.header ?? c.key)).join(',') + '\n' : '';
}

/** One item as one line. */
export function delimitedRow(format: Delimited, cols: Column[], item: unknown): string {
  const cell = format === 'tsv' ? tsvCell : csvCell;
  return cols.map((c) => cell(cellValue(item, c))).join(format === 'tsv' ? '\t' : ',') + '\n';
}

/** One object piped as TSV: one `key<TAB>value` line per field. */
export function tsvFields(cols: Column[], value: unknown): string {
  return cols.map((c) => `${tsvCell(c.key)}\t${tsvCell(cellValue(value, c))}\n`).join('');
}
