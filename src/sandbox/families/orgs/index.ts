// The orgs family, the bottom layer: users, organizations and their members.
// The caller's role in an organization, which every other family checks,
// comes from here. Members as the API shows them (with their spaces and
// teams) are ../members.ts, above this and the spaces family.
//
// Beside this file: records.ts (the records), render.ts (their JSON),
// handlers.ts (the operations) and seed.ts (the demo users and organizations).
import { timingSafeEqual } from 'node:crypto';
import type { Role } from '../../../api/enums.js';
import { badRequest, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import { requireRole } from '../../core/roles.js';
import type { Caller, Family, World } from '../../core/world.js';
import { orgHandlers } from './handlers.js';
import { USER_TOKEN_PREFIX, userToken, type MemberView, type OrgRec, type OrgsJson, type UserRec } from './records.js';
import { orgObject } from './render.js';
import { demo, empty, OrgsBuilder } from './seed.js';

export type { MemberRec, MemberView, OrgRec, UserRec } from './records.js';
export { userObject } from './render.js';

declare module '../../core/world.js' {
  interface Families {
    orgs: Orgs;
  }
}

export class Orgs implements Family {
  readonly name = 'orgs';
  private readonly users = new Map<string, UserRec>();
  private readonly orgs = new Map<string, OrgRec>();
  readonly handlers: ReturnType<typeof orgHandlers>;

  constructor(private readonly world: World) {
    this.handlers = orgHandlers(this);
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

  /** DELETE a member: out of the organization (its teams are the members view's to clear). Admins only; not the last admin. */
  removeMember(orgId: string, userId: string): void {
    const org = this.org(orgId);
    this.require(org.id, 'admin', 'remove members');
    const view = this.member(org.id, userId);
    this.keepAnAdmin(org, view, 'remove');
    org.members.splice(org.members.indexOf(view.member), 1);
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

  // ---- several users ----------------------------------------------------------------------

  /** The token of every user but the state's own (whose token is the state's), by user id; built once per set of users. */
  private tokens?: { users: number; state: string; byUser: Map<string, Buffer> };

  private userTokens(): Map<string, Buffer> {
    if (this.tokens?.users !== this.users.size || this.tokens.state !== this.world.token) {
      const byUser = new Map<string, Buffer>();
      for (const id of this.users.keys()) byUser.set(id, Buffer.from(userToken(this.world.token, id)));
      this.tokens = { users: this.users.size, state: this.world.token, byUser };
    }
    return this.tokens.byUser;
  }

  /** Another user's token: requests with it run as that user (each compared in constant time). */
  authenticate(token: string): Caller | undefined {
    if (!token.startsWith(USER_TOKEN_PREFIX)) return undefined;
    const given = Buffer.from(token);
    for (const [user, expected] of this.userTokens()) {
      if (user !== this.world.userId && given.length === expected.length && timingSafeEqual(given, expected)) return { user };
    }
    return undefined;
  }

  /** The members of an organization of the caller's, but the caller, each with the token to act as them (`sandbox serve` prints them). */
  memberTokens(org: string): { user: UserRec; role: Role | null; disabled: boolean; token: string }[] {
    return this.members(org)
      .filter(({ user }) => user.id !== this.world.userId)
      .map(({ member, user }) => ({ user, role: member.role, disabled: member.disabled, token: userToken(this.world.token, user.id) }));
  }

  /** The caller was seen now (POST /orgs/{org}/ping). */
  ping(org: string): void {
    const me = this.org(org).members.find((m) => m.userId === this.world.userId);
    if (me) me.lastSeenAt = this.world.clock.nowIso();
  }

  /** An organization as the caller sees it. */
  orgObject(org: OrgRec, api: string): Record<string, unknown> {
    return orgObject(org, this.roleIn(org.id), api);
  }

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

  seed(seed: SeedName): void {
    const b = new OrgsBuilder(this.world, this.users, this.orgs);
    if (seed === 'demo') demo(b);
    else empty(b);
    this.world.cache.clear();
  }
}

export const orgsFamily = (world: World): Orgs => new Orgs(world);
