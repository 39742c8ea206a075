// Custom fields: declared on the organization, valued per space.
import { CUSTOM_FIELD_TYPES } from '../enums.js';
import { op } from '../operation.js';
import { any, arr, map, obj, oneOf, required, str } from '../schema.js';

/** A field's name, its key in the organization. */
const NAME = str({ min: 1, max: 50, pattern: /^[a-z0-9_-]+$/, patternText: 'lowercase letters, digits, _ and -' });

const FIELDS = '/orgs/{organizationId}/custom-fields';
const FIELD = `${FIELDS}/{fieldName}`;

const DETAILS = {
  title: str({ max: 100 }),
  description: str({ max: 200 }),
  placeholder: str({ max: 100 }),
  options: arr(str(), { minItems: 1, maxItems: 50 }),
};

export const CUSTOM_FIELDS_OPERATIONS = {
  'customFields.list': op('customFields.list', `GET ${FIELDS}`, { paginated: true }),
  'customFields.create': op('customFields.create', `POST ${FIELDS}`, {
    body: { name: required(NAME), type: required(oneOf(CUSTOM_FIELD_TYPES)), ...DETAILS },
  }),
  'customFields.get': op('customFields.get', `GET ${FIELD}`, { params: { fieldName: required(NAME) } }),
  'customFields.update': op('customFields.update', `PATCH ${FIELD}`, {
    params: { fieldName: required(NAME) },
    body: DETAILS,
    bodyRequired: true,
  }),
  'customFields.delete': op('customFields.delete', `DELETE ${FIELD}`, { params: { fieldName: required(NAME) }, success: [204] }),
  'customFields.values': op('customFields.values', 'GET /spaces/{spaceId}/custom-fields'),
  // A value is a string (max 256), a number, a boolean or an array of strings.
  'customFields.set': op('customFields.set', 'PATCH /spaces/{spaceId}/custom-fields', {
    body: { values: required(map(obj({ value: required(any()) }))) },
    success: [204],
  }),
};
