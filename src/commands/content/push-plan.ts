// content push, the difference: the folder (push-folder.ts) against the
// space's or change request's current content, as an ordered list of
// changes whose positions are computed on a copy of the tree, so each
// change's `into`/`at` is right when the changes before it are applied.
//
// Pages are matched to the platform's by the export's manifest (the page
// id at that file), then by the file the page would export to, then (a file
// moved, its text unchanged) by the hash the manifest recorded. A matched
// page's text is compared with what export would write for it at its place
// in the folder, so only pages whose text differs are sent; with the
// manifest, a file whose hash is the one export wrote is not even fetched.
import type { ApiFile } from '../files/download.js';
import { pageFile } from './export.js';
import { withFrontMatter, type PageMeta } from './front-matter.js';
import { toRelative, type ExportPaths } from './markdown-links.js';
import { ASSETS, localPages, type Folder, type LocalAsset, type LocalPage } from './push-folder.js';
import { walkTree, type ApiPage } from './shared.js';
import { UsageError } from '../../errors.js';
import { allOrNothing, type Scope } from '../../tasks/schedule.js';
import type { DeletePlan, Gone } from '../deletes.js';

/** A parent: an existing page's id, a new page's key (`new:<n>`), or null for the top level. */
export type ParentKey = string | null;

export type PlanChange =
  | { op: 'file'; asset: LocalAsset }
  | { op: 'insert'; key: string; local: LocalPage; parent: ParentKey; at: number; slug: string }
  | { op: 'update'; id: string; local: LocalPage; remote: ApiPage; title?: string; slug?: string; move?: { parent: ParentKey; at: number }; document: boolean }
  | { op: 'delete'; id: string; remote: ApiPage };

export interface Plan {
  changes: PlanChange[];
  /** Matched pages: local entry → page id. */
  ids: Map<LocalPage, string>;
  /** New pages: local entry → key. */
  keys: Map<LocalPage, string>;
  /** Pages of the platform the folder does not have, kept without --prune. */
  kept: ApiPage[];
  /** The remote file id of each asset name. */
  fileIds: Map<string, string>;
  /** Where links resolve: a remote page's site path → its id. */
  pageBySite: Map<string, string>;
}

export interface RemoteContent {
  tree: ApiPage[];
  files: ApiFile[];
  /** A page's Markdown as the API gives it. */
  markdown: (pageId: string) => Promise<string>;
}

const typeOf = (p: ApiPage) => p.type ?? 'document';
const slugOfFile = (file: string): string => {
  const parts = file.split('/');
  const last = parts.pop()!;
  return /^README\.md$/i.test(last) ? (parts.pop() ?? '') : last.replace(/\.md$/i, '');
};

