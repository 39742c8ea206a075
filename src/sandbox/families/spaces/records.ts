// The spaces family's records, as persisted (the state format), the sidebar
// order's keys and entries, and the inputs of its operations.
import type { EditMode, Role, SpaceVisibility } from '../../../api/enums.js';
import { badRequest } from '../../core/errors.js';
import { readPosition, type Position } from '../../core/order.js';

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
  /** Picks the generated pages and links (content.ts); copied by duplicate. */
  content: number;
}

export interface SpacesJson {
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
export type Node = SpaceRec | CollectionRec;
export const isSpace = (node: Node): node is SpaceRec => 'revision' in node;
export const rootKey = (org: string): string => `org:${org}`;
export const containerKey = (org: string, parent: string | null): string => parent ?? rootKey(org);
export const entry = (node: Node): string => `${isSpace(node) ? 's' : 'c'}:${node.id}`;
export const describe = (key: string): string => (key.startsWith('org:') ? `at the top level of organization ${key.slice(4)}` : `in collection ${key}`);

/** Sets where a space is; out of a collection, `in-collection` visibility becomes `private`. */
export function rehome(space: SpaceRec, org: string, parent: string | null): void {
  space.org = org;
  space.parent = parent;
  if (!parent && space.visibility === 'in-collection') space.visibility = 'private';
}

export type SpaceStatus = 'active' | 'deleted' | 'expired';

// ---- inputs ------------------------------------------------------------------------------

export interface SpaceFields {
  title?: string;
  emoji?: string | null;
  editMode?: EditMode;
  defaultLevel?: Role | null;
  parent?: string;
}

export interface CollectionFields {
  title?: string;
  description?: string | null;
  defaultLevel?: Role | null;
  parent?: string;
}

export interface MoveBody {
  /** undefined: stay in the same container; null: the organization's top level. */
  parent?: string | null;
  position?: unknown;
}

export interface Move {
  parent?: string | null;
  position?: Position<'space' | 'collection'>;
}

export function moveOf(body: MoveBody): Move {
  const move = { parent: body.parent, position: readPosition(body.position, ['space', 'collection'] as const) };
  if (move.parent === undefined && move.position === undefined) throw badRequest('Nothing to move: give "parent", "position" or both.');
  return move;
}

/** For pagination: how many listed spaces come before a space that left a listing (it keeps its place in the order). */
export function locate(spaces: Iterable<Node>, spaceId: string): number | undefined {
  let before = 0;
  for (const node of spaces) {
    if (!isSpace(node)) continue;
    if (node.id === spaceId) return before;
    if (!node.deletedAt) before++;
  }
  return undefined;
}
