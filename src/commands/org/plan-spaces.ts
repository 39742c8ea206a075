// Planning spaces: each entry is a live space named by its id, or by its
// title within its collection path (as a portable file names it, and as a
// whole-organization restore finds it, so the two never duplicate a space).
// A space the organization has not is created, empty: its content does not
// move with the file (the plan names the command that restores it). Fields,
// the collection (a move) and custom field values are set; the visibility,
// which the API cannot set, is compared and reported.
import { valueProblem, type FieldRule } from '../../api/operations/customFields.js';
import type { SpaceEntry } from './file.js';
import type { LiveSpace } from './live.js';
import { collectionPath, resolveCollection, type Target } from './plan-content.js';
import { diffFields, leftovers, matcher, same, type Change, type Planning, type Step } from './plan.js';
import type { Path } from './parse.js';

const SPACE_FIELDS = ['title', 'emoji', 'editMode', 'defaultLevel'];

/** The file's entry of each live space it names (by id or by title), by live id: what --prune must keep. */
const ENTRIES = new WeakMap<Planning, Map<string, number>>();

/** The index in the file's `spaces` of the entry that names a live space, or -1. */
export function entryOf(p: Planning, spaceId: string): number {
  return ENTRIES.get(p)?.get(spaceId) ?? -1;
}

/** A space the plan creates, by the names a site space may give it (its title, its collection path and title). */
const CREATED = new WeakMap<Planning, Map<string, string[]>>();

/** The refs of the creates of spaces that `name` names (a title, or a collection path and title). */
export function createdSpaces(p: Planning, name: string): string[] {
  return CREATED.get(p)?.get(name) ?? [];
}

/** What a space's collection is in the file: undefined (not managed), null (the top level), or where. */
function collectionOf(p: Planning, entry: SpaceEntry, at: Path): Target | null | undefined | false {
  if (entry.collection === undefined) return undefined;
  if (entry.collection === null) return null;
  const target = resolveCollection(p, entry.collection);
  if (target) return target;
  p.problems.push({ path: [...at, 'collection'], message: `no collection "${entry.collection}" in the file or the organization (a title path such as Product/Guides, or an id)` });
  return false;
}

export function planSpaces(p: Planning): void {
  const live = p.live.spaces ?? [];
  const match = matcher(live, (s) => s.title);
  match.reserve(p.file.spaces!.map((e) => e.id));
  const entries = new Map<string, number>();
  ENTRIES.set(p, entries);
  CREATED.set(p, new Map());
  p.file.spaces!.forEach((entry, i) => {
    const at = ['spaces', i];
    const target = collectionOf(p, entry, at);
    if (target === false) return;
    let found = entry.id !== undefined ? match.find(entry.id, undefined) : undefined;
    // An id the organization no longer has (the space was deleted, or left it) falls back to the title, as an entry without id.
    if (!found && entry.id !== undefined && entry.title === undefined) {
      return void p.problems.push({ path: [...at, 'id'], message: `no space with id "${entry.id}" in the organization (a space is named by id, or by its title and collection)` });
    }
    if (!found) {
      // By title, within its collection (anywhere when the file leaves the collection out: then the title must be the organization's only one).
      const here = (s: LiveSpace) => target === undefined || (target === null ? s.parent === null : target.id !== undefined && s.parent === target.id);
      if (target === undefined && live.filter((s) => s.title === entry.title).length > 1) {
        return void p.problems.push({ path: [...at, 'title'], message: `several spaces are titled "${entry.title}": give its "collection" (or its "id")` });
      }
      found = match.find(undefined, entry.title, here);
    }
    if (found) {
      entries.set(found.id, i);
      updateSpace(p, entry, found, target, at);
    } else createSpace(p, entry, target ?? null, at);
  });
  const collections = p.live.collections ?? [];
  leftovers(p, 'spaces', match.unmatched(), (s) => s.title || s.id, (s) => ({ op: 'spaces.delete', input: () => ({ params: { spaceId: s.id } }) }), undefined, (s) => (s.parent ? [`${collectionPath(collections, s.parent)}/${s.title}`] : []));
}

/** The custom field values the entry sets that differ from `have`, checked against the declared fields. */
function fieldValues(p: Planning, entry: SpaceEntry, have: Record<string, unknown>, at: Path): { fields: Change['fields']; values: Record<string, { value: unknown }>; after: string[] } {
  const fields: Change['fields'] = {};
  const values: Record<string, { value: unknown }> = {};
  const names = new Set((p.live.customFields ?? []).map((f) => f.name));
  for (const [name, value] of Object.entries(entry.customFields ?? {})) {
    if (p.live.customFields && !names.has(name) && !p.file.customFields?.some((f) => f.name === name)) {
      p.problems.push({ path: [...at, 'customFields', name], atKey: true, message: `no custom field "${name}" in the organization or the file` });
      continue;
    }
    const declared = p.file.customFields?.find((f) => f.name === name) ?? p.live.customFields?.find((f) => f.name === name);
    const problem = declared && valueProblem(declared as FieldRule, value);
    if (problem) {
      p.problems.push({ path: [...at, 'customFields', name], message: `the ${declared!.type} field "${name}" ${problem}` });
      continue;
    }
    const now = have[name] ?? null;
    if (same(value, now)) continue;
    fields[`customFields.${name}`] = { from: now, to: value };
    values[name] = { value };
  }
  // Fields declared by this apply come first.
  return { fields, values, after: Object.keys(values).filter((n) => !names.has(n)).map((n) => `customFields:create:${n}`) };
}

