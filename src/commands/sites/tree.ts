// docplat sites tree <siteId>: how a site is put together, in one view. Five
// listings fetched at once (the site, its section groups, sections, site
// spaces and share links) become one tree: drawn on a terminal (each line cut
// to its width), indented text when piped, with --json, --jsonl or --output
// yaml one nested document of the API objects, and with --output tsv or csv
// one row per part of the tree.
import type { BuiltRequest } from '../../api/request.js';
import type { OperationId } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { cut, escapeControls, isStructured, onePage } from '../../output/format.js';
import { SITE_TREE_COLUMNS } from '../../resources/sites.js';
import { defineCommand } from '../define.js';

interface Site {
  id: string;
  title: string;
  visibility: string;
  published: boolean;
  urls: { published?: string };
}
interface SiteSpace {
  object: 'site-space';
  id: string;
  title: string;
  path: string;
  section?: string;
  default?: boolean;
  condition?: string;
  space: { id: string; title: string };
}
interface Section {
  object: 'site-section';
  id: string;
  title: string;
  path: string;
  default?: boolean;
  condition?: string;
  sectionGroup?: string;
  siteSpaces: SiteSpace[];
}
interface Group {
  object: 'site-section-group';
  id: string;
  title: string;
  sections: Section[];
}
interface ShareLink {
  id: string;
  name?: string;
  active?: boolean;
}

/** The --json document: the site, its top level in order (groups holding their sections), root site spaces, share links. */
interface SiteTree {
  site: Site;
  structure: (Group | Section)[];
  siteSpaces: SiteSpace[];
  shareLinks: ShareLink[];
}

/**
 * The top level in the site's order. The sections list walks the structure
 * (a group's sections where the group stands); a group without sections is
 * not in it, so it is shown right after the group before it (the lists do
 * not say where it stands among sections that are in no group).
 */
function assemble(site: Site, groups: Group[], sections: Section[], siteSpaces: SiteSpace[], shareLinks: ShareLink[]): SiteTree {
  const structure: (Group | Section)[] = [];
  const placed = new Set<string>();
  const members = (g: Group) => sections.filter((s) => s.sectionGroup === g.id);
  const place = (g: Group) => {
    placed.add(g.id);
    structure.push({ ...g, sections: members(g) });
    const next = groups[groups.indexOf(g) + 1];
    if (next && !placed.has(next.id) && members(next).length === 0) place(next);
  };
  for (const s of sections) {
    const g = s.sectionGroup ? groups.find((x) => x.id === s.sectionGroup) : undefined;
    if (!g) structure.push(s);
    else if (!placed.has(g.id)) place(g);
  }
  for (const g of groups) if (!placed.has(g.id)) place(g);
  return { site, structure, siteSpaces: siteSpaces.filter((ss) => !ss.section), shareLinks };
}

interface Node {
  label: string;
  children: Node[];
}

const details = (...parts: (string | false | undefined)[]) => {
  const shown = parts.filter(Boolean);
  return shown.length ? `  ${shown.join(', ')}` : '';
};
const condition = (c?: string) => c !== undefined && `if ${c}`;

const siteSpaceNode = (ss: SiteSpace): Node => ({
  label: `space ${ss.space.title} (${ss.space.id})${details(`/${ss.path}`, `site space ${ss.id}`, ss.default && 'default', condition(ss.condition))}`,
  children: [],
});
const sectionNode = (s: Section): Node => ({
  label: `section ${s.title} (${s.id})${details(`/${s.path}`, s.default && 'default', condition(s.condition))}`,
  children: s.siteSpaces.map(siteSpaceNode),
});

function treeNodes(t: SiteTree): Node {
  const { site } = t;
  const children: Node[] = t.structure.map((x) =>
    x.object === 'site-section-group' ? { label: `group ${x.title} (${x.id})`, children: x.sections.map(sectionNode) } : sectionNode(x),
  );
  children.push(...t.siteSpaces.map(siteSpaceNode));
  if (t.shareLinks.length) {
    children.push({
      label: 'share links',
      children: t.shareLinks.map((l) => ({ label: `${l.name || '(no name)'} (${l.id})${details(l.active === false ? 'inactive' : 'active')}`, children: [] })),
    });
  }
  const state = site.published ? 'published' : 'not published';
  return { label: `${site.title} (${site.id})${details(site.visibility, state, site.urls.published)}`, children };
}

/**
 * The tree drawn with box-drawing lines (a terminal: each line cut to its
 * width, so that none wraps), or indented by two spaces a level (piped); API
 * text in a label shown escaped (a newline in a title as \n), piped or not.
 */
