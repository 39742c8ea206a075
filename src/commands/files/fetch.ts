// The work of `files download`: a file found by its id or its name, and
// --all, every file of a space into one folder, concurrently, skipping
// the files already there whole. Every local name comes from
// localFileName() (src/files/paths.ts) and every write goes through the safe
// writer (src/files/write.ts).
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Context } from '../../context.js';
import { ApiError, Interrupted, PartialFailure, UsageError } from '../../errors.js';
import { PathClaims, inside, localFileName } from '../../files/paths.js';
import { TargetExists } from '../../files/write.js';
import { runTasks, type Outcome, type State } from '../../tasks/schedule.js';
import { contentRequest, type Where } from '../content/shared.js';
import { downloadTo, isDirectory, type ApiFile } from './download.js';

/** Every file of the space (or change request). */
async function listFiles(ctx: Context, where: Where): Promise<ApiFile[]> {
  return ctx.api.all<ApiFile>(contentRequest(ctx, 'files.list', where));
}

/**
 * A file given by its id or by its name: tried as an id first (when it can be
 * one), then looked up by name in the space's files; a name that several
 * files share is refused with their ids.
 */
export async function findFile(ctx: Context, where: Where, ref: string): Promise<ApiFile> {
  let byId: ReturnType<typeof contentRequest> | undefined;
  try {
    byId = contentRequest(ctx, 'files.get', where, { fileId: ref });
  } catch (err) {
    // Not a valid id (`..notes.txt`): a name only. What no file name holds (a separator, a control character) stays a bad id.
    if (!(err instanceof UsageError) || /[/\\\u0000-\u001f\u007f]/.test(ref)) throw err;
  }
  if (byId) {
    try {
      return (await ctx.api.send(byId)).data as ApiFile;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
  }
  const named = (await listFiles(ctx, where)).filter((f) => f.name === ref);
  if (named.length === 1) return named[0];
  const inSpace = `${where.changeRequest ? `change request ${where.changeRequest} of ` : ''}space ${where.spaceId}`;
  if (named.length === 0) throw new ApiError(`no file with id or name "${ref}" in ${inSpace}`, 404, 'GET', '');
  throw new UsageError(`${named.length} files are named "${ref}" in ${inSpace}: give one of their ids (${named.map((f) => f.id).join(', ')})`);
}

const sizeOf = (path: string) =>
  stat(path).then(
    (s) => (s.isFile() ? s.size : undefined),
    () => undefined,
  );

/**
 * `files download <space> --all`: every file into `folder` (created if
 * missing), `concurrency` at a time. A file already there at the size the
 * space gives is skipped; another file of that name is kept (replaced with
 * --force). Failures are listed at the end (exit 5); Ctrl-C stops at once,
 * leaving only complete files (exit 130).
 */
export async function downloadAll(ctx: Context, where: Where, dest: string | undefined, opts: { force: boolean; concurrency: number }): Promise<void> {
  const folder = resolve(dest ?? '.');
  if (!(await isDirectory(folder))) {
    if (!(await isDirectory(dirname(folder)))) throw new UsageError(`--dest: the folder ${dirname(folder)} does not exist`);
  }
  const files = await listFiles(ctx, where);
  await mkdir(folder, { recursive: true });
  const claims = new PathClaims();
  const jobs = files.map((file) => ({ file, target: inside(folder, claims.claim(localFileName(file))) }));
  const report = await runTasks(
    ctx,
    jobs.map(({ file, target }, i) => ({ id: String(i), run: () => fetchOne(ctx, file, target, opts.force) })),
    // A download is dropped at once on Ctrl-C: the safe writer leaves no partial file.
    { concurrency: opts.concurrency, graceMs: 0, progress: (c) => `files ${c.done}/${c.total}` },
  );
  const had = (state: State, message?: string) => report.results.filter((r) => r.state === state && (message === undefined || r.message === message)).length;
  const counts = { downloaded: had('ok'), complete: had('skipped', COMPLETE), kept: had('skipped', KEPT) };
  const failures = report.results.flatMap((r, i) => (r.state === 'failed' ? [{ file: jobs[i].file, message: r.message! }] : []));
  if (report.interrupted) throw new Interrupted(`interrupted: ${counts.downloaded + counts.complete} of ${jobs.length} files are in ${folder}, each complete; run the same command again to finish`);
  ctx.output.note(
    `Downloaded ${counts.downloaded} of ${jobs.length} files to ${folder}` +
      (counts.complete ? `; ${counts.complete} already complete` : '') +
      (counts.kept ? `; ${counts.kept} kept: another file has that name (--force replaces it)` : ''),
  );
  if (ctx.output.dataAsked) {
    await ctx.output.item({ dest: folder, files: jobs.length, downloaded: counts.downloaded, complete: counts.complete, kept: counts.kept, failed: failures.map((f) => ({ id: f.file.id, message: f.message })) }, []);
  }
  if (failures.length) {
    for (const f of failures) ctx.warn(`failed: file ${f.file.id}: ${f.message}`);
    throw new PartialFailure(`${failures.length} of ${jobs.length} files failed; run the command again to retry them`, failures.map((f) => f.file.id));
  }
}

const COMPLETE = 'complete';
const KEPT = 'kept';

/** One file: skipped when a file is there (complete at its size, or another one kept), else downloaded. */
async function fetchOne(ctx: Context, file: ApiFile, target: string, force: boolean): Promise<Outcome> {
  const have = await sizeOf(target);
  if (have !== undefined && !force) return { state: 'skipped', message: have === file.size ? COMPLETE : KEPT };
  try {
    await downloadTo(ctx, file, target, { replace: force });
  } catch (err) {
    // Taken meanwhile (by another name of the same file): kept.
    if (err instanceof TargetExists && !ctx.signal.aborted) return { state: 'skipped', message: KEPT };
    throw err;
  }
  return { state: 'ok' };
}
