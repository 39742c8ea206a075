// The teams family's operations.
import { badRequest, notFound } from '../../core/errors.js';
import { locationOf } from '../../core/location.js';
import { byId, created, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import { atLeast } from '../../core/roles.js';
import type { PageQuery } from '../../core/paging.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Teams } from './index.js';
import type { TeamsViews } from './render.js';
import { type TeamRec, type TeamRole, type TeamsQuery, type UpdateMembersBody, contains } from './records.js';

export function teamsHandlers(f: Teams, v: TeamsViews) {
  return {
    'teams.list': (req: Req<TeamsQuery>): Reply => {
      const org = req.params.organizationId;
      f.requireMember(org, 'list teams');
      const { owner, title } = req.query;
      if (owner !== undefined) f.orgs.member(org, owner);
      const teams = f.teamsOf(org).filter((t) => contains(t.title, title) && (owner === undefined || f.canManage(t, owner)));
      return list(req.query, teams, byId, (t) => jsonBody(v.teamObject(t)));
    },
    'teams.create': (req: Req<PageQuery, { title: string; members?: string[] }>): Reply => {
      const org = f.orgs.org(req.params.organizationId).id;
      f.orgs.require(org, 'create', 'create teams');
      if (!req.body.title.trim()) throw badRequest('The team "title" must have more than white space.');
      const members = f.resolve(org, req.body.members ?? []);
      const team: TeamRec = { id: f.world.nextId(), org, title: req.body.title, createdAt: f.world.clock.nowIso(), spaces: 0, members: {} };
      for (const m of members.values()) team.members[m.user.id] = 'member';
      // A creator who is not an admin owns the team, so that they can manage it.
      if (!atLeast(f.orgs.roleIn(org), 'admin')) team.members[f.world.userId] = 'owner';
      f.teams.set(team.id, team);
      return created(jsonBody(v.teamObject(team)), locationOf('teams.get', { organizationId: org, teamId: team.id }, req.api));
    },
    'teams.get': (req: Req) => ok(v.teamObject(f.team(req.params.organizationId, req.params.teamId))),
    'teams.rename': (req: Req<PageQuery, { title: string }>) => {
      const team = f.team(req.params.organizationId, req.params.teamId);
      f.requireManage(team, 'rename it');
      if (!req.body.title.trim()) throw badRequest('The team "title" must have more than white space.');
      team.title = req.body.title;
      return ok(v.teamObject(team));
    },
    'teams.delete': (req: Req): Reply => {
      const team = f.team(req.params.organizationId, req.params.teamId);
      f.requireManage(team, 'delete it');
      f.teams.delete(team.id);
      return { status: 204 };
    },
    'teams.members': (req: Req<PageQuery>): Reply => {
      const org = req.params.organizationId;
      const team = f.team(org, req.params.teamId);
      const items = Object.entries(team.members).map(([userId, role]) => ({ view: f.orgs.member(org, userId), role }));
      return list(req.query, items, (x) => x.view.user.id, (x) =>
        jsonBody({ organization: f.lower.members.views.memberJson(org, x.view, req.api), team: { role: x.role }, permissions: { view: true } }),
      );
    },
    'teams.updateMembers': (req: Req<PageQuery, UpdateMembersBody>): Reply => {
      const org = req.params.organizationId;
      const team = f.team(org, req.params.teamId);
      f.requireManage(team, 'change its members');
      const { add = [], remove = [], memberships = {} } = req.body;
      // Every name is checked before anything changes: the update is all or nothing.
      const adding = f.resolve(org, add);
      const removing = f.resolve(org, remove);
      const roles = f.resolve(org, Object.keys(memberships));
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
      const team = f.team(org, req.params.teamId);
      f.requireManage(team, 'change its members');
      const { user } = f.orgs.member(org, req.params.userId);
      team.members[user.id] = req.body.role ?? team.members[user.id] ?? 'member';
      return { status: 204 };
    },
    'teams.removeMember': (req: Req): Reply => {
      const team = f.team(req.params.organizationId, req.params.teamId);
      f.requireManage(team, 'change its members');
      // The reference's 204; a user not in the team (a second remove) is a 404, as every repeated delete.
      if (!(req.params.userId in team.members)) throw notFound(`User ${req.params.userId} is not a member of team ${team.id}.`);
      delete team.members[req.params.userId];
      return { status: 204 };
    },
    'members.teams': (req: Req<TeamsQuery>): Reply => {
      const org = req.params.organizationId;
      f.requireMember(org, 'list teams');
      const { user } = f.orgs.member(org, req.params.userId);
      const teams = f.teamsOf(org).filter((t) => user.id in t.members && contains(t.title, req.query.title));
      return list(req.query, teams, byId, (t) => jsonBody({ team: v.teamObject(t), member: { role: t.members[user.id] } }));
    },
  } satisfies Handlers;
}
