// The members view's operations: an organization's members, and the spaces
// a member can access.
import type { ORDERS, Role } from '../../../api/enums.js';
import { badRequest } from '../../core/errors.js';
import type { PageQuery } from '../../core/paging.js';
import { jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { MemberView } from '../orgs/index.js';
import type { Members } from './index.js';
import type { MembersViews } from './render.js';

interface MembersQuery extends PageQuery {
  order?: (typeof ORDERS)[number];
  role?: Role | 'guest';
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt' | 'name';
}

interface MemberSpacesQuery extends PageQuery {
  order?: (typeof ORDERS)[number];
}

export function membersHandlers(f: Members, v: MembersViews) {
  return {
    'members.list': (req: Req<MembersQuery>): Reply => {
      const org = req.params.organizationId;
      const { order = 'desc', role, sort = 'joinedAt' } = req.query;
      const search = req.query.search?.toLowerCase();
      const key = (m: MemberView) => (sort === 'name' ? m.user.displayName.toLowerCase() : sort === 'lastSeenAt' ? (m.member.lastSeenAt ?? '') : m.member.joinedAt);
      const members = f.lower.orgs
        .members(org)
        .filter((m) => role === undefined || (m.member.role ?? 'guest') === role)
        .filter((m) => !search || m.user.displayName.toLowerCase().includes(search) || m.user.email.toLowerCase().includes(search))
        // Sorting by last activity lists only active members: not disabled, and seen at least once.
        .filter((m) => sort !== 'lastSeenAt' || (!m.member.disabled && m.member.lastSeenAt !== undefined))
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
      return list(req.query, members, (m) => m.user.id, (m) => jsonBody(v.memberJson(org, m, req.api)));
    },
    'members.get': (req: Req) => {
      const org = req.params.organizationId;
      return ok(v.memberJson(org, f.lower.orgs.member(org, req.params.userId), req.api));
    },
    'members.update': (req: Req<PageQuery, { role?: Role | null }>) => {
      const org = req.params.organizationId;
      if (req.body.role === undefined) throw badRequest('The body must have a "role" (a role, or null for a guest).');
      return ok(v.memberJson(org, f.lower.orgs.setRole(org, req.params.userId, req.body.role), req.api));
    },
    'members.remove': (req: Req): Reply => {
      const { organizationId: org, userId } = req.params;
      f.lower.orgs.removeMember(org, userId);
      f.teams?.dropMember(org, userId);
      return { status: 204 };
    },
    'members.setSso': (req: Req) => {
      const org = req.params.organizationId;
      return ok(v.memberJson(org, f.lower.orgs.setSso(org, req.params.userId), req.api));
    },
    'members.spaces': (req: Req<MemberSpacesQuery>) => {
      // `order` (default desc, as documented) reverses the sidebar order.
      const items = f.memberSpaces(req.params.organizationId, req.params.userId, req.query.order ?? 'desc');
      return list(req.query, items, (x) => x.space.id, (x) => v.memberSpaceBody(x.permission, f.lower.spaces.json(x.space, req.api)));
    },
  } satisfies Handlers;
}
