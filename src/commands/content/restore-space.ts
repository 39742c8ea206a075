// content restore, one space: the way (restore-target.ts), the space
// (restored from the trash, or created empty with the backup's settings in
// its collection), its content (restore-content.ts: reverts, then the
// difference, in one change request, merged), its settings, and the check
// (restore-verify.ts). Returns what it did for the report; a dry run says
// the way and lists what it would revert, send and delete.
import type { Context } from '../../context.js';
import { DocplatError, EXIT, Interrupted, UsageError } from '../../errors.js';
import { deleteLines, gateDeletes, massNote } from '../deletes.js';
import type { ApiSpace, TreeRecord } from './backup.js';
import { missingPages, planContent, sendsAny, sendLarge, sendPlan, sendReverts, type ContentPlan, type Skipped } from './restore-content.js';
import { SETTINGS, chooseTarget, settingsDiff, spacesByPlace, titleOf, type Backup, type Collections, type Target, type Way } from './restore-target.js';
import { pathsOf, verifySpace } from './restore-verify.js';
import { collectNow } from '../../tasks/memory.js';
import { createChangeRequest, fetchTree, getChangeRequest, type ApiPage, type ChangeRequest, type Where } from './shared.js';

export interface RestoreOptions {
  into?: string;
  new?: boolean;
  /** Into this open change request (id or number), left open for review: not merged, settings untouched. */
  changeRequest?: string;
  filesUrl?: string;
  dryRun?: boolean;
  verify: boolean;
  allowMassDelete?: boolean;
  concurrency?: string;
  /** The target's collections (shared by the spaces of a whole-organization restore). */
  collections?: (org: string) => Promise<Collections>;
  /** The way, when the caller chose it (a whole-organization restore). */
  target?: Target;
}

export interface SpaceReport {
  title: string;
  way: Way;
  why: string;
  spaceId?: string;
  reverted: number;
  changes: number;
  batches: number;
  skipped: Skipped[];
  different: string[];
  /** Whether the space restored was compared with the backup and found equal; null when not compared. */
  verified: boolean | null;
  notes: string[];
  /** A dry run's lines. */
  lines: string[];
}

/** The reverted pages as the tree would have them after the reverts (for the plan made before they are sent). */
function withReverted(tree: ApiPage[], backup: Backup, reverts: ContentPlan['reverts']): ApiPage[] {
  const records = new Map((backup.record?.tree ?? []).map((r) => [r.id, r]));
  const paths = new Map(Object.entries(backup.folder.manifest?.pages ?? {}).map(([id, m]) => [id, m.path.replace(/(^|\/)README\.md$/i, '').replace(/\.md$/i, '')]));
  const copy: ApiPage[] = structuredClone(tree);
  const byId = new Map<string, ApiPage>();
  const index = (pages: ApiPage[]) => pages.forEach((p) => (byId.set(p.id, p), index(p.pages ?? [])));
  index(copy);
  for (const r of reverts) {
    const rec = records.get(r.id) as TreeRecord;
    const page: ApiPage = { id: rec.id, type: rec.type, title: rec.title, slug: rec.slug, path: paths.get(rec.id) ?? '', ...(rec.href ? { href: rec.href } : {}), pages: [] };
    const parent = rec.parent ? byId.get(rec.parent) : undefined;
    const siblings = parent ? (parent.pages ??= []) : copy;
    // Where the revert puts it back: after the sibling it followed (first, when none), else last.
    const after = backup.folder.manifest?.tree?.[rec.id]?.after;
    siblings.splice(after === null ? 0 : after === undefined ? siblings.length : siblings.findIndex((p) => p.id === after) + 1 || siblings.length, 0, page);
    byId.set(page.id, page);
  }
  return copy;
}

/**
 * The backup's page trees (the manifest's places, the record's pages) serve
 * a restore into the space the manifest names only: its three-way base
 * (push-base.ts) and its reverts. Restoring anywhere else, they are let go
 * and collected before the plan is made: at 2,000 pages they are ~0.6 MB
 * that V8 would otherwise keep its pages for until its first full collection.
 */
