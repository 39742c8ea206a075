// docplat content push: the inverse of content export. The folder (SUMMARY.md,
// one Markdown file per page, .gitbook/assets/) is compared with the
// space's current content, or a change request's, and only the difference
// is sent, as batches of content changes into a change request (a new one
// unless one is named), which --merge then merges. Everything the folder
// holds is checked before anything is sent (push-folder.ts); the plan is in
// push-plan.ts, the batches in push-batches.ts.
import { basename } from 'node:path';
import type { Context } from '../../context.js';
import { ApiError, DocplatError, EXIT, Interrupted, UsageError } from '../../errors.js';
import { ALLOW_MASS_DELETE, gateDeletes, massNote, type Permit } from '../deletes.js';
import { defineCommand } from '../define.js';
import type { ApiFile } from '../files/download.js';
import { Batcher, MAX_INLINE_BYTES, readAnswer } from './push-batches.js';
import { MANIFEST, type Manifest } from './export.js';
import { readFolder, remoteFile, type Folder } from './push-folder.js';
import { recordPush, type Pushed } from './push-record.js';
import { planPush, type Plan } from './push-plan.js';
import { conflictError, conflictLines, counts, deletePlanOf, describePlan, planRows } from './push-report.js';
import { onePage } from '../../output/format.js';
import { CR_NAMES, SPACE_ID, contentRequest, createChangeRequest, fetchTree, getChangeRequest, type ChangeRequest, type Where } from './shared.js';

const NAMES = CR_NAMES;

const ROW_COLUMNS = ['change', 'page', 'path', 'from'].map((key) => ({ key, header: key[0].toUpperCase() + key.slice(1) }));

/** What the folder holds that is not sent: front matter keys, Markdown files SUMMARY.md does not list; the space's versions not merged yet stop the push. */
function warnFolder(ctx: Context, folder: Folder, force: boolean): void {
  for (const what of folder.ignored.slice(0, 10)) ctx.warn(`${what} is not sent (push sends description, emoji and hidden)`);
  if (folder.ignored.length > 10) ctx.warn(`${folder.ignored.length - 10} more front matter keys are not sent`);
  const n = folder.unlisted.length;
  if (n) ctx.warn(`${folder.unlisted.slice(0, 10).join(', ')}${n > 10 ? `, and ${n - 10} more` : ''} ${n === 1 ? 'is' : 'are'} not in SUMMARY.md: not sent (list ${n === 1 ? 'it' : 'them'} there to push ${n === 1 ? 'it' : 'them'})`);
  if (!folder.remotes.length || force) return;
  const pages = folder.remotes.map((r) => `${r} (beside ${[...folder.pages.values()].find((p) => remoteFile(p.target).toLowerCase() === r.toLowerCase())?.target ?? 'no page'})`);
  throw new DocplatError(
    `--src holds the space's version of ${pages.length === 1 ? 'a page' : `${pages.length} pages`} changed on both sides, not merged yet: ${pages.slice(0, 10).join(', ')}; merge each into its page and remove it, then push (--force pushes the folder as it is); nothing was sent`,
    EXIT.failure,
    { kind: 'unmerged', paths: folder.remotes },
  );
}

/** What the push leaves in the space: pages the folder does not have, pages added there since the export, files it cannot delete. */
function keptNoteOf(plan: Plan): string {
  const notes = [
    plan.kept.length ? `${plan.kept.length} pages not in the folder kept; --prune deletes them` : '',
    plan.added.length ? `${plan.added.length} pages added in the space since the export kept: ${plan.added.slice(0, 5).map((p) => `"${p.title}"`).join(', ')}` : '',
    plan.deletedThere.length ? `${plan.deletedThere.length} pages deleted in the space since the export not made again: ${plan.deletedThere.slice(0, 5).map((p) => p.target).join(', ')}` : '',
  ].filter(Boolean);
  const replaced = plan.changes.flatMap((c) => (c.op === 'file' && c.replaces ? [`${c.replaces.name} (replaced)`] : []));
  const files = [...plan.goneFiles.map((f) => `${f.name}`), ...replaced];
  const kept = notes.length ? ` (${notes.join('; ')})` : '';
  return kept + (files.length ? `; ${files.length === 1 ? `the file ${files[0]} stays` : `the files ${files.slice(0, 10).join(', ')} stay`} in the space: the folder removed, renamed or replaced ${files.length === 1 ? 'it' : 'them'}, and no change-request operation deletes a file (delete ${files.length === 1 ? 'it' : 'them'} in the app)` : '');
}