/** The API cannot set a space's visibility: a difference is reported, never sent. */
function visibility(p: Planning, key: string, want: string | undefined, have: string | null): void {
  if (want === undefined || want === have) return;
  p.manual.push({ kind: 'spaces', key, what: `visibility: ${have ?? '(new space)'} → ${want}`, how: 'the API cannot set it: change it in the app (space settings, or its collection)' });
}

function updateSpace(p: Planning, entry: SpaceEntry, found: LiveSpace, target: Target | null | undefined, at: Path): void {
  const key = found.title || found.id;
  const { fields, body } = diffFields(entry as unknown as Record<string, unknown>, found as unknown as Record<string, unknown>, SPACE_FIELDS);
  visibility(p, key, entry.visibility, found.visibility);
  const steps: Step[] = [];
  if (Object.keys(body).length) steps.push({ op: 'spaces.update', input: () => ({ params: { spaceId: found.id }, body }) });
  const values = fieldValues(p, entry, found.customFields ?? {}, at);
  Object.assign(fields, values.fields);
  if (Object.keys(values.values).length) steps.push({ op: 'customFields.set', input: () => ({ params: { spaceId: found.id }, body: { values: values.values } }) });
  if (steps.length) p.add({ action: 'update', kind: 'spaces', key, id: found.id, fields, steps, after: values.after });
  if (target === undefined) return;
  const wantId = target === null ? null : target.id;
  if (wantId !== undefined && wantId === found.parent) return;
  const from = found.parent ? collectionPath(p.live.collections ?? [], found.parent) : null;
  p.add({
    action: 'move', kind: 'spaces', key, id: found.id, ref: `spaces:move:${found.id}`,
    fields: { collection: { from, to: entry.collection } }, after: target?.ref ? [target.ref] : [],
    steps: [{ op: 'spaces.move', input: (idOf) => ({ params: { spaceId: found.id }, body: { parent: target === null ? null : (target.id ?? idOf(target.ref!)) } }) }],
  });
}

/** A space the organization has not: created (empty) in its collection, then given the file's fields and values. */
function createSpace(p: Planning, entry: SpaceEntry, target: Target | null, at: Path): void {
  const title = entry.title!;
  const path = typeof entry.collection === 'string' ? `${collectionPath(p.live.collections ?? [], target?.id ?? '') || entry.collection}/${title}` : title;
  const ref = `spaces:create:${path}`;
  for (const name of new Set([title, path])) {
    const created = CREATED.get(p)!;
    created.set(name, [...(created.get(name) ?? []), ref]);
  }
  const org = p.live.org;
  let createdUnder: string | null = null;
  const made = Object.fromEntries(Object.entries({ title, emoji: entry.emoji ?? undefined, editMode: entry.editMode }).filter(([, v]) => v !== undefined));
  const level = entry.defaultLevel !== undefined && entry.defaultLevel !== null ? { defaultLevel: entry.defaultLevel } : {};
  const values = fieldValues(p, entry, {}, at);
  const fields: Change['fields'] = Object.fromEntries(Object.entries({ ...made, ...level, ...(entry.collection ? { collection: entry.collection } : {}) }).map(([k, v]) => [k, { from: null, to: v }]));
  p.add({
    action: 'create', kind: 'spaces', key: path, ref, fields: { ...fields, ...values.fields }, after: [...(target?.ref ? [target.ref] : []), ...values.after],
    steps: [
      {
        op: 'spaces.create',
        provides: true,
        input: (idOf) => {
          createdUnder = target === null ? null : (target.id ?? idOf(target.ref!));
          return { params: { organizationId: org }, body: { ...made, ...(createdUnder ? { parent: createdUnder } : {}) } };
        },
        find: { op: 'spaces.list', params: { organizationId: org }, match: (s) => s.title === title && (s.parent ?? null) === createdUnder },
      },
      ...(Object.keys(level).length ? [{ op: 'spaces.update' as const, input: (idOf: (r: string) => string) => ({ params: { spaceId: idOf(ref) }, body: level }) }] : []),
      ...(Object.keys(values.values).length ? [{ op: 'customFields.set' as const, input: (idOf: (r: string) => string) => ({ params: { spaceId: idOf(ref) }, body: { values: values.values } }) }] : []),
    ],
  });
  // What does not move with the file: its content (restored from a backup into the space of that title and collection), and its visibility.
  p.manual.push({ kind: 'spaces', key: path, what: 'created empty: its content does not move with the file', how: `restore it from a backup: docplat content restore --all-spaces --from <backup> --org ${org}` });
  if (entry.visibility !== (target === null ? 'private' : 'in-collection')) visibility(p, path, entry.visibility, null);
}
