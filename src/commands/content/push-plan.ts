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
import { localTarget, mapLinks, toRelative, type ExportPaths } from './markdown-links.js';
import { textHash } from './edits.js';
import type { Manifest } from './export-folder.js';
import { Base, placeIn, remotePlaces, samePlace, type Conflict } from './push-base.js';
import { ASSETS, localPages, type Folder, type LocalAsset, type LocalPage } from './push-folder.js';
import { walkTree, type ApiPage, type TreeEntry } from './shared.js';
import { UsageError } from '../../errors.js';
import { allOrNothing, type Scope } from '../../tasks/schedule.js';

/** A parent: an existing page's id, a new page's key (`new:<n>`), or null for the top level. */
export type ParentKey = string | null;

export type PlanChange =
  | { op: 'file'; asset: LocalAsset; replaces?: ApiFile }
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
  /** Pages changed here and in the space since the export: the push stops (--force overwrites them). */
  conflicts: Conflict[];
  /** With --force: the space's changes since the export that the push overwrites. */
  overwrites: Conflict[];
  /** Pages the space has and the export did not (added there since): kept, with --prune too. */
  added: ApiPage[];
  /** Pages deleted in the space since the export and not edited here: not made again. */
  deletedThere: LocalPage[];
  /** Files the export wrote and the folder no longer has: they stay in the space (no change-request operation deletes a file). */
  goneFiles: ApiFile[];
  /** The export's manifest, when the folder has one of this space: what the push compared with. */
  base?: Base;
}

export interface RemoteContent {
  tree: ApiPage[];
  files: ApiFile[];
  /** A page's Markdown as the API gives it. */
  markdown: (pageId: string) => Promise<string>;
}

export interface PlanOptions {
  spaceId: string;
  changeRequest?: string;
  prune: boolean;
  concurrency: number;
  scope: Scope;
  /** Send the folder as it is (what it overwrites is named). */
  force?: boolean;
}

const typeOf = (p: ApiPage) => p.type ?? 'document';
const slugOfFile = (file: string): string => {
  const parts = file.split('/');
  const last = parts.pop()!;
  return /^README\.md$/i.test(last) ? (parts.pop() ?? '') : last.replace(/\.md$/i, '');
};

/** A group's slug as the files of its pages show it (`guides/a.md`, `guides/b/README.md`: guides); '' when it has none. */
function groupSlug(group: LocalPage): string {
  const page = group.children.find((c) => c.kind === 'page');
  if (!page) return '';
  const parts = page.target.split('/');
  if (/^README\.md$/i.test(parts.pop()!)) parts.pop();
  return parts.pop() ?? '';
}

/** What the plan's steps share. */
interface Work {
  folder: Folder;
  remote: RemoteContent;
  base?: Base;
  byId: Map<string, TreeEntry>;
  /** Each document's file as export writes it. */
  fileOf: Map<string, string>;
  plan: Plan;
}

export async function planPush(folder: Folder, remote: RemoteContent, opts: PlanOptions): Promise<Plan> {
  const entries = [...walkTree(remote.tree)];
  const plan: Plan = { changes: [], ids: new Map(), keys: new Map(), kept: [], fileIds: new Map(), pageBySite: new Map(), conflicts: [], overwrites: [], added: [], deletedThere: [], goneFiles: [] };
  const docs = entries.filter((e) => typeOf(e.page) === 'document');
  plan.base = Base.of(folder.manifest, opts, !!opts.force);
  const w: Work = { folder, remote, base: plan.base, byId: new Map(entries.map((e) => [e.page.id, e])), fileOf: new Map(docs.map((e) => [e.page.id, pageFile(e.page)])), plan };
  const used = matchPages(w, docs);
  const changedAssets = await planAssets(w);
  const differs = await compareTexts(w, changedAssets, opts);
  placeTree(w, differs);
  planDeletes(w, entries, used, opts.prune);
  for (const list of [plan.conflicts, plan.overwrites]) list.sort((a, b) => a.path.localeCompare(b.path));
  return plan;
}

