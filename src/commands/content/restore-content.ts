// content restore, a space's content: made equal to the backup folder in a
// change request, then merged. Pages the space lost since the backup (groups
// and link pages too) come back first by revert_page to the revision the
// backup recorded (their ids kept); then the folder is compared with the
// change request's content as content push compares (push-plan.ts) and the
// difference sent in its batches (push-batches.ts): pages updated and
// inserted, pages the backup lacks deleted through the one delete gate.
// Groups and link pages the change-request operations cannot create are
// named, their pages placed where the report says. Files up to 1 MB go
// inline; larger ones by `url` (--files-url, else the downloadURL the
// backup recorded), or are named.
import type { Context } from '../../context.js';
import { ApiError, DocplatError, Interrupted } from '../../errors.js';
import { MAX_CONTENT_CHANGES } from '../../api/operations/changeRequests.js';
import type { DeletePlan, Permit } from '../deletes.js';
import type { ApiFile } from '../files/download.js';
import { Batcher, MAX_INLINE_BYTES, readAnswer, type ApiChange } from './push-batches.js';
import type { LocalAsset, LocalPage } from './push-folder.js';
import { planPush, specialOf, type Plan, type PlanChange } from './push-plan.js';
import type { Manifest } from './export-folder.js';
import { deletePlanOf, describePlan } from './push-report.js';
import type { Backup } from './restore-target.js';
import { contentRequest, fetchTree, walkTree, type ApiPage, type Where } from './shared.js';

/** Something the restore did not bring back, and why. */
export interface Skipped {
  what: string;
  why: string;
}

export interface ContentPlan {
  reverts: { id: string; type: string; title: string }[];
  plan: Plan;
  deletes: DeletePlan;
  /** Files over 1 MB, sent by url. */
  large: LocalAsset[];
  skipped: Skipped[];
  /** What the plan does, a line each (--dry-run; made only when asked: a line names where each page goes). */
  lines(): string[];
}

/** The backup's pages the space no longer has (every type), in tree order: revert_page brings them back. */
export function missingPages(backup: Backup, tree: ApiPage[]): { id: string; type: string; title: string }[] {
  if (!backup.record?.revision) return [];
  const present = new Set([...walkTree(tree)].map((e) => e.page.id));
  return backup.record.tree.filter((p) => !present.has(p.id)).map((p) => ({ id: p.id, type: p.type, title: p.title }));
}

/**
 * The folder's tree without the groups and link pages the space does not
 * have (matched as push matches them, specialOf: one renamed in the space
 * since is still it): a group's pages take its place, a link is left out;
 * each is named. The tree
 * is changed in place (its pages stay the same objects: the plan and the
 * batches know them so).
 */
export function withoutMissing(tree: LocalPage[], remote: ApiPage[], skipped: Skipped[], recorded: Manifest['tree']): LocalPage[] {
  const pool = [...walkTree(remote)].map((e) => e.page).filter((p) => p.type === 'group' || p.type === 'link');
  const take = (local: LocalPage) => {
    const found = specialOf(local, pool, recorded);
    // The same link page with another URL since (the app changed it): kept, and named (no operation sets a URL).
    if (found && local.kind === 'link' && String(found.href ?? '') !== local.target) {
      skipped.push({ what: `link page "${local.title}" (${local.target})`, why: `its URL in the space is now ${String(found.href ?? '')}, and no operation of the API sets a link page's URL: set it back in the app` });
    }
    return found !== undefined && pool.splice(pool.indexOf(found), 1).length > 0;
  };
  const trim = (pages: LocalPage[], where: string): LocalPage[] =>
    pages.flatMap((local) => {
      if (local.kind === 'page' || take(local)) {
        local.children = trim(local.children, local.kind === 'page' ? `under "${local.title}"` : `in the group "${local.title}"`);
        return [local];
      }
      const why = 'the change-request operations cannot create one';
      if (local.kind === 'link') skipped.push({ what: `link page "${local.title}" (${local.target})`, why });
      else skipped.push({ what: `group "${local.title}"`, why: `${why}; its ${local.children.length} pages are ${where} instead` });
      return trim(local.children, where);
    });
  return trim(tree, 'at the top level');
}

