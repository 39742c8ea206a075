// docplat pages <verb>: the page tree of a space (or a change request), a page
// by id or path (its Markdown alone with --format markdown), and its links.
import { UsageError } from '../../errors.js';
import { cut, escapeControls, isStructured } from '../../output/format.js';
import { PAGE_COLUMNS, PAGE_DETAIL } from '../../resources/content.js';
import { LINK_COLUMNS } from '../../resources/spaces.js';
import { defineCommand, type CommandDef } from '../define.js';
import { SPACE_ID, changeRequestFlag, contentRequest, explicitOutput, fetchTree, resolvePage, walkTree, type ApiPage, type TreeEntry } from '../content/shared.js';

/** Key added to each page by `pages list --jsonl`: `{"depth": 0, "parent": null}` at the top level. */
export const TREE_KEY = 'docplat';

function treeLine(entry: TreeEntry, boxes: boolean): string {
  const { page, depth, last, lastAncestors } = entry;
  // API data: no title may split a line of the tree or drive the terminal, piped or not.
  const label = escapeControls(page.type === 'link' ? `${page.title} → ${page.href ?? ''}` : `${page.title}${page.path !== undefined ? ` (${page.path || '/'})` : ''}`);
  if (!boxes) return `${'  '.repeat(depth)}${label}`;
  if (depth === 0) return label;
  const prefix = lastAncestors.slice(1).map((l) => (l ? '    ' : '│   ')).join('');
  return `${prefix}${last ? '└── ' : '├── '}${label}`;
}

/** A page of the tree without its children (a row, or a JSON line). */
function alone(page: ApiPage): Record<string, unknown> {
  const { pages: _, ...rest } = page;
  return rest;
}

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the pages of a space in tree order (--tree draws the nesting)',
    help: `--json (and --output yaml) prints the API's nested array of pages. --jsonl prints one page per line, without its
children, with "${TREE_KEY}": {"depth": n, "parent": "<parent page id>" | null} added.
--tree draws the nesting (box-drawing on a terminal, each line cut to its width; two-space
indentation when piped); with --json, --jsonl, --output yaml|tsv|csv, --fields or --jq, it prints the data as without --tree.`,
    examples: ['list <spaceId> --tree', 'list <spaceId> --change-request 3 --jsonl', "list <spaceId> --json --jq '.[].title'"],
    args: SPACE_ID,
    flags: {
      tree: { flags: '--tree', description: 'draw the tree instead of a table' },
      changeRequest: changeRequestFlag('pages.list.cr'),
    },
    operation: 'pages.list',
    async run(ctx, { args, opts }) {
      const where = { spaceId: args[0], changeRequest: opts.changeRequest };
      const format = ctx.output.opts.format;
      // --tree draws the tree for reading; an output flag asks for the data, which it prints as without --tree.
      const drawn = opts.tree && !(explicitOutput(ctx) && format !== 'table') && !ctx.globals.fields && !ctx.globals.jq;
      if (opts.dryRun) return ctx.api.dryRun([contentRequest(ctx, 'pages.list', where)]);
      const tree = await fetchTree(ctx, where);
      if (drawn) {
        const boxes = ctx.io.stdoutTTY;
        const width = ctx.output.opts.width;
        const lines = [...walkTree(tree)].map((e) => treeLine(e, boxes)).map((line) => (boxes && width ? cut(line, width) : line));
        if (lines.length) await ctx.output.text(lines.join('\n'));
        else ctx.output.note('No pages');
        return;
      }
      // JSON and YAML: the API's nested pages; JSON lines, TSV and CSV: one page a line.
      if ((format === 'json' || format === 'yaml') && !ctx.globals.fields) {
        await ctx.output.item(tree, []);
        return;
      }
      const rows = [...walkTree(tree)].map(({ page, depth, parent }) => (isStructured(format) ? { ...alone(page), [TREE_KEY]: { depth, parent: parent?.id ?? null } } : alone(page)));
      await ctx.output.list(
        (async function* () {
          yield { items: rows, count: rows.length };
        })(),
        PAGE_COLUMNS,
      );
    },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a page, by id or by path; --format markdown prints its Markdown alone',
    help: `The page is given by its id or its path in the space (getting-started/install).
With --format markdown and no --output/--json, stdout holds the Markdown and nothing else:
  docplat pages get <spaceId> <page> --format markdown > page.md`,
    examples: ['get <spaceId> <pageId>', 'get <spaceId> getting-started/installation --format markdown > install.md', 'get <spaceId> <pageId> --format document --json'],
    args: [{ name: 'spaceId', param: 'spaceId' }, { name: 'pageId', description: 'page id, or its path (getting-started/install)' }],
    flags: {
      format: { flags: '--format <format>', description: 'content to include: document or markdown', query: 'format' },
      changeRequest: changeRequestFlag('pages.get.cr'),
    },
    operation: 'pages.get',
    async run(ctx, { args, opts }) {
      const [spaceId, ref] = args;
      if (!ref.trim()) throw new UsageError('page id is empty');
      const where = { spaceId, changeRequest: opts.changeRequest };
      const query: Record<string, string> = opts.format !== undefined ? { format: opts.format } : {};
      const request = contentRequest(ctx, 'pages.get', where, { pageId: ref.includes('/') ? 'x' : ref }, query);
      if (opts.dryRun) {
        if (ref.includes('/')) return ctx.api.dryRun([contentRequest(ctx, 'pages.list', where)]);
        return ctx.api.dryRun([request]);
      }
      const page = (await resolvePage(ctx, where, ref, query)) as Record<string, unknown>;
      if (opts.format === 'markdown' && !explicitOutput(ctx) && !ctx.globals.jq && !ctx.globals.fields) {
        const raw = typeof page.markdown === 'string' ? page.markdown : '';
        // A group or a link has no Markdown: say so rather than leave an empty page.md unexplained.
        if (typeof page.markdown !== 'string') ctx.output.note(`${String(page.title ?? ref)} is a ${String(page.type ?? 'page')} page: it has no Markdown`);
        // As is, not through the formatter: no newline added, nothing around it
        // (on a terminal, control characters of the page are shown escaped).
        const markdown = ctx.io.stdoutTTY ? escapeControls(raw, true) : raw;
        await new Promise<void>((done) => ctx.io.stdout.write(markdown, () => done()));
        return;
      }
      await ctx.output.item(page, PAGE_DETAIL);
    },
  }),
  defineCommand({
    name: 'links',
    summary: 'list the links found in a page',
    examples: ['links <spaceId> <pageId>', 'links <spaceId> <pageId> --status broken --json'],
    args: [{ name: 'spaceId', param: 'spaceId' }, { name: 'pageId', param: 'pageId' }],
    flags: {
      status: { flags: '--status <status>', description: 'only links with this status: ok, broken, in-app', query: 'status' },
      changeRequest: changeRequestFlag('pages.links.cr'),
    },
    operation: 'pages.links',
    output: { list: LINK_COLUMNS },
  }),
];
