// The organization planner (src/commands/org/plan.ts's makePlan) as a unit:
// a parsed file against a live organization given as data, no server. What
// apply runs comes from here: the changes, the order they follow, deletes
// last with what they take with them, drift, and refusals before anything
// is sent.
import { describe, expect, it } from 'vitest';
import type { Live } from '../../../src/commands/org/live.js';
import { parseFile } from '../../../src/commands/org/parse.js';
import { makePlan, type Plan } from '../../../src/commands/org/plan.js';

const ORG = 'OrgPlanUnit000000001';

async function planOf(yaml: string, live: Omit<Live, 'org'>, prune = false): Promise<Plan> {
  return makePlan(await parseFile(yaml, 'docplat.yaml'), { org: ORG, ...live }, { prune });
}

const summary = (plan: Plan) => plan.changes.map((c) => `${c.action} ${c.kind} ${c.key}`);

describe('org planner', () => {
  it('a file that matches the organization plans nothing', async () => {
    const plan = await planOf('version: 1\ntranslations:\n  - title: French\n', { translations: [{ id: 'tr1', title: 'French' }] });
    expect(plan.changes).toEqual([]);
    expect(plan.unmanaged).toEqual([]);
  });

  it('creates, matches by id and follows what it creates: a child collection after its parent, a space after its collection', async () => {
    const yaml = ['version: 1', 'collections:', '  - title: Parent', '    collections:', '      - title: Child', 'spaces:', '  - id: sp1', '    title: Guide', '    collection: Parent/Child', ''].join('\n');
    const live = { collections: [], spaces: [{ id: 'sp1', title: 'Guide', emoji: null, editMode: 'live', defaultLevel: null, visibility: 'private', parent: null }], customFields: [] };
    const plan = await planOf(yaml, live);
    expect(summary(plan)).toEqual(['create collections Parent', 'create collections Parent/Child', 'move spaces Guide']);
    const [parent, child, move] = plan.changes;
    expect(child.after).toEqual([parent.ref]);
    expect(move.after).toEqual([child.ref]);
    expect(move.steps.map((s) => s.op)).toEqual(['spaces.move']);
    // A space matched by title has a place of its own: without its id, Guide under Parent/Child is another space.
    expect(summary(await planOf(yaml.replace('  - id: sp1\n    title', '  - title'), live))).toContain('create spaces Parent/Child/Guide');
    // A create that may have been made without an answer is looked for in its list, by title and parent.
    expect(parent.steps[0].find?.op).toBe('collections.list');
    expect(parent.steps[0].find?.match({ title: 'Parent', parent: null })).toBe(true);
  });

  it('without --prune what the file does not name is unmanaged; with it, a delete, after every other change', async () => {
    const yaml = 'version: 1\ntranslations:\n  - title: French\n  - title: German\n';
    const live = { translations: [{ id: 'tr1', title: 'French' }, { id: 'tr9', title: 'Klingon' }] };
    const drift = await planOf(yaml, live);
    expect(summary(drift)).toEqual(['create translations German']);
    expect(drift.unmanaged).toEqual([{ kind: 'translations', what: 'translation', key: 'Klingon', id: 'tr9' }]);
    const pruned = await planOf(yaml, live, true);
    expect(summary(pruned)).toEqual(['create translations German', 'delete translations Klingon']);
    expect(pruned.changes[1]).toMatchObject({ id: 'tr9', gone: 'translation', steps: [{ op: 'translations.delete' }] });
    expect(pruned.totals).toEqual({ translation: 2 });
  });

  it('a collection deleted with --prune names the spaces it takes with it (one the file ignores), and a space the file keeps moves out first', async () => {
    const yaml = ['version: 1', 'collections: []', 'spaces:', '  - title: Kept', 'ignore:', '  spaces: [Left]', ''].join('\n');
    const space = (id: string, title: string) => ({ id, title, emoji: null, editMode: 'live', defaultLevel: null, visibility: 'private', parent: 'c1' });
    const live = { collections: [{ id: 'c1', title: 'Old', description: null, defaultLevel: null, parent: null }], spaces: [space('s1', 'Kept'), space('s2', 'Gone'), space('s3', 'Left')], customFields: [] };
    const plan = await planOf(yaml, live, true);
    expect(summary(plan)).toEqual(['move spaces Kept', 'delete collections Old', 'delete spaces Gone']);
    const del = plan.changes.find((c) => c.kind === 'collections')!;
    expect(del.after).toContain(plan.changes[0].ref);
    // Gone is deleted on its own; Left, ignored, goes with its collection: the plan says so.
    expect(del.cascades).toEqual([{ kind: 'space', what: 'Left', id: 's3' }]);
  });

  it('a value the platform would refuse is refused before anything is sent, naming the change', async () => {
    const long = 'x'.repeat(500);
    await expect(planOf(`version: 1\ntranslations:\n  - title: ${long}\n`, { translations: [] })).rejects.toThrow(/platform would refuse|translations/);
  });
});
