// Ids given as app URLs (src/api/app-urls.ts) in arguments, id flags and ids
// from stdin, and --web opening urls.app.
import { describe, expect, it } from 'vitest';
import { lines, spaceIds, until, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('ids as app URLs, and --web', () => {
  it('an app URL is accepted where an id is asked for: arguments, id flags, ids from stdin', async () => {
    const [id] = await spaceIds(api, 1);
    const space = JSON.parse((await api.cli(['spaces', 'get', id, '--json'])).stdout);
    const byUrl = await api.cli(['spaces', 'get', space.urls.app, '--fields', 'id']);
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(lines(byUrl.stdout)).toEqual([id]);
    const collection = JSON.parse((await api.cli(['collections', 'create', '--title', 'By URL', '--json'])).stdout);
    const created = await api.cli(['spaces', 'create', '--title', 'In it', '--collection', collection.urls.app, '--json']);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).parent).toBe(collection.id);
    const dry = await api.cli(['spaces', 'delete', '-', '--dry-run'], { input: `${space.urls.app}\n${id}\n` });
    expect(lines(dry.stdout)).toEqual([`DELETE ${api.sandbox.url}/spaces/${id}`]);
    const wrong = await api.cli(['spaces', 'get', collection.urls.app]);
    expect(wrong.code).toBe(2);
    expect(lines(wrong.stderr)).toEqual([`error: "${collection.urls.app}" is not the app URL of a space (expected …/s/<id>/)`]);
  });

  it('--web opens urls.app with $BROWSER, and prints it under CI', async () => {
    const [id] = await spaceIds(api, 1);
    const space = JSON.parse((await api.cli(['spaces', 'get', id, '--json'])).stdout);
    const ci = await api.cli(['spaces', 'get', id, '--web'], { env: { CI: 'true' } });
    expect(ci.code, ci.stderr).toBe(0);
    expect(ci.stdout).toBe(`${space.urls.app}\n`);
    const { existsSync, mkdtempSync, readFileSync, writeFileSync, chmodSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'docplat-web-'));
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\necho "$1" > "${join(dir, 'opened')}"\n`);
    chmodSync(browser, 0o755);
    const opened = await api.cli(['spaces', 'get', id, '--web'], { env: { BROWSER: browser, CI: '' } });
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.stderr).toContain(`Opening ${space.urls.app} in your browser.`);
    await until(() => existsSync(join(dir, 'opened')) && readFileSync(join(dir, 'opened'), 'utf8').endsWith('\n'));
    expect(readFileSync(join(dir, 'opened'), 'utf8').trim()).toBe(space.urls.app);
  });
});
