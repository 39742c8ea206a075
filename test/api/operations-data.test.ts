// The operation table is data: the build (bin/build.mjs) runs
// src/api/operations/table.ts once and puts the table it made in the bundles
// as JSON parsed when each operation is first used, and an assignment per
// RegExp. It holds only plain objects, arrays, primitives and RegExps, and
// the bundles' table is the source's (the sandbox's too: it routes by the
// same table).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/api/operations/index.js';
import { ROOT } from '../helpers.js';

/** The table as the bundles rebuild it: properties whose value is undefined are absent (JSON has no undefined). */
const withoutUndefined = (value: unknown): unknown =>
  value instanceof RegExp
    ? value
    : Array.isArray(value)
      ? value.map(withoutUndefined)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, withoutUndefined(v)]))
        : value;

describe('the operation table', () => {
  it('holds plain objects, arrays, primitives and RegExps only', () => {
    const odd: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') odd.push(`${path}: ${typeof value}`);
      else if (value !== null && typeof value === 'object' && !(value instanceof RegExp)) {
        const proto = Object.getPrototypeOf(value) as object | null;
        if (proto !== Object.prototype && proto !== Array.prototype) odd.push(`${path}: ${proto?.constructor?.name}`);
        for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
      }
    };
    walk(OPERATIONS, 'OPERATIONS');
    expect(odd).toEqual([]);
  });

  it("in dist/main.cjs is the source's, its keys in the same order, RegExps included", () => {
    const main = join(ROOT, 'dist', 'main.cjs');
    const core = (createRequire(main)(main) as { __core: Record<string, () => { OPERATIONS: unknown }> }).__core;
    const built = core['src/api/operations/index.ts']().OPERATIONS;
    expect(Object.keys(built as object)).toEqual(Object.keys(OPERATIONS));
    expect(built).toEqual(withoutUndefined(OPERATIONS));
    const patterns = (table: unknown) => JSON.stringify(table, (_, v: unknown) => (v instanceof RegExp ? `RegExp ${String(v)}` : v));
    expect(patterns(built)).toBe(patterns(OPERATIONS));
    expect(patterns(built)).toMatch(/RegExp \/\^\[a-z0-9_-\]\+\$\//);
  });
});
