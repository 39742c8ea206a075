// The content family: each space's current revision (its page tree and
// files), the revisions of change requests, import, links and backlinks
// computed from the Markdown, and the files' bytes served from the storage
// origin (../../storage.ts). A space's content is generated from its
// `content` number (model.ts) until something changes it; only changed
// revisions and change requests go to the state file.
//
// For other families (comments, change requests): page(), revision(),
// changeRequest(), changeRequests, update().
import { conflict, notFound } from '../../core/errors.js';
import { type SeedName } from '../../core/ids.js';
import type { PageQuery } from '../../core/paging.js';
import { familyObject } from '../../core/persist.js';
import { APP_URL, byId, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Families, Family, Handlers, World } from '../../core/world.js';
import type { SpaceRec } from '../spaces/index.js';
import { linkStats, slug } from '../spaces/content.js';
import { contentAdmin, text } from './admin.js';
import { ChangeRequestRecords, DEMO_CHANGE_REQUEST_SPACE } from './change-requests.js';
import {
  PNG_DIMENSIONS,
  benchRevision,
  documentPage,
  generatedRevision,
  walk,
  type ChangeRequestRec,
  type FileRec,
  type PageRec,
  type RevisionRec,
} from './model.js';

export type { ChangeRequestRec, FileRec, PageRec, RevisionRec } from './model.js';
export { DEMO_CHANGE_REQUEST_SPACE } from './change-requests.js';

declare module '../../core/world.js' {
  interface Families {
    content: Content;
  }
}

interface ContentJson {
  /** Revisions that changed since they were generated, by space id. */
  revisions: Record<string, RevisionRec>;
  changeRequests: ChangeRequestRec[];
}

/** Where a request reads: a space's current revision, or a change request's. */
interface Scope {
  space: SpaceRec;
  cr?: ChangeRequestRec;
  rev: RevisionRec;
}

type ContentReq<Q = Record<string, unknown>, B = Record<string, unknown>> = Req<Q & { format?: 'document' | 'markdown' }, B>;

const LAYOUT = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};

export class Content implements Family {
  readonly name = 'content';
  private readonly lower: Pick<Families, 'orgs' | 'spaces'>;
  private readonly stored = new Map<string, RevisionRec>();
  private readonly generated = new Map<string, RevisionRec>();
  /** Every space's change requests (their records; the operations are the changeRequests family's). */
  readonly changeRequestRecords: ChangeRequestRecords;

  constructor(private readonly world: World) {
    this.lower = world.lower('content', 'orgs', 'spaces');
    this.changeRequestRecords = new ChangeRequestRecords(world, (space) => this.scope(space.id).rev);
    this.admin = contentAdmin(world, (body, apply) => {
      let result: unknown;
      const rev = this.update(text(body, 'spaceId'), body.changeRequestId === undefined ? undefined : text(body, 'changeRequestId'), (r) => (result = apply(r)));
      return { ...(result as object), revision: rev.id };
    });
  }

  /** A space's JSON counts its change requests. */
  attach(): void {
    this.lower.spaces.views.countWith((space) => this.changeRequestRecords.counters(space));
  }

  private get spaces() {
    return this.lower.spaces;
  }

  private now(): string {
    return this.world.clock.nowIso();
  }

  // ---- lookups (also for other families) -----------------------------------------------

  /** A space's current revision (generated on first use). */
  revision(spaceId: string, changeRequestId?: string): RevisionRec {
    return this.scope(spaceId, changeRequestId).rev;
  }

  /** A change request of a space by id or number; 404 when the space has none such. */
  changeRequest(spaceId: string, idOrNumber: string): ChangeRequestRec {
    return this.changeRequestRecords.find(this.activeSpace(spaceId), idOrNumber);
  }

  /** The change requests of a space, by number. */
  changeRequests(spaceId: string): readonly ChangeRequestRec[] {
    return this.changeRequestRecords.of(this.spaces.space(spaceId));
  }

  /** Changes a space's revision, or a change request's: `apply` edits it in place, and it gets a new id. */
  update(spaceId: string, changeRequestId: string | undefined, apply: (rev: RevisionRec) => void): RevisionRec {
    return this.change(this.scope(spaceId, changeRequestId), apply);
  }

  /** A page of a space's revision (or a change request's), by id; 404 when there is none. Has at least id, title, path. */
  page(spaceId: string, pageId: string, changeRequestId?: string): PageRec {
    const page = this.pageIndex(this.revision(spaceId, changeRequestId)).get(pageId);
    if (!page) throw notFound(`No page ${pageId} in ${changeRequestId ? `change request ${changeRequestId} of ` : ''}space ${spaceId}.`);
    return page;
  }

