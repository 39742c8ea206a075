// collections: list, get, create, update, delete, spaces, move, transfer.
import { describe, expect, it } from 'vitest';
import { lines, tsv, useTestApi, withTestApi } from '../helpers.js';

const api = useTestApi();

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

interface Collection {
  id: string;
  title: string;
  parent?: string;
}

describe('collections', () => {
  it('lists nested collections by default, only top-level ones with --no-nested', async () => {
    // The demo seed as it starts: Guides, Advanced, API and Runbooks are nested.
    await withTestApi({}, async (demo) => {
      const all: Collection[] = json(await demo.cli(['collections', 'list', '--json']));
      const top: Collection[] = json(await demo.cli(['collections', 'list', '--no-nested', '--json']));
      expect(all.map((c) => c.title)).toEqual(['Product', 'Guides', 'Advanced', 'API', 'Engineering', 'Runbooks', 'Archive']);
      expect(top.map((c) => c.title)).toEqual(['Product', 'Engineering', 'Archive']);
      expect(top).toEqual(all.filter((c) => c.parent === undefined));
      const advanced = all.find((c) => c.title === 'Advanced')!;
      expect(advanced.parent).toBe(all.find((c) => c.title === 'Guides')!.id);
      // the same in TSV
      const rows = tsv((await demo.cli(['collections', 'list', '--no-nested', '--fields', 'id,title,parent'])).stdout);
      expect(rows).toEqual(top.map((c) => [c.id, c.title, '']));
    });
  });

  it('creates, updates, moves and deletes a collection', async () => {
    const parent = json(await api.cli(['collections', 'create', '--title', 'Guides', '--json']));
    const child = json(await api.cli(['collections', 'create', '--title', 'How-tos', '--parent', parent.id, '--json']));
    expect(child.parent).toBe(parent.id);
    const upd = await api.cli(['collections', 'update', child.id, '--description', 'Short recipes', '--default-level', 'read', '--json']);
    expect(upd.code, upd.stderr).toBe(0);
    expect(json(upd)).toMatchObject({ description: 'Short recipes', defaultLevel: 'read' });
    const bad = await api.cli(['collections', 'update', child.id, '--description', 'd'.repeat(101)]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--description must be at most 100 characters/);
    const badRole = await api.cli(['collections', 'update', child.id, '--default-level', 'owner']);
    expect(badRole.code).toBe(2);
    const moved = await api.cli(['collections', 'move', child.id, '--root', '--json']);
    expect(moved.code, moved.stderr).toBe(0);
    expect(json(moved).parent).toBeUndefined();
    const dry = await api.cli(['collections', 'delete', child.id, '--dry-run']);
    expect(dry.stdout.trim()).toBe(`DELETE ${api.sandbox.url}/collections/${child.id}`);
    const del = await api.cli(['collections', 'delete', child.id, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stdout).toBe('');
    const gone = await api.cli(['collections', 'get', child.id]);
    expect(gone.code).toBe(3);
  });

  it('lists the spaces of a collection and transfers it', async () => {
    const all = json(await api.cli(['collections', 'list', '--json']));
    let withSpaces: { id: string } | undefined;
    for (const c of all) {
      const r = await api.cli(['collections', 'spaces', c.id, '--fields', 'id']);
      if (lines(r.stdout).length) {
        withSpaces = c;
        break;
      }
    }
    expect(withSpaces).toBeDefined();
    const orgs = json(await api.cli(['orgs', 'list', '--json']));
    const other = orgs.find((o: { id: string }) => o.id !== api.sandbox.defaultOrg);
    const created = json(await api.cli(['collections', 'create', '--title', 'Outbound', '--json']));
    // The demo user only edits in the other organization: 403, exit 4.
    const refused = await api.cli(['collections', 'transfer', created.id, '--to-org', other.id]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/403/);
    const theirs = json(await api.cli(['collections', 'list', '--org', other.id, '--json']));
    expect(theirs.length).toBeGreaterThan(0);
    const t = await api.cli(['collections', 'transfer', theirs[0].id, '--to-org', api.sandbox.defaultOrg!, '--json']);
    expect(t.code, t.stderr).toBe(0);
    expect(json(t).organization).toBe(api.sandbox.defaultOrg);
  });

  it('title is required and bounded', async () => {
    const before = api.sandbox.requestCount;
    expect((await api.cli(['collections', 'create'])).code).toBe(2);
    const r = await api.cli(['collections', 'create', '--title', 't'.repeat(51)]);
    expect(r.code).toBe(2);
    expect(api.sandbox.requestCount).toBe(before);
  });
});

describe('collections default level on a terminal', () => {
  it('no default level reads "none", as for spaces (the word --default-level takes); TSV keeps it empty', async () => {
    const made = JSON.parse((await api.cli(['collections', 'create', '--title', 'Levelless', '--json'])).stdout);
    await api.cli(['collections', 'update', made.id, '--default-level', 'none']);
    const shown = await api.cli(['collections', 'get', made.id], { stdoutTTY: true });
    expect(lines(shown.stdout)).toContain('Default level  none');
    const listed = await api.cli(['collections', 'list', '--fields', 'id,defaultLevel', '--output', 'table']);
    expect(lines(listed.stdout).find((l) => l.startsWith(made.id))).toMatch(/ none$/);
    const piped = await api.cli(['collections', 'get', made.id]);
    expect(lines(piped.stdout)).toContain('defaultLevel\t');
  });
});
