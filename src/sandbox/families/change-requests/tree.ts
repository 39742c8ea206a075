// The page tree of a revision as the content changes and merge edit it:
// where a page is, where its Markdown lands in the Git Sync layout, and
// placing a page (with its subtree's paths following).
import { badRequest } from '../../core/errors.js';
import { slug as slugOf } from '../spaces/content.js';
import type { PageRec, RevisionRec } from '../content/records.js';

export interface Place {
  page: PageRec;
  parent: PageRec | null;
  /** The array that holds it (the revision's pages or its parent's). */
  siblings: PageRec[];
}

export function locate(rev: RevisionRec, id: string): Place | undefined {
  const visit = (pages: PageRec[], parent: PageRec | null): Place | undefined => {
    for (const page of pages) {
      if (page.id === id) return { page, parent, siblings: pages };
      const found = visit(page.pages, page);
      if (found) return found;
    }
    return undefined;
  };
  return visit(rev.pages, null);
}

/** Where a page's Markdown is in the Git Sync layout: `README.md` for the root page and for a page with children. */
export function markdownFile(page: PageRec): string {
  if (page.path === '') return 'README.md';
  return page.pages.length > 0 ? `${page.path}/README.md` : `${page.path}.md`;
}

/** A page's path, and its descendants', from its parent's path and the slugs. */
export function setPaths(page: PageRec, parentPath: string): void {
  page.path = page.type === 'link' ? '' : [parentPath, page.slug].filter(Boolean).join('/');
  for (const child of page.pages) setPaths(child, page.type === 'link' ? parentPath : page.path);
}

/** Takes a page out of the tree (with its subtree). */
export function detach(rev: RevisionRec, id: string): Place | undefined {
  const place = locate(rev, id);
  if (place) place.siblings.splice(place.siblings.indexOf(place.page), 1);
  return place;
}

/** Puts a page under `parent` (the top level when null) at `at` (the end when undefined or past it), its paths following. */
export function attach(rev: RevisionRec, page: PageRec, parent: PageRec | null, at?: number): void {
  const siblings = parent ? parent.pages : rev.pages;
  siblings.splice(at === undefined ? siblings.length : Math.min(at, siblings.length), 0, page);
  setPaths(page, parent?.path ?? '');
}

/** A slug free among `siblings` (other than `self`): the given one must be free; a derived one gets -2, -3, ... */
export function freeSlug(siblings: PageRec[], wanted: string | undefined, title: string, self?: PageRec): string {
  const taken = new Set(siblings.filter((p) => p !== self && p.type !== 'link').map((p) => p.slug));
  if (wanted !== undefined) {
    if (taken.has(wanted)) throw badRequest(`The slug "${wanted}" is already used by a sibling page.`);
    return wanted;
  }
  const base = slugOf(title) || 'page';
  let slug = base;
  for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
  return slug;
}