/**
 * The changes, a slug that a page they delete holds (one made in the place of
 * a page the restore brings back) given after the deletes, when it is free;
 * the moves keep their positions (counted with those pages there). An update
 * left with nothing to do is dropped.
 */
function renamesAfterDeletes(changes: PlanChange[]): PlanChange[] {
  const freed = new Set(changes.flatMap((c) => (c.op === 'delete' ? [String(c.remote.slug ?? '')] : [])));
  const late: PlanChange[] = [];
  for (const c of changes) {
    if (c.op !== 'update' || c.slug === undefined || !freed.has(c.slug)) continue;
    late.push({ ...c, title: undefined, move: undefined, document: false });
    c.slug = undefined;
  }
  return [...changes.filter((c) => c.op !== 'update' || c.document || c.title !== undefined || c.slug !== undefined || c.move), ...late];
}

/**
 * The plan against a space's (or change request's) content (none: a space
 * not created yet); `reverts` were (or would be) sent before it, and
 * `adjust` puts the pages they bring back into the tree read.
 */
export async function planContent(ctx: Context, backup: Backup, where: Where | undefined, reverts: ContentPlan['reverts'], concurrency: number, adjust?: (tree: ApiPage[]) => ApiPage[]): Promise<ContentPlan> {
  // One after the other, as every request of a restore: with never two in flight together the client keeps to node:http,
  // where two at once would bring in undici and its WebAssembly parser for the rest of the run (~35 MB of peak memory).
  const read = where ? await fetchTree(ctx, where) : [];
  const files = where ? await ctx.api.all<ApiFile>(contentRequest(ctx, 'files.list', where)) : [];
  const tree = adjust ? adjust(read) : read;
  const skipped: Skipped[] = [];
  const folder = backup.folder;
  folder.tree = withoutMissing(folder.tree, tree, skipped, folder.manifest?.tree);
  // The pages a revert brings back are planned as in the backup (a dry run's revert is not sent).
  const reverted = new Set(reverts.map((r) => r.id));
  const markdown = async (pageId: string) => {
    // A page a revert brings back: its text is not there yet (sent again after the revert if it differs).
    if (reverted.has(pageId) || !where) return '';
    const data = (await ctx.api.send<{ markdown?: unknown }>(contentRequest(ctx, 'pages.get', where, { pageId }, { format: 'markdown' }))).data;
    if (typeof data?.markdown !== 'string') throw new DocplatError(`page ${pageId} has no markdown`);
    return data.markdown;
  };
  // The backup wins (push's --force): what the space changed since is overwritten, moved and renamed back; pages
  // added in the space since the backup are deleted too (push keeps them).
  const plan = await planPush(folder, { tree, files, markdown }, { spaceId: where?.spaceId ?? '', changeRequest: where?.changeRequest, prune: true, concurrency, scope: ctx, force: true });
  plan.changes.push(...plan.added.map((page) => ({ op: 'delete' as const, id: page.id, remote: page })));
  if (reverted.size) {
    const byFile = new Map(Object.entries(backup.folder.manifest?.pages ?? {}).map(([id, m]) => [m.path.toLowerCase(), id]));
    plan.changes = plan.changes.filter((c) => !(c.op === 'insert' && reverted.has(byFile.get(c.local.target.toLowerCase()) ?? '')));
    // A page reverted comes back with the backup's text (the real run compares again after the reverts).
    for (const c of plan.changes) if (c.op === 'update' && reverted.has(c.id)) c.document = false;
  }
  plan.changes = renamesAfterDeletes(plan.changes);
  // Files over 1 MB go by url, in their own batches, before the pages that show them.
  const large = plan.changes.flatMap((c) => (c.op === 'file' && c.asset.size > MAX_INLINE_BYTES ? [c.asset] : []));
  plan.changes = plan.changes.filter((c) => !(c.op === 'file' && c.asset.size > MAX_INLINE_BYTES));
  const lines = () => [
    ...reverts.map((r) => `revert ${r.type} "${r.title}" (${r.id}) to revision ${backup.record?.revision}`),
    ...large.map((a) => `add file ${a.path} (${a.size} bytes) by url`),
    ...describePlan(plan),
  ];
  return { reverts, plan, deletes: deletePlanOf(plan, tree), large, skipped, lines };
}