function releaseTrees(backup: Backup, target: Target): void {
  if (target.way !== 'new' && target.space?.id === backup.folder.manifest?.space) return;
  if (backup.folder.manifest) backup.folder.manifest.tree = undefined;
  if (backup.record) backup.record.tree = [];
  collectNow();
}

/** The new space: created empty, with the backup's title and emoji, in its collection (made when missing). */
async function createSpace(ctx: Context, target: Target, backup: Backup, opts: RestoreOptions, notes: string[]): Promise<ApiSpace> {
  const collections = await opts.collections!(target.org);
  const parent = await collections.place(backup.record, (title) => notes.push(`created collection "${title}"`), false);
  const s = backup.record?.settings;
  const body = { title: titleOf(backup), ...(s?.emoji ? { emoji: s.emoji } : {}), ...(parent ? { parent } : {}), empty: true };
  return (await ctx.api.send<ApiSpace>(ctx.api.request('spaces.create', { params: { organizationId: target.org }, body }))).data;
}

/** A dry run: the way, then what would be created, reverted, sent and deleted. */
async function dryRun(ctx: Context, backup: Backup, target: Target, opts: RestoreOptions, report: SpaceReport): Promise<SpaceReport> {
  const lines = [`${target.way === 'trash' ? 'restore from the trash' : target.way === 'new' ? 'create a new space' : 'restore into the space'}: ${target.why}`];
  /** The settings it would set (of a space that exists: one made gets them as it is made). */
  const settings = async (unlock: boolean) => {
    const space = target.space!;
    if (unlock && space.editMode === 'locked') lines.push('unlock the space for the restore (its edit mode set as the backup has it after)');
    if (!backup.record || opts.changeRequest !== undefined) return;
    const { body, move } = await settingsPlan(unlock && space.editMode === 'locked' ? { ...space, editMode: 'live' } : space, backup, target, opts, (title) => lines.push(`create collection "${title}"`), true);
    if (Object.keys(body).length) lines.push(`set the space's ${Object.keys(body).join(', ')}`);
    if (move) lines.push(`move the space into ${move.where}`);
  };
  if (target.way === 'trash') {
    lines.push(`restore space ${target.space!.id} "${target.space!.title ?? ''}" from the trash, then make it equal to the backup (its content is read once it is restored)`);
    await settings(false);
    return { ...report, lines };
  }
  if (target.way === 'new') {
    const made: string[] = [];
    const collections = await opts.collections!(target.org);
    await collections.place(backup.record, (title) => made.push(title), true);
    lines.push(...made.map((t) => `create collection "${t}"`), `create space "${titleOf(backup)}" (empty) in organization ${target.org}`);
    const content = await planContent(ctx, backup, undefined, [], 8);
    lines.push(...content.lines(), ...content.skipped.map((s) => `cannot restore ${s.what}: ${s.why}`));
    return { ...report, lines, skipped: content.skipped };
  }
  const where = { spaceId: target.space!.id };
  const reverts = where.spaceId !== backup.source ? [] : missingPages(backup, await fetchTree(ctx, where));
  const content = await planContent(ctx, backup, where, reverts, 8, reverts.length ? (tree) => withReverted(tree, backup, reverts) : undefined);
  lines.push(...content.lines().filter((l) => !l.startsWith('delete ')), ...deleteLines(content.deletes), ...content.skipped.map((s) => `cannot restore ${s.what}: ${s.why}`));
  await settings(sendsAny(content));
  const mass = massNote(content.deletes);
  if (mass) report.notes.push(`the real run ${mass}`);
  return { ...report, lines, skipped: content.skipped };
}

