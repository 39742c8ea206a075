// How the members view looks in responses: Member, and the items of a
// member's spaces (around each space's cached JSON).
import type { Role } from '../../../api/enums.js';
import { userObject, type MemberView } from '../orgs/index.js';
import type { Members } from './index.js';

const PERMISSION_HEAD = Buffer.from('{"permission":');
const SPACE_KEY = Buffer.from(',"space":');
const CLOSE = Buffer.from('}');

export class MembersViews {
  constructor(private readonly f: Members) {}

  memberJson(org: string, { member, user }: MemberView, api: string): Record<string, unknown> {
    return {
      object: 'member',
      id: user.id,
      role: member.role,
      user: userObject(user, api),
      disabled: member.disabled,
      joinedAt: member.joinedAt,
      ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
      sso: member.sso,
      spaces: this.f.memberSpaceCount(org, member),
      teams: this.f.teams ? this.f.teams.countOf(org, user.id) : 0,
      sites: 0,
    };
  }

  /** `{permission, space}` of a member's spaces listing, around the space's cached JSON. */
  memberSpaceBody(permission: Role, space: Buffer): Buffer {
    return Buffer.concat([PERMISSION_HEAD, Buffer.from(JSON.stringify(permission)), SPACE_KEY, space, CLOSE]);
  }
}
