// `change-requests diff`: what a change request changes, as a unified diff of
// its pages' Markdown (with the front matter export writes) against the
// revision it is based on (the one it started from, or the space's content
// it last took: a rebase). Each page is named by the file export writes for
// it; a move or a rename is `old -> new`, a title change a header line, a
// file of the space one line. `--stat` counts lines per page, `--name-only`
// names the pages, `--json` (or any data flag) gives one row per page or file.
import { UsageError } from '../../errors.js';
import { localFileName } from '../../files/paths.js';
import { onePage, type Column } from '../../output/format.js';
import { unifiedDiff } from '../../output/diff.js';
import { pageFile } from '../content/export.js';
import { withFrontMatter } from '../content/front-matter.js';
import type { Context } from '../../context.js';
import { allOrNothing } from '../../tasks/schedule.js';
import { defineCommand } from '../define.js';
import { allChanges, baseOf, changeRequest, pageInChangeRequest, pageInRevision, type ChangeJson, type PageJson, type Params } from './pages.js';
import { CHANGE_REQUEST, NAMES } from './shared.js';

/** One page or file the change request changes. */
export interface DiffEntry {
  change: 'created' | 'deleted' | 'edited' | 'moved' | 'renamed';
  page?: { id: string; title: string; type: string };
  file?: { id?: string; name: string };
  /** Its file before and after (export's layout); equal unless moved or renamed. */
  from?: string;
  to?: string;
  title?: { before?: string; after?: string };
  added: number;
  removed: number;
  /** The unified diff of its Markdown ('' when only its place or title changed, or for a file). */
  diff: string;
}

const ASSETS = '.gitbook/assets';

/** Where a page is in an export: its Markdown file (a document), its folder (a group), or its title (a link). */
function fileOf(page: PageJson): string {
  if (page.type === 'group') return `${page.path ?? ''}/`;
  if (page.type === 'link') return `(link) ${page.title ?? page.id}`;
  return pageFile({ ...page, pages: page.pages } as Parameters<typeof pageFile>[0]);
}

/** The text export writes for a document page; none for a group or a link. */
const textOf = (page: PageJson | undefined): string | undefined => (page && (page.type ?? 'document') === 'document' ? withFrontMatter(page as unknown as Record<string, unknown>, page.markdown ?? '') : undefined);

const dirOf = (path: string) => path.split('/').slice(0, -1).join('/');

/** A page's entry from its two sides (either missing: created or deleted). */
export function pageEntry(before: PageJson | undefined, after: PageJson | undefined): DiffEntry {
  const page = (after ?? before)!;
  const from = before ? fileOf(before) : undefined;
  const to = after ? fileOf(after) : undefined;
  const a = textOf(before);
  const b = textOf(after);
  const diff = a === undefined && b === undefined ? { text: '', added: 0, removed: 0 } : unifiedDiff(before ? (a ?? '') : undefined, after ? (b ?? '') : undefined, from ?? to!, to ?? from!);
  const change = !before ? 'created' : !after ? 'deleted' : from === to ? 'edited' : dirOf(from!) === dirOf(to!) ? 'renamed' : 'moved';
  const title = before && after && before.title !== after.title ? { before: before.title, after: after.title } : undefined;
  return { change, page: { id: page.id, title: page.title ?? '', type: page.type ?? 'document' }, from, to, ...(title ? { title } : {}), added: diff.added, removed: diff.removed, diff: diff.text };
}

/** A file of the space the change request adds, removes or replaces. */
function fileEntry(c: ChangeJson): DiffEntry {
  const name = `${ASSETS}/${localFileName(c.file ?? {})}`;
  const change = c.type === 'file_created' ? 'created' : c.type === 'file_deleted' ? 'deleted' : 'edited';
  return { change, file: { id: c.file?.id, name: c.file?.name ?? '' }, from: change === 'created' ? undefined : name, to: change === 'deleted' ? undefined : name, added: 0, removed: 0, diff: '' };
}

const q = (s: string | undefined) => JSON.stringify(s ?? '');

/** An entry's name: its path, or `old -> new`. */
export const entryName = (e: DiffEntry): string => (e.from && e.to && e.from !== e.to ? `${e.from} -> ${e.to}` : (e.to ?? e.from ?? ''));

/** The text of an entry as `git diff` shows a file: a `diff` line, what changed besides the text, then the hunks. */
export function entryText(e: DiffEntry): string {
  const lines = [`diff ${entryName(e)}`];
  if (e.file) lines.push(`binary file ${e.change === 'created' ? 'added' : e.change}`);
  else if (e.change === 'created') lines.push(`new ${e.page!.type} ${q(e.page!.title)}`);
  else if (e.change === 'deleted') lines.push(`deleted ${e.page!.type} ${q(e.page!.title)}`);
  if (e.change === 'moved' || e.change === 'renamed') lines.push(`rename ${e.from} -> ${e.to}`);
  if (e.title) lines.push(`title ${q(e.title.before)} -> ${q(e.title.after)}`);
  return `${lines.join('\n')}\n${e.diff}`;
}

