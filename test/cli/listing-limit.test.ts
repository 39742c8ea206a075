// --limit bounds (src/commands/listing.ts): 0 says "at least 1", with no huge
// number.
import { describe, expect, it } from 'vitest';
import { lines, useTestApi } from '../helpers.js';

const api = useTestApi();

/** Exit 2, one line naming the rule, nothing on stdout, no request sent. */
async function expectRefused(args: string[], rule: RegExp, env: Record<string, string | undefined> = {}): Promise<void> {
  const before = api.sandbox.requestCount;
  const r = await api.cli(args, { env });
  expect(r.code, r.stderr).toBe(2);
  expect(lines(r.stderr)).toHaveLength(1);
  expect(lines(r.stderr)[0]).toMatch(rule);
  expect(r.stdout).toBe('');
  expect(api.sandbox.requestCount).toBe(before);
}

describe('messages that said the wrong thing', () => {
  it('--limit 0 says "at least 1", with no huge number', () => expectRefused(['spaces', 'list', '--limit', '0'], /^error: --limit must be a whole number of at least 1, got "0"$/));
});