/** Matches the folder's entries to the space's pages; returns the ids taken. */
function matchPages(w: Work, docs: TreeEntry[]): Set<string> {
  const { folder, base, byId, fileOf, plan } = w;
  const used = new Set<string>();
  const take = (local: LocalPage, id: string) => {
    plan.ids.set(local, id);
    used.add(id);
  };
  const locals = [...localPages(folder.tree)].map((e) => e.page);
  const basePages = Object.entries(base?.manifest.pages ?? {});
  // 1. the manifest's page at that file; 2. the page that exports to that file.
  const manifestAt = new Map(basePages.map(([id, m]) => [m.path.toLowerCase(), id]));
  const exportsTo = new Map([...fileOf].map(([id, file]) => [file.toLowerCase(), id]));
  for (const local of locals.filter((l) => l.kind === 'page')) {
    const file = local.target.toLowerCase();
    const had = manifestAt.get(file);
    // The export's page, deleted in the space since: not made again (edited here, a conflict), unless --force.
    if (had !== undefined && !byId.has(had) && base && !base.force) {
      plan.deletedThere.push(local);
      if (local.sha256 !== base.sha256(had)) plan.conflicts.push({ id: had, path: local.target, what: 'edited here, deleted in the space' });
      continue;
    }
    const id = [had, exportsTo.get(file)].find((c) => c !== undefined && byId.has(c) && typeOf(byId.get(c)!.page) === 'document' && !used.has(c));
    if (id) take(local, id);
  }
  const open = (l: LocalPage) => l.kind === 'page' && !plan.ids.has(l) && !plan.deletedThere.includes(l);
  // 3. a moved file, its text as export wrote it.
  for (const local of locals.filter(open)) {
    const id = basePages.find(([pid, m]) => m.sha256 === local.sha256 && byId.has(pid) && !used.has(pid) && !folder.pages.has(m.path.toLowerCase()))?.[0];
    if (id) take(local, id);
  }
  // 4. a moved and edited file: a page the folder no longer has at its file, of the same title and slug.
  for (const local of locals.filter(open)) {
    const found = docs.find((e) => !used.has(e.page.id) && !folder.pages.has(fileOf.get(e.page.id)!.toLowerCase()) && e.page.title === local.title && slugOfFile(fileOf.get(e.page.id)!) === slugOfFile(local.target));
    if (found) take(local, found.page.id);
  }
  const pages = [...byId.values()].map((e) => e.page);
  for (const local of locals.filter((l) => l.kind !== 'page')) {
    const found = specialOf(local, pages.filter((p) => !used.has(p.id)), w.base?.manifest.tree);
    if (!found) throw new UsageError(`--src: SUMMARY.md:${local.line}: the ${local.kind} "${local.title}" is not in the space, and push cannot create ${local.kind}s (add it in the app, then push); nothing was sent`);
    take(local, found.id);
  }
  return used;
}

/**
 * The space's group or link page that a folder's one is: a group by its
 * title, a link by its URL, else (renamed in the space since) the page of its
 * kind that the export recorded under its title.
 */
export function specialOf(local: LocalPage, pages: ApiPage[], recorded: Manifest['tree']): ApiPage | undefined {
  const kin = pages.filter((p) => typeOf(p) === local.kind);
  return (
    kin.find((p) => (local.kind === 'group' ? p.title === local.title : String(p.href ?? '') === local.target)) ??
    kin.find((p) => recorded?.[p.id]?.type === local.kind && recorded[p.id].title === local.title)
  );
}

/**
 * Assets by content: a new name is uploaded; a name the space has is sent
 * again when its bytes changed here (by the hash the export recorded, else
 * by size), and the pages that link it are relinked to the new file. Returns
 * the names of the changed ones.
 */
