// References by kind, resolved in one place for every command: wherever a
// flag or an argument names a page, it takes the page's id or its path
// (`guides/configuration`); wherever it names a member, the user id or the
// e-mail. The runner resolves every value of a kind found here before it
// builds the request; a reference that names nothing is exit 3, naming it,
// never an empty result. (A space or collection given as its app URL is
// turned into its id by app-urls.ts, as before.)
import { apiRequest } from '../api/request.js';
import type { Context } from '../context.js';
import { DocplatError, EXIT } from '../errors.js';
import { fetchTree, noPage, pageAtPath, walkTree } from './content/shared.js';

export type RefKind = 'page' | 'member';

/** The kind of reference a path param, or a flag's `idOf`, names. */
export function refKind(name: string | undefined): RefKind | undefined {
  if (name === 'pageId' || name === 'page') return 'page';
  if (name === 'userId' || name === 'user' || name === 'member') return 'member';
  return undefined;
}

/**
 * Whether the value can only be a reference to look up (a path, an
 * e-mail): in a dry run only those are looked up (with reads), so that the
 * request printed is the one a real run sends.
 */
export function surelyNotAnId(kind: RefKind, value: string): boolean {
  return kind === 'page' ? value.includes('/') : value.includes('@');
}

/** Where the references are looked up: the request's path params (its space, change request, organization). */
type Scope = Record<string, string>;

/** The ids of `values` (each a reference of `kind`), in order; exit 3 naming the first that names nothing. */
export async function resolveRefs(ctx: Context, kind: RefKind, values: string[], scope: Scope, label: string): Promise<string[]> {
  return kind === 'page' ? pageIds(ctx, values, scope, label) : memberIds(ctx, values, scope, label);
}

async function pageIds(ctx: Context, values: string[], scope: Scope, label: string): Promise<string[]> {
  const where = { spaceId: scope.spaceId, changeRequest: scope.changeRequestId };
  if (!where.spaceId) throw new Error(`${label}: a page is looked up in a space, and the request has none`);
  // One read of the tree serves every value: an id found in it is kept, any other is a path.
  const tree = await fetchTree(ctx, where);
  const ids = new Set([...walkTree(tree)].map(({ page }) => page.id));
  return values.map((ref) => {
    if (ids.has(ref)) return ref;
    const page = pageAtPath(tree, ref);
    if (!page) throw new DocplatError(`${label}: ${noPage(ref, where)}`, EXIT.notFound);
    return page.id;
  });
}

async function memberIds(ctx: Context, values: string[], scope: Scope, label: string): Promise<string[]> {
  const emails = [...new Set(values.filter((v) => v.includes('@')).map((v) => v.toLowerCase()))];
  if (emails.length === 0) return values;
  // Members of the organization the request is in: a space's own (it may not be the default one).
  const space = scope.organizationId === undefined && scope.spaceId !== undefined ? await ctx.api.send<{ organization?: string }>(apiRequest('spaces.get', { params: { spaceId: scope.spaceId } })) : undefined;
  const organizationId = scope.organizationId ?? space?.data?.organization ?? (await ctx.org());
  const byEmail = new Map<string, string>();
  // One search per address when there are few, else one read of every member.
  const searches = emails.length <= 3 ? emails : [undefined];
  for (const search of searches) {
    const request = apiRequest('members.list', { params: { organizationId }, query: search ? { search } : {} });
    const members = await ctx.api.all<{ id: string; user?: { email?: string } }>(request);
    for (const m of members) if (m.user?.email) byEmail.set(m.user.email.toLowerCase(), m.id);
  }
  return values.map((v) => {
    if (!v.includes('@')) return v;
    const id = byEmail.get(v.toLowerCase());
    if (!id) throw new DocplatError(`${label}: no member with the e-mail "${v}" in organization ${organizationId}`, EXIT.notFound);
    return id;
  });
}
