// Planning collections (a tree keyed by title under its parent) and spaces
// (keyed by id: created elsewhere, their fields, collection and custom field
// values set here).
import { valueProblem, type FieldRule } from '../../api/operations/customFields.js';
import type { CollectionEntry } from './file.js';
import type { LiveCollection } from './live.js';
import { diffFields, leftovers, matcher, same, type Change, type Planning } from './plan.js';

/** A collection's title path (`Product/Guides`), from the live tree. */
export function collectionPath(all: LiveCollection[], id: string): string {
  const byId = new Map(all.map((c) => [c.id, c]));
  const titles: string[] = [];
  for (let c = byId.get(id), depth = 0; c && depth < 100; c = c.parent ? byId.get(c.parent) : undefined, depth++) titles.unshift(c.title);
  return titles.join('/');
}

/** Where a collection the file names is: its live id, or the ref of its create. */
interface Target {
  id?: string;
  ref?: string;
  /** The ref of its own move, when it moves: what is moved into it waits for it. */
  moved?: string;
}

/** Collection targets by title path, filled by planCollections, read by planSpaces. */
const TARGETS = new WeakMap<Planning, Map<string, Target>>();

export function planCollections(p: Planning): void {
  const live = p.live.collections ?? [];
  const match = matcher(live, (c) => c.title);
  const targets = new Map<string, Target>();
  TARGETS.set(p, targets);
  const walk = (entries: CollectionEntry[], parent: Target | null, prefix: string, path: (string | number)[]) => {
    entries.forEach((entry, i) => {
      const at = [...path, i];
      const key = prefix ? `${prefix}/${entry.title}` : entry.title;
      const parentId = parent === null ? null : parent.id;
      const found = parentId === undefined && entry.id === undefined ? undefined : match.find(entry.id, entry.title, (c) => c.parent === parentId);
      if (entry.id !== undefined && !found) {
        p.problems.push({ path: [...at, 'id'], message: `no collection with id "${entry.id}" in the organization` });
        return;
      }
      const want = { title: entry.title, description: entry.description, defaultLevel: entry.defaultLevel };
      let target: Target;
      if (found) {
        target = { id: found.id };
        const { fields, body } = diffFields(want, found as unknown as Record<string, unknown>, ['title', 'description', 'defaultLevel']);
        if (Object.keys(fields).length) {
          p.add({ action: 'update', kind: 'collections', key, id: found.id, fields, steps: [{ op: 'collections.update', input: () => ({ params: { collectionId: found.id }, body }) }] });
        }
        if (found.parent !== parentId) {
          const from = found.parent ? collectionPath(live, found.parent) : null;
          const ref = parent?.ref;
          target.moved = `collections:move:${found.id}`;
          p.add({
            action: 'move', kind: 'collections', key, id: found.id, ref: target.moved, fields: { collection: { from, to: prefix || null } }, after: [ref, parent?.moved].filter((r): r is string => !!r),
            steps: [{ op: 'collections.move', input: (idOf) => ({ params: { collectionId: found.id }, body: { parent: parent === null ? null : (parent.id ?? idOf(ref!)) } }) }],
          });
        }
      } else {
        const ref = `collections:create:${key}`;
        target = { ref };
        let createdUnder: string | undefined;
        const parentRef = parent?.ref;
        const details = Object.fromEntries(Object.entries({ description: entry.description, defaultLevel: entry.defaultLevel }).filter(([, v]) => v !== undefined && v !== null));
        const fields: Change['fields'] = Object.fromEntries(Object.entries({ title: entry.title, ...details }).map(([k, v]) => [k, { from: null, to: v }]));
        p.add({
          action: 'create', kind: 'collections', key, ref, fields, after: [parentRef, parent?.moved].filter((r): r is string => !!r),
          steps: [
            {
              op: 'collections.create',
              provides: true,
              input: (idOf) => {
                createdUnder = parent === null ? undefined : (parent.id ?? idOf(parentRef!));
                return { params: { organizationId: p.live.org }, body: { title: entry.title, ...(createdUnder ? { parent: createdUnder } : {}) } };
              },
              find: { op: 'collections.list', params: { organizationId: p.live.org }, match: (c) => c.title === entry.title && (c.parent ?? undefined) === createdUnder },
            },
            ...(Object.keys(details).length ? [{ op: 'collections.update' as const, input: (idOf: (r: string) => string) => ({ params: { collectionId: idOf(ref) }, body: details }) }] : []),
          ],
        });
      }
      targets.set(key, target);
      walk(entry.collections ?? [], target, key, [...at, 'collections']);
    });
  };
  walk(p.file.collections ?? [], null, '', ['collections']);
  // A leftover inside another leftover goes with it: deleting the outer one is enough.
  const unmatched = match.unmatched();
  const gone = new Set(unmatched.map((c) => c.id));
  leftovers(p, 'collections', unmatched.filter((c) => !(c.parent && gone.has(c.parent))), (c) => collectionPath(live, c.id), (c) => ({
    op: 'collections.delete',
    input: () => ({ params: { collectionId: c.id } }),
  }));
}

