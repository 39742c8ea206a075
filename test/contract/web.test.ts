// Contract over the command manifest: every command that reads one resource
// the app shows has --web, and --web opens (under CI: prints) that resource's
// own `urls.app`, whatever road the command takes (declared or hand-written).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest.js';
import { ROOT, useTestApi } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;
const api = useTestApi();

describe('--web', () => {
  it('is on the get of every resource with an app URL, and prints that URL under CI', async () => {
    const json = async (args: string[]) => JSON.parse((await api.cli([...args, '--json'])).stdout);
    const space = (await json(['spaces', 'list']))[0].id as string;
    const known: Record<string, string> = {
      spaceId: space,
      collectionId: (await json(['collections', 'list']))[0].id,
      siteId: (await json(['sites', 'list']))[0].id,
      pageId: (await json(['pages', 'list', space]))[0].id,
      slug: (await json(['openapi', 'list']))[0].slug,
      integration: (await json(['integrations', 'list']))[0].name,
      organizationId: api.sandbox.defaultOrg!,
      orgId: api.sandbox.defaultOrg!,
    };
    const gets = manifest.groups.flatMap((g) => g.commands.filter((c) => c.name === 'get').map((c) => ({ group: g.name, c })));
    const web = gets.filter(({ c }) => c.flags.some((f) => f.long === '--web'));
    // The resources the API reference gives `urls.app`: collection, space, site, page, OpenAPI spec, integration, a revision (content).
    expect(web.map((w) => w.group)).toEqual(expect.arrayContaining(['collections', 'spaces', 'sites', 'pages', 'openapi', 'integrations', 'content']));
    for (const { group, c } of gets) {
      const hasWeb = c.flags.some((f) => f.long === '--web');
      const args = c.args.map((a) => known[a.name]);
      if (!hasWeb || args.some((a) => a === undefined)) continue;
      const resource = await json([group, 'get', ...args]);
      const r = await api.cli([group, 'get', ...args, '--web'], { env: { CI: 'true' } });
      expect(r.code, `${group} get: ${r.stderr}`).toBe(0);
      expect(r.stdout.trim(), `${group} get --web`).toBe(resource.urls.app);
    }
  });
});

describe('--web with a hostile API', () => {
  it('refuses an app URL with control characters: it is never printed or opened', async () => {
    const { startPoisonProxy } = await import('../poison.js');
    const proxy = await startPoisonProxy(api.sandbox.url);
    try {
      const space = JSON.parse((await api.cli(['spaces', 'list', '--limit', '1', '--json'])).stdout)[0].id as string;
      const r = await api.cli(['spaces', 'get', space, '--web'], { env: { CI: 'true', DOCPLAT_API_URL: proxy.url } });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: the API gave an app URL that is not one: https:\/\/\S+#\\x1b\]52/m);
    } finally {
      await proxy.close();
    }
  });
});
