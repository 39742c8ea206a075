// The delete gate (src/commands/deletes.ts): what a plan deletes is counted
// with its cascades, each resource once; more than half of a kind (or all
// of it, in its scope) needs --allow-mass-delete; any delete needs --yes
// off a terminal; the permit lets through the deletes listed, no other.
import { describe, expect, it } from 'vitest';
import { deleteLines, describeDeletes, gateDeletes, massDeletes, massNote, type DeletePlan } from '../../src/commands/deletes.js';
import { testContext } from './runner/context.js';

const collections = (n: number, total: number, spaces = 0): DeletePlan => ({
  deletes: Array.from({ length: n }, (_, i) => ({
    kind: 'collection', what: `C${i}`, id: `c${i}`,
    cascades: i === 0 ? Array.from({ length: spaces }, (_, j) => ({ kind: 'space', what: `S${j}`, id: `s${j}` })) : [],
  })),
  totals: { collection: total, space: 10 },
});

describe('the mass-delete rule', () => {
  it('half of a kind is not a mass delete; more than half, or all, is; cascades count in their kind', () => {
    expect(massDeletes(collections(2, 4))).toEqual([]);
    expect(massDeletes(collections(3, 4))).toEqual([{ kind: 'collection', scope: undefined, count: 3, total: 4 }]);
    expect(massDeletes(collections(1, 1))).toEqual([{ kind: 'collection', scope: undefined, count: 1, total: 1 }]);
    expect(massDeletes(collections(1, 4, 6))).toEqual([{ kind: 'space', scope: undefined, count: 6, total: 10 }]);
    expect(massNote(collections(1, 4, 10))).toBe('deletes 10 of 10 spaces (all of them): more than half, which needs --allow-mass-delete');
    // A kind without a total is not checked.
    expect(massDeletes({ deletes: [{ kind: 'file', what: 'a' }], totals: {} })).toEqual([]);
  });

  it('a resource listed twice, or both listed and cascaded, counts once', () => {
    const plan: DeletePlan = {
      deletes: [
        { kind: 'page', what: 'a', id: 'p1', cascades: [{ kind: 'page', what: 'a/b', id: 'p2' }] },
        { kind: 'page', what: 'a/b', id: 'p2' },
      ],
      totals: { page: 4 },
    };
    expect(massDeletes(plan)).toEqual([]);
    expect(describeDeletes(plan)).toBe('2 pages');
  });

  it('a scope counts apart: all the files of one space folder is a mass delete, whatever the others hold', () => {
    const plan: DeletePlan = {
      deletes: [{ kind: 'file', what: 'a/x.md', scope: 'a' }, { kind: 'file', what: 'a/y.md', scope: 'a' }, { kind: 'file', what: 'b/x.md', scope: 'b' }],
      totals: { 'file in a': 2, 'file in b': 10 },
    };
    expect(massDeletes(plan)).toEqual([{ kind: 'file', scope: 'a', count: 2, total: 2 }]);
    expect(massNote(plan)).toBe('deletes 2 of 2 files in a (all of them): more than half, which needs --allow-mass-delete');
  });

  it('describes and lists each delete with what goes with it', () => {
    expect(describeDeletes(collections(2, 9, 3))).toBe('2 collections, and with them 3 spaces');
    expect(deleteLines(collections(1, 9, 2))).toEqual(['delete collection C0 (c0)', '  and with it space S0 (s0)', '  and with it space S1 (s1)']);
  });
});

describe('gateDeletes', () => {
  it('refuses a mass delete without --allow-mass-delete, before asking (exit 2)', async () => {
    const { ctx } = testContext(undefined, { yes: true });
    await expect(gateDeletes(ctx, collections(3, 4))).rejects.toMatchObject({ exitCode: 2, message: 'the run deletes 3 of 4 collections: more than half, which needs --allow-mass-delete; nothing was changed' });
    await gateDeletes(ctx, collections(3, 4), { allowMassDelete: true });
  });

  it('needs --yes off a terminal for any delete, and for the run\'s own question; none without deletes or question', async () => {
    const { ctx } = testContext();
    await expect(gateDeletes(ctx, collections(1, 4, 2), { where: 'in org1' })).rejects.toThrow('Delete in org1: 1 collection, and with them 2 spaces: needs confirmation; pass --yes when not on a terminal');
    await expect(gateDeletes(ctx, collections(1, 4), { question: 'Apply 3 changes' })).rejects.toThrow('Apply 3 changes, deleting 1 collection: needs confirmation');
    await expect(gateDeletes(ctx, collections(0, 4), { question: 'Apply 3 changes' })).rejects.toThrow('Apply 3 changes: needs confirmation');
    await gateDeletes(ctx, collections(0, 4));
  });

  it('the permit lets through the deletes listed, by id or by name, and refuses any other (exit 1)', async () => {
    const { ctx } = testContext(undefined, { yes: true });
    const permit = await gateDeletes(ctx, collections(2, 9, 3));
    permit.check('collection', 'c1');
    permit.check('collection', 'C1');
    expect(permit.allows('space', 's0')).toBe(false);
    expect(() => permit.check('collection', 'c7')).toThrow(expect.objectContaining({ exitCode: 1, message: 'refusing to delete collection c7: the plan did not list it' }));
  });
});
