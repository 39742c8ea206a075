// The customFields family: fields declared on an organization (by a unique
// name) and their values on its spaces. Members read them; only admins
// declare, change or delete fields; setting a space's values takes the edit
// role. Values are checked against the field's type and options (400), all
// before any is stored; deleting a field removes its values.
//
// Beside this file: records.ts (the records and inputs), render.ts (their
// JSON), handlers.ts (the operations).
import { valueProblem } from '../../../api/operations/customFields.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import type { Families, Family, World } from '../../core/world.js';
import { customFieldsHandlers } from './handlers.js';
import { seedCustomFields } from './seed.js';
import { CustomFieldsViews } from './render.js';
import { type CustomFieldsJson, type FieldDetails, type FieldRec, type FieldType, type Value, checkOptions } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    customFields: CustomFields;
  }
}

export class CustomFields implements Family {
  readonly name = 'customFields';
  readonly lower: Pick<Families, 'orgs' | 'spaces'>;
  private readonly fields = new Map<string, FieldRec>();
  values: Record<string, Record<string, Value>> = {};

  readonly views: CustomFieldsViews;
  readonly handlers: ReturnType<typeof customFieldsHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('customFields', 'orgs', 'spaces');
    this.views = new CustomFieldsViews(this);
    this.handlers = customFieldsHandlers(this, this.views);
  }

  get orgs() {
    return this.lower.orgs;
  }

  /** The fields of one of the caller's organizations, in the order they were made. */
  orgFields(org: string): FieldRec[] {
    const id = this.orgs.org(org).id;
    return this.world.cache.memo(`custom-fields:${id}`, () => [...this.fields.values()].filter((f) => f.org === id));
  }

  field(org: string, name: string): FieldRec {
    const f = this.orgFields(org).find((x) => x.name === name);
    if (!f) throw notFound(`No custom field named "${name}" in organization ${org}.`);
    return f;
  }

  create(org: string, input: FieldDetails & { name: string; type: FieldType }): FieldRec {
    this.orgs.require(this.orgs.org(org).id, 'admin', 'declare custom fields');
    if (this.orgFields(org).some((f) => f.name === input.name)) throw conflict(`A custom field named "${input.name}" already exists in organization ${org}.`);
    checkOptions(input.type, input.options, true);
    const now = this.world.clock.nowIso();
    const f: FieldRec = {
      id: this.world.nextId(),
      org,
      name: input.name,
      type: input.type,
      title: input.title ?? input.name,
      description: input.description ?? '',
      placeholder: input.placeholder ?? '',
      ...(input.options ? { options: [...input.options] } : {}),
      createdAt: now,
      updatedAt: now,
    };
    this.fields.set(f.id, f);
    return f;
  }

  update(org: string, name: string, patch: FieldDetails): FieldRec {
    const f = this.field(org, name);
    this.orgs.require(org, 'admin', 'change custom fields');
    checkOptions(f.type, patch.options, false);
    for (const key of ['title', 'description', 'placeholder', 'options'] as const) if (patch[key] !== undefined) (f as unknown as Record<string, unknown>)[key] = patch[key];
    f.updatedAt = this.world.clock.nowIso();
    return f;
  }

  /** Deletes a field and its values on every space. */
  remove(org: string, name: string): void {
    const f = this.field(org, name);
    this.orgs.require(org, 'admin', 'delete custom fields');
    this.fields.delete(f.id);
    for (const [spaceId, values] of Object.entries(this.values)) {
      if (this.spaceOrg(spaceId) === f.org) delete values[f.name];
    }
  }

  /** The organization of a space, even a deleted one; undefined once it is gone. */
  private spaceOrg(id: string): string | undefined {
    try {
      return this.lower.spaces.space(id).org;
    } catch {
      return undefined;
    }
  }

  /** Every field of the space's organization, with the space's value where it has one. */
  spaceValues(spaceId: string): { field: FieldRec; value?: Value }[] {
    const space = this.lower.spaces.space(spaceId);
    const mine = this.values[space.id] ?? {};
    return this.orgFields(space.org).map((field) => (field.name in mine ? { field, value: mine[field.name] } : { field }));
  }

  /** Sets (or, with null, clears) values of a space: all are checked before any is stored. */
  setValues(spaceId: string, values: Record<string, { value: unknown }>): void {
    const space = this.lower.spaces.space(spaceId);
    this.orgs.org(space.org);
    if (space.deletedAt) throw conflict(`Space ${spaceId} is deleted: restore it before you set its custom fields.`);
    this.orgs.require(space.org, 'edit', 'set the custom fields of a space');
    const byName = new Map(this.orgFields(space.org).map((f) => [f.name, f]));
    for (const [name, { value }] of Object.entries(values)) {
      const field = byName.get(name);
      if (!field) throw badRequest(`No custom field named "${name}" in organization ${space.org}; its fields are: ${[...byName.keys()].join(', ') || 'none'}.`);
      const problem = valueProblem(field, value);
      if (problem) throw badRequest(`Custom field "${name}" (${field.type}) ${problem}; got ${JSON.stringify(value)}.`);
    }
    const mine = (this.values[space.id] ??= {});
    for (const [name, { value }] of Object.entries(values)) {
      if (value === null) delete mine[name];
      else mine[name] = value as Value;
    }
    if (Object.keys(mine).length === 0) delete this.values[space.id];
  }

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): CustomFieldsJson {
    return { fields: [...this.fields.values()], values: this.values };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const f of records<FieldRec>(data, 'fields', ['org', 'name', 'type'])) this.fields.set(f.id, f);
    if (typeof data.values !== 'object' || data.values === null || Array.isArray(data.values)) throw new Error('"values" must be an object');
    this.values = data.values as CustomFieldsJson['values'];
  }

  seed(seed: SeedName): void {
    seedCustomFields(this, seed);
  }

  put(org: string, at: string, f: FieldDetails & { name: string; type: FieldType }): void {
    const id = this.world.nextId();
    this.fields.set(id, { id, org, description: '', placeholder: '', title: f.name, ...f, createdAt: at, updatedAt: at });
  }
}

export const customFieldsFamily = (world: World): CustomFields => new CustomFields(world);
