// The bad-input table's machinery, for test/cli/bad-input*.test.ts: every
// case exits 2 with one line that names the flag (or argument) and the rule,
// prints nothing on stdout, and the sandbox receives no request.
import { expect, it } from 'vitest';
import { lines, type TestApi } from '../helpers.js';

/** A bad-input case: the arguments, what the one error line must say, and stdin if any. */
export type BadInput = [args: string[], rule: RegExp, opts?: { input?: string }];

/** One test per case. */
export function badInputTests(api: TestApi, cases: BadInput[]): void {
  for (const [args, rule, opts] of cases) {
    it(`docplat ${args.map((a) => (a.length > 20 ? a.slice(0, 8) + '…' : a)).join(' ')}`, async () => {
      const before = api.sandbox.requestCount;
      const r = await api.cli(args, opts);
      expect(r.code, r.stderr).toBe(2);
      const errLines = lines(r.stderr).filter((l) => l.startsWith('error: '));
      expect(errLines).toHaveLength(1);
      expect(errLines[0]).toMatch(rule);
      expect(r.stdout).toBe('');
      expect(api.sandbox.requestCount).toBe(before);
    });
  }
}
