// The spaces family's records, as persisted (the state format), the sidebar
// order's keys and entries, and the inputs of its operations.
import type { DefaultLevel, EditMode, SpaceVisibility } from '../../../api/enums.js';
import { OPERATIONS } from '../../../api/operations/index.js';
import type { StringSpec } from '../../../api/schema.js';
import { readPosition, type Position } from '../../core/order.js';

/** A space's title as the operation table bounds it (50 characters): a longer one another family gives (a section's, up to 64) is cut. */
export const spaceTitle = (title: string): string => [...title].slice(0, (OPERATIONS['spaces.create'].body!.title as StringSpec).max).join('');

// ---- records ---------------------------------------------------------------------------

export interface CollectionRec {
  id: string;
  org: string;
  parent: string | null;
  title: string;
  description?: string;
  defaultLevel: DefaultLevel | null;
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
  defaultLevel: DefaultLevel | null;
  /** A translation language (OpenAPI TranslationLanguage), when set. */
  language?: string;
  /** The URL of an icon shown in place of the emoji, when set. */
  icon?: string;
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
  /** Created with `empty: true`: it has no generated content (no page, no file). */
  empty?: boolean;
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
  icon?: string | null;
  editMode?: EditMode;
  defaultLevel?: DefaultLevel | null;
  language?: string;
  parent?: string;
  /** Create: `true` for a space with no page. */
  empty?: boolean;
  /** Create: the template that fills it (the sandbox has one template's content, whatever the id). */
  template?: { id: string };
}

export interface CollectionFields {
  title?: string;
  description?: string | null;
  defaultLevel?: DefaultLevel | null;
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

/** A move's inputs (a body of neither is refused by the operation table's rule, before this). */
export function moveOf(body: MoveBody): Move {
  return { parent: body.parent, position: readPosition(body.position, ['space', 'collection'] as const) };
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
