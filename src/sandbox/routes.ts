// The /v1 operations of the sandbox: each checks its query and body against
// the documented bounds, calls the state, and renders the answer. HTTP
// plumbing (auth, bodies, faults, logging) is in server.ts.
import { BOUNDS, ORDERS, ROLES, checkBound, type Bound, type EditMode, type Role } from '../api/bounds.js';
import { linksOf, pagesOf, searchPages } from './content.js';
import { badRequest, notFound } from './errors.js';
import type { CollectionRec, SpaceRec } from './model.js';
import { paginate, parsePaging } from './paging.js';
import {
  collectionObject, jsonBody, linkObject, linkStats, listBody, memberObject, memberSpaceBody, orgObject, searchResultObject, spaceObject, userObject,
} from './responses.js';
import type { MoveInput, Position, SandboxState } from './state.js';

export interface RequestContext {
  state: SandboxState;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, undefined when there is none. */
  body: unknown;
  /** Base URL of the API, ending in /v1. */
  api: string;
}

export interface Reply {
  status: number;
  /** JSON body; none for 204 and 205. */
  body?: Buffer;
  headers?: Record<string, string>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path below /v1, with `{param}` segments. */
  path: string;
  handle(ctx: RequestContext): Reply;
}

// ---- input checks ---------------------------------------------------------------

type Body = Record<string, unknown>;

function objectBody(ctx: RequestContext, required: boolean): Body {
  if (ctx.body === undefined) {
    if (required) throw badRequest('The request body is required: send a JSON object.');
    return {};
  }
  if (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body)) throw badRequest('The request body must be a JSON object.');
  return ctx.body as Body;
}

function fieldRule(name: string, rule: string, value: unknown): Error {
  const length = typeof value === 'string' ? ` (it has ${[...value].length})` : '';
  return badRequest(`The field "${name}" must be ${rule}${rule.endsWith('characters') ? length : ''}.`);
}

/** A bounded string field, undefined when absent; with `nullable`, null is accepted too. */
function field(body: Body, name: string, bound: Bound, nullable: boolean): string | null | undefined {
  const value = body[name];
  if (value === undefined || (value === null && nullable)) return value;
  const rule = checkBound(bound, value);
  if (rule) throw fieldRule(name, nullable ? `${rule}, or null` : rule, value);
  return value as string;
}

const stringField = (body: Body, name: string, bound: Bound) => field(body, name, bound, false) as string | undefined;
const nullableField = (body: Body, name: string, bound: Bound) => field(body, name, bound, true);

function idField(body: Body, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined) {
    if (required) throw badRequest(`The field "${name}" is required.`);
    return undefined;
  }
  if (typeof value !== 'string' || value === '') throw badRequest(`The field "${name}" must be an id (a non-empty string).`);
  return value;
}

function enumQuery<T extends string>(query: URLSearchParams, name: string, values: readonly T[], fallback?: T): T | undefined {
  const value = query.get(name);
  if (value === null) return fallback;
  if (!(values as readonly string[]).includes(value)) throw badRequest(`The query parameter "${name}" must be one of ${values.join(', ')}; got "${value}".`);
  return value as T;
}

function positionField(body: Body): Position | undefined {
  const value = body.position;
  if (value === undefined) return undefined;
  const shape = 'an object with "before" or "after": {"type": "space", "space": <id>} or {"type": "collection", "collection": <id>}';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest(`The field "position" must be ${shape}.`);
  const p = value as Body;
  const sides = (['before', 'after'] as const).filter((s) => p[s] !== undefined);
  if (sides.length !== 1) throw badRequest(`The field "position" must have exactly one of "before" and "after".`);
  const side = sides[0];
  const ref = p[side] as Body;
  const type = typeof ref === 'object' && ref !== null ? ref.type : undefined;
  if ((type !== 'space' && type !== 'collection') || typeof ref[type] !== 'string' || ref[type] === '') {
    throw badRequest(`The field "position.${side}" must be {"type": "space", "space": <id>} or {"type": "collection", "collection": <id>}.`);
  }
  return { side, type, id: ref[type] as string };
}

