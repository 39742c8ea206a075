// SSO: the organization's SAML providers, and the login options they give.
import { ROLES } from '../enums.js';
import { op } from '../operation.js';
import { id, nullable, oneOf, required, str, uri } from '../schema.js';

const PROVIDERS = '/orgs/{organizationId}/saml';
const PROVIDER = `${PROVIDERS}/{samlProviderId}`;

const LABEL = str({ min: 1, max: 30 });
const FIELDS = {
  entityID: str({ max: 1024 }),
  certificate: str({ max: 10000 }),
  ssoURL: uri({ max: 2048 }),
  defaultTeam: id(),
  defaultRole: nullable(oneOf(ROLES)),
};

// The certificate is sent as read and never printed in full: --dry-run and --debug show it as ***
// (a table shows its fingerprint, resources/certificate.ts).
const MASKED = ['certificate'] as const;

export const SSO_OPERATIONS = {
  'sso.list': op('sso.list', `GET ${PROVIDERS}`, { paginated: true }),
  'sso.create': op('sso.create', `POST ${PROVIDERS}`, { body: { label: required(LABEL), ...FIELDS }, masked: MASKED }),
  'sso.get': op('sso.get', `GET ${PROVIDER}`),
  'sso.update': op('sso.update', `PATCH ${PROVIDER}`, { body: { label: LABEL, ...FIELDS }, bodyRequired: true, masked: MASKED }),
  'sso.delete': op('sso.delete', `DELETE ${PROVIDER}`, { success: [204] }),
  'sso.loginOptions': op('sso.loginOptions', 'GET /orgs/{organizationId}/sso'),
};