export async function planPush(folder: Folder, remote: RemoteContent, opts: { spaceId: string; changeRequest?: string; prune: boolean; concurrency: number; scope: Scope }): Promise<Plan> {
  const entries = [...walkTree(remote.tree)];
  const byId = new Map(entries.map((e) => [e.page.id, e]));
  const ids = new Map<LocalPage, string>();
  const used = new Set<string>();
  const take = (local: LocalPage, id: string) => {
    ids.set(local, id);
    used.add(id);
  };
  // The manifest tells what export wrote: of the space, or of the change request pushed into.
  const m = folder.manifest;
  const manifest = m?.space === opts.spaceId && (!m.changeRequest || m.changeRequest === opts.changeRequest) ? m : undefined;
  const locals = [...localPages(folder.tree)].map((e) => e.page);
  const docs = entries.filter((e) => typeOf(e.page) === 'document');
  // 1. the manifest's page at that file; 2. the page that exports to that file.
  const manifestAt = new Map(Object.entries(manifest?.pages ?? {}).map(([id, m]) => [m.path.toLowerCase(), id]));
  /** Each document's file as export writes it. */
  const fileOf = new Map(docs.map((e) => [e.page.id, pageFile(e.page)]));
  const exportsTo = new Map([...fileOf].map(([id, file]) => [file.toLowerCase(), id]));
  for (const local of locals.filter((l) => l.kind === 'page')) {
    const file = local.target.toLowerCase();
    const id = [manifestAt.get(file), exportsTo.get(file)].find((c) => c !== undefined && byId.has(c) && typeOf(byId.get(c)!.page) === 'document' && !used.has(c));
    if (id) take(local, id);
  }
  // 3. a moved file, its text as export wrote it.
  for (const local of locals.filter((l) => l.kind === 'page' && !ids.has(l))) {
    const id = Object.entries(manifest?.pages ?? {}).find(([pid, m]) => m.sha256 === local.sha256 && byId.has(pid) && !used.has(pid) && !folder.pages.has(m.path.toLowerCase()))?.[0];
    if (id) take(local, id);
  }
  // 4. a moved and edited file: a page the folder no longer has at its file, of the same title and slug.
  for (const local of locals.filter((l) => l.kind === 'page' && !ids.has(l))) {
    const found = docs.find((e) => !used.has(e.page.id) && !folder.pages.has(fileOf.get(e.page.id)!.toLowerCase()) && e.page.title === local.title && slugOfFile(fileOf.get(e.page.id)!) === slugOfFile(local.target));
    if (found) take(local, found.page.id);
  }
  // Groups by title, links by URL.
  for (const local of locals.filter((l) => l.kind !== 'page')) {
    const found = entries.find((e) => typeOf(e.page) === local.kind && !used.has(e.page.id) && (local.kind === 'group' ? e.page.title === local.title : String(e.page.href ?? '') === local.target));
    if (!found) throw new UsageError(`--src: SUMMARY.md:${local.line}: the ${local.kind} "${local.title}" is not in the space, and push cannot create ${local.kind}s (add it in the app, then push); nothing was sent`);
    take(local, found.page.id);
  }

  // Assets: new names are uploaded (files already there are not sent again).
  const fileIds = new Map<string, string>();
  for (const f of remote.files) if (!fileIds.has(String(f.name))) fileIds.set(String(f.name), f.id);
  const changes: PlanChange[] = [];
  for (const asset of folder.assets.values()) if (!fileIds.has(asset.name)) changes.push({ op: 'file', asset });

  // Where links would point from the folder's layout (for the comparison).
  const pageBySite = new Map<string, string>();
  for (const e of docs) {
    const site = String(e.page.path ?? '').replace(/^\/+|\/+$/g, '');
    if (!pageBySite.has(site)) pageBySite.set(site, e.page.id);
  }
  const layout: ExportPaths = { pageFiles: new Map([...ids].filter(([l]) => l.kind === 'page').map(([l, id]) => [id, l.target])), pageBySite, fileFiles: new Map(), fileByName: new Map() };
  for (const f of remote.files) {
    layout.fileFiles.set(f.id, `${ASSETS}/${String(f.name)}`);
    if (!layout.fileByName.has(String(f.name))) layout.fileByName.set(String(f.name), f.id);
  }

  // Which matched pages' text differs (fetched only when the hash says it may).
  const differs = new Set<LocalPage>();
  const toCheck = [...ids].filter(([l, id]) => {
    if (l.kind !== 'page') return false;
    const m = manifest?.pages[id];
    // As export wrote it, where it wrote it: not edited here (a change made in the app since is not undone).
    return !(m?.sha256 === l.sha256 && m?.path.toLowerCase() === l.target.toLowerCase());
  });
  // Through the one scheduler: the first failure stops the rest and is thrown.
  await allOrNothing(opts.scope, toCheck, opts.concurrency, async ([local, id]) => {
    const page = byId.get(id)!.page;
    if (withFrontMatter(page, toRelative(await remote.markdown(id), local.target, layout)) !== local.text) differs.add(local);
  });

  // The tree, on a copy: each parent's children (top level under '').
  const sim = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  const add = (parent: string, pages: ApiPage[]) => {
    sim.set(parent, pages.map((p) => p.id));
    for (const p of pages) {
      parentOf.set(p.id, parent);
      add(p.id, p.pages ?? []);
    }
  };
  add('', remote.tree);
  const keys = new Map<LocalPage, string>();
  let n = 0;
  const place = (locals: LocalPage[], parent: string) => {
    let prev: string | undefined;
    for (const local of locals) {
      const id = ids.get(local);
      const key = id ?? `new:${++n}`;
      const siblings = sim.get(parent) ?? [];
      const at = prev === undefined ? 0 : siblings.indexOf(prev) + 1;
      if (!id) {
        keys.set(local, key);
        siblings.splice(at, 0, key);
        sim.set(parent, siblings);
        sim.set(key, []);
        parentOf.set(key, parent);
        changes.push({ op: 'insert', key, local, parent: parent || null, at, slug: slugOfFile(local.target) });
      } else {
        const remotePage = byId.get(id)!.page;
        // The siblings placed so far come before it: it is in place when it follows the last of them.
        const current = sim.get(parent) ?? [];
        const placed = parentOf.get(id) === parent && (prev === undefined || current.indexOf(id) > current.indexOf(prev));
        let move: { parent: ParentKey; at: number } | undefined;
        if (!placed) {
          const from = sim.get(parentOf.get(id)!)!;
          from.splice(from.indexOf(id), 1);
          const into = sim.get(parent) ?? [];
          const index = prev === undefined ? 0 : into.indexOf(prev) + 1;
          into.splice(index, 0, id);
          sim.set(parent, into);
          parentOf.set(id, parent);
          move = { parent: parent || null, at: index };
        }
        const title = local.title !== remotePage.title ? local.title : undefined;
        const wantedSlug = local.kind === 'page' ? slugOfFile(local.target) : '';
        const slug = wantedSlug !== '' && fileOf.has(id) && wantedSlug !== slugOfFile(fileOf.get(id)!) ? wantedSlug : undefined;
        const document = differs.has(local);
        if (move || title !== undefined || slug !== undefined || document) changes.push({ op: 'update', id, local, remote: remotePage, title, slug, move, document });
      }
      prev = key;
      place(local.children, key);
    }
  };
  // Children of groups and pages are placed after their parent: a new parent exists before its pages.
  place(folder.tree, '');

  // Pages the folder does not have: deleted with --prune (the topmost of each subtree), else kept.
  const gone = entries.filter((e) => !used.has(e.page.id));
  const goneIds = new Set(gone.map((e) => e.page.id));
  const kept: ApiPage[] = [];
  for (const e of gone) {
    const parentGone = (() => {
      for (let p = parentOf.get(e.page.id); p; p = parentOf.get(p)) if (goneIds.has(p)) return true;
      return false;
    })();
    if (parentGone) continue;
    if (opts.prune) changes.push({ op: 'delete', id: e.page.id, remote: e.page });
    else kept.push(e.page);
  }
  return { changes, ids, keys, kept, fileIds, pageBySite };
}

/** A page's path (`/` for the space's first page, whose path is empty), else its title. */
const pathOf = (p: ApiPage) => (p.path === '' ? '/' : (p.path ?? p.title));
const pageName = (p: ApiPage) => `${pathOf(p)} "${p.title}"`;

/** The pages under a page, depth first: a page's delete takes them with it. */
const below = (page: ApiPage): ApiPage[] => [...walkTree(page.pages ?? [])].map((e) => e.page);

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
    if (c.op === 'file') return `add file ${c.asset.path} (${c.asset.size} bytes)`;
    if (c.op === 'insert') return `add page ${c.local.target} "${c.local.title}" ${where(c.parent, c.at)}`;
    if (c.op === 'delete') return [`delete page ${pageName(c.remote)}`, ...below(c.remote).map((p) => `  and with it page ${pageName(p)}`)];
    const what = [c.document ? 'change text' : '', c.title !== undefined ? `rename to "${c.title}"` : '', c.slug !== undefined ? `slug ${c.slug}` : '', c.move ? `move ${where(c.move.parent, c.move.at)}` : ''].filter(Boolean);
    return `update page ${c.local.kind === 'page' ? c.local.target : c.local.title} (${c.id}): ${what.join(', ')}`;
  });
}

export type { PageMeta };
