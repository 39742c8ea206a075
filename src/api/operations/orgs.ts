// The caller, users and organizations.
import { op } from '../operation.js';

export const ORGS_OPERATIONS = {
  'user.get': op('user.get', 'GET /user', { source: 'openapi 0.202.0' }),
  'users.get': op('users.get', 'GET /users/{userId}', { source: 'openapi 0.202.0' }),
  'orgs.list': op('orgs.list', 'GET /orgs', { paginated: true, source: 'openapi 0.202.0' }),
  'orgs.get': op('orgs.get', 'GET /orgs/{organizationId}', { source: 'openapi 0.202.0' }),
  'orgs.ping': op('orgs.ping', 'POST /orgs/{organizationId}/ping', { safe: true, success: [200] }),
};
