// Planning collections: a tree keyed by title under its parent (spaces,
// which name a collection by its title path, are plan-spaces.ts).
import type { CollectionEntry } from './file.js';
import type { LiveCollection } from './live.js';
import { diffFields, leftovers, matcher, type Change, type Planning } from './plan.js';

/** A collection's title path (`Product/Guides`), from the live tree. */
export function collectionPath(all: LiveCollection[], id: string): string {
  const byId = new Map(all.map((c) => [c.id, c]));
  const titles: string[] = [];
  for (let c = byId.get(id), depth = 0; c && depth < 100; c = c.parent ? byId.get(c.parent) : undefined, depth++) titles.unshift(c.title);
  return titles.join('/');
}

/** Where a collection the file names is: its live id, or the ref of its create. */
export interface Target {
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
  const ids = (entries: CollectionEntry[] = []): (string | undefined)[] => entries.flatMap((e) => [e.id, ...ids(e.collections)]);
  match.reserve(ids(p.file.collections));
  const walk = (entries: CollectionEntry[], parent: Target | null, prefix: string, path: (string | number)[]) => {
    entries.forEach((entry, i) => {
      const at = [...path, i];
      const key = prefix ? `${prefix}/${entry.title}` : entry.title;
      const parentId = parent === null ? null : parent.id;
      const found = parentId === undefined && entry.id === undefined ? undefined : match.find(entry.id, entry.title, (c) => c.parent === parentId);
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
export function resolveCollection(p: Planning, name: string): Target | undefined {
  const fromFile = TARGETS.get(p)?.get(name);
  if (fromFile) return fromFile;
  const live = p.live.collections ?? [];
  const byId = live.find((c) => c.id === name);
  if (byId) return { id: byId.id };
  const byPath = live.filter((c) => collectionPath(live, c.id) === name);
  return byPath.length === 1 ? { id: byPath[0].id } : undefined;
}
