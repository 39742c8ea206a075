// The teams family: teams of an organization and their members (owners, who
// manage the team, and members). An organization's admins manage every team;
// other members manage the teams they own. Above the members view: it adds
// a member's `teams` count there and drops a removed member from its teams.
import { iso } from '../core/clock.js';
import { badRequest, forbidden, notFound } from '../core/errors.js';
import { Draws, type SeedName } from '../core/ids.js';
import { locationOf } from '../core/location.js';
import { familyObject, records } from '../core/persist.js';
import { byId, created, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast } from '../core/roles.js';
import type { PageQuery } from '../core/paging.js';
import type { Req } from '../core/router.js';
import type { Families, Family, Handlers, World } from '../core/world.js';
import type { MemberView } from './orgs/index.js';

declare module '../core/world.js' {
  interface Families {
    teams: Teams;
  }
}

export type TeamRole = 'owner' | 'member';

export interface TeamRec {
  id: string;
  org: string;
  title: string;
  createdAt: string;
  /** Spaces the team has access to (space permissions of teams are not modelled: a count). */
  spaces: number;
  /** User id → team role, in the order they joined. */
  members: Record<string, TeamRole>;
}

interface TeamsJson {
  teams: TeamRec[];
}

interface TeamsQuery extends PageQuery {
  owner?: string;
  title?: string;
}

interface UpdateMembersBody {
  add?: string[];
  remove?: string[];
  memberships?: Record<string, { role: TeamRole }>;
}

const contains = (text: string, part: string | undefined) => !part || text.toLowerCase().includes(part.toLowerCase());

export class Teams implements Family {
  readonly name = 'teams';
  private readonly lower: Pick<Families, 'orgs' | 'members'>;
  private readonly teams = new Map<string, TeamRec>();

  constructor(private readonly world: World) {
    this.lower = world.lower('teams', 'orgs', 'members');
  }

