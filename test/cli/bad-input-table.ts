// The table machinery of the bad-input tests: each case exits 2 with one
// `error:` line that matches its rule, prints nothing on stdout, and sends
// no request to the sandbox.
import { expect, it } from 'vitest';
import { lines, type TestApi } from '../helpers.js';

/** [args, what the message must mention] */
export type BadInput = [string[], RegExp];

export function badInputCases(api: TestApi, cases: BadInput[], opts: { input?: string } = {}): void {
  for (const [args, rule] of cases) {
    it(`docplat ${args.map((a) => (a.length > 20 ? a.slice(0, 8) + '…' : a)).join(' ')}`, async () => {
      const before = api.sandbox.requestCount;
      const r = await api.cli(args, { input: opts.input });
      expect(r.code, r.stderr).toBe(2);
      const errLines = lines(r.stderr).filter((l) => l.startsWith('error: '));
      expect(errLines).toHaveLength(1);
      expect(errLines[0]).toMatch(rule);
      expect(r.stdout).toBe('');
      expect(api.sandbox.requestCount).toBe(before);
    });
  }
}
