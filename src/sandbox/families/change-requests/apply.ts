// A batch of content changes (ChangeRequestContentChange) applied to a copy
// of a change request's revision, in order; any invalid change rejects the
// whole batch (a 400 naming `changes[i]`) and nothing is kept. Refs of
// inserted pages and files resolve wherever they are used in the batch.
import { extname } from 'node:path';
import { MAX_INLINE_FILE_BYTES, type ContentChangeOperation } from '../../../api/operations/changeRequests.js';
import { SandboxError, badRequest } from '../../core/errors.js';
import { walk, type FileRec, type PageRec, type RevisionRec } from '../content/records.js';
import type { Fetched } from './file-urls.js';
import { leadingHeading, normalizeLinks, splitFrontMatter, type FrontMatter, type Refs } from './markdown.js';
import { attach, detach, freeSlug, locate, setPaths } from './tree.js';

interface InsertedFile {
  ref?: string;
  name: string;
  contentType?: string;
  url?: string;
  base64?: string;
}

export interface ContentChange {
  operation: ContentChangeOperation;
  page?: string;
  title?: string;
  slug?: string;
  emoji?: string;
  description?: string;
  hidden?: boolean;
  document?: { markdown?: string; document?: unknown };
  into?: string | null;
  at?: number;
  ref?: string;
  files?: InsertedFile[];
  /** revert_page: the revision to take the page from (default: the change request's base). */
  revision?: string;
}

/** What a batch may need beyond the revision it edits. */
export interface Sources {
  /** A revision of the space by id (undefined: the change request's base); undefined when the space has none such. */
  revision(id: string | undefined): RevisionRec | undefined;
  /** The bytes of the files sent by `url`, fetched before the batch (file-urls.ts). */
  fetched?: Map<object, Fetched>;
}

export type Outcome = { object: 'created_page'; ref?: string; page: string } | { object: 'updated_page'; page: string } | { object: 'deleted_page'; page: string };

export interface Applied {
  /** One per page touched, in the order first touched. */
  outcomes: Outcome[];
  insertedFiles: FileRec[];
}

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml', '.pdf': 'application/pdf', '.webp': 'image/webp' };
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Applies `changes` to `rev` in place (give it a copy). */
export function applyChanges(rev: RevisionRec, changes: ContentChange[], newId: () => string, now: string, sources: Sources = { revision: () => undefined }): Applied {
  const refs: Refs = { pages: new Map(), files: new Map() };
  const taken = new Set([...walk(rev.pages)].map(({ page }) => page.path));
  // Refs first: a page may link to a page or file inserted later in the batch.
  changes.forEach((c, i) => {
    const named = c.operation === 'insert_page' ? [{ ref: c.ref, map: refs.pages }] : c.operation === 'insert_files' ? (c.files ?? []).map((f) => ({ ref: f.ref, map: refs.files })) : [];
    for (const { ref, map } of named) {
      if (ref === undefined) continue;
      if (refs.pages.has(ref) || refs.files.has(ref)) throw badRequest(`changes[${i}]: the ref "${ref}" is used twice in the batch.`);
      if (taken.has(ref.replace(/\.md$/, ''))) throw badRequest(`changes[${i}]: the ref "${ref}" is the path of an existing page.`);
      map.set(ref, newId());
    }
  });
  const outcomes = new Map<string, Outcome>();
  const documents = new Map<PageRec, string>();
  const insertedFiles: FileRec[] = [];
  changes.forEach((c, i) => {
    try {
      if (c.operation === 'insert_files') insertedFiles.push(...insertFiles(rev, c, refs, now, newId, sources.fetched));
      else if (c.operation === 'insert_page') {
        const page = insertPage(rev, c, refs, now, documents, newId);
        outcomes.set(page.id, { object: 'created_page', ...(c.ref !== undefined ? { ref: c.ref } : {}), page: page.id });
      } else if (c.operation === 'update_page') {
        const page = updatePage(rev, c, now, documents);
        if (!outcomes.has(page.id)) outcomes.set(page.id, { object: 'updated_page', page: page.id });
      } else if (c.operation === 'delete_page') {
        const place = detach(rev, required(c.page, 'page'));
        if (!place) throw badRequest(`no page ${c.page} in the change request`);
        for (const { page } of walk([place.page])) outcomes.delete(page.id);
        outcomes.set(place.page.id, { object: 'deleted_page', page: place.page.id });
      } else {
        const outcome = revertPage(rev, c, sources);
        if (outcome.object === 'deleted_page') {
          const place = locate(rev, outcome.page);
          for (const { page } of walk(place ? [place.page] : [])) outcomes.delete(page.id);
          detach(rev, outcome.page);
        }
        outcomes.set(outcome.page, outcome);
      }
    } catch (err) {
      if (err instanceof SandboxError && !err.message.startsWith('changes[')) throw badRequest(`changes[${i}] (${c.operation}): ${err.message}`);
      throw err;
    }
  });
  // Links last, when every page of the batch has its place.
  for (const [page, markdown] of documents) if (locate(rev, page.id)) page.markdown = normalizeLinks(markdown, page, rev, refs);
  return { outcomes: [...outcomes.values()], insertedFiles };
}

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw badRequest(`"${field}" is required`);
  return value;
}

