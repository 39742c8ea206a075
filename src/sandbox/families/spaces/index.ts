// The spaces family: spaces and collections, which share the sidebar order
// of an organization, and the space-level reads of generated content (links
// and search, see content.ts). Every rule of these operations lives
// here; a refused request throws SandboxError and never half-applies (all
// checks run before the first change).
//
// Listings are cached per organization or collection and rebuilt only after a
// write (world.wrote(); the methods here also mark their changes of
// structure); rendered JSON is cached until its resource changes.
//
// Beside this file: records.ts (the records, the sidebar order's keys and the
// operations' inputs), views.ts (their JSON), handlers.ts (the operations)
// and seed.ts (the demo spaces and collections).
import { RESTORE_WINDOW_DAYS } from '../../../api/enums.js';
import { DAY } from '../../core/clock.js';
import { alreadyDeleted, badRequest, conflict, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { SiblingOrder } from '../../core/order.js';
import { familyObject, records } from '../../core/persist.js';
import type { Families, Family, World } from '../../core/world.js';
import { spaceHandlers } from './handlers.js';
import { containerKey, describe, entry, isSpace, rehome, rootKey, spaceTitle } from './records.js';
import type { CollectionFields, CollectionRec, Move, Node, SpaceFields, SpaceRec, SpacesJson, SpaceStatus } from './records.js';
import { addSpaces, seedDemoSpaces } from './seed.js';
import { SpaceViews } from './views.js';

export type { CollectionRec, SpaceRec, SpaceStatus } from './records.js';

const COPY_SUFFIX = ' (copy)';

declare module '../../core/world.js' {
  interface Families {
    spaces: Spaces;
  }
}

export class Spaces implements Family {
  readonly name = 'spaces';
  private readonly lower: Pick<Families, 'orgs'>;
  private readonly spaces = new Map<string, SpaceRec>();
  private readonly collections = new Map<string, CollectionRec>();
  private order = new SiblingOrder<Node>();
  private readonly removedCollections = new Set<string>();

  /** Told of the spaces a transfer takes out of an organization (the sites family hooks in from its attach(): they leave its sites). */
  readonly departures: ((spaces: readonly SpaceRec[], org: string) => void)[] = [];
  /** The JSON of spaces and collections (a family above adds its counts to a space's: views.countWith()). */
  readonly views: SpaceViews;
  readonly handlers: ReturnType<typeof spaceHandlers>;

  constructor(private readonly world: World) {
    this.lower = world.lower('spaces', 'orgs');
    this.views = new SpaceViews(world, () => this.orgs);
    this.handlers = spaceHandlers(this, this.views);
  }

  /** One of the caller's organizations (404 otherwise). */
  orgOf(id: string) {
    return this.orgs.org(id);
  }

  private get orgs() {
    return this.lower.orgs;
  }

  private get cache() {
    return this.world.cache;
  }

  private now(): string {
    return this.world.clock.nowIso();
  }

  // ---- lookups -----------------------------------------------------------------------

  /** active; deleted (restorable); expired (deleted more than RESTORE_WINDOW_DAYS ago: gone). */
  status(space: SpaceRec): SpaceStatus {
    if (!space.deletedAt) return 'active';
    return this.world.clock.now() - Date.parse(space.deletedAt) > RESTORE_WINDOW_DAYS * DAY ? 'expired' : 'deleted';
  }

  /** A space, deleted or not; undefined when unknown or removed for good. */
  find(id: string): SpaceRec | undefined {
    const space = this.spaces.get(id);
    return space && this.status(space) !== 'expired' ? space : undefined;
  }

  /** A space, deleted or not; 404 when unknown or removed for good. */
  space(id: string): SpaceRec {
    const space = this.find(id);
    if (!space) throw notFound(`No space with id ${id}.`);
    return space;
  }

  private activeSpace(id: string, action: string): SpaceRec {
    const space = this.space(id);
    if (space.deletedAt) throw conflict(`Space ${id} is deleted: restore it before you ${action} it.`);
    return space;
  }

  /** Whether a space is in the organization's listing (exists, there, not deleted). */
  isListed(id: string, org: string): boolean {
    const s = this.spaces.get(id);
    return s !== undefined && s.org === org && !s.deletedAt;
  }

  collection(id: string): CollectionRec {
    const c = this.collections.get(id);
    if (!c) throw notFound(`No collection with id ${id}.`);
    return c;
  }

  /** A collection that must be in `org` (a parent for a create or a move). */
  private collectionIn(org: string, id: string): CollectionRec {
    const c = this.collection(id);
    if (c.org !== org) throw badRequest(`Collection ${id} is in another organization; use transfer to move content between organizations.`);
    return c;
  }

  // ---- listings ------------------------------------------------------------------------

  /** Every space of an organization, deleted ones included, in sidebar order. */
  sidebar(org: string): SpaceRec[] {
    return this.cache.memo(`sidebar:${org}`, () => {
      const out: SpaceRec[] = [];
      this.order.walk(rootKey(org), (node) => {
        if (!isSpace(node)) return node.id;
        out.push(node);
        return undefined;
      });
      return out;
    });
  }

  /** The organization's spaces that are not deleted, in sidebar order. */
  orgSpaces(org: string): SpaceRec[] {
    return this.cache.memo(`spaces:${org}`, () => this.sidebar(org).filter((s) => !s.deletedAt));
  }

  /** The organization's collections in sidebar order; only top-level ones unless `nested`. */
  orgCollections(org: string, nested: boolean): CollectionRec[] {
    return this.cache.memo(`collections:${org}:${nested}`, () => {
      const out: CollectionRec[] = [];
      this.order.walk(rootKey(org), (node) => {
        if (isSpace(node)) return undefined;
        out.push(node);
        return nested ? node.id : undefined;
      });
      return out;
    });
  }

  /** The spaces directly in a collection (not in its sub-collections), not deleted, in order. */
  collectionSpaces(id: string): SpaceRec[] {
    this.collection(id);
    return this.cache.memo(`collection-spaces:${id}`, () => this.children(id).filter((n): n is SpaceRec => isSpace(n) && !n.deletedAt));
  }

  /** What a collection holds directly: its spaces (deleted ones too) and sub-collections, in order. */
  children(id: string): readonly Node[] {
    return this.order.children(id);
  }

  /** A collection with all its sub-collections, and every space in them (deleted ones too), in sidebar order. */
  private subtree(id: string): { collections: CollectionRec[]; spaces: SpaceRec[] } {
    const collections = [this.collections.get(id)!];
    const spaces: SpaceRec[] = [];
    this.order.walk(id, (node) => {
      if (isSpace(node)) {
        spaces.push(node);
        return undefined;
      }
      collections.push(node);
      return node.id;
    });
    return { collections, spaces };
  }

  // ---- spaces ----------------------------------------------------------------------------

  /** What a new space starts with, whether created or duplicated: fresh times, revision and counters. */
  private freshSpaceFields() {
    const now = this.now();
    return { createdAt: now, updatedAt: now, revision: this.world.nextId(), comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 };
  }

  /** Adds a new space or collection to the records and to its container: at the end, or right after `after`. */
  private put<N extends Node>(node: N, after?: Node): N {
    if (isSpace(node)) this.spaces.set(node.id, node);
    else {
      this.collections.set(node.id, node);
      this.order.open(node.id);
    }
    this.order.insert(containerKey(node.org, node.parent), node, after && { side: 'after', sibling: after });
    this.cache.changed(true);
    return node;
  }

  createSpace(orgId: string, input: SpaceFields): SpaceRec {
    const org = this.orgs.org(orgId);
    this.orgs.require(org.id, 'create', 'create spaces');
    const parent = input.parent === undefined ? null : this.collectionIn(org.id, input.parent).id;
    return this.put({
      id: this.world.nextId(),
      org: org.id,
      parent,
      title: input.title === undefined ? 'Untitled' : spaceTitle(input.title),
      emoji: input.emoji ?? '',
      visibility: parent ? 'in-collection' : 'private',
      editMode: input.editMode ?? 'live',
      defaultLevel: input.defaultLevel ?? null,
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...this.freshSpaceFields(),
      content: this.world.seq.value,
      // `empty: true`: "a completely empty space (no page in it)"; a template fills it even so.
      ...(input.empty === true && input.template === undefined ? { empty: true } : {}),
    });
  }

  updateSpace(id: string, patch: SpaceFields): SpaceRec {
    const space = this.activeSpace(id, 'update');
    if (Object.values(patch).every((v) => v === undefined)) return space;
    const { editMode, defaultLevel, ...looks } = patch;
    if (editMode !== undefined || defaultLevel !== undefined) this.orgs.require(space.org, 'admin', 'change the edit mode or default level of a space');
    if (Object.values(looks).some((v) => v !== undefined)) this.orgs.require(space.org, 'edit', 'change the title, emoji, icon or language of a space');
    if (patch.title !== undefined) space.title = patch.title;
    if (patch.emoji !== undefined) space.emoji = patch.emoji ?? '';
    if (patch.icon === null) delete space.icon;
    else if (patch.icon !== undefined) space.icon = patch.icon;
    if (patch.language !== undefined) space.language = patch.language;
    if (editMode !== undefined) space.editMode = editMode;
    if (defaultLevel !== undefined) space.defaultLevel = defaultLevel;
    space.updatedAt = this.now();
    this.cache.changed(false, space);
    return space;
  }

  /** Moves a space to the trash (restorable for 7 days); a second delete is a 404. */
  deleteSpace(id: string): void {
    const space = this.space(id);
    this.orgs.require(space.org, 'create', 'delete spaces');
    if (space.deletedAt) throw alreadyDeleted(`Space ${id}`);
    space.deletedAt = this.now();
    this.cache.changed(true, space);
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
    this.orgs.require(space.org, 'create', 'restore spaces');
    delete space.deletedAt;
    space.updatedAt = this.now();
    this.cache.changed(true, space);
    return space;
  }

  /** A copy titled "<title> (copy)", placed right after the original. */
  duplicateSpace(id: string): SpaceRec {
    const original = this.activeSpace(id, 'duplicate');
    this.orgs.require(original.org, 'create', 'duplicate spaces');
    const title = [...original.title].slice(0, 50 - COPY_SUFFIX.length).join('') + COPY_SUFFIX;
    return this.put({ ...original, id: this.world.nextId(), title, ...this.freshSpaceFields() }, original);
  }

  moveSpace(id: string, move: Move): SpaceRec {
    const space = this.activeSpace(id, 'move');
    this.orgs.require(space.org, 'create', 'move spaces');
    const parent = move.parent === undefined ? space.parent : move.parent === null ? null : this.collectionIn(space.org, move.parent).id;
    this.reposition(space, containerKey(space.org, parent), move.position);
    rehome(space, space.org, parent);
    space.updatedAt = this.now();
    this.cache.changed(true, space);
    return space;
  }

  /** Moves a space to the top level of another organization (and out of the sites of its own: departures); the caller must be able to edit it and be admin of the target; a transfer to where it is changes nothing (a retry is safe). */
  transferSpace(id: string, orgId: string): SpaceRec {
    const space = this.activeSpace(id, 'transfer');
    const target = this.orgs.org(orgId);
    if (target.id === space.org) return space;
    this.orgs.require(space.org, 'edit', 'transfer spaces out of it');
    this.orgs.require(target.id, 'admin', 'transfer spaces into it');
    for (const tell of this.departures) tell([space], space.org);
    this.order.move(space, containerKey(space.org, space.parent), rootKey(target.id));
    rehome(space, target.id, null);
    space.updatedAt = this.now();
    this.cache.changed(true, space);
    return space;
  }

  // ---- collections --------------------------------------------------------------------------

  createCollection(orgId: string, input: CollectionFields): CollectionRec {
    const org = this.orgs.org(orgId);
    this.orgs.require(org.id, 'create', 'create collections');
    const parent = input.parent === undefined ? null : this.collectionIn(org.id, input.parent).id;
    return this.put<CollectionRec>({
      id: this.world.nextId(),
      org: org.id,
      parent,
      title: input.title ?? 'Untitled',
      ...(input.description ? { description: input.description } : {}),
      defaultLevel: input.defaultLevel ?? null,
      createdAt: this.now(),
    });
  }

  updateCollection(id: string, patch: CollectionFields): CollectionRec {
    const c = this.collection(id);
    if (patch.defaultLevel !== undefined) this.orgs.require(c.org, 'admin', 'change the default level of a collection');
    this.orgs.require(c.org, 'create', 'update collections');
    if (patch.title !== undefined) c.title = patch.title;
    if (patch.description === null || patch.description === '') delete c.description;
    else if (patch.description !== undefined) c.description = patch.description;
    if (patch.defaultLevel !== undefined) c.defaultLevel = patch.defaultLevel;
    this.cache.changed(false, c);
    return c;
  }

  /**
   * Deletes a collection and its sub-collections for good (collections have no
   * deleted state in the API). The spaces they held become deleted spaces,
   * restorable for the usual 7 days, and move to the organization's top
   * level so that a restore does not point at a collection that is gone.
   * A second delete is a 404.
   */
  deleteCollection(id: string): void {
    if (this.removedCollections.has(id)) throw alreadyDeleted(`Collection ${id}`);
    const top = this.collection(id);
    this.orgs.require(top.org, 'create', 'delete collections');
    const { collections, spaces } = this.subtree(id);
    const now = this.now();
    for (const space of spaces) {
      space.deletedAt ??= now;
      rehome(space, space.org, null);
      this.order.insert(rootKey(top.org), space);
    }
    this.order.detach(containerKey(top.org, top.parent), top);
    for (const c of collections) {
      this.order.drop(c.id);
      this.collections.delete(c.id);
      this.removedCollections.add(c.id);
    }
    this.cache.changed(true, ...spaces, ...collections);
  }

  moveCollection(id: string, move: Move): CollectionRec {
    const c = this.collection(id);
    this.orgs.require(c.org, 'create', 'move collections');
    let parent = c.parent;
    if (move.parent !== undefined) {
      parent = move.parent === null ? null : this.collectionIn(c.org, move.parent).id;
      for (let p: string | null = parent; p !== null; p = this.collections.get(p)!.parent) {
        if (p === id) throw badRequest(`Collection ${id} cannot move into itself or one of its sub-collections.`);
      }
    }
    this.reposition(c, containerKey(c.org, parent), move.position);
    c.parent = parent;
    this.cache.changed(true, c);
    return c;
  }

  /** Moves a collection, with everything in it, to the top level of another organization; rules as transferSpace(). */
  transferCollection(id: string, orgId: string): CollectionRec {
    const c = this.collection(id);
    const target = this.orgs.org(orgId);
    if (target.id === c.org) return c;
    this.orgs.require(c.org, 'edit', 'transfer collections out of it');
    this.orgs.require(target.id, 'admin', 'transfer collections into it');
    const { collections, spaces } = this.subtree(id);
    for (const tell of this.departures) tell(spaces, c.org);
    this.order.move(c, containerKey(c.org, c.parent), rootKey(target.id));
    c.parent = null;
    for (const x of [...collections, ...spaces]) x.org = target.id;
    this.cache.changed(true, ...spaces, ...collections);
    return c;
  }

  /**
   * Moves `node` (a space or collection of its organization) to container
   * `to`, at `position` (a sibling in `to`) or at the end (the description:
   * "by default, it will be moved at the end"). Checks everything before
   * changing anything.
   */
  private reposition(node: Node, to: string, position?: Move['position']): void {
    const from = containerKey(node.org, node.parent);
    if (!position) return this.order.move(node, from, to);
    const sibling = position.kind === 'space' ? this.spaces.get(position.id) : this.collections.get(position.id);
    if (!sibling || (isSpace(sibling) && this.status(sibling) === 'expired')) throw notFound(`No ${position.kind} with id ${position.id}.`);
    if (sibling === node && from === to) return;
    const where = containerKey(sibling.org, sibling.parent);
    if (sibling === node || sibling.org !== node.org || where !== to) {
      const kind = position.kind === 'space' ? 'Space' : 'Collection';
      throw badRequest(`The position refers to ${position.kind} ${position.id}, which is not a sibling ${describe(to)}: ${kind} ${position.id} is ${describe(where)}.`);
    }
    this.order.move(node, from, to, { side: position.side, sibling });
  }

  // ---- JSON --------------------------------------------------------------------------------

  /** A space's JSON, cached until it changes (a share key changes the published URL: not cached). */
  json(space: SpaceRec, api: string): Buffer {
    return this.views.json(space, api);
  }

  // ---- persistence -----------------------------------------------------------------------------

  toJSON(): SpacesJson {
    return {
      collections: [...this.collections.values()],
      spaces: [...this.spaces.values()],
      children: this.order.toJSON(entry),
      removedCollections: [...this.removedCollections],
    };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const c of records<CollectionRec>(data, 'collections', ['org', 'title'])) this.collections.set(c.id, c);
    for (const s of records<SpaceRec>(data, 'spaces', ['org', 'title', 'createdAt'])) this.spaces.set(s.id, s);
    this.order = SiblingOrder.fromJSON<Node>(data, 'children', (e) => (e.startsWith('s:') ? this.spaces.get(e.slice(2)) : e.startsWith('c:') ? this.collections.get(e.slice(2)) : undefined));
    if (!Array.isArray(data.removedCollections)) throw new Error('"removedCollections" must be a list');
    for (const id of data.removedCollections) this.removedCollections.add(String(id));
  }

  fromFormat1(data: Record<string, unknown>): SpacesJson {
    const { collections, spaces, children, removedCollections } = data;
    return { collections, spaces, children, removedCollections } as SpacesJson;
  }

  // ---- seeds ---------------------------------------------------------------------------------

  seed(seed: SeedName, extra: number): void {
    const put = (node: Node) => this.put(node);
    if (seed === 'demo') seedDemoSpaces(this.world, this.orgs, put, () => this.spaces.values());
    addSpaces(this.world, this.orgs, put, extra);
    this.cache.clear();
  }
}

export const spacesFamily = (world: World): Spaces => new Spaces(world);