  /** A file of a revision, by id; 404 when there is none. */
  revisionFile(spaceId: string, fileId: string, changeRequestId?: string): FileRec {
    const file = this.revision(spaceId, changeRequestId).files.find((f) => f.id === fileId);
    if (!file) throw notFound(`No file ${fileId} in ${changeRequestId ? `change request ${changeRequestId} of ` : ''}space ${spaceId}.`);
    return file;
  }

  /** Pages by id, built once per revision id (every change gives the revision a new id). */
  private readonly indexes = new WeakMap<RevisionRec, { id: string; pages: Map<string, PageRec> }>();

  private pageIndex(rev: RevisionRec): Map<string, PageRec> {
    let index = this.indexes.get(rev);
    if (!index || index.id !== rev.id) {
      index = { id: rev.id, pages: new Map([...walk(rev.pages)].map(({ page }) => [page.id, page])) };
      this.indexes.set(rev, index);
    }
    return index.pages;
  }

  private activeSpace(id: string): SpaceRec {
    const space = this.spaces.space(id);
    if (space.deletedAt) throw conflict(`Space ${id} is deleted: restore it before you read its content.`);
    return space;
  }

  private scope(spaceId: string, changeRequestId?: string): Scope {
    const space = this.activeSpace(spaceId);
    if (changeRequestId !== undefined) {
      const cr = this.changeRequest(spaceId, changeRequestId);
      return { space, cr, rev: cr.revision };
    }
    let rev = this.stored.get(space.id) ?? this.generated.get(space.id);
    if (!rev) {
      rev = generatedRevision(space);
      this.generated.set(space.id, rev);
    }
    return { space, rev };
  }

  private scopeOf(req: { params: Record<string, string> }): Scope {
    return this.scope(req.params.spaceId, req.params.changeRequestId);
  }

  /**
   * Makes a scope's revision changeable: a space's generated revision
   * becomes stored, and the change gets a new revision id (the space's
   * `revision` follows).
   */
  private change(scope: Scope, edit: (rev: RevisionRec) => void): RevisionRec {
    const { space, cr, rev } = scope;
    edit(rev);
    const previous = rev.id;
    rev.id = this.world.nextId();
    rev.parents = [previous];
    rev.createdAt = this.now();
    if (!cr) {
      this.generated.delete(space.id);
      this.stored.set(space.id, rev);
      space.revision = rev.id;
      space.updatedAt = rev.createdAt;
      this.world.cache.changed(false, space);
    }
    return rev;
  }

  // ---- renderers -----------------------------------------------------------------------------

  private appUrl(scope: Scope, path = ''): string {
    const base = `${APP_URL}/o/${scope.space.org}/s/${scope.space.id}`;
    return scope.cr ? `${base}/~/changes/${scope.cr.number}/${path}` : `${base}/${path}`;
  }

  /** A page as the tree and the page read give it; `format` adds the content. */
  pageObject(scope: Scope, page: PageRec, format?: 'document' | 'markdown'): Record<string, unknown> {
    const base = { id: page.id, title: page.title, ...(page.emoji ? { emoji: page.emoji } : {}), ...(page.hidden ? { hidden: true } : {}), createdAt: page.createdAt, updatedAt: page.updatedAt };
    const children = () => page.pages.map((p) => this.pageObject(scope, p));
    if (page.type === 'link') return { ...base, kind: 'link', type: 'link', target: { kind: 'url', url: page.href ?? '' }, href: page.href ?? '' };
    if (page.type === 'group') return { ...base, kind: 'group', type: 'group', slug: page.slug, path: page.path, pages: children() };
    const content = format === 'markdown' ? { markdown: page.markdown ?? '' } : format === 'document' ? { document: documentOf(page.markdown ?? '') } : {};
    return {
      ...base,
      kind: 'sheet',
      type: 'document',
      urls: { app: this.appUrl(scope, page.path) },
      slug: page.slug,
      path: page.path,
      ...(page.description !== undefined ? { description: page.description } : {}),
      documentId: `dc${page.id.slice(2)}`,
      pages: children(),
      layout: LAYOUT,
      tags: [],
      ...content,
    };
  }

  fileObject(scope: Scope, file: FileRec): Record<string, unknown> {
    // The name goes in the query: a path segment of dots would be read as a step up by URL parsers.
    const query = `?name=${encodeURIComponent(file.name)}${scope.cr ? `&changeRequest=${encodeURIComponent(scope.cr.id)}` : ''}`;
    return {
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      downloadURL: `${this.world.storageUrl}/files/${encodeURIComponent(scope.space.id)}/${encodeURIComponent(file.id)}${query}`,
      size: file.size,
      ...(file.kind === 'png' ? { dimensions: PNG_DIMENSIONS } : {}),
    };
  }

