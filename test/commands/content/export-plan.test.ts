// The planners of content export as units: planExport (export.ts: each page
// and file with its path, kept, moved or fetched, and what is stale) and
// planAll (export-all.ts: each space's folder, unchanged or exported again,
// renamed, gone). Page trees and space lists are given as data; planExport
// looks at the folder only for whether a recorded file is still there.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planAll, type AllManifest, type ApiCollection, type ApiSpace } from '../../../src/commands/content/export-all.js';
import { newManifest } from '../../../src/commands/content/export-folder.js';
import { planExport, type Manifest } from '../../../src/commands/content/export.js';
import type { ApiPage } from '../../../src/commands/content/shared.js';
import { tempDir } from '../../helpers.js';

const root = tempDir('docplat-export-plan-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(rel: string, text = 'x'): void {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const page = (id: string, path: string, updatedAt: string, pages?: ApiPage[], type = 'document'): ApiPage => ({ id, title: id, path, updatedAt, type, ...(pages ? { pages } : {}) });

const TREE = [
  page('intro', 'intro', 't1'),
  page('guide', 'guide', 't1', [page('setup', 'guide/setup', 't2')]),
  page('group', 'group', 't1', [page('inside', 'group/inside', 't1')], 'group'),
  page('link', 'link', 't1', undefined, 'link'),
];
const FILES = [{ id: 'f1', name: 'logo.png', size: 3 }];

const shape = (items: Awaited<ReturnType<typeof planExport>>['items']) => items.map((i) => `${i.id} ${i.action} ${i.path}${i.from ? ` from ${i.from}` : ''}`);

describe('planExport', () => {
  it('a first export fetches every document page (README.md for one with children) and file (under .gitbook/assets); groups and links have no file', async () => {
    const { items, paths, stale } = await planExport(root, TREE, FILES, undefined);
    expect(shape(items)).toEqual(['intro fetch intro.md', 'guide fetch guide/README.md', 'setup fetch guide/setup.md', 'inside fetch group/inside.md', 'f1 fetch .gitbook/assets/logo.png']);
    expect(paths.get('guide')).toBe('guide/README.md');
    expect(stale).toEqual([]);
  });

  it('a re-run keeps what is unchanged and there, moves what only changed path, fetches what changed or is missing, and names what is gone; a page whose links would change is written again', async () => {
    const old: Manifest = newManifest({ spaceId: 'S1' });
    old.pages = {
      intro: { sha256: 'h', deps: [], path: 'intro.md', updatedAt: 't1', bytes: 1 },
      guide: { sha256: 'h', deps: [], path: 'old-guide/README.md', updatedAt: 't1', bytes: 1 },
      setup: { sha256: 'h', deps: [], path: 'guide/setup.md', updatedAt: 't1', bytes: 1 },
      inside: { sha256: 'h', deps: [], path: 'group/inside.md', updatedAt: 't1', bytes: 1 },
      gone: { sha256: 'h', deps: [], path: 'gone.md', updatedAt: 't1', bytes: 1 },
    };
    old.files = { f1: { path: '.gitbook/assets/logo.png', name: 'logo.png', size: 3 } };
    for (const rel of ['intro.md', 'old-guide/README.md', 'guide/setup.md', 'gone.md', '.gitbook/assets/logo.png']) put(rel);
    // group/inside.md was removed here: fetched again.
    const { items, stale } = await planExport(root, TREE, FILES, old);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get('intro')!.action).toBe('keep');
    expect(byId.get('guide')).toMatchObject({ action: 'move', from: 'old-guide/README.md', path: 'guide/README.md' });
    expect(byId.get('setup')!.action).toBe('fetch');
    expect(byId.get('inside')!.action).toBe('fetch');
    expect(byId.get('f1')!.action).toBe('keep');
    expect(stale).toEqual(['gone.md']);
    // A page kept whose link would change (it links to the page that moved) is written again.
    old.pages.intro.deps = ['guide'];
    expect((await planExport(root, TREE, FILES, old)).items.find((i) => i.id === 'intro')!.action).toBe('fetch');
    // A file of another size is fetched again.
    const bigger = await planExport(root, TREE, [{ ...FILES[0], size: 4 }], old);
    expect(bigger.items.find((i) => i.id === 'f1')!.action).toBe('fetch');
  });

  it('two pages at one path get two files; no file takes the name of a folder, nor SUMMARY.md', async () => {
    const tree = [page('a', 'same', 't1'), page('b', 'same', 't1'), page('c', 'summary', 't1'), page('d', 'dir', 't1'), page('e', 'dir.md', 't1', [page('f', 'dir.md/x', 't1')])];
    const { items } = await planExport(root, [...tree, page('s', 'SUMMARY', 't1')], [], undefined);
    const paths = items.map((i) => i.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).not.toContain('summary.md');
    expect(items.find((i) => i.id === 'f')!.path).toBe('dir.md/x.md');
    expect(items.find((i) => i.id === 'd')!.path).not.toBe('dir.md');
  });
});