export async function restoreSpace(ctx: Context, backup: Backup, opts: RestoreOptions): Promise<SpaceReport> {
  const target = opts.target ?? (await chooseTarget(ctx, backup, { into: opts.into, new: opts.new, org: ctx.globals.org, places: async (org) => spacesByPlace(ctx, await opts.collections!(org)) }));
  const report: SpaceReport = { title: titleOf(backup), way: target.way, why: target.why, reverted: 0, changes: 0, batches: 0, skipped: [], different: [], verified: null, notes: [], lines: [] };
  report.spaceId = target.space?.id;
  if (!backup.record) report.notes.push('the backup records no settings (exported before content restore existed): the space keeps its own settings, a new one is named after the folder');
  if (opts.dryRun) return dryRun(ctx, backup, target, opts, report);

  if (opts.changeRequest !== undefined && target.way !== 'existing') throw new UsageError(`--change-request: ${target.why}; a change request needs a space that exists`);
  // What the check compares, taken from the manifest before its trees may be let go.
  const want = opts.verify ? pathsOf(backup.folder.manifest) : undefined;
  releaseTrees(backup, target);
  let space: ApiSpace;
  if (target.way === 'trash') space = (await ctx.api.send<ApiSpace>(ctx.api.request('spaces.restore', { params: { spaceId: target.space!.id } }))).data;
  else if (target.way === 'new') space = await createSpace(ctx, target, backup, opts, report.notes);
  else space = target.space!;
  report.spaceId = space.id;
  // Interrupted: how to go on (--new again would make another space).
  const again = opts.new ? `run it again with --into ${space.id} in place of --new (--new would make another space)` : 'run the same restore again';
  try {
    return await fill(ctx, space, backup, target, opts, report, { again, want });
  } catch (err) {
    if (!(err instanceof Interrupted) || !opts.new || err.message.includes('--into')) throw err;
    throw new Interrupted(`${err.message}; ${again}`);
  }
}

/** The space's content made equal to the backup, its settings set, and the check. */
async function fill(ctx: Context, space: ApiSpace, backup: Backup, target: Target, opts: RestoreOptions, report: SpaceReport, { again, want }: { again: string; want?: ReturnType<typeof pathsOf> }): Promise<SpaceReport> {
  const where = { spaceId: space.id };
  const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
  let review: ChangeRequest | undefined;

  // The plan against the space, the reverts counted in: what the gate shows before anything is sent.
  // Reverts take pages back from the backup's revision: of the space the backup came from only.
  const reverts = target.way === 'new' || space.id !== backup.source ? [] : missingPages(backup, await fetchTree(ctx, where));
  let content = await planContent(ctx, backup, where, reverts, concurrency, reverts.length ? (tree) => withReverted(tree, backup, reverts) : undefined);
  // What planning built and let go, collected: the batches reuse its memory (src/tasks/memory.ts).
  collectNow();
  const permit = await gateDeletes(ctx, content.deletes, { allowMassDelete: opts.allowMassDelete, where: `from space ${space.id}` });
  // A locked space takes no edits: unlocked for the restore (the backup's edit mode is set at the end).
  const wasLocked = space.editMode === 'locked' && sendsAny(content);
  if (wasLocked) {
    space = (await ctx.api.send<ApiSpace>(ctx.api.request('spaces.update', { params: { spaceId: space.id }, body: { editMode: 'live' } }))).data;
    report.notes.push('unlocked for the restore');
  }
  if (sendsAny(content)) {
    const cr = opts.changeRequest !== undefined ? await getChangeRequest(ctx, space.id, opts.changeRequest) : await createChangeRequest(ctx, space.id, `Restore from ${titleOf(backup)}`);
    review = cr;
    const inCr: Required<Where> = { spaceId: space.id, changeRequest: cr.id };
    if (reverts.length) {
      const sent = await sendReverts(ctx, inCr, backup, reverts);
      report.reverted = sent.sent;
      if (sent.failed) report.notes.push(`revert_page was refused (${sent.failed}): the pages it would bring back are made again (documents get new ids; groups and link pages cannot be)`);
    }
    // Compared again with the change request, the reverts in it (without reverts, it holds what the plan was made against).
    if (reverts.length) content = await planContent(ctx, backup, inCr, [], concurrency);
    const large = await sendLarge(ctx, inCr, backup, content, opts.filesUrl);
    report.batches = large + (await sendPlan(ctx, inCr, content, backup.folder.pages, permit, again));
    report.changes = large + content.plan.changes.length;
    const merged = opts.changeRequest !== undefined ? undefined : (await ctx.api.send<{ result?: string }>(ctx.api.request('changeRequests.merge', { params: { spaceId: space.id, changeRequestId: cr.id } }))).data;
    if (merged?.result === 'conflicts') throw new DocplatError(`change request ${cr.number ?? cr.id} of space ${space.id} has conflicts with the space and stays open; run the restore again`, EXIT.failure);
  }
  report.skipped.push(...content.skipped);
  if (opts.changeRequest !== undefined) report.notes.push(`left open for review in change request ${review ? (review.number ?? review.id) : opts.changeRequest} (merge it to restore the space; settings are not part of a change request and were not set)`);
  else await restoreSettings(ctx, space, backup, target, opts, report);
  if (wasLocked && !backup.record?.settings.editMode) await ctx.api.send(ctx.api.request('spaces.update', { params: { spaceId: space.id }, body: { editMode: 'locked' } }));
  if (want) {
    const checked = review && opts.changeRequest !== undefined ? { spaceId: space.id, changeRequest: review.id } : { spaceId: space.id };
    report.different = await verifySpace(ctx, backup.root, want, checked, opts.concurrency).catch((err: unknown) => {
      // (The export's own words would name the temporary folder it wrote, removed since.)
      throw err instanceof Interrupted ? new Interrupted(`interrupted while checking space ${space.id} against the backup (what the restore sent is in the space); ${again} to check it`) : err;
    });
    report.verified = report.different.length === 0;
  }
  return report;
}

