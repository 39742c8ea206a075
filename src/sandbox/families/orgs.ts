// The orgs family: users, organizations and their members, with the spaces
// a member can access. The caller's role in an organization, which every
// other family checks, comes from here.
import { ORDERS, type Role } from '../../api/enums.js';
import { DAY, iso } from '../core/clock.js';
import { badRequest, notFound } from '../core/errors.js';
import { Draws, type SeedName } from '../core/ids.js';
import { familyObject, records } from '../core/persist.js';
import { APP_URL, byId, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast, higher, requireRole } from '../core/roles.js';
import type { PageQuery } from '../core/paging.js';
import type { Req } from '../core/router.js';
import type { Family, Handlers, World } from '../core/world.js';
import type { SpaceRec } from './spaces/index.js';

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

  /**
   * A member by user id or e-mail address (case-insensitive), as team
   * membership changes name them; undefined when there is none.
   */
  findMember(org: string, idOrEmail: string): MemberView | undefined {
    const email = idOrEmail.toLowerCase();
    return this.members(org).find((m) => m.user.id === idOrEmail || m.user.email.toLowerCase() === email);
  }

  /** 400 when `member` is the organization's only admin, for an action that would leave it with none. */
  private keepAnAdmin(org: OrgRec, { member, user }: MemberView, action: string): void {
    if (member.role !== 'admin' || org.members.some((m) => m !== member && m.role === 'admin')) return;
    throw badRequest(`Cannot ${action} ${user.displayName} (${user.id}): they are the last admin of organization "${org.title}"; make another member admin first.`);
  }

  /** PATCH a member's role (null: guest). Admins only; the last admin keeps the role. */
  setRole(orgId: string, userId: string, role: Role | null): MemberView {
    const org = this.org(orgId);
    this.require(org.id, 'admin', "change members' roles");
    const view = this.member(org.id, userId);
    if (role !== 'admin') this.keepAnAdmin(org, view, `change the role of`);
    view.member.role = role;
    // A role changes what the member may do everywhere (and, for the caller, every permissions object).
    this.world.cache.clear();
    return view;
  }

  /** DELETE a member: out of the organization and its teams. Admins only; not the last admin. */
  removeMember(orgId: string, userId: string): void {
    const org = this.org(orgId);
    this.require(org.id, 'admin', 'remove members');
    const view = this.member(org.id, userId);
    this.keepAnAdmin(org, view, 'remove');
    org.members.splice(org.members.indexOf(view.member), 1);
    if (this.world.has('teams')) this.world.family('teams').dropMember(org.id, userId);
    this.world.cache.clear();
  }

  /** POST …/sso: the member can log in with SSO. Admins only. */
  setSso(orgId: string, userId: string): MemberView {
    const org = this.org(orgId);
    this.require(org.id, 'admin', 'set members as SSO members');
    const view = this.member(org.id, userId);
    view.member.sso = true;
    return view;
  }

  /** A user by e-mail address (case-insensitive), made when there is none (an invite). */
  userByEmail(email: string): UserRec {
    const lower = email.toLowerCase();
    for (const u of this.users.values()) if (u.email.toLowerCase() === lower) return u;
    const user = { id: this.world.nextId(), displayName: email.split('@')[0], email };
    this.users.set(user.id, user);
    return user;
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
      teams: this.world.has('teams') ? this.world.family('teams').countOf(org, user.id) : 0,
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
        // Sorting by last activity lists only active members: not disabled, and seen at least once.
        .filter((m) => sort !== 'lastSeenAt' || (!m.member.disabled && m.member.lastSeenAt !== undefined))
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'asc' ? 1 : -1));
      return list(req.query, members, (m) => m.user.id, (m) => jsonBody(this.memberJson(org, m, req.api)));
    },
    'members.get': (req: Req) => {
      const org = req.params.organizationId;
      return ok(this.memberJson(org, this.member(org, req.params.userId), req.api));
    },
    'members.update': (req: Req<PageQuery, { role?: Role | null }>) => {
      const org = req.params.organizationId;
      if (req.body.role === undefined) throw badRequest('The body must have a "role" (a role, or null for a guest).');
      return ok(this.memberJson(org, this.setRole(org, req.params.userId, req.body.role), req.api));
    },
    'members.remove': (req: Req): Reply => {
      this.removeMember(req.params.organizationId, req.params.userId);
      return { status: 204 };
    },
    'members.setSso': (req: Req) => {
      const org = req.params.organizationId;
      return ok(this.memberJson(org, this.setSso(org, req.params.userId), req.api));
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

  /**
   * An organization with its members; each joined within 200 days of its
   * creation and was last seen `seen` days before now (never when absent).
   * `id`: a fixed id, for an organization added to the demo after others had
   * ids (taking the next one would move every id seeded after it).
   */
  org(title: string, plan: OrgRec['plan'], emailDomains: string[], members: [string, Role | null, MemberSeed?][], id = this.world.nextId()): void {
    const createdAt = this.draws.time(5);
    const now = this.world.clock.now();
    this.orgs.set(id, {
      id,
      title,
      createdAt: iso(createdAt),
      plan,
      emailDomains,
      members: members.map(([userId, role, extra = {}]) => {
        const joined = this.draws.time(200, createdAt);
        // Hours drawn within the day keep the times realistic and the day counts exact.
        const seen = extra.seen === undefined ? undefined : now - extra.seen * DAY - this.draws.int(12) * 3_600_000;
        return {
          userId,
          role,
          joinedAt: iso(joined),
          ...(seen === undefined ? {} : { lastSeenAt: iso(seen) }),
          disabled: extra.disabled ?? false,
          sso: extra.sso ?? false,
        };
      }),
    });
  }
}