function moveInput(ctx: RequestContext): MoveInput {
  const body = objectBody(ctx, true);
  const input: MoveInput = { position: positionField(body) };
  if (body.parent !== undefined) {
    if (body.parent !== null && (typeof body.parent !== 'string' || body.parent === '')) throw badRequest('The field "parent" must be a collection id, or null for the top level.');
    input.parent = body.parent as string | null;
  }
  if (input.parent === undefined && input.position === undefined) throw badRequest('Nothing to move: give "parent", "position" or both.');
  return input;
}

// ---- rendering -------------------------------------------------------------------

const ok = (value: unknown): Reply => ({ status: 200, body: jsonBody(value) });
const okBytes = (body: Buffer): Reply => ({ status: 200, body });

function spaceJson(ctx: RequestContext, s: SpaceRec): Buffer {
  return ctx.state.render(s, () => spaceObject(ctx.state, s, ctx.api));
}

function collectionJson(ctx: RequestContext, c: CollectionRec): Buffer {
  return ctx.state.render(c, () => collectionObject(ctx.state, c, ctx.api));
}

const created = (body: Buffer, location: string): Reply => ({ status: 201, body, headers: { location } });

function list<T>(
  ctx: RequestContext,
  all: readonly T[],
  keyOf: (item: T) => string,
  render: (item: T) => Buffer,
  opts: { locate?: (key: string) => number | undefined; extra?: Record<string, unknown> } = {},
): Reply {
  const page = paginate(all, parsePaging(ctx.query), keyOf, opts.locate);
  return { status: 200, body: listBody(page.items.map(render), page.count, page.next, opts.extra) };
}

const byId = (x: { id: string }) => x.id;

// ---- operations ---------------------------------------------------------------------

const spaceFields = (body: Body) => ({
  title: stringField(body, 'title', BOUNDS['space.title']),
  emoji: nullableField(body, 'emoji', BOUNDS['space.emoji']),
  editMode: stringField(body, 'editMode', BOUNDS['space.editMode']) as EditMode | undefined,
  defaultLevel: nullableField(body, 'defaultLevel', BOUNDS['space.defaultLevel']) as Role | null | undefined,
});

const MEMBER_ROLES = [...ROLES, 'guest'] as const;
const MEMBER_SORTS = ['joinedAt', 'lastSeenAt', 'name'] as const;

