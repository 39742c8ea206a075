// docplat content restore: a space (or a whole organization) back from a
// backup content export wrote, by the strongest way the API offers for each
// space (restore-target.ts), its content made equal to the backup
// (restore-content.ts), its settings set, and the result exported and
// compared with the backup byte for byte (restore-verify.ts): exit 0 only
// when they are equal. --all-spaces: restore-all.ts.
import type { Context } from '../../context.js';
import { PartialFailure, UsageError } from '../../errors.js';
import { escapeControls } from '../../output/format.js';
import { ALLOW_MASS_DELETE } from '../deletes.js';
import { defineCommand } from '../define.js';
import type { RestoreOptions, SpaceReport } from './restore-space.js';
import type { Collections } from './restore-target.js';
import { keepMemoryFlat } from '../../tasks/memory.js';

export const RESTORE_COMMAND = defineCommand({
  name: 'restore',
  summary: 'bring a space (or every space) back from a backup content export wrote, and check it byte for byte',
  help: `--from is a folder content export wrote (with --all-spaces, one export --all-spaces
wrote). Each space goes the strongest way the API offers. In the trash (deleted within 7 days):
spaces restore first (its id, sites and comments kept), then as an existing space. Still there
(--into S, or the space the backup came from): made equal to the backup in one change request,
merged: pages deleted since the backup (groups and link pages too) come back by revert_page to
the revision the backup recorded, changed pages are updated, missing ones inserted, and pages
the backup lacks are deleted (asked first on a terminal, else --yes; more than half of them
needs --allow-mass-delete). Gone for good, --new, or another organization (--org): created
empty with the backup's title, emoji, edit mode and default level, in its collection (made
when missing), then filled; groups and link pages cannot be created there: they are named, and
their pages placed where the report says.

Files up to 1 MB are sent inline; larger ones by url, which the platform fetches from a public
address only: --files-url BASE (where the backup folder is served:
BASE/.gitbook/assets/<name>), else the downloadURL the backup recorded; otherwise the file is
named. Visibility cannot be set through the API: a difference is reported. --dry-run says
which way and lists what would be reverted, sent and deleted.

Then the space is exported into a temporary folder and compared with the backup byte for byte
(--no-verify skips it); what differs is listed. Exit codes: 0 restored and equal; 5 something
was not brought back (named: a group, a link page, a file) or differs; 2 bad input (nothing
sent); 130 interrupted (run it again: it compares and sends what is missing; after --new, with
--into the space it made, which it names).

--all-spaces restores every space of an export --all-spaces into the organization (--org,
default the configured one): the collections first (with their description and default level),
then the spaces, 4 at once. A space whose title is in the same collection path there is
restored into, never duplicated: a second run restores nothing twice, and a run interrupted is
finished by running it again.`,
  examples: ['restore --from ./backup/getting-started --dry-run', 'restore --from ./docs --into <spaceId> --yes', 'restore --all-spaces --from ./backup --org <orgId> --files-url https://backup.example.com'],
  flags: {
    from: { flags: '--from <dir>', description: 'the backup: a folder content export wrote', required: true, nonBlank: true, path: { kind: 'folder', layout: 'git-sync' } },
    into: { flags: '--into <spaceId>', description: 'restore into this space (made equal to the backup)', idOf: 'space' },
    new: { flags: '--new', description: 'restore into a new space (created empty with the backup\'s settings)' },
    changeRequest: { flags: '--change-request <id>', description: 'restore into this open change request of the space (its id or number) and leave it open for review: not merged, settings untouched' },
    filesUrl: { flags: '--files-url <url>', description: 'where the backup folder is served, for files over 1 MB (the platform fetches them)', nonBlank: true },
    verify: { flags: '--no-verify', description: 'do not export the space restored and compare it with the backup' },
    allSpaces: { flags: '--all-spaces', description: 'every space of an export --all-spaces, into the organization (--org)' },
    allowMassDelete: ALLOW_MASS_DELETE,
    concurrency: { flags: '--concurrency <n>', description: 'requests in flight at once when reading (default 8, at most 64)' },
  },
  // A new space is its first write (the batches follow); the operation gives the command --dry-run.
  operation: 'spaces.create',
  checkFlags(opts) {
    if (opts.into !== undefined && opts.new) throw new UsageError('--into and --new name two targets: give one');
    if (opts.allSpaces && (opts.into !== undefined || opts.new)) throw new UsageError('--into and --new restore one space, not --all-spaces');
    if (opts.changeRequest !== undefined && (opts.allSpaces || opts.new)) throw new UsageError(`--change-request restores into a change request of a space that exists, not ${opts.new ? '--new' : '--all-spaces'}`);
    const url = opts.filesUrl as string | undefined;
    if (url !== undefined && !/^https?:\/\/[^/\s]+/i.test(url)) throw new UsageError(`--files-url must be an http or https URL, got "${escapeControls(url)}"`);
  },
  async run(ctx, { opts }) {
    // It waits on the API: no optimizing compiler (its memory, not its speed, grew with the pages; tasks/memory.ts).
    keepMemoryFlat({ baseline: true });
    const options: RestoreOptions = {
      into: opts.into,
      new: !!opts.new,
      changeRequest: opts.changeRequest,
      filesUrl: opts.filesUrl,
      dryRun: !!opts.dryRun,
      verify: opts.verify !== false,
      allowMassDelete: !!opts.allowMassDelete,
      concurrency: opts.concurrency,
      collections: memoCollections(ctx),
    };
    ctx.api.bulk.concurrency(opts.concurrency);
    if (opts.allSpaces) {
      const { restoreAll } = await import('./restore-all.js');
      return restoreAll(ctx, opts.from!, options);
    }
    // Loaded when run: the content commands' group stays light to start.
    const [{ readBackup }, { restoreSpace }] = await Promise.all([import('./restore-target.js'), import('./restore-space.js')]);
    const backup = await readBackup(opts.from!, ctx);
    const report = await restoreSpace(ctx, backup, options);
    await reportSpaces(ctx, [report], !!opts.dryRun);
  },
});