export const PUSH_COMMAND = defineCommand({
  name: 'push',
  summary: 'send a folder of Markdown (as content export writes it) into a change request, only what differs',
  help: `The folder is in the Git Sync layout content export writes: SUMMARY.md (the
tree), one Markdown file per page (front matter: description, emoji, hidden),
files under .gitbook/assets/. It is compared with the space's current content
(or with --change-request's) and only the difference is sent, in batches (at
most 50 changes, 20 files, 1 MB per file), into a new change request
(--subject, default naming the folder and the time) or the one named. Relative
links between pages and to assets become the platform's links. Pages the space
has and the folder does not are deleted only with --prune (the pages under
them with them): on a terminal push asks first, else it needs --yes, and
deleting more than half of the space's pages (or all of them) needs
--allow-mass-delete. A folder whose manifest says it was exported from another
space is refused with --prune (--force pushes it).

Three ways: the export's manifest is the base. Only what changed in the folder
since the export is sent (text, title, place, assets by content); a page
changed in the space since is never reverted, and a page both changed stops
the push before anything is sent (exit 1, each page named with who changed it
when the API says): run content export again to bring the folder up to date
(the space's version of such a page is written beside it as
<page>.remote.md), merge, remove the .remote.md, push. --force sends the
folder as it is, after naming what it overwrites. --prune deletes only pages
the export had and the folder removed, never one added in the space since. A
folder with no manifest of this space is pushed as it is. Groups and link
pages are matched by title and URL; push creates neither. Files already in the
space are not sent again; one replaced here (same name, other bytes) is sent
and the pages that link it relinked. No change-request operation deletes a
file: one the folder removed, renamed or replaced stays in the space, named.
A Markdown file SUMMARY.md does not list is warned of, not sent.

A folder equal to the content sends nothing and creates no change request
("nothing to push"). --dry-run prints the plan (with --json, a {change, page,
path, from} row a change). --merge merges the change request after (exit 1 on
conflicts: the change request stays open). Bad input
(a SUMMARY.md entry whose file is missing, two pages with one path, a link or
a symbolic link out of the folder, a FIFO, a file not UTF-8, an asset over 1
MB) is exit 2 with the file and line, and nothing is sent. After Ctrl-C between
batches, the change request holds the batches sent: run again with
--change-request N to send the rest.`,
  examples: [
    'push <spaceId> --src ./docs --dry-run',
    'push <spaceId> --src ./docs --subject "Update the API guide" --prune --merge',
    'push <spaceId> --src ./docs --change-request 4',
  ],
  args: SPACE_ID,
  flags: {
    src: { flags: '--src <dir>', description: 'the folder to push (SUMMARY.md, Markdown files, .gitbook/assets/)', required: true, nonBlank: true, path: { kind: 'folder', layout: 'git-sync' } },
    changeRequest: { flags: '--change-request <id>', description: 'push into this change request (its id or number) and compare with its content' },
    subject: { flags: '--subject <text>', description: 'subject of the new change request (default: the folder and the time)', body: 'subject', nonBlank: true },
    merge: { flags: '--merge', description: 'merge the change request once everything is sent' },
    prune: { flags: '--prune', description: 'delete the pages the folder does not have (and the pages under them)' },
    allowMassDelete: ALLOW_MASS_DELETE,
    force: { flags: '--force', description: 'send the folder as it is, over changes made in the space since the export (named); with --prune: a folder exported from another space' },
    concurrency: { flags: '--concurrency <n>', description: 'pages read at once to compare (default 8, at most 64)' },
  },
  operation: 'changeRequests.create',
  async run(ctx, { args, opts }) {
    const spaceId = args[0];
    if (opts.changeRequest !== undefined && opts.subject !== undefined) throw new UsageError('--subject names a new change request: it cannot go with --change-request');
    const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
    const where: Where = { spaceId, changeRequest: opts.changeRequest };
    // Every input is checked, and the folder read, before any request.
    if (opts.subject !== undefined) ctx.api.request('changeRequests.create', { params: { spaceId }, body: { subject: opts.subject } }, NAMES);
    contentRequest(ctx, 'pages.list', where);
    const filesRequest = contentRequest(ctx, 'files.list', where);
    const folder = await readFolder(opts.src!, ctx);
    refuseOtherExport(folder.manifest, where, !!opts.prune && !opts.force);
    warnFolder(ctx, folder, !!opts.force);

    const [tree, files] = await Promise.all([fetchTree(ctx, where), ctx.api.all<ApiFile>(filesRequest)]);
    const markdown = async (pageId: string) => {
      const data = (await ctx.api.send(contentRequest(ctx, 'pages.get', where, { pageId }, { format: 'markdown' }))).data as { markdown?: unknown };
      if (typeof data?.markdown !== 'string') throw new DocplatError(`page ${pageId} has no markdown`);
      return data.markdown;
    };
    const plan = await planPush(folder, { tree, files, markdown }, { spaceId, changeRequest: opts.changeRequest, prune: !!opts.prune, concurrency, scope: ctx, force: !!opts.force });
    const large = plan.changes.flatMap((c) => (c.op === 'file' && c.asset.size > MAX_INLINE_BYTES ? [c.asset] : []));
    if (large.length) {
      throw new UsageError(`--src: ${large.map((a) => `${a.path} (${a.size} bytes)`).join(', ')}: over the ${MAX_INLINE_BYTES} bytes (1 MB) a file can be sent inline; nothing was sent`);
    }
    const target = opts.changeRequest ? `change request ${opts.changeRequest} of space ${spaceId}` : `space ${spaceId}`;
    // Changes made in the space since the export: a conflict stops the push here; --force names what it overwrites.
    if (plan.conflicts.length && !opts.force) throw await conflictError(ctx, spaceId, plan.conflicts);
    for (const line of await conflictLines(ctx, spaceId, plan.overwrites)) ctx.warn(`--force overwrites ${line}`);
    const keptNote = keptNoteOf(plan);

    const deletes = deletePlanOf(plan, tree);
    if (opts.dryRun) {
      const lines = describePlan(plan);
      if (ctx.output.dataAsked) await ctx.output.list(onePage(planRows(plan)), ROW_COLUMNS);
      else await ctx.output.changes(lines);
      const mass = massNote(deletes);
      ctx.output.note(`dry run: ${lines.length ? counts(plan) : 'nothing to push'} against ${target}${keptNote}; nothing sent${mass ? ` (the real run ${mass})` : ''}`);
      return;
    }
    // The one gate for deletes: a mass delete needs --allow-mass-delete, any delete a yes (or --yes).
    const permit = await gateDeletes(ctx, deletes, { allowMassDelete: !!opts.allowMassDelete, where: `from ${target}` });
    if (plan.changes.length === 0 && !(opts.merge && opts.changeRequest)) {
      ctx.output.note(`nothing to push: ${plan.goneFiles.length ? `${folder.root} has no change to send to ${target}` : `${folder.root} matches ${target}`}${keptNote}`);
      if (ctx.output.dataAsked) await ctx.output.item({ number: null, id: null, url: null, merged: false, changes: 0 }, []);
      return;
    }

    const cr = opts.changeRequest ? await getChangeRequest(ctx, spaceId, opts.changeRequest) : await createChangeRequest(ctx, spaceId, opts.subject ?? defaultSubject(folder.root));
    const name = `change request ${cr.number ?? cr.id}`;
    ctx.output.note(`${opts.changeRequest ? 'pushing into' : 'created'} ${name}: ${cr.urls?.app ?? ''}`);
    // The pages sent are read (one untouched since the export only now, batch by batch).
    const batcher = new Batcher(plan, folder.pages, ctx);
    const sent = await sendBatches(ctx, spaceId, cr, batcher, permit);
    ctx.output.note(`sent ${counts(plan)} in ${sent} batches to ${name}${keptNote}`);
    // The folder's base moves on to what was pushed (the change request's, or the space's once merged).
    const record = (into: Pushed) =>
      recordPush(ctx, folder, plan.base, plan, batcher, into).catch((err: unknown) => {
        ctx.warn(`the folder's ${MANIFEST} could not record the push (${err instanceof Error ? err.message : String(err)}): run content export over it before the next push`);
      });

    let merged = false;
    if (opts.merge) {
      const request = ctx.api.request('changeRequests.merge', { params: { spaceId, changeRequestId: cr.id } }, NAMES);
      const answer = (await ctx.api.send(request)).data as { result?: string; conflicts?: unknown; [k: string]: unknown };
      if (answer?.result === 'conflicts') {
        await record({ spaceId, changeRequest: { id: cr.id, number: cr.number } });
        const what = JSON.stringify(answer.conflicts ?? answer).slice(0, 500);
        await ctx.output.item({ number: cr.number ?? null, id: cr.id, url: cr.urls?.app ?? null, merged: false }, []);
        throw new DocplatError(`${name} has conflicts with the space and stays open (${cr.urls?.app ?? ''}): ${what}`, EXIT.failure, { kind: 'conflicts' });
      }
      merged = true;
    }
    await record(merged ? { spaceId } : { spaceId, changeRequest: { id: cr.id, number: cr.number } });
    await ctx.output.item({ number: cr.number ?? null, id: cr.id, url: cr.urls?.app ?? null, merged }, []);
  },
});