async function planAssets(w: Work): Promise<Set<string>> {
  const { folder, remote, base, plan } = w;
  for (const f of remote.files) if (!plan.fileIds.has(String(f.name))) plan.fileIds.set(String(f.name), f.id);
  const byId = new Map(remote.files.map((f) => [f.id, f]));
  const changed = new Set<string>();
  for (const asset of folder.assets.values()) {
    // The file the export wrote there (two files of one name are written as `a.png`, `a-2.png`), else the file of that name.
    const was = byId.get(base?.asset(asset.path.toLowerCase())?.id ?? '');
    if (was) plan.fileIds.set(asset.name, was.id);
    const there = was ?? byId.get(plan.fileIds.get(asset.name) ?? '');
    if (!there) plan.changes.push({ op: 'file', asset });
    else if (await assetChanged(asset, there, base)) {
      changed.add(asset.name);
      plan.changes.push({ op: 'file', asset, replaces: there });
    }
  }
  // The batches link the new file, not the old one of that name.
  for (const name of changed) plan.fileIds.delete(name);
  if (base) plan.goneFiles = base.goneFiles(remote.files, new Set([...folder.assets.keys()].map((k) => k.toLowerCase())));
  return changed;
}

async function assetChanged(asset: LocalAsset, there: ApiFile, base: Base | undefined): Promise<boolean> {
  const was = base?.asset(asset.path.toLowerCase());
  if (was && was.id === there.id) {
    if (asset.size !== was.size) return true;
    // Untouched since the export wrote it (as git tells by size and time): not read again.
    if (was.mtimeMs !== undefined && was.mtimeMs === asset.mtimeMs) return false;
    return was.sha256 !== undefined && (await asset.hash()) !== was.sha256;
  }
  return typeof there.size === 'number' && there.size !== asset.size;
}

/** The matched pages whose text is to be sent: compared with what export would write (fetched only when the base cannot tell). */
async function compareTexts(w: Work, changedAssets: Set<string>, opts: PlanOptions): Promise<Set<LocalPage>> {
  const { base, byId, plan } = w;
  // Where links would point from the folder's layout (for the comparison).
  for (const e of byId.values()) {
    if (typeOf(e.page) !== 'document') continue;
    const site = String(e.page.path ?? '').replace(/^\/+|\/+$/g, '');
    if (!plan.pageBySite.has(site)) plan.pageBySite.set(site, e.page.id);
  }
  const layout: ExportPaths = { pageFiles: new Map([...plan.ids].filter(([l]) => l.kind === 'page').map(([l, id]) => [id, l.target])), pageBySite: plan.pageBySite, fileFiles: new Map(), fileByName: new Map() };
  for (const f of w.remote.files) {
    const written = base?.manifest.files[f.id]?.path;
    layout.fileFiles.set(f.id, typeof written === 'string' ? written : `${ASSETS}/${String(f.name)}`);
    if (!layout.fileByName.has(String(f.name))) layout.fileByName.set(String(f.name), f.id);
  }
  const differs = new Set<LocalPage>();
  const toCheck = [...plan.ids].filter(([l, id]) => {
    if (l.kind !== 'page') return false;
    // As export wrote it, where it wrote it: not edited here (a change made in the app since is not undone, but with --force).
    const asWritten = base?.sha256(id) === l.sha256 && base?.path(id)?.toLowerCase() === l.target.toLowerCase();
    return !asWritten || (base!.force && base!.changedThere(byId.get(id)!.page));
  });
  // Through the one scheduler: the first failure stops the rest and is thrown.
  await allOrNothing(opts.scope, toCheck, opts.concurrency, async ([local, id]) => {
    await local.load?.();
    const page = byId.get(id)!.page;
    const theirs = withFrontMatter(page, toRelative(await w.remote.markdown(id), local.target, layout));
    if (theirs === local.text) return;
    differs.add(local);
    const was = base?.sha256(id);
    if (!base || was === undefined || !base.changedThere(page) || textHash(theirs) === was) return;
    // The space changed the text since the export.
    if (local.sha256 !== was) (base.force ? plan.overwrites : plan.conflicts).push({ id, path: local.target, what: 'changed here and in the space', updatedAt: page.updatedAt });
    else if (base.force) plan.overwrites.push({ id, path: local.target, what: 'changed in the space since the export', updatedAt: page.updatedAt });
    else differs.delete(local);
  });
  // Pages that link an asset replaced here: their links name the new file. One the space changed since the export
  // (and not edited here) would be sent as the folder has it, over the space's changes: a conflict until the folder is up to date.
  for (const [local, id] of changedAssets.size ? plan.ids : []) {
    if (local.kind !== 'page' || differs.has(local)) continue;
    await local.load?.();
    if (!linksAny(local, changedAssets)) continue;
    const page = byId.get(id)!.page;
    if (base && !base.force && base.changedThere(page)) plan.conflicts.push({ id, path: local.target, what: 'links a file replaced here, and changed in the space since the export', updatedAt: page.updatedAt });
    else differs.add(local);
  }
  return differs;
}

