// The content family: each space's current revision (its page tree and
// files), the revisions of change requests, import, links and backlinks
// computed from the Markdown, and the files' bytes served from the storage
// origin (../../storage.ts). A space's content is generated from its
// `content` number (records.ts) until something changes it; only changed
// revisions and change requests go to the state file.
//
// For other families (comments, change requests): page(), revision(),
// changeRequest(), changeRequests, update().
//
// Beside this file: records.ts (the records, and the content generated for
// them), render.ts (their JSON), handlers.ts (the operations), seed.ts (the
// demo change requests, a benchmark's pages), change-requests.ts (the change
// requests' records) and admin.ts (the admin actions of tests).
import { conflict, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject } from '../../core/persist.js';
import { APP_URL } from '../../core/reply.js';
import type { Families, Family, World } from '../../core/world.js';
import type { SpaceRec } from '../spaces/index.js';
import { contentAdmin, text } from './admin.js';
import { ChangeRequestRecords } from './change-requests.js';
import { cloneRevision, generatedRevision, walk, type ChangeRequestRec, type FileRec, type PageRec, type RevisionRec } from './records.js';
import type { ContentJson, Scope } from './records.js';
import { contentHandlers } from './handlers.js';
import { ContentViews } from './render.js';
import { seedBench, seedDemoContent } from './seed.js';

export type { ChangeRequestRec, FileRec, PageRec, RevisionRec } from './records.js';
export { DEMO_CHANGE_REQUEST_SPACE } from './change-requests.js';

/** Earlier revisions kept for each space (beside those change requests started from). */
const KEPT_REVISIONS = 20;

declare module '../../core/world.js' {
  interface Families {
    content: Content;
  }
}

export class Content implements Family {
  readonly name = 'content';
  readonly lower: Pick<Families, 'orgs' | 'spaces'>;
  readonly stored = new Map<string, RevisionRec>();
  readonly generated = new Map<string, RevisionRec>();
  /** Earlier revisions a change request started from, by revision id: kept as they were when the space changed. */
  private readonly history = new Map<string, { space: string; revision: RevisionRec }>();
  /** Every space's change requests (their records; the operations are the changeRequests family's). */
  readonly changeRequestRecords: ChangeRequestRecords;

  readonly views: ContentViews;
  readonly handlers: ReturnType<typeof contentHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('content', 'orgs', 'spaces');
    this.views = new ContentViews(this);
    this.handlers = contentHandlers(this, this.views);
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

  get spaces() {
    return this.lower.spaces;
  }

