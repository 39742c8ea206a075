// collections: list, get, create, update, delete, spaces, move, transfer.
import { describe, expect, it } from 'vitest';
import { lines, useTestApi } from '../helpers.js';

const api = useTestApi();

const json = (r: { stdout: string }) => JSON.parse(r.stdout);

describe('collections', () => {
  it('lists nested collections by default, only top-level ones with --no-nested', async () => {
    const all = json(await api.cli(['collections', 'list', '--json']));
    const top = json(await api.cli(['collections', 'list', '--no-nested', '--json']));
    expect(all.length).toBeGreaterThan(top.length);
    for (const c of top) expect(c.parent).toBeUndefined();
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
