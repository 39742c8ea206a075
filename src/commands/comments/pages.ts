// The page a comment targets: `--page` takes a page id or a page path
// (`guides/authentication`), resolved through the space's page tree. The one
// place the comments commands reach the content of a space.
import { apiRequest } from '../../api/request.js';
import type { Operation } from '../../api/operation.js';
import type { Context } from '../../context.js';
import { DocplatError, EXIT } from '../../errors.js';

interface PageNode {
  id: string;
  path?: string;
  pages?: PageNode[];
}

/** The id of the page that `ref` names (its id, or its path) in the space or change request of `request`. */
export async function pageIdOf(ctx: Context, ref: string, request: { params: Record<string, string>; operation: Operation }): Promise<string> {
  const { spaceId, changeRequestId } = request.params;
  const tree = request.operation.id.endsWith('.cr') ? apiRequest('pages.list.cr', { params: { spaceId, changeRequestId } }) : apiRequest('pages.list', { params: { spaceId } });
  const client = await ctx.client();
  const { data } = await client.request<{ pages?: PageNode[] }>('GET', tree.path, { idempotency: 'safe', signal: ctx.signal });
  const path = ref.replace(/^\/+|\/+$/g, '');
  let byPath: string | undefined;
  const walk = (pages: PageNode[] | undefined): string | undefined => {
    for (const p of pages ?? []) {
      if (p.id === ref) return p.id;
      if (byPath === undefined && p.path === path) byPath = p.id;
      const found = walk(p.pages);
      if (found) return found;
    }
    return undefined;
  };
  const id = walk(data?.pages) ?? byPath;
  if (id === undefined) throw new DocplatError(`no page with id or path "${ref}" in ${changeRequestId ? `change request ${changeRequestId} of ` : ''}space ${spaceId}`, EXIT.notFound);
  return id;
}