  now(): string {
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

  /**
   * A revision of a space by id: its current one, a change request's, or an
   * earlier one a change request started from; 404 when there is none.
   */
  revisionScope(spaceId: string, revisionId: string): Scope {
    const scope = this.scope(spaceId);
    if (scope.rev.id === revisionId) return scope;
    const cr = this.changeRequests(spaceId).find((c) => c.revision.id === revisionId);
    if (cr) return { space: scope.space, cr, rev: cr.revision };
    const kept = this.history.get(revisionId);
    if (kept?.space === spaceId) return { space: scope.space, rev: kept.revision };
    throw notFound(`No revision ${revisionId} in space ${spaceId}.`);
  }

  /** A revision of a space by id (its current one, a change request's, or one it had before), or undefined. */
  revisionIfKept(spaceId: string, revisionId: string): RevisionRec | undefined {
    try {
      return this.revisionScope(spaceId, revisionId).rev;
    } catch {
      return undefined;
    }
  }

  /** A page of a revision (as pageIndex() finds it); 404 when there is none. */
  pageIn(scope: Scope, pageId: string): PageRec {
    const page = this.pageIndex(scope.rev).get(pageId);
    if (!page) throw notFound(`No page ${pageId} in revision ${scope.rev.id} of space ${scope.space.id}.`);
    return page;
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

  scope(spaceId: string, changeRequestId?: string): Scope {
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

  scopeOf(req: { params: Record<string, string> }): Scope {
    return this.scope(req.params.spaceId, req.params.changeRequestId);
  }

  /**
   * Makes a scope's revision changeable: a space's generated revision
   * becomes stored, and the change gets a new revision id (the space's
   * `revision` follows).
   */
  change(scope: Scope, edit: (rev: RevisionRec) => void): RevisionRec {
    const { space, cr, rev } = scope;
    // Every revision a space had stays readable as it was: a change request's base (its diff, its merge and
    // rebase compare with it), and any other (revert_page takes a page back from it), the oldest unpinned
    // ones dropped past KEPT_REVISIONS a space.
    if (!cr) this.keep(space.id, rev);
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

  private keep(spaceId: string, rev: RevisionRec): void {
    this.history.set(rev.id, { space: spaceId, revision: cloneRevision(rev) });
    const mine = [...this.history.values()].filter((k) => k.space === spaceId && !this.changeRequestRecords.pins(spaceId, k.revision.id));
    for (const old of mine.slice(0, Math.max(0, mine.length - KEPT_REVISIONS))) this.history.delete(old.revision.id);
  }

  // ---- links and backlinks ----------------------------------------------------------------

  /** The links in a page's Markdown: `[text](target)`, images aside. */
  linksOf(scope: Scope, page: PageRec): { status: 'ok' | 'broken' | 'in-app'; target: Record<string, unknown> }[] {
    const out: { status: 'ok' | 'broken' | 'in-app'; target: Record<string, unknown> }[] = [];
    for (const m of (page.markdown ?? '').matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const href = m[1];
      if (href.startsWith('/')) {
        const path = href.slice(1).replace(/\.md$/, '');
        const target = [...walk(scope.rev.pages)].find(({ page: p }) => p.type !== 'link' && p.path === path)?.page;
        out.push(target ? { status: 'ok', target: { kind: 'url', url: this.views.appUrl(scope, target.path) } } : { status: 'broken', target: { kind: 'url', url: href } });
      } else if (href.startsWith(APP_URL)) {
        out.push({ status: 'in-app', target: { kind: 'url', url: href } });
      } else {
        out.push({ status: /\/gone\//.test(href) ? 'broken' : 'ok', target: { kind: 'url', url: href } });
      }
    }
    return out;
  }

  /** Pages whose Markdown refers to a file (by its asset path). */
  backlinksOf(scope: Scope, file: FileRec): PageRec[] {
    const ref = `.gitbook/assets/${file.name}`;
    return [...walk(scope.rev.pages)].map(({ page }) => page).filter((p) => p.markdown?.includes(ref));
  }

  // ---- admin (tests: renames, hostile paths): admin.ts ----------------------------------------

  readonly admin: ReturnType<typeof contentAdmin>;

  // ---- persistence -----------------------------------------------------------------------------

  toJSON(): ContentJson {
    return { revisions: Object.fromEntries(this.stored), changeRequests: this.changeRequestRecords.toJSON(), history: [...this.history.values()] };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    if (typeof data.revisions !== 'object' || data.revisions === null || Array.isArray(data.revisions)) throw new Error('"revisions" must be an object');
    for (const [space, rev] of Object.entries(data.revisions as Record<string, RevisionRec>)) {
      if (typeof rev !== 'object' || rev === null || !Array.isArray(rev.pages) || !Array.isArray(rev.files)) throw new Error(`revision of space ${space} must have pages and files`);
      this.stored.set(space, rev);
    }
    this.changeRequestRecords.load(data);
    // Written before earlier revisions were kept: none.
    for (const kept of Array.isArray(data.history) ? (data.history as ContentJson['history'])! : []) {
      if (typeof kept?.space !== 'string' || !Array.isArray(kept.revision?.pages) || !Array.isArray(kept.revision.files)) throw new Error('"history" must hold {space, revision} with pages and files');
      this.history.set(kept.revision.id, kept);
    }
  }

  // ---- seeds -----------------------------------------------------------------------------------

  seed(seed: SeedName, extra: number, extras: Record<string, number> = {}): void {
    if (seed === 'demo') seedDemoContent(this);
    if (extra > 0 || (extras.contentLargeFileMB ?? 0) > 0) seedBench(this, extra, extras.contentLargeFileMB ?? 0);
  }

}

export const contentFamily = (world: World): Content => new Content(world);
