// Collections: groups of spaces and other collections in an organization.
import { DEFAULT_LEVELS } from '../enums.js';
import { op } from '../operation.js';
import { POSITION } from '../positions.js';
import { id, nullable, oneOf, required, str } from '../schema.js';

export const COLLECTIONS_OPERATIONS = {
  'collections.list': op('collections.list', 'GET /orgs/{organizationId}/collections', {
    paginated: true,
    query: { nested: { type: 'boolean' } },
  }),
  'collections.create': op('collections.create', 'POST /orgs/{organizationId}/collections', {
    body: { title: str({ max: 50 }), parent: id() },
  }),
  'collections.get': op('collections.get', 'GET /collections/{collectionId}'),
  'collections.update': op('collections.update', 'PATCH /collections/{collectionId}', {
    body: { title: str({ max: 50 }), description: nullable(str({ max: 100 })), defaultLevel: nullable(oneOf(DEFAULT_LEVELS)) },
    bodyRequired: true,
  }),
  'collections.delete': op('collections.delete', 'DELETE /collections/{collectionId}'),
  'collections.spaces': op('collections.spaces', 'GET /collections/{collectionId}/spaces', { paginated: true }),
  'collections.move': op('collections.move', 'POST /collections/{collectionId}/move', {
    body: { parent: nullable(id()), position: POSITION },
    bodyRequired: true,
    safe: true,
  }),
  'collections.transfer': op('collections.transfer', 'POST /collections/{collectionId}/transfer', {
    body: { organization: required(id()) },
    safe: true,
  }),
};
