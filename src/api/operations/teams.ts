// Teams of an organization and their members.
import { TEAM_ROLES } from '../enums.js';
import { op } from '../operation.js';
import { arr, id, map, obj, oneOf, required, str } from '../schema.js';

const TEAMS = '/orgs/{organizationId}/teams';
const TEAM = `${TEAMS}/{teamId}`;
const TITLE = str({ min: 1, max: 64 });

export const TEAMS_OPERATIONS = {
  'teams.list': op('teams.list', `GET ${TEAMS}`, { paginated: true, query: { owner: id(), title: str() } }),
  // A PUT that creates a new team each time: not safe to resend.
  'teams.create': op('teams.create', `PUT ${TEAMS}`, {
    body: { title: required(TITLE), members: arr(id()) },
    success: [201],
    safe: false,
  }),
  'teams.get': op('teams.get', `GET ${TEAM}`),
  'teams.rename': op('teams.rename', `PATCH ${TEAM}`, { body: { title: required(TITLE) } }),
  'teams.delete': op('teams.delete', `DELETE ${TEAM}`, { success: [204] }),
  'teams.members': op('teams.members', `GET ${TEAM}/members`, { paginated: true }),
  // `add` and `remove` hold user ids or e-mail addresses; a user in both is removed.
  'teams.updateMembers': op('teams.updateMembers', `PUT ${TEAM}/members`, {
    body: { add: arr(id()), remove: arr(id()), memberships: map(obj({ role: required(oneOf(TEAM_ROLES)) })) },
    bodyRequired: true,
    success: [204],
  }),
  // Adds the member, or updates their role.
  'teams.setRole': op('teams.setRole', `PUT ${TEAM}/members/{userId}`, {
    body: { role: oneOf(TEAM_ROLES) },
    success: [204],
  }),
  'teams.removeMember': op('teams.removeMember', `DELETE ${TEAM}/members/{userId}`, { success: [204] }),
};