/** The target organization's collections, read once (a whole-organization restore shares them). */
export function memoCollections(ctx: Context): (org: string) => Promise<Collections> {
  const known = new Map<string, Promise<Collections>>();
  return (org) => {
    let c = known.get(org);
    if (!c) known.set(org, (c = import('./restore-target.js').then(({ Collections }) => Collections.of(ctx, org))));
    return c;
  };
}

const words = (r: SpaceReport) =>
  `${r.reverted} pages reverted, ${r.changes} changes in ${r.batches} batches` +
  (r.verified === null ? ', not verified' : r.verified ? ', verified: equal to the backup byte for byte' : `, verified: ${r.different.length} files differ`);

/** The `why` of a space whose restore failed (its one skipped entry says why). */
export const FAILED = 'failed';

/** The report: per space what was done, skipped (with why) and different; exit 5 when anything was not brought back. */
export async function reportSpaces(ctx: Context, reports: SpaceReport[], dryRun: boolean, collections?: string[]): Promise<void> {
  for (const r of reports) {
    // A space whose restore failed was said as it failed ("failed: space ..."); it counts below.
    if (r.why === FAILED) continue;
    const name = `space ${r.spaceId ?? '(new)'} "${escapeControls(r.title)}"`;
    if (dryRun) {
      // With --json the plan is in the item (one JSON document on stdout).
      if (!ctx.output.dataAsked) await ctx.output.changes(r.lines);
      ctx.output.note(`dry run: ${name}: ${r.lines[0] ?? r.way}; nothing sent`);
    } else ctx.output.note(`restored ${name} (${r.way}: ${r.why}): ${words(r)}`);
    for (const n of r.notes) ctx.output.note(`  ${escapeControls(n)}`);
    if (!dryRun) for (const s of r.skipped) ctx.warn(`skipped: ${escapeControls(s.what)}: ${escapeControls(s.why)}`);
    for (const d of r.different) ctx.warn(`different: ${escapeControls(d)}`);
  }
  if (ctx.output.dataAsked) {
    const items = reports.map((r) => ({ space: r.spaceId ?? null, title: r.title, way: r.way, why: r.why, reverted: r.reverted, changes: r.changes, skipped: r.skipped, different: r.different, verified: r.verified, notes: r.notes, ...(dryRun ? { plan: r.lines } : {}) }));
    // --all-spaces: an object with the spaces, and what was (or would be) done to the collections.
    await ctx.output.item(collections === undefined ? items[0] : { collections, spaces: items }, []);
  }
  const failed = reports.filter((r) => (dryRun ? r.why === FAILED : r.skipped.length || r.different.length));
  if (failed.length) {
    const n = failed.reduce((sum, r) => sum + r.skipped.length + r.different.length, 0);
    const what = dryRun ? `${failed.length} spaces would not be restored (listed above)` : `${n === 1 ? '1 thing was' : `${n} things were`} not brought back as the backup has them (listed above)`;
    throw new PartialFailure(what, failed.map((r) => r.spaceId ?? r.title));
  }
}
