// The orgs family: users, organizations and their members, with the spaces
// a member can access. The caller's role in an organization, which every
// other family checks, comes from here.
import { ORDERS, type Role } from '../../api/enums.js';
import { iso } from '../core/clock.js';
import { notFound } from '../core/errors.js';
import { Draws, type SeedName } from '../core/ids.js';
import { familyObject, records } from '../core/persist.js';
import { APP_URL, byId, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast, higher, requireRole } from '../core/roles.js';
import type { PageQuery } from '../core/paging.js';
import type { Req } from '../core/router.js';
import type { Family, Handlers, World } from '../core/world.js';
import type { SpaceRec } from './spaces.js';

declare module '../core/world.js' {
  interface Families {
    orgs: Orgs;
  }
}

// ---- records ---------------------------------------------------------------------------

export interface UserRec {
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
}

export interface MemberRec {
  userId: string;
  /** null: a guest, who sees only the spaces in `grants`. */
  role: Role | null;
  joinedAt: string;
  lastSeenAt?: string;
  disabled: boolean;
  sso: boolean;
  teams: number;
  /** Space id → role, beside (or, for a guest, instead of) the role. */
  grants?: Record<string, Role>;
}

export interface OrgRec {
  id: string;
  title: string;
  createdAt: string;
  plan: 'free' | 'plus' | 'pro';
  emailDomains: string[];
  members: MemberRec[];
}

interface OrgsJson {
  users: UserRec[];
  orgs: OrgRec[];
}

export interface MemberView {
  member: MemberRec;
  user: UserRec;
}

export interface MemberSpace {
  permission: Role;
  space: SpaceRec;
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

// ---- the family --------------------------------------------------------------------------

export class Orgs implements Family {
  readonly name = 'orgs';
  private readonly users = new Map<string, UserRec>();
  private readonly orgs = new Map<string, OrgRec>();

  constructor(private readonly world: World) {}

  private get spaces() {
    return this.world.family('spaces');
  }

  user(id = this.world.userId): UserRec | undefined {
    return this.users.get(id);
  }

  /** The caller's role in an organization: undefined when not a member, null for a guest. */
  roleIn(org: string): Role | null | undefined {
    return this.orgs.get(org)?.members.find((m) => m.userId === this.world.userId)?.role;
  }

  /** The caller's organizations, in the order of the state. */
  listOrgs(): OrgRec[] {
    return this.world.cache.memo('orgs', () => [...this.orgs.values()].filter((o) => this.roleIn(o.id) !== undefined));
  }

  get firstOrg(): string | undefined {
    return this.listOrgs()[0]?.id;
  }

  /** One of the caller's organizations; 404 otherwise. */
  org(id: string): OrgRec {
    const org = this.orgs.get(id);
    if (!org || this.roleIn(id) === undefined) throw notFound(`No organization with id ${id}.`);
    return org;
  }

  /** An organization of the caller's by title (seeds build on the demo organizations). */
  byTitle(title: string): OrgRec | undefined {
    return this.listOrgs().find((o) => o.title === title);
  }

  /** Throws 403 unless the caller has `min` or above in `org`. */
  require(org: string, min: Role, action: string): void {
    requireRole(this.roleIn(org), min, { id: org, title: this.orgs.get(org)?.title ?? org }, action);
  }

  members(org: string): MemberView[] {
    return this.org(org).members.map((member) => ({ member, user: this.users.get(member.userId)! }));
  }

  member(org: string, userId: string): MemberView {
    const member = this.org(org).members.find((m) => m.userId === userId);
    if (!member) throw notFound(`No member with user id ${userId} in organization ${org}.`);
    return { member, user: this.users.get(userId)! };
  }

  /**
   * The spaces a member can access, with the permission they have there: all
   * of the organization's spaces at the member's role (raised by a grant),
   * or only the granted ones for a guest. `asc` is sidebar order.
   */
  memberSpaces(org: string, userId: string, order: 'asc' | 'desc'): MemberSpace[] {
    const { member } = this.member(org, userId);
    if (order === 'desc') return this.world.cache.memo(`member-spaces:${org}:${userId}:desc`, () => [...this.memberSpaces(org, userId, 'asc')].reverse());
    return this.world.cache.memo(`member-spaces:${org}:${userId}:asc`, () => {
      const out: MemberSpace[] = [];
      for (const space of this.spaces.orgSpaces(org)) {
        const permission = higher(member.role, member.grants?.[space.id]);
        if (permission) out.push({ permission, space });
      }
      return out;
    });
  }

