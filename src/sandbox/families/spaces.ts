// The spaces family: spaces and collections, which share the sidebar order
// of an organization, and the space-level reads of generated content (links
// and search, see spaces-content.ts). Every rule of these operations lives
// here; a refused request throws SandboxError and never half-applies (all
// checks run before the first change).
//
// Listings are cached per organization or collection and rebuilt only after
// a change of structure (create, delete, restore, move, transfer, ...), so a
// page of a 100,000-space listing costs a slice. Rendered JSON of each space
// and collection is cached too, and dropped when that resource changes.
import type { EditMode, Role, SpaceVisibility } from '../../api/enums.js';
import { RESTORE_WINDOW_DAYS } from '../../api/enums.js';
import { DAY, iso } from '../core/clock.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import { Draws, SEED_BASE_TIME, type SeedName } from '../core/ids.js';
import { SiblingOrder, readPosition, type Position } from '../core/order.js';
import type { PageQuery } from '../core/paging.js';
import { familyObject, records } from '../core/persist.js';
import { APP_URL, byId, created, deleted, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast } from '../core/roles.js';
import type { Req } from '../core/router.js';
import type { Family, Handlers, World } from '../core/world.js';
import type { OrgRec } from './orgs.js';
import { linkStats, linksOf, pageObject, pagesOf, searchPages, searchResultObject, slug, type GeneratedLink, type GeneratedPage } from './spaces-content.js';

declare module '../core/world.js' {
  interface Families {
    spaces: Spaces;
  }
}

// ---- records ---------------------------------------------------------------------------

export interface CollectionRec {
  id: string;
  org: string;
  parent: string | null;
  title: string;
  description?: string;
  defaultLevel: Role | null;
  createdAt: string;
}

export interface SpaceRec {
  id: string;
  org: string;
  parent: string | null;
  title: string;
  emoji: string;
  visibility: SpaceVisibility;
  editMode: EditMode;
  defaultLevel: Role | null;
  createdAt: string;
  updatedAt: string;
  /** Set while deleted; after the restore window the space is gone for good. */
  deletedAt?: string;
  revision: string;
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  /** Picks the generated pages and links (spaces-content.ts); copied by duplicate. */
  content: number;
}

interface SpacesJson {
  collections: CollectionRec[];
  spaces: SpaceRec[];
  /**
   * Sibling order: container key (rootKey(org) or a collection id) → entries
   * `s:<spaceId>` and `c:<collectionId>`, spaces and collections interleaved
   * as in the app's sidebar. Deleted spaces keep their place, so a restore
   * puts them back where they were.
   */
  children: Record<string, string[]>;
  /** Ids of deleted collections: a second DELETE answers 204, not 404. */
  removedCollections: string[];
}

/** A space or a collection: what the sidebar order holds. */
type Node = SpaceRec | CollectionRec;
const isSpace = (node: Node): node is SpaceRec => 'revision' in node;
const rootKey = (org: string): string => `org:${org}`;
const containerKey = (org: string, parent: string | null): string => parent ?? rootKey(org);
const entry = (node: Node): string => `${isSpace(node) ? 's' : 'c'}:${node.id}`;
const describe = (key: string): string => (key.startsWith('org:') ? `at the top level of organization ${key.slice(4)}` : `in collection ${key}`);

/** Sets where a space is; out of a collection, `in-collection` visibility becomes `private`. */
function rehome(space: SpaceRec, org: string, parent: string | null): void {
  space.org = org;
  space.parent = parent;
  if (!parent && space.visibility === 'in-collection') space.visibility = 'private';
}

export type SpaceStatus = 'active' | 'deleted' | 'expired';
const COPY_SUFFIX = ' (copy)';
const PUBLISHED_DOMAIN = 'docplat.test';

// ---- inputs ------------------------------------------------------------------------------

interface SpaceFields {
  title?: string;
  emoji?: string | null;
  editMode?: EditMode;
  defaultLevel?: Role | null;
  parent?: string;
}

interface CollectionFields {
  title?: string;
  description?: string | null;
  defaultLevel?: Role | null;
  parent?: string;
}

interface MoveBody {
  /** undefined: stay in the same container; null: the organization's top level. */
  parent?: string | null;
  position?: unknown;
}

