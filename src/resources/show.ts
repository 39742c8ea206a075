// Columns whose cells show a value differently from its JSON (Column.value):
// lists comma-separated, a certificate as its fingerprint.
import { getPath, type Column } from '../output/format.js';

/** A list as comma-separated values (the form `custom-fields set` takes back); other values as text. */
export const commas = (value: unknown): string => (Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value));

/** A column whose cells are `show` of the value at `key`. */
export const shown = (key: string, header: string, show: (value: unknown) => string): Column => ({ key, header, value: (item) => show(getPath(item, key)) });
