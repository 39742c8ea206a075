// Organization members.
import { ORDERS, ROLES } from '../enums.js';
import { op } from '../operation.js';
import { nullable, oneOf, str } from '../schema.js';

/** `guest` filters members without a role (the role is null for guests). */
const MEMBER_ROLE_FILTER = [...ROLES, 'guest'] as const;
/** `name` is in the OpenAPI description (memberSort), not in the API reference. */
const MEMBER_SORTS = ['joinedAt', 'lastSeenAt', 'name'] as const;

const MEMBER = '/orgs/{organizationId}/members/{userId}';

export const MEMBERS_OPERATIONS = {
  'members.list': op('members.list', 'GET /orgs/{organizationId}/members', {
    paginated: true,
    query: { order: oneOf(ORDERS), role: oneOf(MEMBER_ROLE_FILTER), search: str(), sort: oneOf(MEMBER_SORTS) },
  }),
  'members.get': op('members.get', `GET ${MEMBER}`),
  'members.update': op('members.update', `PATCH ${MEMBER}`, { body: { role: nullable(oneOf(ROLES)) }, bodyRequired: true }),
  'members.remove': op('members.remove', `DELETE ${MEMBER}`, { success: [204] }),
  'members.setSso': op('members.setSso', `POST ${MEMBER}/sso`, { safe: true, success: [200] }),
  'members.spaces': op('members.spaces', `GET ${MEMBER}/spaces`, { paginated: true, query: { order: oneOf(ORDERS) } }),
  'members.teams': op('members.teams', `GET ${MEMBER}/teams`, { paginated: true, query: { title: str() } }),
};