function renderTree(root: Node, drawn: boolean, width?: number): string {
  const out: string[] = [escapeControls(root.label)];
  const walk = (nodes: Node[], prefix: string, depth: number) => {
    nodes.forEach((n, i) => {
      const last = i === nodes.length - 1;
      if (drawn) out.push(`${prefix}${last ? '└── ' : '├── '}${escapeControls(n.label)}`);
      else out.push(`${'  '.repeat(depth)}${escapeControls(n.label)}`);
      walk(n.children, prefix + (last ? '    ' : '│   '), depth + 1);
    });
  };
  walk(root.children, '', 1);
  return out.map((line) => (drawn && width ? cut(line, width) : line)).join('\n') + '\n';
}

/** A row of the tree for TSV and CSV: what a part is, where it hangs (`parent`), and its own fields. */
interface TreeRow {
  kind: 'site' | 'section-group' | 'section' | 'site-space' | 'share-link';
  id: string;
  title: string;
  parent: string;
  depth: number;
  path?: string;
  spaceId?: string;
  default?: boolean;
  condition?: string;
  state?: string;
}

/** The tree's parts in the order they are drawn, one row each. */
function treeRows(t: SiteTree): TreeRow[] {
  const { site } = t;
  const rows: TreeRow[] = [{ kind: 'site', id: site.id, title: site.title, parent: '', depth: 0, state: `${site.visibility}, ${site.published ? 'published' : 'not published'}` }];
  const siteSpace = (ss: SiteSpace, parent: string, depth: number) =>
    rows.push({ kind: 'site-space', id: ss.id, title: ss.space.title, parent, depth, path: ss.path, spaceId: ss.space.id, default: !!ss.default, condition: ss.condition });
  const section = (s: Section, parent: string, depth: number) => {
    rows.push({ kind: 'section', id: s.id, title: s.title, parent, depth, path: s.path, default: !!s.default, condition: s.condition });
    for (const ss of s.siteSpaces) siteSpace(ss, s.id, depth + 1);
  };
  for (const x of t.structure) {
    if (x.object !== 'site-section-group') section(x, site.id, 1);
    else {
      rows.push({ kind: 'section-group', id: x.id, title: x.title, parent: site.id, depth: 1 });
      for (const s of x.sections) section(s, x.id, 2);
    }
  }
  for (const ss of t.siteSpaces) siteSpace(ss, site.id, 1);
  for (const l of t.shareLinks) rows.push({ kind: 'share-link', id: l.id, title: l.name ?? '', parent: site.id, depth: 1, state: l.active === false ? 'inactive' : 'active' });
  return rows;
}

async function fetchTree(ctx: Context, siteId: string): Promise<SiteTree> {
  const organizationId = await ctx.org();
  // A bad site id is a usage error ("invalid site id"), before anything is sent.
  const request = (opId: OperationId): BuiltRequest => ctx.api.request(opId, { params: { organizationId, siteId } }, { 'param:siteId': 'site id' });
  const requests = {
    site: request('sites.get'),
    groups: request('sectionGroups.list'),
    sections: request('sections.list'),
    siteSpaces: request('siteSpaces.list'),
    shareLinks: request('shareLinks.list'),
  };
  const [site, groups, sections, siteSpaces, shareLinks] = await Promise.all([
    ctx.api.send<Site>(requests.site).then((r) => r.data),
    ctx.api.all<Group>(requests.groups),
    ctx.api.all<Section>(requests.sections),
    ctx.api.all<SiteSpace>(requests.siteSpaces),
    ctx.api.all<ShareLink>(requests.shareLinks),
  ]);
  return assemble(site, groups, sections, siteSpaces, shareLinks);
}

export const TREE = defineCommand({
  name: 'tree',
  summary: 'show how a site is put together: its groups, sections, site spaces and share links',
  help: 'Drawn as a tree on a terminal, indented text when piped; --json (--jsonl, --output yaml) prints one document:\n{site, structure: [groups (with their sections) and sections, in order], siteSpaces (at the root), shareLinks},\nwhich --jq and --fields (site.title, shareLinks, ...) read. --output tsv or csv prints one row per part of the tree (kind, id, title, parent, depth, path, space id, default, condition, state).',
  examples: ['tree <siteId>', "tree <siteId> --json --jq '.structure[].title'", 'tree <siteId> --output csv'],
  args: [{ name: 'siteId', param: 'siteId' }],
  async run(ctx, input) {
    const tree = await fetchTree(ctx, input.args[0]);
    const { format, jq, fields } = ctx.output.opts;
    // The document serves --json, --jq and --fields (`--fields site.title,shareLinks`); the tree is for reading.
    if (jq || fields?.length || isStructured(format)) return ctx.output.item(tree, []);
    // The rows when asked for by name (--output tsv|csv); piped without it, the indented text.
    if (format === 'csv' || (format === 'tsv' && ctx.output.opts.explicit)) {
      await ctx.output.list(onePage(treeRows(tree)), SITE_TREE_COLUMNS);
      return;
    }
    await ctx.output.text(renderTree(treeNodes(tree), ctx.io.stdoutTTY, ctx.output.opts.width));
  },
});
