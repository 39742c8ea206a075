// The sandbox's model: lookups, listings and the state transitions of spaces
// and collections. Every rule of the API that is not about HTTP lives here;
// it throws SandboxError for a refused request and never half-applies one
// (all checks run before the first change).
//
// Listings are cached per organization or collection and rebuilt only after
// a change of structure (create, delete, restore, move, transfer, ...), so a
// page of a 100,000-space listing costs a slice. Rendered JSON of each space
// and collection is cached too, and dropped when that resource changes.
import { RESTORE_WINDOW_DAYS, type EditMode, type Role } from '../api/bounds.js';
import { badRequest, conflict, forbidden, notFound } from './errors.js';
import {
  STATE_FORMAT, collectionEntry, containerKey, rootKey, spaceEntry,
  type CollectionRec, type MemberRec, type OrgRec, type SpaceRec, type StateData, type UserRec,
} from './model.js';
import { makeId, seedState, type SeedName } from './seed.js';

const DAY = 86_400_000;
const RANK: Record<Role, number> = { read: 0, comment: 1, review: 2, edit: 3, create: 4, admin: 5 };

/** Whether `role` is `min` or above (admin > create > edit > review > comment > read). */
export function atLeast(role: Role | null | undefined, min: Role): boolean {
  return role !== null && role !== undefined && RANK[role] >= RANK[min];
}

export type SpaceStatus = 'active' | 'deleted' | 'expired';

/** A place among siblings: before or after a space or collection. */
export interface Position {
  side: 'before' | 'after';
  type: 'space' | 'collection';
  id: string;
}

export interface MoveInput {
  /** undefined: stay in the same container; null: the organization's top level. */
  parent?: string | null;
  position?: Position;
}

export interface SpaceInput {
  title?: string;
  emoji?: string | null;
  editMode?: EditMode;
  defaultLevel?: Role | null;
  parent?: string;
}

export interface CollectionInput {
  title?: string;
  description?: string | null;
  defaultLevel?: Role | null;
  parent?: string;
}

export interface MemberView {
  member: MemberRec;
  user: UserRec;
}

export interface MemberSpace {
  permission: Role;
  space: SpaceRec;
}

export interface CreateStateOptions {
  seed?: SeedName;
  /** Extra spaces at the top level of the first organization. */
  spaces?: number;
  /** The clock's now, in ms (default Date.now()). */
  now?: number;
}

