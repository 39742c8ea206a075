// Empty values given to flags and arguments (src/commands/runner.ts): a usage
// error naming them, nothing sent.
import { describe, expect, it } from 'vitest';
import { lines, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('empty values', () => {
  it.each([
    [['spaces', 'create', '--title', ''], '--title is empty'],
    [['spaces', 'create', '--title', '   '], '--title is blank'],
    [['collections', 'create', '--title', '  '], '--title is blank'],
    [['spaces', 'update', 'S', '--title', ''], '--title is empty'],
    [['spaces', 'get', 'S', '--share-key', ''], '--share-key is empty'],
  ])('docplat %j: exit 2, nothing sent', async (args, message) => {
    const before = api.sandbox.requestCount;
    const r = await api.cli(args);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([`error: ${message}`]);
    expect(api.sandbox.requestCount).toBe(before);
  });
});
