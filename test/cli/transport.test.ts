// How a request travels (src/client/transport.ts): a sub-second --timeout
// bounds the whole request, retries included, and a connection cut after the
// answer is not "cannot reach".
import { describe, expect, it } from 'vitest';
import { lines, withTestApi } from '../helpers.js';

describe('a sub-second --timeout', () => {
  it('fails a request answered in 300 ms, after about 0.1 s', () =>
    withTestApi({ faults: 'latency=300' }, async (slow) => {
      // Failing at all proves the limit fired before the answer came, 300 ms in.
      const r = await slow.cli(['orgs', 'list', '--timeout', '0.1', '--retries', '0']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/no answer within 0\.1 s/);
    }));

  it('is the limit of the whole request: retries do not stretch it (a hung server, 3 retries)', () =>
    withTestApi({ faults: 'hang=1' }, async (hung) => {
      const before = hung.sandbox.requestCount;
      const r = await hung.cli(['orgs', 'list', '--timeout', '0.2']);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/timed out/);
      // One try: once the limit has passed, none of the 3 retries is sent.
      expect(hung.sandbox.requestCount - before).toBe(1);
    }));

  it('still lets a request answered in time succeed', () =>
    withTestApi({ faults: 'latency=50' }, async (slow) => {
      const r = await slow.cli(['orgs', 'list', '--timeout', '0.5']);
      expect(r.code, r.stderr).toBe(0);
    }));
});

describe('messages that said the wrong thing', () => {
  it('a connection cut after the server answered is not "cannot reach"', () =>
    withTestApi({ faults: 'cut=1' }, async (cut) => {
      const r = await cut.cli(['orgs', 'list', '--retries', '0']);
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: GET \/orgs\?limit=100: the answer was cut off \(/)]);
    }));
});
