// Messages of the runner's checks (src/commands/runner.ts): an enum flag with a
// null word lists it among the allowed values.
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
  it('an enum flag with a null word lists it among the allowed values', () =>
    expectRefused(['spaces', 'update', 'S', '--default-level', 'bogus'], /--default-level must be one of admin, create, review, edit, comment, read, none \(got "bogus"\)$/));

});