  /** How many spaces a member can access (the `spaces` of a Member). */
  memberSpaceCount(org: string, member: MemberRec): number {
    if (member.role) return this.spaces.orgSpaces(org).length;
    return Object.keys(member.grants ?? {}).filter((id) => this.spaces.isListed(id, org)).length;
  }

  /** The caller was seen now (POST /orgs/{org}/ping). */
  ping(org: string): void {
    const me = this.org(org).members.find((m) => m.userId === this.world.userId);
    if (me) me.lastSeenAt = this.world.clock.nowIso();
  }

  // ---- renderers -----------------------------------------------------------------------

  orgObject(org: OrgRec, api: string): Record<string, unknown> {
    const role = this.roleIn(org.id);
    const admin = atLeast(role, 'admin');
    return {
      object: 'organization',
      id: org.id,
      title: org.title,
      createdAt: org.createdAt,
      emailDomains: org.emailDomains,
      type: 'business',
      defaultRole: 'read',
      sso: false,
      ai: true,
      inviteLinks: true,
      plan: org.plan,
      mergeRules: { type: 'none' },
      urls: { location: `${api}/orgs/${org.id}`, app: `${APP_URL}/o/${org.id}/` },
      trial: { status: 'notapplicable', count: 0 },
      permissions: {
        view: true,
        access: true,
        admin,
        ownTeam: atLeast(role, 'create'),
        createContent: atLeast(role, 'create'),
        createOpenAPISpec: atLeast(role, 'create'),
        viewBilling: admin,
        listMembers: atLeast(role, 'read'),
        listTeams: atLeast(role, 'read'),
        listIntegrations: atLeast(role, 'read'),
        listInstallations: admin,
        installIntegration: admin,
        // Dropped from the latest description, still required by 0.130.0's, which
        // describes the links operation that embeds organizations.
        ingestConversations: admin,
      },
    };
  }

  private memberObject(org: string, { member, user }: MemberView, api: string): Record<string, unknown> {
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
      teams: member.teams,
      sites: 0,
    };
  }

  // ---- operations ----------------------------------------------------------------------

  readonly handlers = {
    'user.get': (req: Req) => ok(userObject(this.user()!, req.api)),
    'users.get': (req: Req) => {
      const user = this.user(req.params.userId);
      if (!user) throw notFound(`No user with id ${req.params.userId}.`);
      return ok(userObject(user, req.api));
    },
    'orgs.list': (req: Req<PageQuery>) => list(req.query, this.listOrgs(), byId, (o) => jsonBody(this.orgObject(o, req.api))),
    'orgs.get': (req: Req) => ok(this.orgObject(this.org(req.params.organizationId), req.api)),
    'orgs.ping': (req: Req) => {
      this.ping(req.params.organizationId);
      return ok({});
    },
    'members.list': (req: Req<MembersQuery>): Reply => {
      const org = req.params.organizationId;
      const { order = 'desc', role, sort = 'joinedAt' } = req.query;
      const search = req.query.search?.toLowerCase();
      const key = (m: MemberView) => (sort === 'name' ? m.user.displayName.toLowerCase() : sort === 'lastSeenAt' ? (m.member.lastSeenAt ?? '') : m.member.joinedAt);
      const members = this.members(org)
        .filter((m) => role === undefined || (m.member.role ?? 'guest') === role)
        .filter((m) => !search || m.user.displayName.toLowerCase().includes(search) || m.user.email.toLowerCase().includes(search))
        // Sorting by last activity lists only members who have been active.
        .filter((m) => sort !== 'lastSeenAt' || m.member.lastSeenAt !== undefined)
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
      return list(req.query, members, (m) => m.user.id, (m) => jsonBody(this.memberObject(org, m, req.api)));
    },
    'members.get': (req: Req) => {
      const org = req.params.organizationId;
      return ok(this.memberObject(org, this.member(org, req.params.userId), req.api));
    },
    'members.spaces': (req: Req<MemberSpacesQuery>) => {
      // `order` (default desc, as documented) reverses the sidebar order.
      const items = this.memberSpaces(req.params.organizationId, req.params.userId, req.query.order ?? 'desc');
      return list(req.query, items, (x) => x.space.id, (x) => memberSpaceBody(x.permission, this.spaces.json(x.space, req.api)));
    },
  } satisfies Handlers;

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): OrgsJson {
    return { users: [...this.users.values()], orgs: [...this.orgs.values()] };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const u of records<UserRec>(data, 'users', ['displayName', 'email'])) this.users.set(u.id, u);
    for (const o of records<OrgRec>(data, 'orgs', ['title', 'createdAt'])) {
      if (!Array.isArray(o.members)) throw new Error(`organization ${o.id} must have a list of members`);
      this.orgs.set(o.id, o);
    }
  }

  fromFormat1(data: Record<string, unknown>): OrgsJson {
    return { users: data.users, orgs: data.orgs } as OrgsJson;
  }

  // ---- seeds -------------------------------------------------------------------------------

  seed(seed: SeedName): void {
    const b = new OrgsBuilder(this.world, this.users, this.orgs);
    if (seed === 'demo') demo(b);
    else empty(b);
    this.world.cache.clear();
  }
}