/** The Markdown of a change's document (a JSON document is kept as its text), with its front matter apart. */
function documentOf(c: ContentChange): { meta: FrontMatter; body: string } | undefined {
  if (!c.document) return undefined;
  if (typeof c.document.markdown === 'string') return splitFrontMatter(c.document.markdown);
  return { meta: {}, body: '' };
}

function parentOf(rev: RevisionRec, into: string | null | undefined): PageRec | null {
  if (into === undefined || into === null) return null;
  const place = locate(rev, into);
  if (!place) throw badRequest(`no page ${into} to put the page into`);
  if (place.page.type === 'link') throw badRequest(`page ${into} is a link: it holds no pages`);
  return place.page;
}

function setMeta(page: PageRec, c: ContentChange, meta: FrontMatter): void {
  const description = meta.description ?? c.description;
  const emoji = meta.emoji ?? c.emoji;
  const hidden = meta.hidden ?? c.hidden;
  if (hidden === true) page.hidden = true;
  else if (hidden === false) delete page.hidden;
  if (description !== undefined) page.description = description;
  if (emoji !== undefined) {
    if (emoji === '') delete page.emoji;
    else page.emoji = emoji;
  }
}

function insertPage(rev: RevisionRec, c: ContentChange, refs: Refs, now: string, documents: Map<PageRec, string>, newId: () => string): PageRec {
  const doc = documentOf({ ...c, document: required(c.document, 'document') })!;
  const parent = parentOf(rev, c.into);
  const title = doc.meta.title ?? leadingHeading(doc.body) ?? c.title ?? 'Untitled';
  const id = c.ref !== undefined ? refs.pages.get(c.ref)! : newId();
  const page: PageRec = { id, title, type: 'document', slug: freeSlug(parent ? parent.pages : rev.pages, c.slug, title), path: '', createdAt: now, updatedAt: now, pages: [] };
  setMeta(page, c, doc.meta);
  attach(rev, page, parent, c.at);
  documents.set(page, doc.body);
  return page;
}

function updatePage(rev: RevisionRec, c: ContentChange, now: string, documents: Map<PageRec, string>): PageRec {
  const place = locate(rev, required(c.page, 'page'));
  if (!place) throw badRequest(`no page ${c.page} in the change request`);
  const { page } = place;
  const doc = documentOf(c);
  if (doc && page.type !== 'document') throw badRequest(`page ${page.id} is a ${page.type}: it has no document`);
  const title = doc?.meta.title ?? c.title;
  if (title !== undefined) page.title = title;
  setMeta(page, c, doc?.meta ?? {});
  let parent = place.parent;
  if (c.into !== undefined) {
    parent = parentOf(rev, c.into);
    for (const { page: p } of walk([page])) if (p.id === parent?.id) throw badRequest(`page ${page.id} cannot move under itself or one of its own pages`);
  }
  if (c.slug !== undefined) page.slug = freeSlug(parent ? parent.pages : rev.pages, c.slug, page.title, page);
  if (c.into !== undefined || c.at !== undefined || c.slug !== undefined) {
    const index = place.siblings.indexOf(page);
    detach(rev, page.id);
    if (c.into !== undefined && page.type !== 'link' && c.slug === undefined) page.slug = freeSlug(parent ? parent.pages : rev.pages, undefined, page.slug || page.title);
    attach(rev, page, parent, c.at ?? (c.into === undefined ? index : undefined));
  }
  if (doc) documents.set(page, doc.body);
  page.updatedAt = now;
  return page;
}

