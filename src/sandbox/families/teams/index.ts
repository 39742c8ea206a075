// The teams family: teams of an organization and their members (owners, who
// manage the team, and members). An organization's admins manage every team;
// other members manage the teams they own. Above the members view: it adds
// a member's `teams` count there and drops a removed member from its teams.
//
// Beside this file: records.ts (the records and inputs), render.ts (their
// JSON), handlers.ts (the operations) and seed.ts (the demo records).
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import { atLeast } from '../../core/roles.js';
import type { Families, Family, World } from '../../core/world.js';
import type { MemberView } from '../orgs/index.js';
import { teamsHandlers } from './handlers.js';
import { TeamsViews } from './render.js';
import { seedTeams } from './seed.js';
import type { TeamRec, TeamsJson } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    teams: Teams;
  }
}

export class Teams implements Family {
  readonly name = 'teams';
  readonly lower: Pick<Families, 'orgs' | 'members'>;
  readonly teams = new Map<string, TeamRec>();

  readonly views: TeamsViews;
  readonly handlers: ReturnType<typeof teamsHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('teams', 'orgs', 'members');
    this.views = new TeamsViews(this);
    this.handlers = teamsHandlers(this, this.views);
  }

  get orgs() {
    return this.lower.orgs;
  }

  /** A member's `teams` count and the removal of a member from the organization go through the members view. */
  attach(): void {
    this.lower.members.useTeams(this);
  }

  /** The organization's teams, oldest first. */
  teamsOf(org: string): TeamRec[] {
    return [...this.teams.values()].filter((t) => t.org === org);
  }

  /** How many teams of `org` a user is in (the `teams` of a Member). */
  countOf(org: string, userId: string): number {
    return this.teamsOf(org).filter((t) => userId in t.members).length;
  }

  /** A member left the organization: out of its teams too. */
  dropMember(org: string, userId: string): void {
    for (const t of this.teamsOf(org)) delete t.members[userId];
  }

  team(org: string, teamId: string): TeamRec {
    this.requireMember(org, 'see teams');
    const team = this.teams.get(teamId);
    if (!team || team.org !== org) throw notFound(`No team with id ${teamId} in organization ${org}.`);
    return team;
  }

  /** Members (not guests) see teams. */
  requireMember(org: string, action: string): void {
    this.orgs.require(this.orgs.org(org).id, 'read', action);
  }

  /** Whether a user may manage a team: an admin of the organization, or an owner of the team. */
  canManage(team: TeamRec, userId: string): boolean {
    const role = this.orgs.org(team.org).members.find((m) => m.userId === userId)?.role;
    return atLeast(role, 'admin') || team.members[userId] === 'owner';
  }

  requireManage(team: TeamRec, action: string): void {
    if (this.canManage(team, this.world.userId)) return;
    const org = this.orgs.org(team.org);
    throw forbidden(`Only an admin of organization "${org.title}" (${org.id}) or an owner of team "${team.title}" (${team.id}) can ${action}.`);
  }

  /** Members named by user id or e-mail address; 400 naming every one that is not a member of the organization. */
  resolve(org: string, keys: string[]): Map<string, MemberView> {
    const out = new Map<string, MemberView>();
    const unknown: string[] = [];
    for (const key of keys) {
      const m = this.orgs.findMember(org, key);
      if (m) out.set(key, m);
      else unknown.push(key);
    }
    if (unknown.length) throw badRequest(`Not members of organization ${org}: ${unknown.join(', ')}. Invite them to the organization first.`);
    return out;
  }

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): TeamsJson {
    return { teams: [...this.teams.values()] };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const t of records<TeamRec>(data, 'teams', ['org', 'title', 'createdAt'])) {
      if (typeof t.members !== 'object' || t.members === null || Array.isArray(t.members)) throw new Error(`team ${t.id} must have an object of members`);
      this.teams.set(t.id, t);
    }
  }

  seed(seed: SeedName): void {
    seedTeams(this, seed);
  }
}

export const teamsFamily = (world: World): Teams => new Teams(world);
