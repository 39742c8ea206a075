// content push, what it says: the plan as a dry run prints it (a line a
// change, or with --json one `{change, page, path, from}` row a change), the
// counts of what was sent, the deletes for the delete gate, and the
// conflicts of a three-way push (push-base.ts), each page named with who
// changed it in the space when the API says (the merged change request that
// changed it since the export: its author, and who merged it).
import type { Context } from '../../context.js';
import { DocplatError, EXIT } from '../../errors.js';
import type { DeletePlan, Gone } from '../deletes.js';
import { pageFile } from './export.js';
import type { Conflict } from './push-base.js';
import { below, pathOf, type ParentKey, type Plan } from './push-plan.js';
import { walkTree, type ApiPage } from './shared.js';

const pageName = (p: ApiPage) => `${pathOf(p)} "${p.title}"`;

/** The plan's deletes as the delete gate takes them: each page with the pages under it, of the space's pages (`tree`). */
export function deletePlanOf(plan: Plan, tree: ApiPage[]): DeletePlan {
  const gone = (p: ApiPage): Gone => ({ kind: 'page', what: pathOf(p), id: p.id });
  const deletes = plan.changes.flatMap((c) => (c.op === 'delete' ? [{ ...gone(c.remote), cascades: below(c.remote).map(gone) }] : []));
  return { deletes, totals: { page: [...walkTree(tree)].length } };
}

/** The plan as a dry run prints it: one line per change (a delete, one more per page that goes with it). */
export function describePlan(plan: Plan): string[] {
  const where = (parent: ParentKey, at: number) => {
    if (parent === null) return `at the top level, position ${at + 1}`;
    const local = [...plan.ids].find(([, id]) => id === parent)?.[0] ?? [...plan.keys].find(([, k]) => k === parent)?.[0];
    return `under "${local?.title ?? parent}", position ${at + 1}`;
  };
  return plan.changes.flatMap((c) => {
    if (c.op === 'file') return `${c.replaces ? 'replace' : 'add'} file ${c.asset.path} (${c.asset.size} bytes)`;
    if (c.op === 'insert') return `add page ${c.local.target} "${c.local.title}" ${where(c.parent, c.at)}`;
    if (c.op === 'delete') return [`delete page ${pageName(c.remote)}`, ...below(c.remote).map((p) => `  and with it page ${pageName(p)}`)];
    const what = [c.document ? 'change text' : '', c.title !== undefined ? `rename to "${c.title}"` : '', c.slug !== undefined ? `slug ${c.slug}` : '', c.move ? `move ${where(c.move.parent, c.move.at)}` : ''].filter(Boolean);
    return `update page ${c.local.kind === 'page' ? c.local.target : c.local.title} (${c.id}): ${what.join(', ')}`;
  });
}

export interface Row {
  /** add, edit, rename, move, delete, add file, replace file. */
  change: string;
  /** The page's id in the space (null for a new page, a file). */
  page: string | null;
  /** The page's file in the folder (the space's for a delete), or the asset's. */
  path: string;
  /** What it was: the old title of a rename, the old file of a move, the replaced file's id. */
  from: string | null;
}

/** The plan as `--dry-run --json` prints it: a row a change (an update that renames and moves, two). */
export function planRows(plan: Plan): Row[] {
  const fileOf = (p: ApiPage) => ((p.type ?? 'document') === 'document' ? pageFile(p) : String(p.title));
  return plan.changes.flatMap((c): Row[] => {
    if (c.op === 'file') return [{ change: c.replaces ? 'replace file' : 'add file', page: null, path: c.asset.path, from: c.replaces?.id ?? null }];
    if (c.op === 'insert') return [{ change: 'add', page: null, path: c.local.target, from: null }];
    if (c.op === 'delete') return [c.remote, ...below(c.remote)].map((p) => ({ change: 'delete', page: p.id, path: fileOf(p), from: null }));
    const path = c.local.kind === 'page' ? c.local.target : c.local.title;
    return [
      ...(c.document ? [{ change: 'edit', page: c.id, path, from: null }] : []),
      ...(c.title !== undefined ? [{ change: 'rename', page: c.id, path, from: String(c.remote.title) }] : []),
      ...(c.move || c.slug !== undefined ? [{ change: 'move', page: c.id, path, from: fileOf(c.remote) }] : []),
    ];
  });
}

