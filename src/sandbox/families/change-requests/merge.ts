// What a change request changed against the revision it started from, page
// by page, and its merge into the space: a fast-forward when the space has
// not changed since; otherwise each page the change request changed is
// carried over, unless the space changed that page too (a conflict).
import { pageHash } from '../content/change-requests.js';
import { cloneRevision, walk, type BasePage, type ChangeRequestRec, type PageRec, type RevisionRec } from '../content/records.js';
import { attach, detach, locate } from './tree.js';

interface Node {
  page: PageRec;
  parent: string | null;
  index: number;
  hash: string;
}

function nodes(rev: RevisionRec): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const { page, parent } of walk(rev.pages)) {
    const siblings = parent ? parent.pages : rev.pages;
    out.set(page.id, { page, parent: parent?.id ?? null, index: siblings.indexOf(page), hash: pageHash(page) });
  }
  return out;
}

export type PageChange =
  | { type: 'page_created'; page: PageRec }
  | { type: 'page_deleted'; page: BasePage }
  | { type: 'page_edited'; page: PageRec; before: BasePage }
  | { type: 'page_moved'; page: PageRec; from: string | null; to: string | null };

/** The pages a revision changed against a change request's base: created, deleted, edited (own fields), moved (parent). */
export function pageChanges(cr: ChangeRequestRec, rev: RevisionRec = cr.revision): PageChange[] {
  const base = new Map(cr.base.map((b) => [b.id, b]));
  const now = nodes(rev);
  const out: PageChange[] = [];
  for (const [id, n] of now) {
    const b = base.get(id);
    if (!b) out.push({ type: 'page_created', page: n.page });
    else {
      if (b.hash !== n.hash) out.push({ type: 'page_edited', page: n.page, before: b });
      if (b.parent !== n.parent) out.push({ type: 'page_moved', page: n.page, from: b.parent, to: n.parent });
    }
  }
  for (const b of cr.base) if (!now.has(b.id)) out.push({ type: 'page_deleted', page: b });
  return out;
}

export type MergeOutcome = { result: 'merge'; pages: PageRec[]; files: RevisionRec['files'] } | { result: 'conflicts'; pages: string[] };

/** The space's content after merging `cr` into `space` (its current revision), or the pages both changed. */
export function merge(cr: ChangeRequestRec, space: RevisionRec): MergeOutcome {
  const theirs = cloneRevision(cr.revision);
  if (space.id === cr.baseRevision) return { result: 'merge', pages: theirs.pages, files: theirs.files };
  const changedHere = new Set(pageChanges(cr, theirs).map((c) => c.page.id));
  const changedThere = new Set(pageChanges(cr, space).map((c) => c.page.id));
  const both = [...changedHere].filter((id) => changedThere.has(id));
  if (both.length > 0) return { result: 'conflicts', pages: both };
  const out = cloneRevision(space);
  const mine = nodes(theirs);
  // Parents before children (tree order), so a page's new parent is in place when it arrives.
  for (const [id, n] of mine) {
    if (!changedHere.has(id)) continue;
    const own = { ...n.page, pages: locate(out, id)?.page.pages ?? [] };
    detach(out, id);
    const parent = n.parent === null ? null : (locate(out, n.parent)?.page ?? null);
    attach(out, own, parent, n.index);
  }
  for (const b of cr.base) if (changedHere.has(b.id) && !mine.has(b.id)) detach(out, b.id);
  const had = new Set(cr.baseFiles);
  const kept = new Set(theirs.files.map((f) => f.id));
  const files = [...out.files.filter((f) => !had.has(f.id) || kept.has(f.id)), ...theirs.files.filter((f) => !had.has(f.id) && !out.files.some((o) => o.id === f.id))];
  return { result: 'merge', pages: out.pages, files };
}