/** Whether the plan sends anything (a revert, a change, a file by url). */
export const sendsAny = (c: ContentPlan): boolean => c.reverts.length > 0 || c.plan.changes.length > 0 || c.large.length > 0;

/** Sends one batch of changes to a change request; its answer. */
async function sendChanges(ctx: Context, where: Required<Where>, changes: ApiChange[]): Promise<unknown> {
  const request = ctx.api.request('changeRequests.updateContent', { params: { spaceId: where.spaceId, changeRequestId: where.changeRequest }, query: { compat: false }, body: { changes } });
  // The batch in flight when Ctrl-C comes completes: the report can say what the change request holds.
  return (await ctx.api.send(request, { finishOnInterrupt: true })).data;
}

/** The reverts, at most 50 a batch; a revision the space no longer has makes each page named (the plan then inserts documents). */
export async function sendReverts(ctx: Context, where: Required<Where>, backup: Backup, reverts: ContentPlan['reverts']): Promise<{ sent: number; failed?: string }> {
  let sent = 0;
  for (let i = 0; i < reverts.length; i += MAX_CONTENT_CHANGES) {
    const changes = reverts.slice(i, i + MAX_CONTENT_CHANGES).map((r) => ({ operation: 'revert_page', page: r.id, revision: backup.record!.revision! }));
    try {
      await sendChanges(ctx, where, changes);
      sent += changes.length;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) return { sent, failed: err.message };
      throw err;
    }
  }
  return { sent };
}

/** Where a large file's bytes are served: --files-url (the backup folder served there), else the downloadURL the backup recorded. */
function urlOf(backup: Backup, asset: LocalAsset, filesUrl: string | undefined): string | undefined {
  if (filesUrl !== undefined) return `${filesUrl.replace(/\/+$/, '')}/${asset.path.split('/').map(encodeURIComponent).join('/')}`;
  const url = backup.files.get(asset.name)?.downloadURL;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
}

/** Files over 1 MB by url, one a batch (a refusal names that file only); their ids join the plan's. Returns how many the platform took. */
export async function sendLarge(ctx: Context, where: Required<Where>, backup: Backup, content: ContentPlan, filesUrl: string | undefined): Promise<number> {
  let taken = 0;
  for (const asset of content.large) {
    const url = urlOf(backup, asset, filesUrl);
    if (!url) {
      content.skipped.push({ what: `file ${asset.path} (${asset.size} bytes)`, why: 'over 1 MB, and neither --files-url nor a downloadURL in the backup says where the platform can fetch it' });
      continue;
    }
    const type = backup.files.get(asset.name)?.contentType;
    try {
      const data = await sendChanges(ctx, where, [{ operation: 'insert_files', files: [{ ref: 'large', name: asset.name, url, ...(type ? { contentType: type } : {}) }] }]);
      const id = readAnswer(data, ['large']).files.get('large');
      if (id) content.plan.fileIds.set(asset.name, id);
      taken++;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 400)) throw err;
      content.skipped.push({ what: `file ${asset.path} (${asset.size} bytes)`, why: `the platform did not take it from ${url}: ${err.message}` });
    }
  }
  return taken;
}

/** The plan's batches, one after the other (each names what the ones before created); only the deletes the gate let through. */
export async function sendPlan(ctx: Context, where: Required<Where>, content: ContentPlan, pages: Backup['folder']['pages'], permit: Permit, again: string): Promise<number> {
  // Pages left unread (as the export wrote them) are read batch by batch, as their text is sent.
  const batcher = new Batcher(content.plan, pages, ctx);
  let sent = 0;
  while (!batcher.done) {
    if (ctx.signal.aborted) {
      throw new Interrupted(
        `interrupted: change request ${where.changeRequest} of space ${where.spaceId} holds ${sent} batches, each complete, and is not merged; ` +
          `${again}: it compares with the space and sends what differs in a new change request (archive this one)`,
      );
    }
    const batch = await batcher.build();
    if (batch.changes.length === 0) throw new DocplatError(`batch ${sent + 1}: the answers did not give the ids of the pages created before it`);
    for (const change of batch.changes) if (change.operation === 'delete_page') permit.check('page', String(change.page));
    batcher.answered(batch, readAnswer(await sendChanges(ctx, where, batch.changes), batch.fileRefs));
    sent++;
  }
  return sent;
}
