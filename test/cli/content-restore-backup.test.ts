// What a backup records for a restore: content export's manifest holds the
// space's settings, its collection path, the revision exported, every page
// of the tree with its metadata (groups and link pages too), and each file's
// SHA-256 (the bytes written); export --all-spaces records the collections.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, useTestApi } from '../helpers.js';
import { flat, spaceId } from '../content-helpers.js';

const api = useTestApi();
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const get = async (path: string) => (await fetch(api.sandbox.url + path, { headers: { authorization: `Bearer ${api.sandbox.token}` } })).json();

describe('a backup records what a restore needs', () => {
  it('content export: settings, collection path, revision, the tree with metadata, every file hash', async () => {
    const id = await spaceId(api, 'Getting Started');
    const r = await api.cli(['content', 'export', id, '--dest', join(dir, 'one')]);
    expect(r.code, r.stderr).toBe(0);
    const m = json(join(dir, 'one', '.docplat-export.json'));
    const space = await get(`/spaces/${id}`);
    expect(m.backup.settings).toEqual({ title: space.title, emoji: space.emoji ?? null, editMode: space.editMode ?? null, defaultLevel: space.defaultLevel ?? null, visibility: space.visibility });
    expect(m.backup.revision).toBe(space.revision);
    expect(m.backup.organization).toBe(space.organization);
    const path: string[] = [];
    for (let c = space.parent; c; ) {
      const collection = await get(`/collections/${c}`);
      path.unshift(collection.title);
      c = collection.parent;
    }
    expect(path.length).toBeGreaterThan(1);
    expect(m.backup.collection).toEqual({ id: space.parent, path });
    const tree = flat((await get(`/spaces/${id}/content/pages`)).pages);
    expect(m.backup.tree.map((p: { id: string; type: string }) => [p.id, p.type])).toEqual(tree.map((p) => [p.id, p.type]));
    expect(m.backup.tree.find((p: { type: string }) => p.type === 'link').href).toMatch(/^https:/);
    for (const f of Object.values(m.files) as { path: string; sha256: string }[]) {
      expect(f.sha256).toBe(createHash('sha256').update(readFileSync(join(dir, 'one', f.path))).digest('hex'));
    }
  });

  it('content export --all-spaces: the collections, and each space its own record', async () => {
    const r = await api.cli(['content', 'export', '--all-spaces', '--dest', join(dir, 'all')]);
    expect(r.code, r.stderr).toBe(0);
    const top = json(join(dir, 'all', '.docplat-export-all.json'));
    const collections = (await get(`/orgs/${api.sandbox.defaultOrg}/collections?limit=1000`)).items;
    expect(top.collections.map((c: { id: string }) => c.id).sort()).toEqual(collections.map((c: { id: string }) => c.id).sort());
    const [spaceIdOf, entry] = Object.entries(top.spaces).find(([, e]) => (e as { path: string }).path.includes('/'))! as [string, { path: string }];
    const m = json(join(dir, 'all', entry.path, '.docplat-export.json'));
    const space = await get(`/spaces/${spaceIdOf}`);
    expect(m.backup.settings.title).toBe(space.title);
    expect(m.backup.collection.id).toBe(space.parent);
    expect(m.backup.revision).toBe(space.revision);
  });
});
