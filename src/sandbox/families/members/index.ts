// The members view, above the orgs and spaces families: an organization's
// members as the API shows them (with how many spaces and teams each has)
// and the spaces a member can access. The teams family, above this one,
// adds its count and drops a removed member from its teams (useTeams()).
//
// Beside this file: render.ts (Member's JSON) and handlers.ts (the
// operations); the records are the orgs family's.
import type { Role } from '../../../api/enums.js';
import { higher } from '../../core/roles.js';
import type { Families, Family, World } from '../../core/world.js';
import type { MemberRec } from '../orgs/index.js';
import type { SpaceRec } from '../spaces/index.js';
import { membersHandlers } from './handlers.js';
import { MembersViews } from './render.js';

declare module '../../core/world.js' {
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

export class Members implements Family {
  readonly name = 'members';
  readonly lower: Pick<Families, 'orgs' | 'spaces'>;
  teams?: MemberTeams;
  readonly views: MembersViews;
  readonly handlers: ReturnType<typeof membersHandlers>;

  constructor(private readonly world: World) {
    this.lower = world.lower('members', 'orgs', 'spaces');
    this.views = new MembersViews(this);
    this.handlers = membersHandlers(this, this.views);
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




  /** No records of its own: nothing in the state file, nothing to seed. */
  toJSON(): undefined {
    return undefined;
  }

  load(): void {}

  seed(): void {}
}

export const membersFamily = (world: World): Members => new Members(world);