/** `--stat`: a line per entry with its counts and a bar of + and -, then the totals. */
export function statText(entries: DiffEntry[]): string {
  const names = entries.map(entryName);
  const width = Math.max(0, ...names.map((n) => n.length));
  const most = Math.max(1, ...entries.map((e) => e.added + e.removed));
  const bar = (e: DiffEntry) => {
    const scale = Math.min(1, 40 / most);
    return '+'.repeat(Math.ceil(e.added * scale)) + '-'.repeat(Math.ceil(e.removed * scale));
  };
  const rows = entries.map((e, i) => ` ${names[i].padEnd(width)} | ${e.file ? 'binary' : `${e.added + e.removed} ${bar(e)}`.trimEnd()}`);
  const added = entries.reduce((n, e) => n + e.added, 0);
  const removed = entries.reduce((n, e) => n + e.removed, 0);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  rows.push(` ${plural(entries.length, 'page or file changed', 'pages or files changed')}, ${plural(added, 'insertion(+)', 'insertions(+)')}, ${plural(removed, 'deletion(-)', 'deletions(-)')}`);
  return rows.join('\n') + '\n';
}

const DIFF_COLUMNS: Column[] = [
  { key: 'change', header: 'CHANGE' },
  { key: 'to', header: 'PATH', value: (e) => entryName(e as DiffEntry) },
  { key: 'added', header: 'ADDED' },
  { key: 'removed', header: 'REMOVED' },
];

/** The entries of a change request: its pages (in the order its changes name them), then its files. */
export async function diffEntries(ctx: Context, params: Params): Promise<DiffEntry[]> {
  const [cr, changes] = await Promise.all([changeRequest(ctx, params), allChanges(ctx, params)]);
  const base = baseOf(cr);
  const pages = new Map<string, Set<string>>();
  for (const c of changes) if (c.page?.id) pages.set(c.page.id, (pages.get(c.page.id) ?? new Set()).add(c.type ?? ''));
  const entries = await allOrNothing(ctx, [...pages], 8, async ([id, types]) => {
    const [before, after] = await Promise.all([
      types.has('page_created') || !base ? undefined : pageInRevision(ctx, params.spaceId, base, id),
      types.has('page_deleted') ? undefined : pageInChangeRequest(ctx, { spaceId: params.spaceId, changeRequestId: cr.id }, id),
    ]);
    return before || after ? pageEntry(before, after) : undefined;
  });
  const files = changes.filter((c) => c.file && c.type?.startsWith('file_')).map(fileEntry);
  return [...entries.filter((e): e is DiffEntry => e !== undefined), ...files];
}

export const DIFF = defineCommand({
  name: 'diff',
  summary: "show a change request's pages as a unified diff against its base",
  help: [
    'Pages are named by the files `content export` writes (`<path>.md`, or `<path>/README.md` for a page with',
    'pages), with the front matter it writes; a page moved or renamed is `old -> new`, a new title a `title`',
    "line, a file of the space one `binary` line. The base is the space's content the change request started",
    'from, or the one it last took (`change-requests rebase`). Coloured on a terminal; --json (or --output,',
    '--fields, --jq) gives one row per page or file: change, page, file, from, to, title, added, removed, diff.',
  ].join('\n'),
  examples: ['diff <spaceId> 1', 'diff <spaceId> 1 --stat', "diff <spaceId> 1 --json --jq '.[] | select(.change == \"moved\") | .to'"],
  args: CHANGE_REQUEST,
  flags: {
    stat: { flags: '--stat', description: 'lines added and removed per page, and the totals' },
    nameOnly: { flags: '--name-only', description: 'only the pages and files changed, one a line (`old -> new` when moved)' },
  },
  checkFlags(opts) {
    if (opts.stat && opts.nameOnly) throw new UsageError('--stat and --name-only cannot be used together');
  },
  operation: 'changeRequests.changes',
  async run(ctx, { args, opts }) {
    const params = { spaceId: args[0], changeRequestId: args[1] };
    if (opts.dryRun) {
      // The pages' reads depend on the answers: the two reads that find them are what a dry run can show.
      return ctx.api.dryRun([ctx.api.request('changeRequests.get', { params }, NAMES), ctx.api.request('changeRequests.changes', { params, query: { limit: 100 } }, NAMES)]);
    }
    const entries = await diffEntries(ctx, params);
    if (ctx.output.dataAsked) return void (await ctx.output.list(onePage(entries), DIFF_COLUMNS));
    if (entries.length === 0) return ctx.output.note(`change request ${args[1]} changes nothing`);
    if (opts.nameOnly) return ctx.output.text(entries.map(entryName).join('\n'));
    if (opts.stat) return ctx.output.document(statText(entries));
    await ctx.output.diff(entries.map(entryText).join(''));
  },
});