  private revisionObject(scope: Scope): Record<string, unknown> {
    const { rev } = scope;
    return {
      object: 'revision',
      id: rev.id,
      parents: rev.parents,
      pages: rev.pages.map((p) => this.pageObject(scope, p)),
      files: rev.files.map((f) => this.fileObject(scope, f)),
      reusableContents: [],
      tags: [],
      createdAt: rev.createdAt,
      urls: { app: this.appUrl(scope) },
      type: 'edits',
    };
  }

  /** A page as a content location (a link's source, a file's backlink). */
  private pageLocation(scope: Scope, page: PageRec, api: string): Record<string, unknown> {
    const orgs = this.lower.orgs;
    return {
      kind: 'page',
      organization: orgs.orgObject(orgs.org(scope.space.org), api),
      space: JSON.parse(this.spaces.json(scope.space, api).toString('utf8')),
      // As the platform gives it in a location: the page alone, with its content.
      page: { ...this.pageObject(scope, page, 'markdown'), pages: [] },
    };
  }

  // ---- links and backlinks ----------------------------------------------------------------

  /** The links in a page's Markdown: `[text](target)`, images aside. */
  private linksOf(scope: Scope, page: PageRec): { status: 'ok' | 'broken' | 'in-app'; target: Record<string, unknown> }[] {
    const out: { status: 'ok' | 'broken' | 'in-app'; target: Record<string, unknown> }[] = [];
    for (const m of (page.markdown ?? '').matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const href = m[1];
      if (href.startsWith('/')) {
        const path = href.slice(1).replace(/\.md$/, '');
        const target = [...walk(scope.rev.pages)].find(({ page: p }) => p.type !== 'link' && p.path === path)?.page;
        out.push(target ? { status: 'ok', target: { kind: 'url', url: this.appUrl(scope, target.path) } } : { status: 'broken', target: { kind: 'url', url: href } });
      } else if (href.startsWith(APP_URL)) {
        out.push({ status: 'in-app', target: { kind: 'url', url: href } });
      } else {
        out.push({ status: /\/gone\//.test(href) ? 'broken' : 'ok', target: { kind: 'url', url: href } });
      }
    }
    return out;
  }

  /** Pages whose Markdown refers to a file (by its asset path). */
  private backlinksOf(scope: Scope, file: FileRec): PageRec[] {
    const ref = `.gitbook/assets/${file.name}`;
    return [...walk(scope.rev.pages)].map(({ page }) => page).filter((p) => p.markdown?.includes(ref));
  }

  // ---- operations ----------------------------------------------------------------------------

  private importContent(req: Req<object, { url: string; source: string }>): Reply {
    const scope = this.scopeOf(req);
    this.lower.orgs.require(scope.space.org, 'edit', 'import content');
    const url = new URL(req.body.url);
    const title = `Imported from ${url.hostname}`;
    const base = slug(`${url.hostname}${url.pathname}`) || 'imported';
    const taken = new Set([...walk(scope.rev.pages)].map(({ page }) => page.path));
    let path = base;
    for (let i = 2; taken.has(path); i++) path = `${base}-${i}`;
    const rev = this.change(scope, (r) => r.pages.push(documentPage(this.world.nextId(), title, path, this.now(), `# ${title}\n\nImported (${req.body.source}) from ${req.body.url}.\n`)));
    // No operation of the table reads a revision by id: its URL is built here (not locationOf()).
    const location = `${req.api}/spaces/${scope.space.id}/revisions/${rev.id}`;
    return { status: 201, body: jsonBody({ revision: rev.id, importedResources: 1, totalResources: 1 }), headers: { location } };
  }

  private readonly read = {
    get: (req: ContentReq) => {
      const scope = this.scopeOf(req);
      return ok(this.revisionObject(scope));
    },
    pages: (req: ContentReq) => {
      const scope = this.scopeOf(req);
      return ok({ pages: scope.rev.pages.map((p) => this.pageObject(scope, p)) });
    },
    page: (req: ContentReq) => {
      const scope = this.scopeOf(req);
      return ok(this.pageObject(scope, this.page(scope.space.id, req.params.pageId, req.params.changeRequestId), req.query.format ?? 'document'));
    },
    links: (req: ContentReq<PageQuery & { status?: string }>) => {
      const scope = this.scopeOf(req);
      const page = this.page(scope.space.id, req.params.pageId, req.params.changeRequestId);
      const links = this.linksOf(scope, page);
      const items = links.map((link, i) => ({ link, key: String(i) })).filter((x) => req.query.status === undefined || x.link.status === req.query.status);
      const location = this.pageLocation(scope, page, req.api);
      return list(
        req.query,
        items,
        (x) => x.key,
        (x) => jsonBody({ status: x.link.status, relation: 'reference', targetReference: x.link.target, locationReferences: [location] }),
        { extra: { stats: linkStats(links) } },
      );
    },
    files: (req: ContentReq<PageQuery>) => {
      const scope = this.scopeOf(req);
      return list(req.query, scope.rev.files, byId, (f) => jsonBody(this.fileObject(scope, f)));
    },
    file: (req: ContentReq) => {
      const scope = this.scopeOf(req);
      return ok(this.fileObject(scope, this.revisionFile(scope.space.id, req.params.fileId, req.params.changeRequestId)));
    },
    backlinks: (req: ContentReq<PageQuery>) => {
      const scope = this.scopeOf(req);
      const file = this.revisionFile(scope.space.id, req.params.fileId, req.params.changeRequestId);
      return list(req.query, this.backlinksOf(scope, file), byId, (p) => jsonBody(this.pageLocation(scope, p, req.api)));
    },
    import: (req: Req<object, { url: string; source: string }>) => this.importContent(req),
  };

  readonly handlers = {
    'content.get': this.read.get,
    'content.get.cr': this.read.get,
    'content.import': this.read.import,
    'content.import.cr': this.read.import,
    'pages.list': this.read.pages,
    'pages.list.cr': this.read.pages,
    'pages.get': this.read.page,
    'pages.get.cr': this.read.page,
    'pages.links': this.read.links,
    'pages.links.cr': this.read.links,
    'files.list': this.read.files,
    'files.list.cr': this.read.files,
    'files.get': this.read.file,
    'files.get.cr': this.read.file,
    'files.backlinks': this.read.backlinks,
    'files.backlinks.cr': this.read.backlinks,
  } satisfies Handlers;

  // ---- admin (tests: renames, hostile paths): admin.ts ----------------------------------------

  readonly admin: ReturnType<typeof contentAdmin>;

  // ---- persistence -----------------------------------------------------------------------------

  toJSON(): ContentJson {
    return { revisions: Object.fromEntries(this.stored), changeRequests: this.changeRequestRecords.toJSON() };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    if (typeof data.revisions !== 'object' || data.revisions === null || Array.isArray(data.revisions)) throw new Error('"revisions" must be an object');
    for (const [space, rev] of Object.entries(data.revisions as Record<string, RevisionRec>)) {
      if (typeof rev !== 'object' || rev === null || !Array.isArray(rev.pages) || !Array.isArray(rev.files)) throw new Error(`revision of space ${space} must have pages and files`);
      this.stored.set(space, rev);
    }
    this.changeRequestRecords.load(data);
  }

  // ---- seeds -----------------------------------------------------------------------------------

  seed(seed: SeedName, extra: number, extras: Record<string, number> = {}): void {
    if (seed === 'demo') this.demo();
    if (extra > 0 || (extras.contentLargeFileMB ?? 0) > 0) this.bench(extra, extras.contentLargeFileMB ?? 0);
  }

  /** Change requests with edits in the demo space "Getting Started" of Acme (when both exist). */
  private demo(): void {
    const acme = this.lower.orgs.byTitle('Acme Docs');
    const space = acme && this.spaces.orgSpaces(acme.id).find((s) => s.title === DEMO_CHANGE_REQUEST_SPACE);
    if (space) this.changeRequestRecords.seedDemo(space);
  }

  /**
   * For benchmarks: the first space of the first organization gets `pages`
   * pages (when > 0) and a file of `largeMB` MB named large.bin (when > 0),
   * whose bytes are generated as they stream.
   */
  private bench(pages: number, largeMB: number): void {
    const org = this.lower.orgs.firstOrg;
    const space = org ? this.spaces.orgSpaces(org)[0] : undefined;
    if (!space) return;
    const time = space.updatedAt;
    const rev = pages > 0 ? benchRevision(space.revision, pages, time) : this.scope(space.id).rev;
    if (largeMB > 0) {
      rev.files.push({ id: 'large0file0000000000', name: 'large.bin', contentType: 'application/octet-stream', kind: 'bin', size: Math.round(largeMB * 1024 * 1024), seed: 42, updatedAt: time });
    }
    this.generated.delete(space.id);
    this.stored.set(space.id, rev);
  }
}

/** A minimal JSON document: one paragraph per non-empty line of the Markdown. */
function documentOf(markdown: string): Record<string, unknown> {
  const nodes = markdown
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }] }));
  return { object: 'document', data: {}, nodes };
}

export const contentFamily = (world: World): Content => new Content(world);
