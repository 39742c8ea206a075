// The team resource's table columns, and those of a team's members.
import type { Column } from '../output/format.js';

export const TEAM_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'members', header: 'MEMBERS' },
  { key: 'spaces', header: 'SPACES' },
  { key: 'createdAt', header: 'CREATED', kind: 'time' },
];

export const TEAM_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'members', header: 'Members' },
  { key: 'spaces', header: 'Spaces' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'permissions.admin', header: 'You manage it' },
];

/** `teams members`: `{organization: Member, team: {role}}`. */
export const TEAM_MEMBER_COLUMNS: Column[] = [
  { key: 'organization.id', header: 'ID' },
  { key: 'organization.user.displayName', header: 'NAME' },
  { key: 'organization.user.email', header: 'EMAIL' },
  { key: 'team.role', header: 'TEAM ROLE' },
  { key: 'organization.role', header: 'ORG ROLE' },
];

/** The Team object's fields (API reference; public OpenAPI description), for --fields. */
export const TEAM_SHAPE = { fields: ['object', 'id', 'title', 'members', 'spaces', 'createdAt', 'permissions'] } as const;

/** `teams members`: items are `{organization, team, permissions}`; the member's id is the item's id. */
export const TEAM_MEMBER_SHAPE = { fields: ['organization', 'team', 'permissions'], id: 'organization.id' } as const;