/** `2 pages added, 1 changed, 0 moved, 1 renamed, 0 deleted, 1 files added`: a rename is said only when there is one. */
export function counts(plan: Plan): string {
  const n = (f: (c: Plan['changes'][number]) => boolean) => plan.changes.filter(f).length;
  const renamed = n((c) => c.op === 'update' && c.title !== undefined && !c.document && !c.move);
  return (
    `${n((c) => c.op === 'insert')} pages added, ${n((c) => c.op === 'update' && c.document)} changed, ` +
    `${n((c) => c.op === 'update' && !!c.move)} moved, ${renamed ? `${renamed} renamed, ` : ''}${n((c) => c.op === 'delete')} deleted, ${n((c) => c.op === 'file')} files added`
  );
}

interface MergedRequest {
  number?: number;
  mergedAt?: string;
  createdBy?: { displayName?: string };
  mergedBy?: { displayName?: string };
}

/** At most this many merged change requests are read to find who changed a page. */
const LOOK_BACK = 20;

/**
 * Who changed each page in the space, when the API says: the latest merged
 * change request (merged after the page's base) whose changes name it. A
 * page changed outside change requests is named with the time it changed.
 */
export async function whoChanged(ctx: Context, spaceId: string, pages: Conflict[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const at = (c: Conflict) => (c.updatedAt ? `last changed in the space at ${c.updatedAt}` : 'not said who changed it in the space');
  for (const c of pages) out.set(c.id, at(c));
  try {
    const request = ctx.api.request('changeRequests.list', { params: { spaceId }, query: { status: 'merged', orderBy: 'updatedAt' } });
    const merged = (await ctx.api.all<MergedRequest & { id: string }>(request, { limit: LOOK_BACK })).slice(0, LOOK_BACK);
    const open = new Set(pages.map((c) => c.id));
    for (const cr of merged) {
      if (!open.size) break;
      const data = (await ctx.api.send(ctx.api.request('changeRequests.changes', { params: { spaceId, changeRequestId: cr.id } }))).data as { changes?: { page?: { id?: string } }[] };
      for (const change of data?.changes ?? []) {
        const id = change.page?.id;
        if (!id || !open.has(id)) continue;
        open.delete(id);
        const by = cr.createdBy?.displayName;
        const merger = cr.mergedBy?.displayName;
        out.set(id, `by ${by ?? 'someone'} in change request ${cr.number ?? cr.id}${merger && merger !== by ? `, merged by ${merger}` : ''}${cr.mergedAt ? ` at ${cr.mergedAt}` : ''}`);
      }
    }
  } catch {
    // Who is extra: the pages are named either way.
  }
  return out;
}

/** The lines that name conflicts or overwrites: `faq.md: changed here and in the space (by Margaret Hamilton in change request 13 at …)`. */
export async function conflictLines(ctx: Context, spaceId: string, list: Conflict[]): Promise<string[]> {
  if (!list.length) return [];
  const who = await whoChanged(ctx, spaceId, list);
  return list.map((c) => `${c.path}: ${c.what} (${who.get(c.id)})`);
}

/** A push that would undo changes made in the space since the export: each page warned of with who changed it, then exit 1, nothing sent. */
export async function conflictError(ctx: Context, spaceId: string, list: Conflict[]): Promise<DocplatError> {
  for (const line of await conflictLines(ctx, spaceId, list)) ctx.warn(`conflict: ${line}`);
  const names = list.slice(0, 10).map((c) => c.path).join(', ') + (list.length > 10 ? `, and ${list.length - 10} more` : '');
  return new DocplatError(
    `${list.length} page${list.length === 1 ? '' : 's'} changed here and in the space since the export (${names}); nothing was sent: ` +
      'bring the folder up to date (content export again writes the space\'s version of each beside it, <page>.remote.md), merge, then push; or push --force to send the folder as it is',
    EXIT.failure,
    { kind: 'conflicts', pages: list.map((c) => ({ page: c.id, path: c.path, what: c.what })) },
  );
}
