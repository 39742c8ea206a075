// The machinery of the bad-input tables (bad-input*.test.ts): each case
// exits 2 with one line that names the flag (or argument) and the rule, and
// the sandbox receives no request (or only the reads a case declares, such as
// `custom-fields set` reading the field definitions it checks values against).
import { expect, it } from 'vitest';
import { lines, type TestApi } from '../helpers.js';

export interface BadInputOptions {
  /** All of stdin. */
  input?: string;
  /** Requests the command may make before refusing (reads only: the value it checks against). */
  reads?: number;
}

/** [args, what the message must mention, options]. */
export type BadInputCase = [string[], RegExp, BadInputOptions?];

export const long = (n: number, c = 'x') => c.repeat(n);

/** One test per case. */
export function badInputTests(api: TestApi, cases: BadInputCase[]): void {
  for (const [args, rule, opts = {}] of cases) {
    it(`docplat ${args.map((a) => (a.length > 20 ? a.slice(0, 8) + '…' : a)).join(' ')}`, async () => {
      const before = api.sandbox.requestCount;
      const r = await api.cli(args, opts.input === undefined ? undefined : { input: opts.input });
      expect(r.code, r.stderr).toBe(2);
      const errLines = lines(r.stderr).filter((l) => l.startsWith('error: '));
      expect(errLines).toHaveLength(1);
      expect(errLines[0]).toMatch(rule);
      expect(r.stdout).toBe('');
      expect(api.sandbox.requestCount).toBe(before + (opts.reads ?? 0));
    });
  }
}
