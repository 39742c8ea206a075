// A share link's key given on the command line is sent, and never shown:
// --dry-run and --debug print the URL of the request with the key as ***,
// as the operation that takes it declares (the client's send() of a built
// request, and the dry run, read the same declaration).
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers.js';

const api = useTestApi();

describe('masked query parameters in --dry-run and --debug', () => {
  it.each([
    ['spaces get', ['spaces', 'get', 'S1']],
    ['sites published', ['sites', 'published', 'X1']],
    ['sections list', ['sections', 'list', '--site', 'X1']],
  ])('%s --share-key', async (_, args) => {
    const dry = await api.cli([...args, '--share-key', 'sekrit-key-42', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('shareKey=***');
    expect(dry.stdout + dry.stderr).not.toContain('sekrit-key-42');
    const debug = await api.cli(['--debug', ...args, '--share-key', 'sekrit-key-42']);
    expect(debug.stderr).toMatch(/^debug: > GET \S+shareKey=\*\*\*/m);
    expect(debug.stdout + debug.stderr).not.toContain('sekrit-key-42');
  });
});
