// The list that holds a kind of resource, found from the name of an id
// (`spaceId`, `collection`, `siteSectionId`) in the operation table: what a
// prompt offers to pick from, and what shell completion offers
// (`docplat __ids <kind>`). An organization-wide list needs nothing more; a
// list inside a parent (a site's sections, a space's comments) needs the
// parents' ids, taken from the arguments already given.
import { paramOfNoun } from '../api/app-urls.js';
import { OPERATIONS, type OperationId } from '../api/operations/index.js';
import { apiRequest } from '../api/request.js';
import type { Context } from '../context.js';

/** `spaceId`, `space` or `space id` → `spaces.list`, when that lists the whole organization. */
export function listOperation(idOf: string): OperationId | undefined {
  const noun = idOf.replace(/ id$/, '').replace(/Id$/, '');
  const id = `${noun}s.list` as OperationId;
  const op = OPERATIONS[id];
  if (!op || op.method !== 'GET') return undefined;
  const params = Object.keys(op.params);
  return params.length === 1 && params[0] === 'organizationId' ? id : undefined;
}

/**
 * The list of `idOf` within `scope` (the path params known so far): the
 * organization-wide list, else the paginated list one level up the item's
 * path (`…/sites/{siteId}/sections` holds `{siteSectionId}`) when `scope`
 * gives every param it needs.
 */
export function listOperationIn(idOf: string, scope: Record<string, string>): OperationId | undefined {
  const orgWide = listOperation(idOf);
  if (orgWide) return orgWide;
  const segment = `/{${/^[a-z]+[A-Z]\w*$/.test(idOf) ? idOf : paramOfNoun(idOf)}}`;
  const ops = Object.values(OPERATIONS);
  // The most specific list the scope allows: a change request's comments rather than the space's.
  let best: { id: OperationId; params: number } | undefined;
  for (const item of ops) {
    if (!item.path.endsWith(segment)) continue;
    const parent = item.path.slice(0, -segment.length);
    const list = ops.find((o) => o.method === 'GET' && o.paginated && o.path === parent);
    const params = list ? Object.keys(list.params) : [];
    if (list && params.every((p) => scope[p] !== undefined) && params.length > (best?.params ?? -1)) best = { id: list.id as OperationId, params: params.length };
  }
  return best?.id;
}

/** The field of a listed item that the id names: `id`, or the last word of a param that is not an id (`specSlug` → `slug`, `fieldName` → `name`). */
export function listKey(idOf: string): string {
  const param = /Id$/.test(idOf) || !/^[a-z]+[A-Z]/.test(idOf) ? 'id' : idOf;
  return param === 'id' ? 'id' : param.replace(/^.*([A-Z][a-z]*)$/, '$1').toLowerCase();
}

export interface Listed {
  id: string;
  /** "Title (id)", or the id. */
  name: string;
  /** The title (or name, or the first line of a Markdown body), '' when it has none. */
  title: string;
}

/** How an item of a list reads: its title, its name, a member's name and e-mail, or the start of its body (a comment). */
function titleOf(it: { title?: unknown; name?: unknown; body?: unknown; user?: unknown }): string {
  if (typeof it.title === 'string') return it.title;
  if (typeof it.name === 'string') return it.name;
  const user = it.user as { displayName?: unknown; email?: unknown } | undefined;
  if (typeof user?.displayName === 'string') return typeof user.email === 'string' ? `${user.displayName} <${user.email}>` : user.displayName;
  const markdown = (it.body as { markdown?: unknown } | undefined)?.markdown;
  if (typeof markdown !== 'string') return '';
  const line = markdown.trim().split('\n')[0];
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Up to `limit` items of the list (in the organization `scope`, or within the path params `scope`): their ids (or the `key` field that stands for one) and how they read. */
export async function listIds(api: Pick<Context['api'], 'pages'>, opId: OperationId, scope: string | Record<string, string>, limit: number, signal: AbortSignal, key = 'id'): Promise<Listed[]> {
  const params = typeof scope === 'string' ? { organizationId: scope } : scope;
  // A list that answers bodies in several formats (comments) is asked for Markdown: its first line reads as a title.
  const format = OPERATIONS[opId].query.format;
  const query = format?.type === 'string' && format.enum?.includes('markdown') ? { format: 'markdown' } : {};
  const wanted = Object.fromEntries(Object.keys(OPERATIONS[opId].params).map((p) => [p, params[p]]));
  const items: Listed[] = [];
  for await (const page of api.pages<Record<string, unknown>>(apiRequest(opId, { params: wanted, query }), { limit, signal })) {
    for (const it of page.items) {
      const id = it?.[key];
      if (typeof id !== 'string') continue;
      // A name that is the value itself (a custom field's name) reads once.
      const title = key === 'name' && typeof it.title === 'string' ? it.title : key === 'name' ? '' : titleOf(it);
      items.push({ id, name: title && title !== id ? `${title} (${id})` : id, title });
    }
  }
  return items;
}