/** Whether a page's Markdown links one of these assets (by name). */
function linksAny(local: LocalPage, names: Set<string>): boolean {
  let found = false;
  mapLinks(local.body ?? '', (target) => {
    const t = localTarget(local.target, target);
    if (t.kind === 'file' && names.has(t.path.split('/').pop()!)) found = true;
    return target;
  });
  return found;
}

/** Pages deleted here (the space has them, the folder does not): with --prune, those the export had, unchanged there. */
function planDeletes(w: Work, entries: TreeEntry[], used: Set<string>, prune: boolean): void {
  const { base, plan } = w;
  const gone = entries.filter((e) => !used.has(e.page.id));
  const goneIds = new Set(gone.map((e) => e.page.id));
  for (const e of gone) {
    // The topmost of each subtree: its delete takes the pages under it.
    if (e.parent && goneIds.has(e.parent.id)) continue;
    if (base && !base.had(e.page.id, e.page)) {
      plan.added.push(e.page);
      continue;
    }
    if (!prune) {
      plan.kept.push(e.page);
      continue;
    }
    const changed = base ? [e.page, ...below(e.page)].filter((p) => base.changedThere(p)) : [];
    for (const p of changed) (base!.force ? plan.overwrites : plan.conflicts).push({ id: p.id, path: pathOf(p), what: base!.had(p.id, p) ? 'deleted here, changed in the space' : `deleted here, added in the space under "${e.page.title}"`, updatedAt: p.updatedAt });
    plan.changes.push({ op: 'delete', id: e.page.id, remote: e.page });
  }
}

/**
 * Places the folder's tree on a copy of the space's (each parent's children,
 * the top level under ''): a new page is inserted, a matched one moved,
 * renamed or updated where it differs. With a base, only what changed here
 * is sent: a page the folder keeps where the export had it is left where the
 * space has it now, a title kept is not renamed back.
 */