  private get orgs() {
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

  private team(org: string, teamId: string): TeamRec {
    this.requireMember(org, 'see teams');
    const team = this.teams.get(teamId);
    if (!team || team.org !== org) throw notFound(`No team with id ${teamId} in organization ${org}.`);
    return team;
  }

  /** Members (not guests) see teams. */
  private requireMember(org: string, action: string): void {
    this.orgs.require(this.orgs.org(org).id, 'read', action);
  }

  /** Whether a user may manage a team: an admin of the organization, or an owner of the team. */
  private canManage(team: TeamRec, userId: string): boolean {
    const role = this.orgs.org(team.org).members.find((m) => m.userId === userId)?.role;
    return atLeast(role, 'admin') || team.members[userId] === 'owner';
  }

  private requireManage(team: TeamRec, action: string): void {
    if (this.canManage(team, this.world.userId)) return;
    const org = this.orgs.org(team.org);
    throw forbidden(`Only an admin of organization "${org.title}" (${org.id}) or an owner of team "${team.title}" (${team.id}) can ${action}.`);
  }

  /** Members named by user id or e-mail address; 400 naming every one that is not a member of the organization. */
  private resolve(org: string, keys: string[]): Map<string, MemberView> {
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

  // ---- renderers -----------------------------------------------------------------------

  teamObject(team: TeamRec): Record<string, unknown> {
    const role = this.orgs.roleIn(team.org);
    return {
      object: 'team',
      id: team.id,
      title: team.title,
      members: Object.keys(team.members).length,
      spaces: team.spaces,
      createdAt: team.createdAt,
      permissions: { admin: this.canManage(team, this.world.userId), view: atLeast(role, 'read') },
    };
  }

  // ---- operations ----------------------------------------------------------------------

  readonly handlers = {
    'teams.list': (req: Req<TeamsQuery>): Reply => {
      const org = req.params.organizationId;
      this.requireMember(org, 'list teams');
      const { owner, title } = req.query;
      if (owner !== undefined) this.orgs.member(org, owner);
      const teams = this.teamsOf(org).filter((t) => contains(t.title, title) && (owner === undefined || this.canManage(t, owner)));
      return list(req.query, teams, byId, (t) => jsonBody(this.teamObject(t)));
    },
    'teams.create': (req: Req<PageQuery, { title: string; members?: string[] }>): Reply => {
      const org = this.orgs.org(req.params.organizationId).id;
      this.orgs.require(org, 'create', 'create teams');
      if (!req.body.title.trim()) throw badRequest('The team "title" must have more than white space.');
      const members = this.resolve(org, req.body.members ?? []);
      const team: TeamRec = { id: this.world.nextId(), org, title: req.body.title, createdAt: this.world.clock.nowIso(), spaces: 0, members: {} };
      for (const m of members.values()) team.members[m.user.id] = 'member';
      // A creator who is not an admin owns the team, so that they can manage it.
      if (!atLeast(this.orgs.roleIn(org), 'admin')) team.members[this.world.userId] = 'owner';
      this.teams.set(team.id, team);
      return created(jsonBody(this.teamObject(team)), locationOf('teams.get', { organizationId: org, teamId: team.id }, req.api));
    },
    'teams.get': (req: Req) => ok(this.teamObject(this.team(req.params.organizationId, req.params.teamId))),
    'teams.rename': (req: Req<PageQuery, { title: string }>) => {
      const team = this.team(req.params.organizationId, req.params.teamId);
      this.requireManage(team, 'rename it');
      if (!req.body.title.trim()) throw badRequest('The team "title" must have more than white space.');
      team.title = req.body.title;
      return ok(this.teamObject(team));
    },
    'teams.delete': (req: Req): Reply => {
      const team = this.team(req.params.organizationId, req.params.teamId);
      this.requireManage(team, 'delete it');
      this.teams.delete(team.id);
      return { status: 204 };
    },
    'teams.members': (req: Req<PageQuery>): Reply => {
      const org = req.params.organizationId;
      const team = this.team(org, req.params.teamId);
      const items = Object.entries(team.members).map(([userId, role]) => ({ view: this.orgs.member(org, userId), role }));
      return list(req.query, items, (x) => x.view.user.id, (x) =>
        jsonBody({ organization: this.lower.members.memberJson(org, x.view, req.api), team: { role: x.role }, permissions: { view: true } }),
      );
    },
    'teams.updateMembers': (req: Req<PageQuery, UpdateMembersBody>): Reply => {
      const org = req.params.organizationId;
      const team = this.team(org, req.params.teamId);
      this.requireManage(team, 'change its members');
      const { add = [], remove = [], memberships = {} } = req.body;
      // Every name is checked before anything changes: the update is all or nothing.
      const adding = this.resolve(org, add);
      const removing = this.resolve(org, remove);
      const roles = this.resolve(org, Object.keys(memberships));
      const removed = new Set([...removing.values()].map((m) => m.user.id));
      for (const [key, m] of adding) {
        // A user both added and removed is removed.
        if (removed.has(m.user.id)) continue;
        team.members[m.user.id] = memberships[key]?.role ?? team.members[m.user.id] ?? 'member';
      }
      for (const [key, m] of roles) if (m.user.id in team.members && !removed.has(m.user.id)) team.members[m.user.id] = memberships[key].role;
      for (const id of removed) delete team.members[id];
      return { status: 204 };
    },
    'teams.setRole': (req: Req<PageQuery, { role?: TeamRole }>): Reply => {
      const org = req.params.organizationId;
      const team = this.team(org, req.params.teamId);
      this.requireManage(team, 'change its members');
      const { user } = this.orgs.member(org, req.params.userId);
      team.members[user.id] = req.body.role ?? team.members[user.id] ?? 'member';
      return { status: 204 };
    },
    'teams.removeMember': (req: Req): Reply => {
      const team = this.team(req.params.organizationId, req.params.teamId);
      this.requireManage(team, 'change its members');
      const had = req.params.userId in team.members;
      delete team.members[req.params.userId];
      return { status: had ? 205 : 204 };
    },
    'members.teams': (req: Req<TeamsQuery>): Reply => {
      const org = req.params.organizationId;
      this.requireMember(org, 'list teams');
      const { user } = this.orgs.member(org, req.params.userId);
      const teams = this.teamsOf(org).filter((t) => user.id in t.members && contains(t.title, req.query.title));
      return list(req.query, teams, byId, (t) => jsonBody({ team: this.teamObject(t), member: { role: t.members[user.id] } }));
    },
  } satisfies Handlers;

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

  // ---- seeds -------------------------------------------------------------------------------

  seed(seed: SeedName): void {
    if (seed !== 'demo') return;
    const draws = new Draws(20240311);
    const orgs = this.orgs;
    const add = (orgTitle: string, title: string, owners: string[], members: string[]) => {
      const org = orgs.byTitle(orgTitle);
      if (!org) return;
      const byName = (name: string) => orgs.members(org.id).find((m) => m.user.displayName === name)?.user.id;
      const team: TeamRec = { id: this.world.nextId(), org: org.id, title, createdAt: iso(draws.time(300)), spaces: 1 + draws.int(8), members: {} };
      for (const [names, role] of [[owners, 'owner'], [members, 'member']] as const) {
        for (const name of names) {
          const id = byName(name);
          if (id) team.members[id] = role;
        }
      }
      this.teams.set(team.id, team);
    };
    add('Acme Docs', 'Platform', ['Grace Hopper'], ['Alan Turing', 'Margaret Hamilton', 'Ada Lovelace', 'Edsger Dijkstra', 'Radia Perlman']);
    add('Acme Docs', 'Docs Guild', ['Margaret Hamilton'], ['Barbara Liskov', 'Linus Pauling', 'Hedy Lamarr', 'Frances Allen', 'Dana Demo']);
    add('Acme Docs', 'Support', ['Bjarne Stroustrup'], ['Katherine Johnson', 'Tim Berners-Lee', 'Dennis Ritchie']);
    add('Acme Docs', 'Security', ['Dana Demo'], ['Claude Shannon', 'John Backus']);
    add('Acme Docs', 'Design', ['Ada Lovelace', 'Donald Knuth'], []);
    add('Globex', 'Operations', ['Hank Scorpio'], ['Frank Grimes', 'Dana Demo']);
    this.world.cache.clear();
  }
}

export const teamsFamily = (world: World): Teams => new Teams(world);