describe('planAll', () => {
  const collections: ApiCollection[] = [
    { id: 'c1', title: 'Eng', parent: null },
    { id: 'c2', title: 'Back End', parent: 'c1' },
    { id: 'c3', title: 'Sales', parent: null },
  ];
  const spaces: ApiSpace[] = [
    { id: 's1', title: 'API Guide', parent: 'c2', revision: 'r1' },
    { id: 's2', title: 'Handbook', parent: null, revision: 'r5' },
    { id: 's3', title: 'Deals', parent: 'c3', revision: 'r1' },
    { id: 's4', title: 'handbook', parent: null, revision: 'r1' },
  ];

  it("puts each space under its collections' titles, its own folder a slug of its title, two slugs never one folder", () => {
    const { plan, gone } = planAll(root, undefined, spaces, collections, undefined);
    const paths = plan.map((p) => p.path);
    expect(paths.slice(0, 3)).toEqual(['Eng/Back End/api-guide', 'handbook', 'Sales/deals']);
    expect(paths[3]).not.toBe('handbook');
    expect(plan.every((p) => !p.unchanged)).toBe(true);
    expect(gone).toEqual([]);
  });

  it('--collection: the spaces of it and of the collections nested in it', () => {
    expect(planAll(root, undefined, spaces, collections, 'c1').plan.map((p) => p.space.id)).toEqual(['s1']);
    expect(planAll(root, undefined, spaces, collections, 'c2').plan.map((p) => p.space.id)).toEqual(['s1']);
  });

  it('a re-run: a space at the revision exported is unchanged, a renamed one keeps its folder, one gone is named; a hostile path recorded is not kept', () => {
    const old: AllManifest = {
      format: 'docplat-export-all/1',
      organization: 'O',
      collection: null,
      spaces: {
        s1: { path: 'Eng/Back End/api-guide', title: 'API Guide', revision: 'r1' },
        s2: { path: 'handbook', title: 'Staff Handbook', revision: 'r4' },
        s3: { path: '../outside', title: 'Deals', revision: 'r1' },
        s9: { path: 'old', title: 'Old', revision: 'r1' },
      },
    };
    const { plan, gone } = planAll(root, old, spaces, collections, undefined);
    const byId = new Map(plan.map((p) => [p.space.id, p]));
    expect(byId.get('s1')).toMatchObject({ path: 'Eng/Back End/api-guide', unchanged: true, renamed: undefined });
    expect(byId.get('s2')).toMatchObject({ path: 'handbook', unchanged: false, renamed: 'Staff Handbook' });
    expect(byId.get('s3')).toMatchObject({ path: 'Sales/deals', unchanged: false });
    expect(byId.get('s4')!.path).not.toBe('handbook');
    expect(gone.map(([id]) => id)).toEqual(['s9']);
  });
});
