// OpenAPI specifications of an organization, stored under a slug, and their versions.
import { op } from '../operation.js';
import { obj, required, str, uri } from '../schema.js';

const SLUG = str({
  min: 1,
  max: 100,
  pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  patternText: 'lowercase letters and digits, words joined by -',
});
const PARAMS = { specSlug: required(SLUG) };

/** Where the document comes from: `{url}` or `{text}` (the document itself; see the command map, note 2). */
const SOURCE = required(obj({ url: uri({ max: 2048 }), text: str() }));

const SPECS = '/orgs/{organizationId}/openapi';
const SPEC = `${SPECS}/{specSlug}`;
const VERSIONS = `${SPEC}/versions`;

export const OPENAPI_OPERATIONS = {
  'openapi.list': op('openapi.list', `GET ${SPECS}`, { paginated: true }),
  'openapi.create': op('openapi.create', `POST ${SPECS}`, { body: { slug: required(SLUG), source: SOURCE } }),
  'openapi.get': op('openapi.get', `GET ${SPEC}`, { params: PARAMS }),
  // Creates the specification (201) or updates it (200).
  'openapi.publish': op('openapi.publish', `PUT ${SPEC}`, { params: PARAMS, body: { source: SOURCE }, success: [200, 201] }),
  'openapi.delete': op('openapi.delete', `DELETE ${SPEC}`, { params: PARAMS }),
  'openapi.versions': op('openapi.versions', `GET ${VERSIONS}`, { params: PARAMS, paginated: true }),
  // `latest` is a path of its own, not a version id.
  'openapi.latestVersion': op('openapi.latestVersion', `GET ${VERSIONS}/latest`, { params: PARAMS }),
  'openapi.latestContent': op('openapi.latestContent', `GET ${VERSIONS}/latest/content`, { params: PARAMS }),
  'openapi.version': op('openapi.version', `GET ${VERSIONS}/{versionId}`, { params: PARAMS }),
  'openapi.content': op('openapi.content', `GET ${VERSIONS}/{versionId}/content`, { params: PARAMS }),
};