/** What setting the backup's settings changes: the fields to PATCH, and the collection the space moves into (undefined: it stays). */
async function settingsPlan(space: ApiSpace, backup: Backup, target: Target, opts: RestoreOptions, made: (title: string) => void, dryRun: boolean): Promise<{ body: Record<string, unknown>; move?: { parent: string | null; where: string } }> {
  const body = settingsDiff(space, backup.record!.settings, SETTINGS);
  const c = backup.record!.collection;
  // Its collection: by id in the organization it came from, by title path in another (made when missing).
  let parent = space.parent ?? null;
  if (target.way !== 'new' && parent !== (c?.id ?? null)) parent = c ? ((await (await opts.collections!(target.org)).place(backup.record, made, dryRun)) ?? null) : null;
  return { body, move: (space.parent ?? null) !== parent ? { parent, where: c ? `collection "${c.path.join('/')}"` : 'the top level' } : undefined };
}

/** Title, emoji, edit mode and default level as the backup has them; the collection of an existing space; visibility compared only. */
async function restoreSettings(ctx: Context, space: ApiSpace, backup: Backup, target: Target, opts: RestoreOptions, report: SpaceReport): Promise<void> {
  const s = backup.record?.settings;
  if (!s) return;
  const { body, move } = await settingsPlan(space, backup, target, opts, (title) => report.notes.push(`created collection "${title}"`), false);
  if (Object.keys(body).length) {
    await ctx.api.send(ctx.api.request('spaces.update', { params: { spaceId: space.id }, body }));
    report.notes.push(`settings set: ${Object.keys(body).join(', ')}`);
  }
  if (move) {
    await ctx.api.send(ctx.api.request('spaces.move', { params: { spaceId: space.id }, body: { parent: move.parent } }));
    report.notes.push(`moved into ${move.where}`);
  }
  if (s.visibility && space.visibility && s.visibility !== space.visibility) {
    report.notes.push(`visibility: the backup's space was ${s.visibility}, this one is ${space.visibility} (the API cannot set it: change it in the app, or through its collection)`);
  }
}
