// The bounds of src/api/limits.ts at their edges: nesting depth (exactly 512
// levels pass, 513 do not, 100,000 are measured without recursion trouble)
// and what one path segment is.
import { describe, expect, it } from 'vitest';
import { deeperThan, MAX_DEPTH, MAX_ID_LENGTH, segmentProblem } from '../../src/api/limits.js';

const nested = (levels: number, open = '[', close = ']') => JSON.parse(open.repeat(levels) + close.repeat(levels));

describe('deeperThan', () => {
  it('holds at the bound and refuses one level more, for arrays and objects', () => {
    expect(deeperThan(nested(MAX_DEPTH))).toBe(false);
    expect(deeperThan(nested(MAX_DEPTH + 1))).toBe(true);
    const objects = (levels: number) => JSON.parse('{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1));
    expect(deeperThan(objects(MAX_DEPTH))).toBe(false);
    expect(deeperThan(objects(MAX_DEPTH + 1))).toBe(true);
    expect(deeperThan({ a: [1, 2, { b: 'c' }], d: null })).toBe(false);
    expect(deeperThan('text')).toBe(false);
    expect(deeperThan(null)).toBe(false);
  });

  it('measures 100,000 levels', () => {
    expect(deeperThan(nested(100_000))).toBe(true);
  });
});

describe('segmentProblem', () => {
  it.each([
    ['', /empty/],
    [' ', /blank/],
    ['.', /cannot be "\."/],
    ['..', /cannot be "\.\."/],
    ['%2E%2E', /cannot be "\.\."/],
    ['%2e.', /cannot be "\.\."/],
    ['a/b', /slash/],
    ['a%2Fb', /slash/],
    ['a%5Cb', /slash/],
    ['a\\b', /slash/],
    ['a\u0000b', /control/],
    ['a%0Ab', /control/],
    ['a\u009bb', /control/],
    ['x'.repeat(MAX_ID_LENGTH + 1), /longer than 512/],
  ])('refuses %j', (value, rule) => {
    expect(segmentProblem(value)).toMatch(rule);
  });

  it.each(['abc', '...', '.a', 'a.', '..a', "ü:@!$'()*", '%41', '%', '100%', 'x'.repeat(MAX_ID_LENGTH)])('accepts %j', (value) => {
    expect(segmentProblem(value)).toBeNull();
  });
});