/** A space's `collection`: a title path of the file, or a live collection's id or title path. */
function resolveCollection(p: Planning, name: string): Target | undefined {
  const fromFile = TARGETS.get(p)?.get(name);
  if (fromFile) return fromFile;
  const live = p.live.collections ?? [];
  const byId = live.find((c) => c.id === name);
  if (byId) return { id: byId.id };
  const byPath = live.filter((c) => collectionPath(live, c.id) === name);
  return byPath.length === 1 ? { id: byPath[0].id } : undefined;
}

const SPACE_FIELDS = ['title', 'emoji', 'editMode', 'defaultLevel'];

export function planSpaces(p: Planning): void {
  const live = p.live.spaces ?? [];
  const match = matcher(live, (s) => s.id);
  const names = new Set((p.live.customFields ?? []).map((f) => f.name));
  p.file.spaces!.forEach((entry, i) => {
    const found = match.find(entry.id, undefined);
    if (!found) {
      p.problems.push({ path: ['spaces', i, 'id'], message: `no space with id "${entry.id}" in the organization (spaces are created elsewhere: \`docplat spaces create\`)` });
      return;
    }
    const key = found.title || found.id;
    const { fields, body } = diffFields(entry as unknown as Record<string, unknown>, found as unknown as Record<string, unknown>, SPACE_FIELDS);
    // The API cannot set a space's visibility: a difference is reported, never sent.
    if (entry.visibility !== undefined && entry.visibility !== found.visibility) {
      p.manual.push({ kind: 'spaces', key, what: `visibility: ${found.visibility ?? '(none)'} → ${entry.visibility}`, how: 'the API cannot set it: change it in the app (space settings, or its collection)' });
    }
    const steps: Change['steps'] = [];
    if (Object.keys(body).length) steps.push({ op: 'spaces.update', input: () => ({ params: { spaceId: found.id }, body }) });
    if (entry.customFields) {
      const values: Record<string, { value: unknown }> = {};
      for (const [name, value] of Object.entries(entry.customFields)) {
        if (p.live.customFields && !names.has(name) && !p.file.customFields?.some((f) => f.name === name)) {
          p.problems.push({ path: ['spaces', i, 'customFields', name], atKey: true, message: `no custom field "${name}" in the organization or the file` });
          continue;
        }
        const declared = p.file.customFields?.find((f) => f.name === name) ?? p.live.customFields?.find((f) => f.name === name);
        const problem = declared && valueProblem(declared as FieldRule, value);
        if (problem) {
          p.problems.push({ path: ['spaces', i, 'customFields', name], message: `the ${declared!.type} field "${name}" ${problem}` });
          continue;
        }
        const have = found.customFields?.[name] ?? null;
        if (same(value, have)) continue;
        fields[`customFields.${name}`] = { from: have, to: value };
        values[name] = { value };
      }
      // Fields declared by this apply come first.
      const after = Object.keys(values).filter((n) => !names.has(n)).map((n) => `customFields:create:${n}`);
      if (Object.keys(values).length) steps.push({ op: 'customFields.set', input: () => ({ params: { spaceId: found.id }, body: { values } }) });
      if (steps.length) p.add({ action: 'update', kind: 'spaces', key, id: found.id, fields, steps, after });
    } else if (steps.length) {
      p.add({ action: 'update', kind: 'spaces', key, id: found.id, fields, steps });
    }
    if (entry.collection === undefined) return;
    const target = entry.collection === null ? null : resolveCollection(p, entry.collection);
    if (target === undefined) {
      p.problems.push({ path: ['spaces', i, 'collection'], message: `no collection "${entry.collection}" in the file or the organization (a title path such as Product/Guides, or an id)` });
      return;
    }
    const wantId = target === null ? null : target.id;
    if (wantId !== undefined && wantId === found.parent) return;
    const from = found.parent ? collectionPath(p.live.collections ?? [], found.parent) : null;
    p.add({
      action: 'move', kind: 'spaces', key, id: found.id, ref: `spaces:move:${found.id}`,
      fields: { collection: { from, to: entry.collection } }, after: target?.ref ? [target.ref] : [],
      steps: [{ op: 'spaces.move', input: (idOf) => ({ params: { spaceId: found.id }, body: { parent: target === null ? null : (target.id ?? idOf(target.ref!)) } }) }],
    });
  });
  const collections = p.live.collections ?? [];
  leftovers(p, 'spaces', match.unmatched(), (s) => s.title || s.id, (s) => ({ op: 'spaces.delete', input: () => ({ params: { spaceId: s.id } }) }), undefined, (s) => (s.parent ? [`${collectionPath(collections, s.parent)}/${s.title}`] : []));
}