function insertFiles(rev: RevisionRec, c: ContentChange, refs: Refs, now: string, newId: () => string, fetched?: Map<object, Fetched>): FileRec[] {
  return required(c.files, 'files').map((f, j) => {
    const where = `files[${j}]`;
    if ((f.url === undefined) === (f.base64 === undefined)) throw badRequest(`${where}: set exactly one of "url" and "base64"`);
    // A URL's bytes were fetched before the batch (file-urls.ts); its type is the answer's unless one is given.
    const got = f.url !== undefined ? fetched?.get(f) : undefined;
    if (f.url !== undefined && !got) throw badRequest(`${where}: the file at "url" was not fetched`);
    let data = got?.base64 ?? '';
    if (f.base64 !== undefined) {
      if (f.contentType === undefined) throw badRequest(`${where}: "contentType" is required with "base64"`);
      if (!BASE64.test(f.base64) || f.base64.length % 4 !== 0) throw badRequest(`${where}: "base64" is not base64 text`);
      const size = Buffer.byteLength(f.base64, 'base64');
      if (size > MAX_INLINE_FILE_BYTES) throw badRequest(`${where}: "${f.name}" has ${size} bytes; inline files hold at most ${MAX_INLINE_FILE_BYTES} (1 MB): send a "url"`);
      data = f.base64;
    }
    const file: FileRec = {
      id: f.ref !== undefined ? refs.files.get(f.ref)! : newId(),
      name: f.name,
      contentType: f.contentType ?? got?.contentType ?? TYPES[extname(f.name).toLowerCase()] ?? 'application/octet-stream',
      kind: 'data',
      size: Buffer.byteLength(data, 'base64'),
      seed: 0,
      data,
      updatedAt: now,
    };
    rev.files.push(file);
    return file;
  });
}

/**
 * revert_page: the page as it was in the revision named (the change
 * request's base by default). A page the revision has and this one does not
 * comes back under its parent (or at the top level when that is gone), among
 * the siblings it had, with the pages under it that are gone too; a page
 * both have gets its own fields back (its children stay); a page only this
 * one has is removed (the caller detaches it).
 */
function revertPage(rev: RevisionRec, c: ContentChange, sources: Sources): Outcome {
  const id = required(c.page, 'page');
  const source = sources.revision(c.revision);
  if (!source) throw badRequest(c.revision !== undefined ? `no revision ${c.revision} in the space` : 'the change request has no base revision');
  const was = locate(source, id);
  const now = locate(rev, id);
  if (!was && !now) throw badRequest(`no page ${id} in the change request, nor in revision ${source.id}`);
  if (!was) return { object: 'deleted_page', page: id };
  if (now) {
    const { pages: _, path: __, ...own } = structuredClone(was.page);
    for (const key of ['description', 'emoji', 'hidden', 'markdown', 'href'] as const) delete now.page[key];
    Object.assign(now.page, own);
    now.page.slug = slugBack(now.siblings, was.page, now.page);
    setPaths(now.page, now.parent?.path ?? '');
    return { object: 'updated_page', page: id };
  }
  const present = new Set([...walk(rev.pages)].map(({ page }) => page.id));
  const copy = structuredClone(was.page);
  const keepGone = (pages: PageRec[]): PageRec[] => pages.filter((p) => !present.has(p.id)).map((p) => ({ ...p, pages: keepGone(p.pages) }));
  copy.pages = keepGone(copy.pages);
  const parent = was.parent ? (locate(rev, was.parent.id)?.page ?? null) : null;
  const siblings = parent ? parent.pages : rev.pages;
  // Before the first of its former next siblings still here, else at the end.
  const after = was.siblings.slice(was.siblings.indexOf(was.page) + 1).map((p) => siblings.findIndex((s) => s.id === p.id)).find((i) => i >= 0);
  copy.slug = slugBack(siblings, copy);
  attach(rev, copy, parent, after);
  return { object: 'created_page', page: id };
}

/** The slug a page had, when no other sibling took it meanwhile; else one derived from it. */
function slugBack(siblings: PageRec[], page: PageRec, self?: PageRec): string {
  if (page.type === 'link' || !siblings.some((s) => s !== self && s.type !== 'link' && s.slug === page.slug)) return page.slug;
  return freeSlug(siblings, undefined, page.slug || page.title, self);
}
