// Integrations: the catalogue, publishing, and installations.
import { INTEGRATION_CATEGORIES, INTEGRATION_SCOPES, INTEGRATION_TARGETS, INTEGRATION_VISIBILITIES } from '../enums.js';
import { op } from '../operation.js';
import { arr, bool, id, map, obj, oneOf, required, str } from '../schema.js';

const NAME_PATTERN = { pattern: /^[a-zA-Z0-9_.-]+$/, patternText: 'letters, digits, -, _ and .' };
const PARAMS = { integrationName: required(str({ max: 100, ...NAME_PATTERN })) };

const INTEGRATION = '/integrations/{integrationName}';

export const INTEGRATIONS_OPERATIONS = {
  'integrations.list': op('integrations.list', 'GET /integrations', {
    paginated: true,
    query: {
      search: str(),
      category: oneOf(INTEGRATION_CATEGORIES),
      blockDomain: str({ max: 100, ...NAME_PATTERN }),
      blocks: bool(),
      contentSources: bool(),
      owner: id(),
      // OpenAPI 0.202.0: only integrations that ask for this scope; only those installable at this target (or at every one).
      scope: oneOf(INTEGRATION_SCOPES),
      target: oneOf(INTEGRATION_TARGETS),
    },
  }),
  'integrations.get': op('integrations.get', `GET ${INTEGRATION}`, { params: PARAMS }),
  // Publishing again replaces the published version: safe to resend.
  'integrations.publish': op('integrations.publish', `POST ${INTEGRATION}`, {
    params: PARAMS,
    body: {
      /** Base64. */
      icon: str(),
      /** OpenAPI 0.202.0; checked, the sandbox runs no script. */
      runtime: oneOf(['v1', 'v2']),
      title: required(str({ min: 2, max: 30 })),
      description: required(str({ max: 100 })),
      /** Markdown. */
      summary: str({ max: 2048 }),
      /** Base64 images. */
      previewImages: arr(str(), { maxItems: 3 }),
      visibility: oneOf(INTEGRATION_VISIBILITIES),
      /** Omitted: the integration can be installed at every target. */
      target: oneOf(INTEGRATION_TARGETS),
      scopes: arr(str()),
      categories: arr(oneOf(INTEGRATION_CATEGORIES)),
      blocks: arr(obj({})),
      contentSources: arr(obj({})),
      externalLinks: arr(obj({ url: str(), label: str() })),
      /** OpenAPI 0.202.0 IntegrationConfigurations: an object per target. */
      configurations: obj({ account: obj({}), space: obj({}), site: obj({}) }),
      /** The script's content. */
      script: required(str()),
      /** Id or subdomain of the publishing organization. */
      organization: required(id()),
      secrets: map(str()),
      contentSecurityPolicy: str(),
    },
    safe: true,
    success: [200],
    // Sent, never shown: --dry-run and --debug print each value as ***.
    masked: ['secrets'],
  }),
  'integrations.unpublish': op('integrations.unpublish', `DELETE ${INTEGRATION}`, { params: PARAMS, success: [204] }),
  'integrations.installations': op('integrations.installations', `GET ${INTEGRATION}/installations`, {
    params: PARAMS,
    paginated: true,
    query: { externalId: str() },
  }),
};
