// The customFields family: fields declared on an organization (by a unique
// name) and their values on its spaces. Members read them; only admins
// declare, change or delete fields; setting a space's values takes the edit
// role. Values are checked against the field's type and options (400), all
// before any is stored; deleting a field removes its values.
import type { CUSTOM_FIELD_TYPES } from '../../api/enums.js';
import { isSelect, valueProblem } from '../../api/operations/customFields.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import type { SeedName } from '../core/ids.js';
import { locationOf } from '../core/location.js';
import type { PageQuery } from '../core/paging.js';
import { familyObject, records } from '../core/persist.js';
import { created, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast } from '../core/roles.js';
import type { Req } from '../core/router.js';
import type { Families, Family, Handlers, World } from '../core/world.js';

declare module '../core/world.js' {
  interface Families {
    customFields: CustomFields;
  }
}

type FieldType = (typeof CUSTOM_FIELD_TYPES)[number];
type Value = string | number | boolean | string[];

export interface FieldRec {
  id: string;
  org: string;
  name: string;
  type: FieldType;
  title: string;
  description: string;
  placeholder: string;
  options?: string[];
  createdAt: string;
  updatedAt: string;
}

interface FieldDetails {
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

interface CustomFieldsJson {
  fields: FieldRec[];
  /** Space id → field name → value. */
  values: Record<string, Record<string, Value>>;
}

export class CustomFields implements Family {
  readonly name = 'customFields';
  private readonly lower: Pick<Families, 'orgs' | 'spaces'>;
  private readonly fields = new Map<string, FieldRec>();
  private values: Record<string, Record<string, Value>> = {};

  constructor(private readonly world: World) {
    this.lower = world.lower('customFields', 'orgs', 'spaces');
  }

  private get orgs() {
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

  // ---- renderers -----------------------------------------------------------------------

  fieldObject(f: FieldRec, api: string): Record<string, unknown> {
    return {
      id: f.id,
      name: f.name,
      title: f.title,
      description: f.description,
      type: f.type,
      placeholder: f.placeholder,
      ...(f.options ? { options: f.options } : {}),
      createdAt: f.createdAt,
      updatedAt: f.updatedAt,
      urls: { location: locationOf('customFields.get', { organizationId: f.org, fieldName: f.name }, api) },
      permissions: { view: true, edit: atLeast(this.orgs.roleIn(f.org), 'admin') },
    };
  }

  // ---- operations ----------------------------------------------------------------------

  readonly handlers = {
    'customFields.list': (req: Req<PageQuery>) =>
      list(req.query, this.orgFields(req.params.organizationId), (f) => f.name, (f) => jsonBody(this.fieldObject(f, req.api))),
    'customFields.create': (req: Req<object, FieldDetails & { name: string; type: FieldType }>) => {
      const org = req.params.organizationId;
      const f = this.create(org, req.body);
      return created(jsonBody(this.fieldObject(f, req.api)), locationOf('customFields.get', { organizationId: org, fieldName: f.name }, req.api));
    },
    'customFields.get': (req: Req) => ok(this.fieldObject(this.field(req.params.organizationId, req.params.fieldName), req.api)),
    'customFields.update': (req: Req<object, FieldDetails>) =>
      ok(this.fieldObject(this.update(req.params.organizationId, req.params.fieldName, req.body), req.api)),
    'customFields.delete': (req: Req): Reply => {
      this.remove(req.params.organizationId, req.params.fieldName);
      return { status: 204 };
    },
    'customFields.values': (req: Req) =>
      ok(this.spaceValues(req.params.spaceId).map(({ field, value }) => ({ customField: this.fieldObject(field, req.api), ...(value !== undefined ? { value } : {}) }))),
    'customFields.set': (req: Req<object, { values: Record<string, { value: unknown }> }>): Reply => {
      this.setValues(req.params.spaceId, req.body.values);
      return { status: 204 };
    },
  } satisfies Handlers;

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

  /**
   * Demo: Acme Docs declares a field of every type, with values on its first
   * spaces; Globex has one select field and no values.
   */
  seed(seed: SeedName): void {
    if (seed !== 'demo') return;
    const acme = this.orgs.byTitle('Acme Docs');
    if (acme) {
      for (const f of ACME_FIELDS) this.put(acme.id, acme.createdAt, f);
      const spaces = this.lower.spaces.orgSpaces(acme.id);
      ACME_VALUES.forEach((values, i) => {
        if (spaces[i]) this.values[spaces[i].id] = structuredClone(values);
      });
    }
    const globex = this.orgs.byTitle('Globex');
    if (globex) this.put(globex.id, globex.createdAt, { name: 'region', type: 'select:single', title: 'Region', options: ['emea', 'amer', 'apac'] });
    this.world.cache.changed(true);
  }

  private put(org: string, at: string, f: FieldDetails & { name: string; type: FieldType }): void {
    const id = this.world.nextId();
    this.fields.set(id, { id, org, description: '', placeholder: '', title: f.name, ...f, createdAt: at, updatedAt: at });
  }
}

export const customFieldsFamily = (world: World): CustomFields => new CustomFields(world);

/** Options belong to select fields, which need at least one. */
function checkOptions(type: FieldType, options: string[] | undefined, creating: boolean): void {
  if (isSelect(type)) {
    if (creating && !options?.length) throw badRequest(`A ${type} field needs "options" (1 to 50).`);
  } else if (options !== undefined) {
    throw badRequest(`Only select fields have options; this field is of type ${type}.`);
  }
}

const ACME_FIELDS: (FieldDetails & { name: string; type: FieldType })[] = [
  { name: 'audience', type: 'select:single', title: 'Audience', description: 'Who the space is written for', options: ['internal', 'partners', 'public'] },
  { name: 'owner', type: 'text', title: 'Owner', placeholder: 'team or person' },
  { name: 'review-days', type: 'number', title: 'Review every (days)' },
  { name: 'deprecated', type: 'boolean', title: 'Deprecated' },
  { name: 'keywords', type: 'tags', title: 'Keywords' },
  { name: 'platforms', type: 'select:multi', title: 'Platforms', options: ['web', 'ios', 'android', 'cli'] },
];

/** Values of Acme's first spaces, in sidebar order. */
const ACME_VALUES: Record<string, Value>[] = [
  { audience: 'public', owner: 'Docs team', 'review-days': 90, keywords: ['onboarding', 'start'] },
  { audience: 'internal', owner: 'Product', deprecated: false, platforms: ['web', 'ios'] },
  { audience: 'partners', 'review-days': 30, deprecated: true },
];
