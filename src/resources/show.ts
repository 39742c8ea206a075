// Columns whose cells show a value differently from its JSON (Column.value):
// a certificate as its fingerprint.
import { getPath, type Column } from '../output/format.js';

/** A column whose cells are `show` of the value at `key`. */
export const shown = (key: string, header: string, show: (value: unknown) => string): Column => ({ key, header, value: (item) => show(getPath(item, key)) });
