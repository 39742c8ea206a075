// The page a comment targets: `--page` takes a page id or a page path
// (`guides/authentication`), looked up in the page tree of the space or the
// change request with the content commands' tree code.
import type { Operation } from '../../api/operation.js';
import type { Context } from '../../context.js';
import { DocplatError, EXIT } from '../../errors.js';
import { fetchTree, walkTree } from '../content/shared.js';

/** The id of the page that `ref` names (its id, or its path) in the space or change request of `request`. */
export async function pageIdOf(ctx: Context, ref: string, request: { params: Record<string, string>; operation: Operation }): Promise<string> {
  const { spaceId, changeRequestId } = request.params;
  const pages = [...walkTree(await fetchTree(ctx, { spaceId, changeRequest: changeRequestId }))].map(({ page }) => page);
  const path = ref.replace(/^\/+|\/+$/g, '');
  const page = pages.find((p) => p.id === ref) ?? pages.find((p) => p.type !== 'link' && p.path === path);
  if (!page) throw new DocplatError(`no page with id or path "${ref}" in ${changeRequestId ? `change request ${changeRequestId} of ` : ''}space ${spaceId}`, EXIT.notFound);
  return page.id;
}
