// The members view, above the orgs and spaces families: an organization's
// members as the API shows them (with how many spaces and teams each has)
// and the spaces a member can access. The teams family, above this one,
// adds its count and drops a removed member from its teams (useTeams()).
import type { ORDERS, Role } from '../../api/enums.js';
import type { PageQuery } from '../core/paging.js';
import { jsonBody, list, ok, type Reply } from '../core/reply.js';
import { badRequest } from '../core/errors.js';
import { higher } from '../core/roles.js';
import type { Req } from '../core/router.js';
import type { Families, Family, Handlers, World } from '../core/world.js';
import type { MemberRec, MemberView } from './orgs/index.js';
import { userObject } from './orgs/index.js';
import type { SpaceRec } from './spaces/index.js';

declare module '../core/world.js' {
  interface Families {
    members: Members;
  }
}

export interface MemberSpace {
  permission: Role;
  space: SpaceRec;
}

/** What the members view needs of the teams family (above it). */
export interface MemberTeams {
  /** How many teams of `org` a user is in. */
  countOf(org: string, userId: string): number;
  /** A member left the organization: out of its teams too. */
  dropMember(org: string, userId: string): void;
}

interface MembersQuery extends PageQuery {
  order?: (typeof ORDERS)[number];
  role?: Role | 'guest';
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt' | 'name';
}

interface MemberSpacesQuery extends PageQuery {
  order?: (typeof ORDERS)[number];
}

export class Members implements Family {
  readonly name = 'members';
  private readonly lower: Pick<Families, 'orgs' | 'spaces'>;
  private teams?: MemberTeams;

  constructor(private readonly world: World) {
    this.lower = world.lower('members', 'orgs', 'spaces');
  }

  /** The teams family hooks in here (from its attach()). */
  useTeams(teams: MemberTeams): void {
    this.teams = teams;
  }

  /**
   * The spaces a member can access, with the permission they have there: all
   * of the organization's spaces at the member's role (raised by a grant),
   * or only the granted ones for a guest. `asc` is sidebar order.
   */
  memberSpaces(org: string, userId: string, order: 'asc' | 'desc'): MemberSpace[] {
    const { member } = this.lower.orgs.member(org, userId);
    if (order === 'desc') return this.world.cache.memo(`member-spaces:${org}:${userId}:desc`, () => [...this.memberSpaces(org, userId, 'asc')].reverse());
    return this.world.cache.memo(`member-spaces:${org}:${userId}:asc`, () => {
      const out: MemberSpace[] = [];
      for (const space of this.lower.spaces.orgSpaces(org)) {
        const permission = higher(member.role, member.grants?.[space.id]);
        if (permission) out.push({ permission, space });
      }
      return out;
    });
  }

  /** How many spaces a member can access (the `spaces` of a Member). */
  memberSpaceCount(org: string, member: MemberRec): number {
    const spaces = this.lower.spaces;
    if (member.role) return spaces.orgSpaces(org).length;
    return Object.keys(member.grants ?? {}).filter((id) => spaces.isListed(id, org)).length;
  }

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
      spaces: this.memberSpaceCount(org, member),
      teams: this.teams ? this.teams.countOf(org, user.id) : 0,
      sites: 0,
    };
  }

  readonly handlers = {
    'members.list': (req: Req<MembersQuery>): Reply => {
      const org = req.params.organizationId;
      const { order = 'desc', role, sort = 'joinedAt' } = req.query;
      const search = req.query.search?.toLowerCase();
      const key = (m: MemberView) => (sort === 'name' ? m.user.displayName.toLowerCase() : sort === 'lastSeenAt' ? (m.member.lastSeenAt ?? '') : m.member.joinedAt);
      const members = this.lower.orgs
        .members(org)
        .filter((m) => role === undefined || (m.member.role ?? 'guest') === role)
        .filter((m) => !search || m.user.displayName.toLowerCase().includes(search) || m.user.email.toLowerCase().includes(search))
        // Sorting by last activity lists only active members: not disabled, and seen at least once.
        .filter((m) => sort !== 'lastSeenAt' || (!m.member.disabled && m.member.lastSeenAt !== undefined))
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
      return list(req.query, members, (m) => m.user.id, (m) => jsonBody(this.memberJson(org, m, req.api)));
    },
    'members.get': (req: Req) => {
      const org = req.params.organizationId;
      return ok(this.memberJson(org, this.lower.orgs.member(org, req.params.userId), req.api));
    },
    'members.update': (req: Req<PageQuery, { role?: Role | null }>) => {
      const org = req.params.organizationId;
      if (req.body.role === undefined) throw badRequest('The body must have a "role" (a role, or null for a guest).');
      return ok(this.memberJson(org, this.lower.orgs.setRole(org, req.params.userId, req.body.role), req.api));
    },
    'members.remove': (req: Req): Reply => {
      const { organizationId: org, userId } = req.params;
      this.lower.orgs.removeMember(org, userId);
      this.teams?.dropMember(org, userId);
      return { status: 204 };
    },
    'members.setSso': (req: Req) => {
      const org = req.params.organizationId;
      return ok(this.memberJson(org, this.lower.orgs.setSso(org, req.params.userId), req.api));
    },
    'members.spaces': (req: Req<MemberSpacesQuery>) => {
      // `order` (default desc, as documented) reverses the sidebar order.
      const items = this.memberSpaces(req.params.organizationId, req.params.userId, req.query.order ?? 'desc');
      return list(req.query, items, (x) => x.space.id, (x) => memberSpaceBody(x.permission, this.lower.spaces.json(x.space, req.api)));
    },
  } satisfies Handlers;

  /** No records of its own: nothing in the state file, nothing to seed. */
  toJSON(): undefined {
    return undefined;
  }

  load(): void {}

  seed(): void {}
}

export const membersFamily = (world: World): Members => new Members(world);

const PERMISSION_HEAD = Buffer.from('{"permission":');
const SPACE_KEY = Buffer.from(',"space":');
const CLOSE = Buffer.from('}');

/** `{permission, space}` of a member's spaces listing, around the space's cached JSON. */
function memberSpaceBody(permission: Role, space: Buffer): Buffer {
  return Buffer.concat([PERMISSION_HEAD, Buffer.from(JSON.stringify(permission)), SPACE_KEY, space, CLOSE]);
}