interface MemberSeed {
  /** Days before now when the member was last seen; absent: never. */
  seen?: number;
  disabled?: boolean;
  sso?: boolean;
}

/** Initech's id: fixed, so that the ids seeded after the organizations stay those the README and tests name. */
const INITECH_ID = 'InitechDemoOrg000001';

/**
 * The demo organizations: the caller (Dana Demo) is admin of "Acme Docs",
 * editor of "Globex" and admin of "Initech" (empty: where a transfer from
 * Acme works, while one into Globex is refused with 403). Acme has 25 members: every role, three guests (whose
 * grants the spaces seed gives), two disabled members, four SSO members, and
 * last activity spread over a year (12 not seen for 90 days or more, two of
 * them never).
 */
function demo(b: OrgsBuilder): void {
  const dana = b.caller('Dana Demo', 'dana@acme.example');
  const user = (name: string) => b.user(name, `${name.split(' ')[0].toLowerCase()}@acme.example`);
  const grace = user('Grace Hopper');
  const alan = user('Alan Turing');
  const margaret = user('Margaret Hamilton');
  const linus = user('Linus Pauling');
  const barbara = user('Barbara Liskov');
  const ken = user('Ken Thompson');
  const gary = b.user('Gary Guest', 'gary@partner.example');
  const hank = b.user('Hank Scorpio', 'hank@globex.example');
  const frank = b.user('Frank Grimes', 'frank@globex.example');
  const more = (['Ada Lovelace', 'Edsger Dijkstra', 'Donald Knuth', 'John Backus', 'Frances Allen', 'Katherine Johnson', 'Tim Berners-Lee', 'Radia Perlman', 'Whitfield Diffie', 'Hedy Lamarr', 'Claude Shannon', 'Dennis Ritchie', 'Bjarne Stroustrup', 'Annie Easley'] as const).map(user);
  const [ada, edsger, donald, john, frances, katherine, tim, radia, whitfield, hedy, claude, dennis, bjarne, annie] = more;
  const guido = b.user('Guido Guest', 'guido@partner.example');
  const sophie = b.user('Sophie Wilson', 'sophie@contractor.example');
  b.org('Acme Docs', 'pro', ['acme.example'], [
    [dana, 'admin', { seen: 0 }],
    [grace, 'admin', { seen: 3 }],
    [alan, 'create', { seen: 1 }],
    [margaret, 'edit', { seen: 20 }],
    [linus, 'review', { seen: 100 }],
    [barbara, 'comment', { seen: 45 }],
    [ken, 'read', { disabled: true }],
    [gary, null, { seen: 180 }],
    [ada, 'create', { seen: 2 }],
    [edsger, 'edit', { seen: 5 }],
    [donald, 'edit', { seen: 40 }],
    [john, 'review', { seen: 95 }],
    [frances, 'comment', { seen: 120 }],
    [katherine, 'read', { seen: 200, sso: true }],
    [tim, 'read', { seen: 364 }],
    [radia, 'edit', { seen: 12, sso: true }],
    [whitfield, 'read', { seen: 300, disabled: true }],
    [hedy, 'comment', { seen: 150 }],
    [claude, 'create', { seen: 70, sso: true }],
    [dennis, 'read', { seen: 91 }],
    [bjarne, 'review', { seen: 30 }],
    [annie, 'read', {}],
    [guido, null, { seen: 250 }],
    [sophie, null, { seen: 10, sso: true }],
    [hank, 'read', { seen: 60 }],
  ]);
  b.org('Globex', 'plus', ['globex.example'], [
    [hank, 'admin', { seen: 1 }],
    [dana, 'edit', { seen: 8 }],
    [frank, 'read', { seen: 60 }],
  ]);
  b.org(
    'Initech',
    'free',
    ['initech.example'],
    [
      [dana, 'admin', { seen: 2 }],
      [frank, 'edit', { seen: 30 }],
    ],
    INITECH_ID,
  );
}

/** The empty seed: the caller and one organization. */
function empty(b: OrgsBuilder): void {
  const me = b.caller('Dana Demo', 'dana@example.test');
  b.org('My Organization', 'free', [], [[me, 'admin', { seen: 0 }]]);
}
