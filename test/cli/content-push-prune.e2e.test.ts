// content push --prune on a real terminal: the deletes (and every page that
// goes with them) are listed and asked; "no" sends nothing (exit 2).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flat, spaceId } from '../content-helpers.js';
import { converse, tempDir, withTestApi } from '../helpers.js';

describe('content push --prune on a terminal', () => {
  it('lists the deletes with the pages they take, and asks; "no" sends nothing', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const folder = tempDir();
      try {
        const src = join(folder, 'docs');
        expect((await api.cli(['content', 'export', id, '--dest', src])).code).toBe(0);
        const summary = join(src, 'SUMMARY.md');
        // Drop "Getting started" and everything under it (4 pages).
        writeFileSync(summary, readFileSync(summary, 'utf8').split('\n').filter((l) => !/getting-started/.test(l)).join('\n'));
        const tree = async () => flat(JSON.parse((await api.cli(['pages', 'list', id, '--json'])).stdout));
        const before = await tree();
        const requests = api.sandbox.requestCount;
        const no = await converse(['content', 'push', id, '--src', src, '--prune'], api.env(), [[/Delete from space \w+: 1 page, and with them 4 pages\?/, 'n\r']]);
        expect(no.screen).toContain('delete page getting-started');
        expect(no.screen).toContain('and with it page getting-started/installation/macos');
        expect(no.code).toBe(2);
        expect(api.sandbox.requestCount).toBeGreaterThan(requests);
        expect(await tree()).toEqual(before);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }));
});
