// Error lines (src/errors.ts): an API error message with control characters is
// shown escaped.
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers.js';

const api = useTestApi();

describe('error lines', () => {
  it('an API error message with control characters is shown escaped', async () => {
    const r = await api.cli(['spaces', 'get', 'no\x1b[2Jpe']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\x1b/);
    expect(r.stderr).toContain('\\x1b[2J');
  });
});
