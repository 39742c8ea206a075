// Custom fields: declared on the organization, valued per space.
import { CUSTOM_FIELD_TYPES } from '../enums.js';
import { op } from '../operation.js';
import { any, arr, map, obj, oneOf, required, str } from '../schema.js';

/** A field's name, its key in the organization. */
export const NAME = str({ min: 1, max: 50, pattern: /^[a-z0-9_-]+$/, patternText: 'lowercase letters, digits, _ and -' });

const FIELDS = '/orgs/{organizationId}/custom-fields';
/** The types whose fields have options. */
const SELECT_TYPES = ['select:single', 'select:multi'] as const;
const FIELD = `${FIELDS}/{fieldName}`;

const DETAILS = {
  title: str({ max: 100 }),
  description: str({ max: 200 }),
  placeholder: str({ max: 100 }),
  // Each option: 1 to 40 characters (OpenAPI 0.91.0 CustomFieldOptions; the reference gives only the count).
  options: arr(str({ min: 1, max: 40 }), { minItems: 1, maxItems: 50 }),
};

export const CUSTOM_FIELDS_OPERATIONS = {
  'customFields.list': op('customFields.list', `GET ${FIELDS}`, { paginated: true }),
  'customFields.create': op('customFields.create', `POST ${FIELDS}`, {
    body: { name: required(NAME), type: required(oneOf(CUSTOM_FIELD_TYPES)), ...DETAILS },
    rules: [{ kind: 'onlyFor', field: 'options', when: 'type', values: SELECT_TYPES, group: 'select fields', of: 'fields' }],
  }),
  'customFields.get': op('customFields.get', `GET ${FIELD}`, { params: { fieldName: required(NAME) } }),
  'customFields.update': op('customFields.update', `PATCH ${FIELD}`, {
    params: { fieldName: required(NAME) },
    body: DETAILS,
    bodyRequired: true,
  }),
  'customFields.delete': op('customFields.delete', `DELETE ${FIELD}`, { params: { fieldName: required(NAME) }, success: [204] }),
  'customFields.values': op('customFields.values', 'GET /spaces/{spaceId}/custom-fields', { answersArray: true }),
  // A value is a string (max 256), a number, a boolean or an array of strings (checked against the field: valueProblem); null clears it.
  'customFields.set': op('customFields.set', 'PATCH /spaces/{spaceId}/custom-fields', {
    body: { values: required(map(obj({ value: required(any({ nullable: true })) }))) },
    success: [204],
  }),
};

/** What a custom field's value must be: the field's type, and its options. */
export interface FieldRule {
  type: (typeof CUSTOM_FIELD_TYPES)[number];
  options?: readonly string[];
}

/** The longest text value (and tag) a custom field holds. */
const MAX_VALUE_LENGTH = 256;

/**
 * Why `value` cannot be the value of a field of this type (a phrase: "takes
 * true or false"), or undefined when it can. null clears a value. A
 * `select:single` value is one option, a `select:multi` value an array of
 * options, `tags` an array of strings.
 */
export function valueProblem(field: FieldRule, value: unknown): string | undefined {
  if (value === null) return undefined;
  const text = (v: unknown) => typeof v === 'string' && [...v].length <= MAX_VALUE_LENGTH;
  const choices = () => `one of ${(field.options ?? []).join(', ')}`;
  switch (field.type) {
    case 'text':
      return text(value) ? undefined : `takes text of at most ${MAX_VALUE_LENGTH} characters`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'takes a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'takes true or false';
    case 'tags':
      return Array.isArray(value) && value.every(text) ? undefined : `takes a list of tags of at most ${MAX_VALUE_LENGTH} characters each`;
    case 'select:single':
      return typeof value === 'string' && field.options?.includes(value) ? undefined : `takes ${choices()}`;
    case 'select:multi':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && field.options?.includes(v)) ? undefined : `takes values among ${(field.options ?? []).join(', ')}`;
  }
}

/** Whether a field of this type has options. */
export const isSelect = (type: string): boolean => type.startsWith('select:');
