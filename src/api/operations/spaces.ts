// Spaces, and the space-level reads of links and search.
import { DEFAULT_LEVELS, EDIT_MODES, LANGUAGES, LINK_STATUSES } from '../enums.js';
import { op } from '../operation.js';
import { POSITION } from '../positions.js';
import { bool, id, nullable, obj, oneOf, required, str, uri } from '../schema.js';
import { TEMPLATE } from './templates.js';

const TITLE = str({ max: 50 });
const EMOJI = str({ max: 50 });

export const SPACES_OPERATIONS = {
  'spaces.list': op('spaces.list', 'GET /orgs/{organizationId}/spaces', { paginated: true, source: 'openapi 0.202.0' }),
  // `empty: true` makes a space with no page; a `template` fills it from one; neither: one empty page.
  'spaces.create': op('spaces.create', 'POST /orgs/{organizationId}/spaces', {
    body: { title: TITLE, emoji: EMOJI, editMode: oneOf(EDIT_MODES), parent: id(), language: oneOf(LANGUAGES), empty: bool(), template: TEMPLATE },
    source: 'openapi 0.202.0',
  }),
  'spaces.get': op('spaces.get', 'GET /spaces/{spaceId}', { query: { shareKey: str() } }),
  'spaces.update': op('spaces.update', 'PATCH /spaces/{spaceId}', {
    body: {
      editMode: oneOf(EDIT_MODES),
      title: TITLE,
      defaultLevel: nullable(oneOf(DEFAULT_LEVELS)),
      emoji: nullable(EMOJI),
      // OpenAPI 0.202.0: an icon (a URL) in place of the emoji; null removes it.
      icon: nullable(uri({ max: 2048 })),
      language: oneOf(LANGUAGES),
      /** OpenAPI 0.202.0 MergeRulesSpaceConfiguration; checked as an object, not kept by the sandbox. */
      mergeRules: obj({}),
    },
    bodyRequired: true,
  }),
  'spaces.delete': op('spaces.delete', 'DELETE /spaces/{spaceId}'),
  'spaces.duplicate': op('spaces.duplicate', 'POST /spaces/{spaceId}/duplicate'),
  'spaces.restore': op('spaces.restore', 'POST /spaces/{spaceId}/restore', { safe: true }),
  'spaces.move': op('spaces.move', 'POST /spaces/{spaceId}/move', {
    body: { parent: nullable(id()), position: POSITION },
    bodyRequired: true,
    safe: true,
  }),
  'spaces.transfer': op('spaces.transfer', 'POST /spaces/{spaceId}/transfer', {
    body: { organization: required(id()) },
    safe: true,
  }),
  'spaces.links': op('spaces.links', 'GET /spaces/{spaceId}/links', { paginated: true, query: { status: oneOf(LINK_STATUSES) } }),
  'spaces.search': op('spaces.search', 'GET /spaces/{spaceId}/search', {
    paginated: true,
    query: { query: required(str({ min: 1, max: 512 })) },
  }),
};
