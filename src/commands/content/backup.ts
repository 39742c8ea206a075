// What an export records for a restore (content restore): the space's
// settings (title, emoji, edit mode, default level, visibility), its
// organization and collection (id and the titles of the collections down to
// it), the revision exported, and every page of the tree with its metadata
// (groups and link pages too, which have no file). It goes into the export's
// manifest as `backup` (a field an older export lacks: a restore then takes
// defaults, and says so); each file's SHA-256 is in its own entry.
import type { Context } from '../../context.js';
import { walkTree, type ApiPage } from './shared.js';

export interface SpaceSettings {
  title: string;
  emoji: string | null;
  editMode: string | null;
  defaultLevel: string | null;
  visibility: string | null;
}

/** A page of the tree as the backup recorded it: its parent by id (null at the top level), in tree order. */
export interface TreeRecord {
  id: string;
  type: string;
  title: string;
  parent: string | null;
  slug?: string;
  href?: string;
  emoji?: string;
  description?: string;
  hidden?: boolean;
}

export interface BackupRecord {
  organization: string | null;
  /** The space's revision when its pages were read (null for a change request's export). */
  revision: string | null;
  settings: SpaceSettings;
  /** The collection the space is in: its id and the titles from the top collection down to it; null at the top level. */
  collection: { id: string; path: string[] } | null;
  tree: TreeRecord[];
}

export interface ApiSpace {
  id: string;
  title?: string;
  emoji?: string;
  editMode?: string;
  defaultLevel?: string | null;
  visibility?: string;
  parent?: string | null;
  revision?: string;
  organization?: string;
}

export interface ApiCollection {
  id: string;
  title?: string;
  parent?: string | null;
  description?: string | null;
  defaultLevel?: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The titles of the collections from the top one down to `id` (a cycle in hostile data cut where it repeats). */
export function collectionTitles(collections: Map<string, ApiCollection>, id: string | null | undefined): string[] {
  const chain: string[] = [];
  const seen = new Set<string>();
  for (let c = id ? collections.get(id) : undefined; c && !seen.has(c.id); c = c.parent ? collections.get(c.parent) : undefined) {
    seen.add(c.id);
    chain.unshift(String(c.title ?? ''));
  }
  return chain;
}

/** The record of a space, from its JSON and the organization's collections. */
export function spaceRecord(space: ApiSpace, collections: Map<string, ApiCollection>, revision: string | null): Omit<BackupRecord, 'tree'> {
  return {
    organization: text(space.organization),
    revision,
    settings: { title: String(space.title ?? ''), emoji: text(space.emoji), editMode: text(space.editMode), defaultLevel: text(space.defaultLevel), visibility: text(space.visibility) },
    collection: space.parent ? { id: space.parent, path: collectionTitles(collections, space.parent) } : null,
  };
}

/** The space read (and its organization's collections when it is in one: two requests), for an export of one space. */
export async function readSpaceRecord(ctx: Context, spaceId: string): Promise<Omit<BackupRecord, 'tree'>> {
  const space = (await ctx.api.send<ApiSpace>(ctx.api.request('spaces.get', { params: { spaceId } }))).data ?? { id: spaceId };
  const collections = new Map<string, ApiCollection>();
  if (space.parent && typeof space.organization === 'string') {
    const list = await ctx.api.all<ApiCollection>(ctx.api.request('collections.list', { params: { organizationId: space.organization } }));
    for (const c of list) collections.set(c.id, c);
  }
  return spaceRecord(space, collections, text(space.revision));
}

/** Every page of the tree with the metadata a restore sets, in tree order. */
export function treeRecord(tree: ApiPage[]): TreeRecord[] {
  return [...walkTree(tree)].map(({ page, parent }) => {
    const out: TreeRecord = { id: page.id, type: String(page.type ?? 'document'), title: String(page.title ?? ''), parent: parent?.id ?? null };
    if (typeof page.slug === 'string') out.slug = page.slug;
    if (typeof page.href === 'string') out.href = page.href;
    if (typeof page.emoji === 'string' && page.emoji !== '') out.emoji = page.emoji;
    if (typeof page.description === 'string' && page.description !== '') out.description = page.description;
    if (page.hidden === true) out.hidden = true;
    return out;
  });
}
