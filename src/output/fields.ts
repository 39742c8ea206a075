// --fields: which columns a run writes, checked against the resource's
// declared fields (or the data), and the JSON forms cut down to them.
import { UsageError } from '../errors.js';
import { getPath } from './cells.js';
import type { Column, Shape } from './types.js';

/**
 * The --fields paths resolved: a column's key, a top-level field of the
 * resource (declared, or seen in the sample) followed by any path, or a
 * column's header (`--fields ID,Title`), which stands for its key. `final`
 * when checked against declared or seen fields: an empty first page proves
 * nothing.
 */
export function resolveFields(asked: string[], columns: Column[], shape: Shape, sample?: unknown[]): { resolved: string[]; final: boolean } {
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
  return { resolved, final: !!known };
}

/**
 * The columns of the resolved fields: a field that is a default column keeps
 * that column (its header, its kind); any other path is headed as typed.
 */
export function fieldColumns(fields: string[], asked: string[], defaults: Column[]): Column[] {
  return fields.map((key, i) => {
    const column = defaults.find((c) => c.key === key);
    return column ? { ...column, header: column.header ?? asked[i] } : { key, header: asked[i] };
  });
}

/** With --fields, the JSON forms keep only those paths (nested as in the API object). */
export function pick(item: unknown, fields: string[] | undefined): unknown {
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