export const ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/user',
    handle: (ctx) => ok(userObject(ctx.state.user()!, ctx.api)),
  },
  {
    method: 'GET',
    path: '/users/{userId}',
    handle: (ctx) => {
      const user = ctx.state.user(ctx.params.userId);
      if (!user) throw notFound(`No user with id ${ctx.params.userId}.`);
      return ok(userObject(user, ctx.api));
    },
  },
  {
    method: 'GET',
    path: '/orgs',
    handle: (ctx) => list(ctx, ctx.state.listOrgs(), byId, (o) => jsonBody(orgObject(ctx.state, o, ctx.api))),
  },
  {
    method: 'GET',
    path: '/orgs/{organizationId}',
    handle: (ctx) => ok(orgObject(ctx.state, ctx.state.org(ctx.params.organizationId), ctx.api)),
  },
  {
    method: 'POST',
    path: '/orgs/{organizationId}/ping',
    handle: (ctx) => {
      ctx.state.ping(ctx.params.organizationId);
      return ok({});
    },
  },
  {
    method: 'GET',
    path: '/orgs/{organizationId}/spaces',
    handle: (ctx) => {
      const org = ctx.state.org(ctx.params.organizationId).id;
      return list(ctx, ctx.state.orgSpaces(org), byId, (s) => spaceJson(ctx, s), { locate: (id) => ctx.state.locateInOrg(org, id) });
    },
  },
  {
    method: 'POST',
    path: '/orgs/{organizationId}/spaces',
    handle: (ctx) => {
      const body = objectBody(ctx, false);
      const { title, emoji, editMode } = spaceFields(body);
      const space = ctx.state.createSpace(ctx.params.organizationId, { title, emoji, editMode, parent: idField(body, 'parent', false) });
      return created(spaceJson(ctx, space), `${ctx.api}/spaces/${space.id}`);
    },
  },
  {
    method: 'GET',
    path: '/orgs/{organizationId}/collections',
    handle: (ctx) => {
      const nested = enumQuery(ctx.query, 'nested', ['true', 'false'] as const, 'true') === 'true';
      const org = ctx.state.org(ctx.params.organizationId).id;
      return list(ctx, ctx.state.orgCollections(org, nested), byId, (c) => collectionJson(ctx, c));
    },
  },
  {
    method: 'POST',
    path: '/orgs/{organizationId}/collections',
    handle: (ctx) => {
      const body = objectBody(ctx, false);
      const c = ctx.state.createCollection(ctx.params.organizationId, {
        title: stringField(body, 'title', BOUNDS['collection.title']),
        description: stringField(body, 'description', BOUNDS['collection.description']),
        parent: idField(body, 'parent', false),
      });
      return created(collectionJson(ctx, c), `${ctx.api}/collections/${c.id}`);
    },
  },
  {
    method: 'GET',
    path: '/orgs/{organizationId}/members',
    handle: (ctx) => {
      const { state, query } = ctx;
      const org = ctx.params.organizationId;
      const order = enumQuery(query, 'order', ORDERS, 'desc')!;
      const role = enumQuery(query, 'role', MEMBER_ROLES);
      const sort = enumQuery(query, 'sort', MEMBER_SORTS, 'joinedAt')!;
      const search = query.get('search')?.toLowerCase();
      const key = (m: (typeof members)[number]) =>
        sort === 'name' ? m.user.displayName.toLowerCase() : sort === 'lastSeenAt' ? (m.member.lastSeenAt ?? '') : m.member.joinedAt;
      const members = state
        .members(org)
        .filter((m) => role === undefined || (m.member.role ?? 'guest') === role)
        .filter((m) => !search || m.user.displayName.toLowerCase().includes(search) || m.user.email.toLowerCase().includes(search))
        // Sorting by last activity lists only members who have been active.
        .filter((m) => sort !== 'lastSeenAt' || m.member.lastSeenAt !== undefined)
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
      return list(ctx, members, (m) => m.user.id, (m) => jsonBody(memberObject(m.member, m.user, state.memberSpaceCount(org, m.member), ctx.api)));
    },
  },
  {
    method: 'GET',
    path: '/orgs/{organizationId}/members/{userId}',
    handle: (ctx) => {
      const org = ctx.params.organizationId;
      const { member, user } = ctx.state.member(org, ctx.params.userId);
      return ok(memberObject(member, user, ctx.state.memberSpaceCount(org, member), ctx.api));
    },
  },
  {
    method: 'GET',
    path: '/orgs/{organizationId}/members/{userId}/spaces',
    handle: (ctx) => {
      // `order` (default desc, as documented) reverses the sidebar order.
      const order = enumQuery(ctx.query, 'order', ORDERS, 'desc')!;
      const items = ctx.state.memberSpaces(ctx.params.organizationId, ctx.params.userId, order);
      return list(ctx, items, (x) => x.space.id, (x) => memberSpaceBody(x.permission, spaceJson(ctx, x.space)));
    },
  },
  {
    method: 'GET',
    path: '/collections/{collectionId}',
    handle: (ctx) => (okBytes(collectionJson(ctx, ctx.state.collection(ctx.params.collectionId)))),
  },
  {
    method: 'PATCH',
    path: '/collections/{collectionId}',
    handle: (ctx) => {
      const body = objectBody(ctx, true);
      const c = ctx.state.updateCollection(ctx.params.collectionId, {
        title: stringField(body, 'title', BOUNDS['collection.title']),
        description: nullableField(body, 'description', BOUNDS['collection.description']),
        defaultLevel: nullableField(body, 'defaultLevel', BOUNDS['collection.defaultLevel']) as Role | null | undefined,
      });
      return okBytes(collectionJson(ctx, c));
    },
  },
  {
    method: 'DELETE',
    path: '/collections/{collectionId}',
    handle: (ctx) => ({ status: ctx.state.deleteCollection(ctx.params.collectionId) === 'deleted' ? 205 : 204 }),
  },
  {
    method: 'GET',
    path: '/collections/{collectionId}/spaces',
    handle: (ctx) => {
      const id = ctx.params.collectionId;
      return list(ctx, ctx.state.collectionSpaces(id), byId, (s) => spaceJson(ctx, s), { locate: (sid) => ctx.state.locateInCollection(id, sid) });
    },
  },
  {
    method: 'POST',
    path: '/collections/{collectionId}/move',
    handle: (ctx) => (okBytes(collectionJson(ctx, ctx.state.moveCollection(ctx.params.collectionId, moveInput(ctx))))),
  },
  {
    method: 'POST',
    path: '/collections/{collectionId}/transfer',
    handle: (ctx) => {
      const org = idField(objectBody(ctx, true), 'organization', true)!;
      return okBytes(collectionJson(ctx, ctx.state.transferCollection(ctx.params.collectionId, org)));
    },
  },
  {
    method: 'GET',
    path: '/spaces/{spaceId}',
    handle: (ctx) => {
      const space = ctx.state.space(ctx.params.spaceId);
      const shareKey = ctx.query.get('shareKey');
      // A share key changes the published URL: not from the cache.
      return shareKey ? ok(spaceObject(ctx.state, space, ctx.api, shareKey)) : okBytes(spaceJson(ctx, space));
    },
  },
  {
    method: 'PATCH',
    path: '/spaces/{spaceId}',
    handle: (ctx) => (okBytes(spaceJson(ctx, ctx.state.updateSpace(ctx.params.spaceId, spaceFields(objectBody(ctx, true)))))),
  },
  {
    method: 'DELETE',
    path: '/spaces/{spaceId}',
    handle: (ctx) => ({ status: ctx.state.deleteSpace(ctx.params.spaceId) === 'deleted' ? 205 : 204 }),
  },
  {
    method: 'POST',
    path: '/spaces/{spaceId}/duplicate',
    handle: (ctx) => {
      const copy = ctx.state.duplicateSpace(ctx.params.spaceId);
      return created(spaceJson(ctx, copy), `${ctx.api}/spaces/${copy.id}`);
    },
  },
  {
    method: 'POST',
    path: '/spaces/{spaceId}/restore',
    handle: (ctx) => (okBytes(spaceJson(ctx, ctx.state.restoreSpace(ctx.params.spaceId)))),
  },
  {
    method: 'POST',
    path: '/spaces/{spaceId}/move',
    handle: (ctx) => (okBytes(spaceJson(ctx, ctx.state.moveSpace(ctx.params.spaceId, moveInput(ctx))))),
  },
  {
    method: 'POST',
    path: '/spaces/{spaceId}/transfer',
    handle: (ctx) => {
      const org = idField(objectBody(ctx, true), 'organization', true)!;
      return okBytes(spaceJson(ctx, ctx.state.transferSpace(ctx.params.spaceId, org)));
    },
  },
  {
    method: 'GET',
    path: '/spaces/{spaceId}/links',
    handle: (ctx) => {
      const space = ctx.state.space(ctx.params.spaceId);
      const status = enumQuery(ctx.query, 'status', BOUNDS['links.status'].enum);
      const links = linksOf(space);
      const pages = pagesOf(space);
      const items = links.map((link, i) => ({ link, key: String(i) })).filter((x) => status === undefined || x.link.status === status);
      return list(ctx, items, (x) => x.key, (x) => jsonBody(linkObject(ctx.state, space, pages, x.link, ctx.api)), { extra: { stats: linkStats(links) } });
    },
  },
  {
    method: 'GET',
    path: '/spaces/{spaceId}/search',
    handle: (ctx) => {
      const query = ctx.query.get('query');
      if (query === null) throw badRequest('The query parameter "query" is required.');
      const rule = checkBound(BOUNDS['search.query'], query);
      if (rule) throw badRequest(`The query parameter "query" must be ${rule} (it has ${[...query].length}).`);
      if (query.trim() === '') throw badRequest('The query parameter "query" must not be empty.');
      const space = ctx.state.space(ctx.params.spaceId);
      const hits = searchPages(space, query);
      return list(ctx, hits.map((hit, i) => ({ hit, rank: i + 1 })), (x) => x.hit.page.id, (x) => jsonBody(searchResultObject(space, x.hit, x.rank)));
    },
  },
];
