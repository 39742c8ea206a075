// The page a comment targets: `--page` takes a page id or a page path
// (`guides/authentication`), looked up in the page tree of the space or the
// change request with the content commands' tree code.
import type { Operation } from '../../api/operation.js';
import type { Context } from '../../context.js';
import { DocplatError, EXIT } from '../../errors.js';
import { fetchTree, noPage, pageAtPath, walkTree } from '../content/shared.js';

/** The id of the page that `ref` names (its id, or its path) in the space or change request of `request`. */
export async function pageIdOf(ctx: Context, ref: string, request: { params: Record<string, string>; operation: Operation }): Promise<string> {
  const where = { spaceId: request.params.spaceId, changeRequest: request.params.changeRequestId };
  const tree = await fetchTree(ctx, where);
  if ([...walkTree(tree)].some(({ page }) => page.id === ref)) return ref;
  const page = pageAtPath(tree, ref);
  if (!page) throw new DocplatError(noPage(ref, where), EXIT.notFound);
  return page.id;
}
