// `docplat api` and an error answer: its body on stdout (as gh api prints it),
// the error line and the exit code on stderr as for every command.
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../helpers.js';

const api = useTestApi();

describe('api: an error answer', () => {
  it('404: the body on stdout, the error line on stderr, exit 3', async () => {
    const run = await api.cli(['api', '/spaces/nosuch']);
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toEqual({ error: { code: 404, message: 'No space with id nosuch.' } });
    expect(run.stderr).toBe('error: GET /spaces/nosuch: 404 No space with id nosuch.\n');
  });

  it('400: the body on stdout, exit 1; with --json the error object stays on stderr', async () => {
    const run = await api.cli(['api', '/orgs/{org}/spaces?limit=5000', '--json']);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as { error: { code: number } }).error.code).toBe(400);
    expect((JSON.parse(run.stderr) as { error: { exitCode: number } }).error.exitCode).toBe(1);
  });

  it('--include: the status line and headers, then the body', async () => {
    const run = await api.cli(['api', '/spaces/nosuch', '--include']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n(.+\n)+\n\{\n {2}"error"/);
  });

  it('a success prints as before, and nothing is on stderr', async () => {
    const run = await api.cli(['api', '/spaces/XMTcnou4GLQ44FZ3SWYg', '--jq', '.id']);
    expect(run).toEqual({ code: 0, stdout: 'XMTcnou4GLQ44FZ3SWYg\n', stderr: '' });
  });
});
