// Ctrl-C at a prompt (src/commands/prompt.ts, the token prompt of auth login, a
// confirmation): exit 130, nothing sent.
import { describe, expect, it } from 'vitest';
import { converse, lines, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('Ctrl-C at a prompt', () => {
  it('exits 130 with "interrupted" at the token prompt of auth login', async () => {
    const env = api.env();
    delete env.DOCPLAT_TOKEN;
    const r = await converse(['auth', 'login'], env, [[/API token/, '\x03']]);
    expect(r.code, r.screen).toBe(130);
    expect(r.screen).toMatch(/error: interrupted/);
    expect(r.screen).not.toMatch(/unexpected error|force closed/);
  });

  it('exits 130 at a confirmation, and deletes nothing', async () => {
    const env = api.env();
    const [id] = lines((await api.cli(['spaces', 'list', '--limit', '1', '--fields', 'id'])).stdout);
    const before = api.sandbox.requestCount;
    const r = await converse(['spaces', 'delete', id], env, [[/Delete space/, '\x03']]);
    expect(r.code, r.screen).toBe(130);
    expect(r.screen).toMatch(/error: interrupted/);
    // Only the read that names the space in the question.
    expect(api.sandbox.requestCount).toBe(before + 1);
    expect((await api.cli(['spaces', 'get', id, '--fields', 'deletedAt'])).stdout.trim()).toBe('');
  });
});