/**
 * With --prune, a folder exported from another space is refused (exit 2,
 * before anything is sent): its pages are that space's, and the prune would
 * delete every page of this one the folder does not have.
 */
function refuseOtherExport(m: Manifest | undefined, where: Where, refuse: boolean): void {
  if (!refuse || !m || m.space === where.spaceId) return;
  throw new UsageError(
    `--src holds an export of space ${m.space} (its ${MANIFEST} says so), not of ${where.spaceId}: with --prune the push would delete the pages of ${where.spaceId} the folder does not have; push it into ${m.space}, or pass --force to push it here`,
  );
}

/** "Push of <folder> at <time>", within the subject's 100 characters. */
function defaultSubject(root: string): string {
  const at = ` at ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const name = [...basename(root)];
  return `Push of ${name.length > 100 - 8 - at.length ? name.slice(0, 100 - 9 - at.length).join('') + '…' : name.join('')}${at}`;
}

/** Sends the batches one after the other; returns how many. Ctrl-C stops between two (the one in flight completes). */
async function sendBatches(ctx: Context, spaceId: string, cr: ChangeRequest, batcher: Batcher, permit: Permit): Promise<number> {
  const crName = cr.number !== undefined ? String(cr.number) : cr.id;
  let sent = 0;
  const holds = () => (sent ? `batches 1-${sent}` : 'no batch yet');
  while (!batcher.done) {
    if (ctx.signal.aborted) {
      throw new Interrupted(
        `interrupted: ${sent ? `batches 1-${sent} were sent to change request ${crName}, each complete` : `nothing was sent to change request ${crName}`}; ` +
          `run again with --change-request ${crName} to send the rest`,
      );
    }
    const batch = await batcher.build();
    if (batch.changes.length === 0) throw new DocplatError(`batch ${sent + 1}: the answers did not give the ids of the pages created before it; change request ${crName} holds ${holds()}`);
    // Only the deletes the gate let through are sent.
    for (const change of batch.changes as { operation?: string; page?: string }[]) if (change.operation === 'delete_page') permit.check('page', String(change.page));
    const request = ctx.api.request('changeRequests.updateContent', { params: { spaceId, changeRequestId: cr.id }, query: { compat: false }, body: { changes: batch.changes } }, NAMES);
    // The batch in flight when Ctrl-C comes is completed, so the message can say what the change request holds.
    const { data } = await ctx.api.send(request, { finishOnInterrupt: true }).catch((err: unknown) => {
      throw err instanceof DocplatError ? new DocplatError(`batch ${sent + 1} failed: ${err.message} (change request ${crName} holds ${holds()}${err instanceof ApiError && err.status ? '' : `, and batch ${sent + 1} if it arrived`}; run again with --change-request ${crName}: push compares with it and sends what is missing)`, err.exitCode, err.details) : err;
    });
    batcher.answered(batch, readAnswer(data, batch.fileRefs));
    sent++;
  }
  return sent;
}