export function createState(opts: CreateStateOptions = {}): SandboxState {
  return new SandboxState(seedState(opts.seed ?? 'demo', opts.now ?? Date.now(), opts.spaces ?? 0));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A space or a collection: what the sibling order holds. */
type Node = SpaceRec | CollectionRec;
const isSpace = (node: Node): node is SpaceRec => 'revision' in node;
const COPY_SUFFIX = ' (copy)';

export class SandboxState {
  readonly token: string;
  readonly userId: string;
  private clockOffsetMs: number;
  private seq: number;
  private readonly users = new Map<string, UserRec>();
  private readonly orgs = new Map<string, OrgRec>();
  private readonly collections = new Map<string, CollectionRec>();
  private readonly spaces = new Map<string, SpaceRec>();
  /**
   * Sibling order (see StateData.children), holding the records themselves:
   * walking 100,000 of them is a pass over an array, with no lookups.
   */
  private readonly children = new Map<string, Node[]>();
  private readonly removedCollections: Set<string>;
  /** Bumped by every change of what listings hold or of their order. */
  private version = 0;
  private readonly memos = new Map<string, { version: number; value: unknown }>();
  /** Keyed by record: a WeakMap lookup costs far less than building a string key per item of a page. */
  private readonly rendered = new WeakMap<SpaceRec | CollectionRec, Buffer>();

  constructor(data: StateData) {
    if (!data || typeof data !== 'object' || data.format !== STATE_FORMAT) {
      throw new Error(`not a sandbox state of format ${STATE_FORMAT}`);
    }
    this.token = data.token;
    this.userId = data.userId;
    this.clockOffsetMs = data.clockOffsetMs;
    this.seq = data.seq;
    for (const u of data.users) this.users.set(u.id, u);
    for (const o of data.orgs) this.orgs.set(o.id, o);
    for (const c of data.collections) this.collections.set(c.id, c);
    for (const s of data.spaces) this.spaces.set(s.id, s);
    for (const [key, entries] of Object.entries(data.children)) {
      this.children.set(
        key,
        entries.map((e) => {
          const node = e.startsWith('s:') ? this.spaces.get(e.slice(2)) : this.collections.get(e.slice(2));
          if (!node) throw new Error(`the order of ${key} names ${e}, which does not exist`);
          return node;
        }),
      );
    }
    this.removedCollections = new Set(data.removedCollections);
  }

  toJSON(): StateData {
    return {
      format: STATE_FORMAT,
      token: this.token,
      clockOffsetMs: this.clockOffsetMs,
      seq: this.seq,
      userId: this.userId,
      users: [...this.users.values()],
      orgs: [...this.orgs.values()],
      collections: [...this.collections.values()],
      spaces: [...this.spaces.values()],
      children: Object.fromEntries([...this.children].map(([key, nodes]) => [key, nodes.map((n) => (isSpace(n) ? spaceEntry(n.id) : collectionEntry(n.id)))])),
      removedCollections: [...this.removedCollections],
    };
  }

  // ---- clock -------------------------------------------------------------------

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError('the clock moves by a finite number of milliseconds');
    this.clockOffsetMs += ms;
  }

  // ---- caches ------------------------------------------------------------------

  /** The JSON bytes of a space or collection, built once until it changes. */
  render(record: SpaceRec | CollectionRec, build: () => unknown): Buffer {
    let json = this.rendered.get(record);
    if (json === undefined) {
      json = Buffer.from(JSON.stringify(build()));
      this.rendered.set(record, json);
    }
    return json;
  }

  private memo<T>(key: string, build: () => T): T {
    const hit = this.memos.get(key);
    if (hit && hit.version === this.version) return hit.value as T;
    const value = build();
    this.memos.set(key, { version: this.version, value });
    return value;
  }

  /** Records a change: `structural` when listings change; `records` are those whose JSON changed. */
  private changed(structural: boolean, ...records: (SpaceRec | CollectionRec)[]): void {
    if (structural) this.version++;
    for (const r of records) this.rendered.delete(r);
  }

  /** What a new space starts with, whether created or duplicated: fresh times, revision and counters. */
  private newSpaceFields(now: string) {
    return { createdAt: now, updatedAt: now, revision: this.nextId(), comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 };
  }

  private nextId(): string {
    return makeId(this.seq++);
  }

  // ---- users and organizations ---------------------------------------------------

  user(id = this.userId): UserRec | undefined {
    return this.users.get(id);
  }

  /** The caller's role in an organization: undefined when not a member, null for a guest. */
  roleIn(org: string): Role | null | undefined {
    return this.orgs.get(org)?.members.find((m) => m.userId === this.userId)?.role;
  }

  /** The caller's organizations, in the order of the state. */
  listOrgs(): OrgRec[] {
    return this.memo('orgs', () => [...this.orgs.values()].filter((o) => this.roleIn(o.id) !== undefined));
  }

  get firstOrg(): string | undefined {
    return this.listOrgs()[0]?.id;
  }

  org(id: string): OrgRec {
    const org = this.orgs.get(id);
    if (!org || this.roleIn(id) === undefined) throw notFound(`No organization with id ${id}.`);
    return org;
  }

  private require(org: string, min: Role, action: string): void {
    const role = this.roleIn(org);
    if (!atLeast(role, min)) {
      const title = this.orgs.get(org)?.title ?? org;
      throw forbidden(`You need the ${min} role in organization "${title}" (${org}) to ${action}; your role there is ${role ?? 'guest'}.`);
    }
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
    if (order === 'desc') return this.memo(`member-spaces:${org}:${userId}:desc`, () => [...this.memberSpaces(org, userId, 'asc')].reverse());
    return this.memo(`member-spaces:${org}:${userId}:asc`, () => {
      const out: MemberSpace[] = [];
      for (const space of this.orgSpaces(org)) {
        const grant = member.grants?.[space.id];
        const permission = member.role && grant ? (RANK[grant] > RANK[member.role] ? grant : member.role) : (member.role ?? grant);
        if (permission) out.push({ permission, space });
      }
      return out;
    });
  }

  /** How many spaces a member can access (the `spaces` of a Member). */
  memberSpaceCount(org: string, member: MemberRec): number {
    if (member.role) return this.orgSpaces(org).length;
    return Object.keys(member.grants ?? {}).filter((id) => {
      const s = this.spaces.get(id);
      return s && s.org === org && !s.deletedAt;
    }).length;
  }

  /** The caller was seen now (POST /orgs/{org}/ping). */
  ping(org: string): void {
    const me = this.org(org).members.find((m) => m.userId === this.userId);
    if (me) me.lastSeenAt = iso(this.now());
  }

  // ---- lookups -----------------------------------------------------------------------

  /** active; deleted (restorable); expired (deleted more than RESTORE_WINDOW_DAYS ago: gone). */
  status(space: SpaceRec): SpaceStatus {
    if (!space.deletedAt) return 'active';
    return this.now() - Date.parse(space.deletedAt) > RESTORE_WINDOW_DAYS * DAY ? 'expired' : 'deleted';
  }

  /** A space, deleted or not; 404 when unknown or removed for good. */
  space(id: string): SpaceRec {
    const space = this.spaces.get(id);
    if (!space || this.status(space) === 'expired') throw notFound(`No space with id ${id}.`);
    return space;
  }

  private activeSpace(id: string, action: string): SpaceRec {
    const space = this.space(id);
    if (space.deletedAt) throw conflict(`Space ${id} is deleted: restore it before you ${action} it.`);
    return space;
  }

  collection(id: string): CollectionRec {
    const c = this.collections.get(id);
    if (!c) throw notFound(`No collection with id ${id}.`);
    return c;
  }

  // ---- listings ------------------------------------------------------------------------

  /** Every space of an organization, deleted ones included, in sidebar order. */
  private sidebar(org: string): SpaceRec[] {
    return this.memo(`sidebar:${org}`, () => {
      const out: SpaceRec[] = [];
      const walk = (key: string) => {
        for (const node of this.children.get(key) ?? []) {
          if (isSpace(node)) out.push(node);
          else walk(node.id);
        }
      };
      walk(rootKey(org));
      return out;
    });
  }

  /** The organization's spaces that are not deleted, in sidebar order. */
  orgSpaces(org: string): SpaceRec[] {
    return this.memo(`spaces:${org}`, () => this.sidebar(org).filter((s) => !s.deletedAt));
  }

  /** For pagination: how many listed spaces come before a space that left orgSpaces(). */
  locateInOrg(org: string, spaceId: string): number | undefined {
    let before = 0;
    for (const s of this.sidebar(org)) {
      if (s.id === spaceId) return before;
      if (!s.deletedAt) before++;
    }
    return undefined;
  }

  /** The organization's collections in sidebar order; only top-level ones unless `nested`. */
  orgCollections(org: string, nested: boolean): CollectionRec[] {
    return this.memo(`collections:${org}:${nested}`, () => {
      const out: CollectionRec[] = [];
      const walk = (key: string) => {
        for (const node of this.children.get(key) ?? []) {
          if (isSpace(node)) continue;
          out.push(node);
          if (nested) walk(node.id);
        }
      };
      walk(rootKey(org));
      return out;
    });
  }

  /** The spaces directly in a collection (not in its sub-collections), not deleted, in order. */
  collectionSpaces(id: string): SpaceRec[] {
    this.collection(id);
    return this.memo(`collection-spaces:${id}`, () =>
      (this.children.get(id) ?? []).filter((n): n is SpaceRec => isSpace(n) && !n.deletedAt),
    );
  }

  locateInCollection(id: string, spaceId: string): number | undefined {
    let before = 0;
    for (const node of this.children.get(id) ?? []) {
      if (!isSpace(node)) continue;
      if (node.id === spaceId) return before;
      if (!node.deletedAt) before++;
    }
    return undefined;
  }

  // ---- spaces ----------------------------------------------------------------------------

  createSpace(orgId: string, input: SpaceInput): SpaceRec {
    const org = this.org(orgId);
    this.require(org.id, 'create', 'create spaces');
    const parent = input.parent === undefined ? null : this.collectionIn(org.id, input.parent).id;
    const now = iso(this.now());
    const space: SpaceRec = {
      id: this.nextId(),
      org: org.id,
      parent,
      title: input.title ?? 'Untitled',
      emoji: input.emoji ?? '',
      visibility: parent ? 'in-collection' : 'private',
      editMode: input.editMode ?? 'live',
      defaultLevel: input.defaultLevel ?? null,
      ...this.newSpaceFields(now),
      content: this.seq,
    };
    this.spaces.set(space.id, space);
    this.childrenOf(containerKey(org.id, parent)).push(space);
    this.changed(true);
    return space;
  }

  updateSpace(id: string, patch: SpaceInput): SpaceRec {
    const space = this.activeSpace(id, 'update');
    if (patch.title === undefined && patch.emoji === undefined && patch.editMode === undefined && patch.defaultLevel === undefined) return space;
    if (patch.editMode !== undefined || patch.defaultLevel !== undefined) {
      this.require(space.org, 'admin', 'change the edit mode or default level of a space');
    }
    if (patch.title !== undefined || patch.emoji !== undefined) this.require(space.org, 'edit', 'change the title or emoji of a space');
    if (patch.title !== undefined) space.title = patch.title;
    if (patch.emoji !== undefined) space.emoji = patch.emoji ?? '';
    if (patch.editMode !== undefined) space.editMode = patch.editMode;
    if (patch.defaultLevel !== undefined) space.defaultLevel = patch.defaultLevel;
    space.updatedAt = iso(this.now());
    this.changed(false, space);
    return space;
  }

  /** 'deleted', or 'nothing' when the space was already deleted (or removed for good). */
  deleteSpace(id: string): 'deleted' | 'nothing' {
    const space = this.spaces.get(id);
    if (!space) throw notFound(`No space with id ${id}.`);
    this.require(space.org, 'create', 'delete spaces');
    if (space.deletedAt) return 'nothing';
    space.deletedAt = iso(this.now());
    this.changed(true, space);
    return 'deleted';
  }

  restoreSpace(id: string): SpaceRec {
    const space = this.spaces.get(id);
    if (!space) throw notFound(`No space with id ${id}.`);
    const status = this.status(space);
    if (status === 'active') throw conflict(`Space ${id} is not deleted.`);
    if (status === 'expired') {
      throw badRequest(
        `Space ${id} was deleted on ${space.deletedAt}, more than ${RESTORE_WINDOW_DAYS} days ago, and has been removed permanently: it cannot be restored.`,
      );
    }
    this.require(space.org, 'create', 'restore spaces');
    delete space.deletedAt;
    space.updatedAt = iso(this.now());
    this.changed(true, space);
    return space;
  }

  /** A copy titled "<title> (copy)", placed right after the original. */
  duplicateSpace(id: string): SpaceRec {
    const original = this.activeSpace(id, 'duplicate');
    this.require(original.org, 'create', 'duplicate spaces');
    const now = iso(this.now());
    const title = [...original.title].slice(0, 50 - COPY_SUFFIX.length).join('') + COPY_SUFFIX;
    const copy: SpaceRec = {
      ...original,
      id: this.nextId(),
      title,
      ...this.newSpaceFields(now),
    };
    this.spaces.set(copy.id, copy);
    const siblings = this.childrenOf(containerKey(copy.org, copy.parent));
    siblings.splice(siblings.indexOf(original) + 1, 0, copy);
    this.changed(true);
    return copy;
  }

  moveSpace(id: string, input: MoveInput): SpaceRec {
    const space = this.activeSpace(id, 'move');
    this.require(space.org, 'create', 'move spaces');
    const parent = input.parent === undefined ? space.parent : input.parent === null ? null : this.collectionIn(space.org, input.parent).id;
    this.reposition(space, space.org, containerKey(space.org, space.parent), containerKey(space.org, parent), input.position);
    space.parent = parent;
    if (!parent && space.visibility === 'in-collection') space.visibility = 'private';
    space.updatedAt = iso(this.now());
    this.changed(true, space);
    return space;
  }

  /**
   * Moves a space to the top level of another organization. The caller must
   * be able to edit it and be admin of the target. A transfer to the
   * organization that already holds it changes nothing, so a retry is safe.
   */
  transferSpace(id: string, orgId: string): SpaceRec {
    const space = this.activeSpace(id, 'transfer');
    const target = this.org(orgId);
    if (target.id === space.org) return space;
    this.require(space.org, 'edit', 'transfer spaces out of it');
    this.require(target.id, 'admin', 'transfer spaces into it');
    this.detach(space, containerKey(space.org, space.parent));
    this.childrenOf(rootKey(target.id)).push(space);
    space.org = target.id;
    space.parent = null;
    if (space.visibility === 'in-collection') space.visibility = 'private';
    space.updatedAt = iso(this.now());
    this.changed(true, space);
    return space;
  }

  // ---- collections --------------------------------------------------------------------------

  createCollection(orgId: string, input: CollectionInput): CollectionRec {
    const org = this.org(orgId);
    this.require(org.id, 'create', 'create collections');
    const parent = input.parent === undefined ? null : this.collectionIn(org.id, input.parent).id;
    const c: CollectionRec = {
      id: this.nextId(),
      org: org.id,
      parent,
      title: input.title ?? 'Untitled',
      ...(input.description ? { description: input.description } : {}),
      defaultLevel: input.defaultLevel ?? null,
      createdAt: iso(this.now()),
    };
    this.collections.set(c.id, c);
    this.childrenOf(containerKey(org.id, parent)).push(c);
    this.children.set(c.id, []);
    this.changed(true);
    return c;
  }

  updateCollection(id: string, patch: CollectionInput): CollectionRec {
    const c = this.collection(id);
    if (patch.defaultLevel !== undefined) this.require(c.org, 'admin', 'change the default level of a collection');
    this.require(c.org, 'create', 'update collections');
    if (patch.title !== undefined) c.title = patch.title;
    if (patch.description === null || patch.description === '') delete c.description;
    else if (patch.description !== undefined) c.description = patch.description;
    if (patch.defaultLevel !== undefined) c.defaultLevel = patch.defaultLevel;
    this.changed(false, c);
    return c;
  }

  /**
   * Deletes a collection and its sub-collections for good (collections have no
   * deleted state in the API). The spaces they held become deleted spaces,
   * restorable for the usual 7 days, and move to the organization's top
   * level so that a restore does not point at a collection that is gone.
   * 'nothing' when the collection was already deleted.
   */
  deleteCollection(id: string): 'deleted' | 'nothing' {
    if (this.removedCollections.has(id)) return 'nothing';
    const top = this.collection(id);
    this.require(top.org, 'create', 'delete collections');
    const { collections, spaces } = this.subtree(id);
    const now = iso(this.now());
    const root = this.childrenOf(rootKey(top.org));
    for (const space of spaces) {
      space.deletedAt ??= now;
      space.parent = null;
      if (space.visibility === 'in-collection') space.visibility = 'private';
      root.push(space);
    }
    this.detach(top, containerKey(top.org, top.parent));
    for (const c of collections) {
      this.children.delete(c.id);
      this.collections.delete(c.id);
      this.removedCollections.add(c.id);
    }
    this.changed(true, ...spaces, ...collections);
    return 'deleted';
  }

  moveCollection(id: string, input: MoveInput): CollectionRec {
    const c = this.collection(id);
    this.require(c.org, 'create', 'move collections');
    let parent = c.parent;
    if (input.parent !== undefined) {
      parent = input.parent === null ? null : this.collectionIn(c.org, input.parent).id;
      for (let p: string | null = parent; p !== null; p = this.collections.get(p)!.parent) {
        if (p === id) throw badRequest(`Collection ${id} cannot move into itself or one of its sub-collections.`);
      }
    }
    this.reposition(c, c.org, containerKey(c.org, c.parent), containerKey(c.org, parent), input.position);
    c.parent = parent;
    this.changed(true, c);
    return c;
  }

  /** Moves a collection, with everything in it, to the top level of another organization; rules as transferSpace(). */
  transferCollection(id: string, orgId: string): CollectionRec {
    const c = this.collection(id);
    const target = this.org(orgId);
    if (target.id === c.org) return c;
    this.require(c.org, 'edit', 'transfer collections out of it');
    this.require(target.id, 'admin', 'transfer collections into it');
    const { collections, spaces } = this.subtree(id);
    this.detach(c, containerKey(c.org, c.parent));
    this.childrenOf(rootKey(target.id)).push(c);
    c.parent = null;
    for (const x of [...collections, ...spaces]) x.org = target.id;
    this.changed(true, ...spaces, ...collections);
    return c;
  }

  // ---- tree helpers ---------------------------------------------------------------------------

  private childrenOf(key: string): Node[] {
    let nodes = this.children.get(key);
    if (!nodes) this.children.set(key, (nodes = []));
    return nodes;
  }

  private detach(node: Node, key: string): void {
    const siblings = this.childrenOf(key);
    const i = siblings.indexOf(node);
    if (i >= 0) siblings.splice(i, 1);
  }

  /** A collection that must be in `org` (a parent for a create or a move). */
  private collectionIn(org: string, id: string): CollectionRec {
    const c = this.collection(id);
    if (c.org !== org) throw badRequest(`Collection ${id} is in another organization; use transfer to move content between organizations.`);
    return c;
  }

  /** A collection with all its sub-collections, and every space in them (deleted ones too), in sidebar order. */
  private subtree(id: string): { collections: CollectionRec[]; spaces: SpaceRec[] } {
    const collections: CollectionRec[] = [];
    const spaces: SpaceRec[] = [];
    const walk = (cid: string) => {
      collections.push(this.collections.get(cid)!);
      for (const node of this.children.get(cid) ?? []) {
        if (isSpace(node)) spaces.push(node);
        else walk(node.id);
      }
    };
    walk(id);
    return { collections, spaces };
  }

  private describe(key: string): string {
    return key.startsWith('org:') ? `at the top level of organization ${key.slice(4)}` : `in collection ${key}`;
  }

  /**
   * Moves `node` from container `from` to `to`, at `position` (a sibling in
   * `to`) or at the end. Checks everything before changing anything.
   */
  private reposition(node: Node, org: string, from: string, to: string, position?: Position): void {
    let sibling: Node | undefined;
    if (position) {
      const ref = position.type === 'space' ? this.spaces.get(position.id) : this.collections.get(position.id);
      if (!ref || (position.type === 'space' && this.status(ref as SpaceRec) === 'expired')) {
        throw notFound(`No ${position.type} with id ${position.id}.`);
      }
      sibling = ref;
      if (sibling === node && from === to) return;
      const where = containerKey(ref.org, ref.parent);
      if (sibling === node || ref.org !== org || where !== to) {
        const kind = position.type === 'space' ? 'Space' : 'Collection';
        throw badRequest(
          `The position refers to ${position.type} ${position.id}, which is not a sibling ${this.describe(to)}: ${kind} ${position.id} is ${this.describe(where)}.`,
        );
      }
    } else if (from === to) {
      return;
    }
    this.detach(node, from);
    const target = this.childrenOf(to);
    if (sibling === undefined) target.push(node);
    else target.splice(target.indexOf(sibling) + (position!.side === 'after' ? 1 : 0), 0, node);
  }
}