interface Move {
  parent?: string | null;
  position?: Position<'space' | 'collection'>;
}

function moveOf(body: MoveBody): Move {
  const move = { parent: body.parent, position: readPosition(body.position, ['space', 'collection'] as const) };
  if (move.parent === undefined && move.position === undefined) throw badRequest('Nothing to move: give "parent", "position" or both.');
  return move;
}

// ---- the family --------------------------------------------------------------------------

export class Spaces implements Family {
  readonly name = 'spaces';
  private readonly spaces = new Map<string, SpaceRec>();
  private readonly collections = new Map<string, CollectionRec>();
  private order = new SiblingOrder<Node>();
  private readonly removedCollections = new Set<string>();

  constructor(private readonly world: World) {}

  private get orgs() {
    return this.world.family('orgs');
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
  private sidebar(org: string): SpaceRec[] {
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
    return this.cache.memo(`collection-spaces:${id}`, () => this.order.children(id).filter((n): n is SpaceRec => isSpace(n) && !n.deletedAt));
  }

  /** For pagination: how many listed spaces come before a space that left a listing (it keeps its place in the order). */
  private locate(spaces: Iterable<Node>, spaceId: string): number | undefined {
    let before = 0;
    for (const node of spaces) {
      if (!isSpace(node)) continue;
      if (node.id === spaceId) return before;
      if (!node.deletedAt) before++;
    }
    return undefined;
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
    const id = this.world.nextId();
    return this.put({
      id,
      org: org.id,
      parent,
      title: input.title ?? 'Untitled',
      emoji: input.emoji ?? '',
      visibility: parent ? 'in-collection' : 'private',
      editMode: input.editMode ?? 'live',
      defaultLevel: input.defaultLevel ?? null,
      ...this.freshSpaceFields(),
      content: this.world.seq.value,
    });
  }

  updateSpace(id: string, patch: SpaceFields): SpaceRec {
    const space = this.activeSpace(id, 'update');
    if (patch.title === undefined && patch.emoji === undefined && patch.editMode === undefined && patch.defaultLevel === undefined) return space;
    if (patch.editMode !== undefined || patch.defaultLevel !== undefined) this.orgs.require(space.org, 'admin', 'change the edit mode or default level of a space');
    if (patch.title !== undefined || patch.emoji !== undefined) this.orgs.require(space.org, 'edit', 'change the title or emoji of a space');
    if (patch.title !== undefined) space.title = patch.title;
    if (patch.emoji !== undefined) space.emoji = patch.emoji ?? '';
    if (patch.editMode !== undefined) space.editMode = patch.editMode;
    if (patch.defaultLevel !== undefined) space.defaultLevel = patch.defaultLevel;
    space.updatedAt = this.now();
    this.cache.changed(false, space);
    return space;
  }

  /** 'deleted', or 'nothing' when the space was already deleted (or removed for good). */
  deleteSpace(id: string): 'deleted' | 'nothing' {
    const space = this.spaces.get(id);
    if (!space) throw notFound(`No space with id ${id}.`);
    this.orgs.require(space.org, 'create', 'delete spaces');
    if (space.deletedAt) return 'nothing';
    space.deletedAt = this.now();
    this.cache.changed(true, space);
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

  /**
   * Moves a space to the top level of another organization. The caller must
   * be able to edit it and be admin of the target. A transfer to the
   * organization that already holds it changes nothing, so a retry is safe.
   */
  transferSpace(id: string, orgId: string): SpaceRec {
    const space = this.activeSpace(id, 'transfer');
    const target = this.orgs.org(orgId);
    if (target.id === space.org) return space;
    this.orgs.require(space.org, 'edit', 'transfer spaces out of it');
    this.orgs.require(target.id, 'admin', 'transfer spaces into it');
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
   * 'nothing' when the collection was already deleted.
   */
  deleteCollection(id: string): 'deleted' | 'nothing' {
    if (this.removedCollections.has(id)) return 'nothing';
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
    return 'deleted';
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
    this.order.move(c, containerKey(c.org, c.parent), rootKey(target.id));
    c.parent = null;
    for (const x of [...collections, ...spaces]) x.org = target.id;
    this.cache.changed(true, ...spaces, ...collections);
    return c;
  }

  /**
   * Moves `node` (a space or collection of its organization) to container
   * `to`, at `position` (a sibling in `to`) or at the end. Checks everything
   * before changing anything.
   */
  private reposition(node: Node, to: string, position?: Move['position']): void {
    const from = containerKey(node.org, node.parent);
    if (!position) {
      if (from !== to) this.order.move(node, from, to);
      return;
    }
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

  // ---- renderers -----------------------------------------------------------------------------

  /** A space's JSON, cached until it changes (a share key changes the published URL: not cached). */
  json(space: SpaceRec, api: string): Buffer {
    return this.cache.render(space, () => this.spaceObject(space, api));
  }

  private collectionJson(c: CollectionRec, api: string): Buffer {
    return this.cache.render(c, () => this.collectionObject(c, api));
  }

  private publishedUrl(org: OrgRec | undefined, space: SpaceRec): string {
    return `https://${slug(org?.title ?? '') || 'docs'}.${PUBLISHED_DOMAIN}/${slug(space.title) || space.id}/`;
  }

  private spaceObject(space: SpaceRec, api: string, shareKey?: string): Record<string, unknown> {
    const role = this.orgs.roleIn(space.org);
    const canEdit = atLeast(role, 'edit') && space.editMode !== 'locked';
    const urls: Record<string, string> = { location: `${api}/spaces/${space.id}`, app: `${APP_URL}/o/${space.org}/s/${space.id}/` };
    const v = space.visibility;
    if (v === 'public' || v === 'unlisted' || v === 'visitor-auth' || (v === 'share-link' && shareKey)) {
      const published = this.publishedUrl(this.orgs.listOrgs().find((o) => o.id === space.org), space);
      urls.published = v === 'share-link' ? `${published}?share=${encodeURIComponent(shareKey!)}` : published;
      if (v === 'public') urls.public = published;
    }
    return {
      object: 'space',
      id: space.id,
      title: space.title,
      emoji: space.emoji,
      visibility: space.visibility,
      createdAt: space.createdAt,
      updatedAt: space.updatedAt,
      ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
      editMode: space.editMode,
      mergeRules: { type: 'inherit' },
      urls,
      organization: space.org,
      ...(space.parent ? { parent: space.parent } : {}),
      revision: space.revision,
      defaultLevel: space.defaultLevel,
      comments: space.comments,
      changeRequests: space.changeRequests,
      changeRequestsOpen: space.changeRequestsOpen,
      changeRequestsDraft: space.changeRequestsDraft,
      permissions: {
        view: true,
        access: true,
        admin: atLeast(role, 'admin'),
        viewInviteLinks: atLeast(role, 'admin'),
        edit: canEdit,
        triggerGitSync: canEdit,
        comment: atLeast(role, 'comment'),
        merge: canEdit,
        review: atLeast(role, 'review'),
        installIntegration: atLeast(role, 'admin'),
      },
    };
  }

  private collectionObject(c: CollectionRec, api: string): Record<string, unknown> {
    const role = this.orgs.roleIn(c.org);
    return {
      object: 'collection',
      id: c.id,
      title: c.title,
      ...(c.description !== undefined ? { description: c.description } : {}),
      organization: c.org,
      ...(c.parent ? { parent: c.parent } : {}),
      defaultLevel: c.defaultLevel,
      urls: { location: `${api}/collections/${c.id}`, app: `${APP_URL}/o/${c.org}/c/${c.id}/` },
      permissions: {
        view: true,
        admin: atLeast(role, 'admin'),
        viewInviteLinks: atLeast(role, 'admin'),
        create: atLeast(role, 'create'),
      },
    };
  }

  /**
   * A link item: the link's target as a URL, and the page holding it as a
   * page location with its organization and space, as the platform does.
   */
  private linkObject(space: SpaceRec, pages: GeneratedPage[], link: GeneratedLink, api: string): Record<string, unknown> {
    return {
      status: link.status,
      relation: 'reference',
      targetReference: { kind: 'url', url: link.target },
      locationReferences: [
        {
          kind: 'page',
          organization: this.orgs.orgObject(this.orgs.org(space.org), api),
          space: this.spaceObject(space, api),
          page: pageObject(space, pages[link.page]),
        },
      ],
    };
  }

  // ---- operations ----------------------------------------------------------------------------

  readonly handlers = {
    'spaces.list': (req: Req<PageQuery>) => {
      const org = this.orgs.org(req.params.organizationId).id;
      return list(req.query, this.orgSpaces(org), byId, (s) => this.json(s, req.api), { locate: (id) => this.locate(this.sidebar(org), id) });
    },
    'spaces.create': (req: Req<object, SpaceFields>) => {
      const { title, emoji, editMode, parent } = req.body;
      const space = this.createSpace(req.params.organizationId, { title, emoji, editMode, parent });
      return created(this.json(space, req.api), `${req.api}/spaces/${space.id}`);
    },
    'spaces.get': (req: Req<{ shareKey?: string }>) => {
      const space = this.space(req.params.spaceId);
      // A share key changes the published URL: not from the cache.
      return ok(req.query.shareKey ? this.spaceObject(space, req.api, req.query.shareKey) : this.json(space, req.api));
    },
    'spaces.update': (req: Req<object, SpaceFields>) => {
      const { title, emoji, editMode, defaultLevel } = req.body;
      return ok(this.json(this.updateSpace(req.params.spaceId, { title, emoji, editMode, defaultLevel }), req.api));
    },
    'spaces.delete': (req: Req) => deleted(this.deleteSpace(req.params.spaceId)),
    'spaces.duplicate': (req: Req) => {
      const copy = this.duplicateSpace(req.params.spaceId);
      return created(this.json(copy, req.api), `${req.api}/spaces/${copy.id}`);
    },
    'spaces.restore': (req: Req) => ok(this.json(this.restoreSpace(req.params.spaceId), req.api)),
    'spaces.move': (req: Req<object, MoveBody>) => ok(this.json(this.moveSpace(req.params.spaceId, moveOf(req.body)), req.api)),
    'spaces.transfer': (req: Req<object, { organization: string }>) => ok(this.json(this.transferSpace(req.params.spaceId, req.body.organization), req.api)),
    'spaces.links': (req: Req<PageQuery & { status?: GeneratedLink['status'] }>) => {
      const space = this.space(req.params.spaceId);
      const { status } = req.query;
      const links = linksOf(space);
      const pages = pagesOf(space);
      const items = links.map((link, i) => ({ link, key: String(i) })).filter((x) => status === undefined || x.link.status === status);
      return list(req.query, items, (x) => x.key, (x) => jsonBody(this.linkObject(space, pages, x.link, req.api)), { extra: { stats: linkStats(links) } });
    },
    'spaces.search': (req: Req<PageQuery & { query: string }>): Reply => {
      const { query } = req.query;
      if (query.trim() === '') throw badRequest('The query parameter "query" must not be empty.');
      const space = this.space(req.params.spaceId);
      const hits = searchPages(space, query).map((hit, i) => ({ hit, rank: i + 1 }));
      return list(req.query, hits, (x) => x.hit.page.id, (x) => jsonBody(searchResultObject(space, x.hit, x.rank)));
    },
    'collections.list': (req: Req<PageQuery & { nested?: boolean }>) => {
      const org = this.orgs.org(req.params.organizationId).id;
      return list(req.query, this.orgCollections(org, req.query.nested ?? true), byId, (c) => this.collectionJson(c, req.api));
    },
    'collections.create': (req: Req<object, CollectionFields>) => {
      const c = this.createCollection(req.params.organizationId, { title: req.body.title, parent: req.body.parent });
      return created(this.collectionJson(c, req.api), `${req.api}/collections/${c.id}`);
    },
    'collections.get': (req: Req) => ok(this.collectionJson(this.collection(req.params.collectionId), req.api)),
    'collections.update': (req: Req<object, CollectionFields>) => {
      const { title, description, defaultLevel } = req.body;
      return ok(this.collectionJson(this.updateCollection(req.params.collectionId, { title, description, defaultLevel }), req.api));
    },
    'collections.delete': (req: Req) => deleted(this.deleteCollection(req.params.collectionId)),
    'collections.spaces': (req: Req<PageQuery>) => {
      const id = req.params.collectionId;
      return list(req.query, this.collectionSpaces(id), byId, (s) => this.json(s, req.api), { locate: (sid) => this.locate(this.order.children(id), sid) });
    },
    'collections.move': (req: Req<object, MoveBody>) => ok(this.collectionJson(this.moveCollection(req.params.collectionId, moveOf(req.body)), req.api)),
    'collections.transfer': (req: Req<object, { organization: string }>) =>
      ok(this.collectionJson(this.transferCollection(req.params.collectionId, req.body.organization), req.api)),
  } satisfies Handlers;

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
    if (typeof data.children !== 'object' || data.children === null) throw new Error('"children" must be an object');
    this.order = SiblingOrder.fromJSON<Node>(data.children as Record<string, string[]>, (e) => (e.startsWith('s:') ? this.spaces.get(e.slice(2)) : e.startsWith('c:') ? this.collections.get(e.slice(2)) : undefined));
    if (!Array.isArray(data.removedCollections)) throw new Error('"removedCollections" must be a list');
    for (const id of data.removedCollections) this.removedCollections.add(String(id));
  }

  fromFormat1(data: Record<string, unknown>): SpacesJson {
    const { collections, spaces, children, removedCollections } = data;
    return { collections, spaces, children, removedCollections } as SpacesJson;
  }

  // ---- seeds ---------------------------------------------------------------------------------

  seed(seed: SeedName, extra: number): void {
    if (seed === 'demo') this.demo(new SpacesBuilder(this.world, (node) => this.put(node)));
    this.addSpaces(extra);
    this.cache.clear();
  }

  /** The demo trees, in the demo organizations (those that exist); the guest of Acme gets two spaces. */
  private demo(b: SpacesBuilder): void {
    const acme = this.orgs.byTitle('Acme Docs');
    if (acme) {
      b.tree(acme.id, null, ACME_TREE);
      const idOf = (title: string) => [...this.spaces.values()].find((s) => s.org === acme.id && s.title === title)!.id;
      const grants: Record<string, Role> = { [idOf('REST API')]: 'comment', [idOf('Webhooks')]: 'read' };
      for (const guest of acme.members.filter((m) => m.role === null)) guest.grants = { ...grants };
    }
    const globex = this.orgs.byTitle('Globex');
    if (globex) b.tree(globex.id, null, GLOBEX_TREE);
  }

  /**
   * Adds `count` spaces ("Space 00001", ...) at the top level of the caller's
   * first organization. Made for load tests: no PRNG per field, one timestamp.
   */
  private addSpaces(count: number): void {
    const org = this.orgs.firstOrg;
    if (!org || count <= 0) return;
    const width = Math.max(5, String(count).length);
    const time = iso(SEED_BASE_TIME + 400 * DAY);
    for (let i = 1; i <= count; i++) {
      this.put({
        id: this.world.nextId(),
        org,
        parent: null,
        title: `Space ${String(i).padStart(width, '0')}`,
        emoji: '',
        visibility: 'private',
        editMode: 'live',
        defaultLevel: null,
        createdAt: time,
        updatedAt: time,
        revision: this.world.nextId(),
        comments: 0,
        changeRequests: 0,
        changeRequestsOpen: 0,
        changeRequestsDraft: 0,
        content: i,
      });
    }
  }
}

export const spacesFamily = (world: World): Spaces => new Spaces(world);

// ---- demo seed -------------------------------------------------------------------------------

interface SpaceSpec {
  title: string;
  emoji?: string;
  visibility?: SpaceVisibility;
  editMode?: EditMode;
  defaultLevel?: Role | null;
  /** Days before the sandbox clock's "now" when the space was deleted. */
  deletedDaysAgo?: number;
}

interface CollectionSpec {
  title: string;
  description?: string;
  defaultLevel?: Role | null;
  items: (SpaceSpec | CollectionSpec)[];
}

const isCollectionSpec = (x: SpaceSpec | CollectionSpec): x is CollectionSpec => 'items' in x;

/**
 * Acme: nested collections three levels deep; 21 spaces, among them one
 * locked, one deleted 3 days ago (restorable) and one deleted 10 days ago
 * (removed for good).
 */
const ACME_TREE: (SpaceSpec | CollectionSpec)[] = [
  { title: 'Welcome', emoji: '👋', visibility: 'public' },
  {
    title: 'Product',
    description: 'Everything customers read',
    items: [
      { title: 'Product Overview', emoji: '📦' },
      {
        title: 'Guides',
        description: 'Task-oriented guides',
        defaultLevel: 'comment',
        items: [
          { title: 'Getting Started', emoji: '🚀', visibility: 'public' },
          { title: 'Installation Guide', emoji: '🛠️' },
          { title: 'Admin Guide', emoji: '🔒', editMode: 'locked' },
          { title: 'Troubleshooting', emoji: '🩺' },
          {
            title: 'Advanced',
            items: [
              { title: 'Performance Tuning', emoji: '⚡' },
              { title: 'Security Hardening', emoji: '🛡️' },
            ],
          },
        ],
      },
      {
        title: 'API',
        description: 'Reference for developers',
        items: [
          { title: 'REST API', emoji: '🔌', visibility: 'public' },
          { title: 'Webhooks', emoji: '🪝' },
          { title: 'SDKs', emoji: '🧰', visibility: 'share-link' },
        ],
      },
    ],
  },
  {
    title: 'Engineering',
    defaultLevel: 'read',
    items: [
      { title: 'Architecture', emoji: '🏛️' },
      { title: 'Coding Standards', emoji: '📏', defaultLevel: 'edit' },
      { title: 'Onboarding', emoji: '🎒' },
      {
        title: 'Runbooks',
        items: [
          { title: 'Incident Response', emoji: '🚨' },
          { title: 'On-call Handbook', emoji: '📟' },
        ],
      },
    ],
  },
  { title: 'Company Handbook', emoji: '📘' },
  { title: 'Release Notes', emoji: '📝', visibility: 'unlisted' },
  { title: 'Brand Guidelines', emoji: '🎨', visibility: 'share-link' },
  { title: 'Changelog 2023', emoji: '🗓️', deletedDaysAgo: 3 },
  { title: 'Old Intranet', emoji: '🗄️', deletedDaysAgo: 10 },
  { title: 'Archive', items: [] },
];

const GLOBEX_TREE: (SpaceSpec | CollectionSpec)[] = [
  { title: 'Globex Docs', emoji: '🌐', visibility: 'public' },
  { title: 'Partner Portal', emoji: '🤝', visibility: 'visitor-auth' },
  {
    title: 'Marketing',
    items: [
      { title: 'Press Kit', emoji: '📰' },
      { title: 'Campaigns', items: [{ title: 'Campaign 2024', emoji: '📣' }] },
    ],
  },
  { title: 'Legal', emoji: '⚖️', defaultLevel: 'read' },
];

class SpacesBuilder {
  private readonly draws = new Draws(20240109);

  constructor(
    private readonly world: World,
    private readonly put: (node: Node) => void,
  ) {}

  tree(org: string, parent: string | null, items: (SpaceSpec | CollectionSpec)[]): void {
    for (const item of items) {
      if (isCollectionSpec(item)) {
        const id = this.world.nextId();
        this.put({
          id,
          org,
          parent,
          title: item.title,
          ...(item.description !== undefined ? { description: item.description } : {}),
          defaultLevel: item.defaultLevel ?? null,
          createdAt: iso(this.draws.time(60)),
        });
        this.tree(org, id, item.items);
      } else {
        this.space(org, parent, item);
      }
    }
  }

  private space(org: string, parent: string | null, spec: SpaceSpec): void {
    const { draws } = this;
    const created = draws.time(90);
    const changeRequestsOpen = draws.int(4);
    const changeRequestsDraft = draws.int(3);
    const s: SpaceRec = {
      id: this.world.nextId(),
      org,
      parent,
      title: spec.title,
      emoji: spec.emoji ?? '',
      visibility: spec.visibility ?? (parent ? 'in-collection' : 'private'),
      editMode: spec.editMode ?? 'live',
      defaultLevel: spec.defaultLevel ?? null,
      createdAt: iso(created),
      updatedAt: iso(draws.time(120, created)),
      revision: this.world.nextId(),
      comments: draws.int(6),
      changeRequests: changeRequestsOpen + changeRequestsDraft + draws.int(12),
      changeRequestsOpen,
      changeRequestsDraft,
      content: draws.int(1_000_000),
    };
    if (spec.deletedDaysAgo !== undefined) s.deletedAt = iso(this.world.clock.now() - spec.deletedDaysAgo * DAY);
    this.put(s);
  }
}
