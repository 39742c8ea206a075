// The member resource's table columns, and those of the listings that embed members.
import type { Column } from '../output/format.js';

// What an audit reads, fitting 80 columns with the names, e-mails and last-seen times whole;
// `disabled` and `sso` are in `members get` and --fields.
export const MEMBER_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'user.displayName', header: 'NAME' },
  { key: 'user.email', header: 'EMAIL' },
  // Empty for a guest (the API's role is null).
  { key: 'role', header: 'ROLE' },
  { key: 'lastSeenAt', header: 'LAST SEEN', kind: 'time' },
];

export const MEMBER_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'user.displayName', header: 'Name' },
  { key: 'user.email', header: 'Email' },
  { key: 'role', header: 'Role' },
  { key: 'disabled', header: 'Disabled' },
  { key: 'sso', header: 'SSO' },
  { key: 'spaces', header: 'Spaces' },
  { key: 'teams', header: 'Teams' },
  { key: 'joinedAt', header: 'Joined', kind: 'time' },
  { key: 'lastSeenAt', header: 'Last seen', kind: 'time' },
];

/** `members teams`: `{team, member: {role}}`. */
export const MEMBER_TEAM_COLUMNS: Column[] = [
  { key: 'team.id', header: 'ID' },
  { key: 'team.title', header: 'TEAM' },
  { key: 'member.role', header: 'ROLE' },
  { key: 'team.members', header: 'MEMBERS' },
];

/** The Member object's fields (API reference; public OpenAPI description), for --fields. */
export const MEMBER_SHAPE = { fields: ['object', 'id', 'role', 'user', 'disabled', 'joinedAt', 'lastSeenAt', 'sso', 'spaces', 'teams', 'sites'] } as const;

/** `members teams`: items are `{team, member}`; the team's id is the item's id (for --fields id and --jq '.[].id' where the formatter copies it). */
export const MEMBER_TEAM_SHAPE = { fields: ['team', 'member'], id: 'team.id' } as const;