function placeTree(w: Work, differs: Set<LocalPage>): void {
  const { base, byId, fileOf, plan } = w;
  const sim = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  const add = (parent: string, pages: ApiPage[]) => {
    sim.set(parent, pages.map((p) => p.id));
    for (const p of pages) {
      parentOf.set(p.id, parent);
      add(p.id, p.pages ?? []);
    }
  };
  add('', w.remote.tree);
  const remote = base ? remotePlaces(w.remote.tree) : undefined;
  const had = (id: string) => !!base?.had(id);
  let n = 0;
  const place = (locals: LocalPage[], parent: string) => {
    const placed: string[] = [];
    /** The index of the last sibling placed so far that is in `list`, -1 for none. */
    const last = (list: string[]) => {
      for (let i = placed.length - 1; i >= 0; i--) {
        const at = list.indexOf(placed[i]);
        if (at >= 0) return at;
      }
      return -1;
    };
    const siblings = locals.filter((l) => !plan.deletedThere.includes(l)).map((l) => plan.ids.get(l) ?? '');
    for (const local of locals) {
      if (plan.deletedThere.includes(local)) continue;
      const id = plan.ids.get(local);
      const key = id ?? `new:${++n}`;
      if (!id) {
        plan.keys.set(local, key);
        const into = sim.get(parent) ?? [];
        const at = last(into) + 1;
        into.splice(at, 0, key);
        sim.set(parent, into);
        sim.set(key, []);
        parentOf.set(key, parent);
        plan.changes.push({ op: 'insert', key, local, parent: parent || null, at, slug: slugOfFile(local.target) });
      } else {
        const remotePage = byId.get(id)!.page;
        const here = placeIn(siblings, placed.length, parent || null, had);
        const movedHere = !base || base.force || !samePlace(here, base.place(id));
        // The siblings placed so far come before it: it is in place when it follows the last of them.
        const current = sim.get(parent) ?? [];
        const inPlace = parentOf.get(id) === parent && current.indexOf(id) > last(current);
        let move: { parent: ParentKey; at: number } | undefined;
        if (!inPlace && movedHere) {
          if (base) clash(w, local, id, 'moved', base.place(id)?.parent, here.parent, remote!.get(id)?.parent);
          const from = sim.get(parentOf.get(id)!)!;
          from.splice(from.indexOf(id), 1);
          const into = sim.get(parent) ?? [];
          const index = last(into) + 1;
          into.splice(index, 0, id);
          sim.set(parent, into);
          parentOf.set(id, parent);
          move = { parent: parent || null, at: index };
        }
        const was = base?.place(id)?.title;
        if (base && local.title !== remotePage.title) clash(w, local, id, 'renamed', was, local.title, remotePage.title);
        const title = local.title !== remotePage.title && (!base || base.force || was === undefined || local.title !== was) ? local.title : undefined;
        // A group's slug as its pages' files show it: sent back with --force (a restore) only.
        const wantedSlug = local.kind === 'page' ? slugOfFile(local.target) : local.kind === 'group' && base?.force ? groupSlug(local) : '';
        const fileKept = base && !base.force && base.path(id)?.toLowerCase() === local.target.toLowerCase();
        const slugNow = local.kind === 'group' ? String(remotePage.slug ?? '') : fileOf.has(id) ? slugOfFile(fileOf.get(id)!) : undefined;
        const slug = wantedSlug !== '' && slugNow !== undefined && !fileKept && wantedSlug !== slugNow ? wantedSlug : undefined;
        const document = differs.has(local);
        if (move || title !== undefined || slug !== undefined || document) plan.changes.push({ op: 'update', id, local, remote: remotePage, title, slug, move, document });
      }
      placed.push(key);
      place(local.children, key);
    }
  };
  // Children of groups and pages are placed after their parent: a new parent exists before its pages.
  place(w.folder.tree, '');
}

/**
 * A title or parent changed on both sides since the export, differently: a
 * conflict (with --force, an overwrite); changed there only: an overwrite
 * with --force.
 */
function clash<T>(w: Work, local: LocalPage, id: string, what: 'moved' | 'renamed', was: T | undefined, here: T, there: T | undefined): void {
  if (was === undefined || there === was || here === there) return;
  const page = w.byId.get(id)!.page;
  const path = local.kind === 'page' ? local.target : local.title;
  if (here !== was) (w.base!.force ? w.plan.overwrites : w.plan.conflicts).push({ id, path, what: `${what} here and in the space`, updatedAt: page.updatedAt });
  else if (w.base!.force) w.plan.overwrites.push({ id, path, what: `${what} in the space since the export`, updatedAt: page.updatedAt });
}
/** A page's path (`/` for the space's first page, whose path is empty), else its title. */
export const pathOf = (p: ApiPage) => (p.path === '' ? '/' : (p.path ?? p.title));

/** The pages under a page, depth first: a page's delete takes them with it. */
export const below = (page: ApiPage): ApiPage[] => [...walkTree(page.pages ?? [])].map((e) => e.page);

export type { PageMeta };