export const orgsFamily = (world: World): Orgs => new Orgs(world);

// ---- renderers shared with other families ------------------------------------------------

export function userObject(user: UserRec, api: string): Record<string, unknown> {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: `${api}/users/${user.id}` },
  };
}

const PERMISSION_HEAD = Buffer.from('{"permission":');
const SPACE_KEY = Buffer.from(',"space":');
const CLOSE = Buffer.from('}');

/** `{permission, space}` of a member's spaces listing, around the space's cached JSON. */
function memberSpaceBody(permission: Role, space: Buffer): Buffer {
  return Buffer.concat([PERMISSION_HEAD, Buffer.from(JSON.stringify(permission)), SPACE_KEY, space, CLOSE]);
}

// ---- seeds ---------------------------------------------------------------------------------

class OrgsBuilder {
  private readonly draws = new Draws(20240108);

  constructor(
    private readonly world: World,
    private readonly users: Map<string, UserRec>,
    private readonly orgs: Map<string, OrgRec>,
  ) {}

  user(displayName: string, email: string, id = this.world.nextId()): string {
    this.users.set(id, { id, displayName, email, photoURL: `https://avatars.docplat.test/${id}.png` });
    return id;
  }

  /** The caller: a new user, or the user of the state's token when a state file lacked this family. */
  caller(displayName: string, email: string): string {
    this.world.userId = this.user(displayName, email, this.world.userId || undefined);
    return this.world.userId;
  }

  org(title: string, plan: OrgRec['plan'], emailDomains: string[], members: [string, Role | null, Partial<MemberRec>?][]): void {
    const createdAt = this.draws.time(5);
    const id = this.world.nextId();
    this.orgs.set(id, {
      id,
      title,
      createdAt: iso(createdAt),
      plan,
      emailDomains,
      members: members.map(([userId, role, extra]) => {
        const joined = this.draws.time(200, createdAt);
        return {
          userId,
          role,
          joinedAt: iso(joined),
          lastSeenAt: extra?.disabled ? undefined : iso(this.draws.time(300, joined)),
          disabled: false,
          sso: false,
          teams: this.draws.int(3),
          ...extra,
        };
      }),
    });
  }
}

/**
 * The demo organizations: the caller (Dana Demo) is admin of "Acme Docs" and
 * editor of "Globex"; Acme has a member of each role, a disabled one and a
 * guest (whose grants the spaces seed gives).
 */
function demo(b: OrgsBuilder): void {
  const dana = b.caller('Dana Demo', 'dana@acme.example');
  const grace = b.user('Grace Hopper', 'grace@acme.example');
  const alan = b.user('Alan Turing', 'alan@acme.example');
  const margaret = b.user('Margaret Hamilton', 'margaret@acme.example');
  const linus = b.user('Linus Pauling', 'linus@acme.example');
  const barbara = b.user('Barbara Liskov', 'barbara@acme.example');
  const ken = b.user('Ken Thompson', 'ken@acme.example');
  const gary = b.user('Gary Guest', 'gary@partner.example');
  const hank = b.user('Hank Scorpio', 'hank@globex.example');
  const frank = b.user('Frank Grimes', 'frank@globex.example');
  b.org('Acme Docs', 'pro', ['acme.example'], [
    [dana, 'admin'],
    [grace, 'admin'],
    [alan, 'create'],
    [margaret, 'edit'],
    [linus, 'review'],
    [barbara, 'comment'],
    [ken, 'read', { disabled: true }],
    [gary, null, { sso: false }],
  ]);
  b.org('Globex', 'plus', ['globex.example'], [
    [hank, 'admin'],
    [dana, 'edit'],
    [frank, 'read'],
  ]);
}

/** The empty seed: the caller and one organization. */
function empty(b: OrgsBuilder): void {
  const me = b.caller('Dana Demo', 'dana@example.test');
  b.org('My Organization', 'free', [], [[me, 'admin']]);
}
