// What merge, rebase and diff read of a change request besides their own
// answer: the change request, every one of its changes, a page's Markdown in
// a revision, and the pages both the change request and its space changed
// since it started (the answers of merge and rebase name none), with who
// changed each in the space when the API says (a change request merged since).
import { ApiError } from '../../errors.js';
import type { Context } from '../../context.js';
import { allOrNothing } from '../../tasks/schedule.js';
import type { BuiltRequest } from '../../api/request.js';
import { NAMES } from './shared.js';

export interface ChangeRequestJson {
  id: string;
  number?: number;
  createdAt?: string;
  revisionInitial?: string;
  revisionMergedAncestor?: string;
  mergedAt?: string;
  mergedBy?: { displayName?: string };
  createdBy?: { displayName?: string };
}

export interface ChangeJson {
  type?: string;
  page?: { id?: string; path?: string; title?: string; type?: string };
  parent?: { before?: { path?: string }; after?: { path?: string } };
  attributes?: Record<string, { before?: unknown; after?: unknown }>;
  file?: { id?: string; name?: string; contentType?: string };
}

/** A page as a read gives it (with format=markdown). */
export interface PageJson {
  id: string;
  title?: string;
  type?: string;
  path?: string;
  description?: string;
  emoji?: string;
  hidden?: boolean;
  markdown?: string;
  pages?: unknown[];
}

export type Params = { spaceId: string; changeRequestId: string };

export async function changeRequest(ctx: Context, params: Params): Promise<ChangeRequestJson> {
  return (await ctx.api.send<ChangeRequestJson>(ctx.api.request('changeRequests.get', { params }, NAMES))).data!;
}

/** The revision a change request's changes are against: the space's content it last took (a rebase), or the one it started from. */
export const baseOf = (cr: ChangeRequestJson): string | undefined => cr.revisionMergedAncestor ?? cr.revisionInitial;

/** Every change of a change request (the operation lists `limit` of them and counts the rest). */
export async function allChanges(ctx: Context, params: Params): Promise<ChangeJson[]> {
  let limit = 100;
  for (;;) {
    const { data } = await ctx.api.send<{ changes?: ChangeJson[]; more?: number }>(ctx.api.request('changeRequests.changes', { params, query: { limit } }, NAMES));
    const changes = Array.isArray(data?.changes) ? data.changes : [];
    if (!(typeof data?.more === 'number' && data.more > 0)) return changes;
    limit = changes.length + data.more;
  }
}

/** A page read (Markdown), or undefined when the revision has no such page (404). */
async function readPage(ctx: Context, request: BuiltRequest): Promise<PageJson | undefined> {
  try {
    return (await ctx.api.send<PageJson>(request)).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}

/** A page as it is in a revision of the space (a change request's base), or undefined. */
export function pageInRevision(ctx: Context, spaceId: string, revisionId: string, pageId: string): Promise<PageJson | undefined> {
  return readPage(ctx, ctx.api.request('revisions.page', { params: { spaceId, revisionId, pageId }, query: { format: 'markdown' } }, NAMES));
}

/** A page as it is in the change request, or undefined. */
export function pageInChangeRequest(ctx: Context, params: Params, pageId: string): Promise<PageJson | undefined> {
  return readPage(ctx, ctx.api.request('pages.get.cr', { params: { ...params, pageId }, query: { format: 'markdown' } }, NAMES));
}

/** A page as it is in the space now, or undefined. */
function pageInSpace(ctx: Context, spaceId: string, pageId: string): Promise<PageJson | undefined> {
  return readPage(ctx, ctx.api.request('pages.get', { params: { spaceId, pageId }, query: { format: 'markdown' } }, NAMES));
}

const same = (a: PageJson, b: PageJson) =>
  a.title === b.title && a.path === b.path && (a.markdown ?? '') === (b.markdown ?? '') && a.description === b.description && a.emoji === b.emoji && !!a.hidden === !!b.hidden;

export interface Conflict {
  id: string;
  path: string;
  /** Who changed it in the space, when a change request merged since says so. */
  changedBy?: string;
}

/**
 * The pages the change request changed that the space changed too since its
 * base: a page of the base that is not, now, as it was. Who changed each is
 * looked up in the change requests merged since this one started.
 */
export async function bothChanged(ctx: Context, params: Params): Promise<Conflict[]> {
  const cr = await changeRequest(ctx, params);
  const base = baseOf(cr);
  const pages = new Map<string, string>();
  for (const c of await allChanges(ctx, params)) if (c.page?.id && !pages.has(c.page.id)) pages.set(c.page.id, c.page.path || c.page.title || c.page.id);
  if (!base || pages.size === 0) return [];
  const ids = [...pages.keys()];
  const changed = await allOrNothing(ctx, ids, 8, async (id) => {
    const before = await pageInRevision(ctx, params.spaceId, base, id);
    // A page the change request made cannot have changed in the space.
    if (!before) return false;
    const now = await pageInSpace(ctx, params.spaceId, id);
    return !now || !same(before, now);
  });
  const conflicts = ids.filter((_, i) => changed[i]).map((id) => ({ id, path: pages.get(id)! }));
  if (conflicts.length) await nameWhoChanged(ctx, params.spaceId, cr, conflicts);
  return conflicts;
}

/** Each conflict's `changedBy`: the last change request merged since `cr` started that changed the page. */
async function nameWhoChanged(ctx: Context, spaceId: string, cr: ChangeRequestJson, conflicts: Conflict[]): Promise<void> {
  const request = ctx.api.request('changeRequests.list', { params: { spaceId }, query: { status: 'merged', limit: 20 } }, NAMES);
  const merged = ((await ctx.api.send<{ items?: ChangeRequestJson[] }>(request)).data?.items ?? []).filter((m) => m.id !== cr.id && (!cr.createdAt || (m.mergedAt ?? '') >= cr.createdAt));
  // Newest first: the first to name a page changed it last.
  for (const m of merged.sort((a, b) => (b.mergedAt ?? '').localeCompare(a.mergedAt ?? ''))) {
    const open = conflicts.filter((c) => c.changedBy === undefined);
    if (open.length === 0) return;
    const touched = new Set((await allChanges(ctx, { spaceId, changeRequestId: m.id })).map((c) => c.page?.id));
    const who = m.mergedBy?.displayName ?? m.createdBy?.displayName;
    for (const c of open) if (touched.has(c.id)) c.changedBy = `${who ? `${who}, ` : ''}change request ${m.number ?? m.id}`;
  }
}

/** Conflicts for a message: `faq (also changed by Margaret Hamilton, change request 5)`. */
export const conflictText = (conflicts: Conflict[]): string => conflicts.map((c) => `${c.path}${c.changedBy ? ` (changed in the space by ${c.changedBy})` : ''}`).join(', ');
