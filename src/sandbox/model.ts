// The sandbox's persisted state: plain JSON records, written as-is to the
// data file. Runtime indexes and caches live in state.ts, never in here.
import type { EditMode, Role, SpaceVisibility } from '../api/bounds.js';

/** Bumped when the shape changes, so an old data file is refused clearly. */
export const STATE_FORMAT = 'docplat-sandbox/1';

export type Visibility = SpaceVisibility;

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
  visibility: Visibility;
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

export interface StateData {
  format: typeof STATE_FORMAT;
  /** The bearer token this sandbox accepts. */
  token: string;
  /** Added to Date.now(): a clock moved by tests or users persists. */
  clockOffsetMs: number;
  /** Next number for makeId(): ids stay deterministic across save and load. */
  seq: number;
  /** The caller: the user the token belongs to. */
  userId: string;
  users: UserRec[];
  orgs: OrgRec[];
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

export const rootKey = (org: string): string => `org:${org}`;
export const containerKey = (org: string, parent: string | null): string => parent ?? rootKey(org);
export const spaceEntry = (id: string): string => `s:${id}`;
export const collectionEntry = (id: string): string => `c:${id}`;
