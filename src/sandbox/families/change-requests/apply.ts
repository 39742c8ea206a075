// A batch of content changes (ChangeRequestContentChange) applied to a copy
// of a change request's revision, in order; any invalid change rejects the
// whole batch (a 400 naming `changes[i]`) and nothing is kept. Refs of
// inserted pages and files resolve wherever they are used in the batch.
import { extname } from 'node:path';
import { MAX_INLINE_FILE_BYTES, type ContentChangeOperation } from '../../../api/operations/changeRequests.js';
import { SandboxError, badRequest } from '../../core/errors.js';
import { walk, type FileRec, type PageRec, type RevisionRec } from '../content/records.js';
import { leadingHeading, normalizeLinks, splitFrontMatter, type FrontMatter, type Refs } from './markdown.js';
import { attach, detach, freeSlug, locate } from './tree.js';

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
export function applyChanges(rev: RevisionRec, changes: ContentChange[], newId: () => string, now: string): Applied {
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
      if (c.operation === 'insert_files') insertedFiles.push(...insertFiles(rev, c, refs, now, newId));
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
        throw badRequest('revert_page is not supported by the sandbox (it keeps no page history)');
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

function insertFiles(rev: RevisionRec, c: ContentChange, refs: Refs, now: string, newId: () => string): FileRec[] {
  return required(c.files, 'files').map((f, j) => {
    const where = `files[${j}]`;
    if ((f.url === undefined) === (f.base64 === undefined)) throw badRequest(`${where}: set exactly one of "url" and "base64"`);
    let data = '';
    if (f.base64 !== undefined) {
      if (f.contentType === undefined) throw badRequest(`${where}: "contentType" is required with "base64"`);
      if (!BASE64.test(f.base64) || f.base64.length % 4 !== 0) throw badRequest(`${where}: "base64" is not base64 text`);
      const size = Buffer.byteLength(f.base64, 'base64');
      if (size > MAX_INLINE_FILE_BYTES) throw badRequest(`${where}: "${f.name}" has ${size} bytes; inline files hold at most ${MAX_INLINE_FILE_BYTES} (1 MB): send a "url"`);
      data = f.base64;
    }
    // The sandbox reaches no other host: a file sent by URL is stored with no bytes.
    const file: FileRec = {
      id: f.ref !== undefined ? refs.files.get(f.ref)! : newId(),
      name: f.name,
      contentType: f.contentType ?? TYPES[extname(f.name).toLowerCase()] ?? 'application/octet-stream',
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
