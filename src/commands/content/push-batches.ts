// content push, the batches: the plan's changes as the description's
// content changes, at most 50 a batch and 20 files an `insert_files`. A
// batch is built when the one before it has answered, so it names pages
// and files created earlier by their ids; within a batch a new page or file
// is named by its `ref`. A new page goes in a later batch than a new parent
// (`into` takes an id, not a ref). Links to a page created in a later batch
// are sent once that page exists (a last update of the linking page).
import { extname, posix } from 'node:path';
import { MAX_CONTENT_CHANGES, MAX_INLINE_FILE_BYTES, MAX_INSERTED_FILES } from '../../api/operations/changeRequests.js';
import { allOrNothing, type Scope } from '../../tasks/schedule.js';
import type { PageMeta } from './front-matter.js';
import { toPlatform } from './markdown-links.js';
import type { LocalPage } from './push-folder.js';
import type { Plan, PlanChange } from './push-plan.js';
import type { ApiPage } from './shared.js';

// The description's bounds, declared once with the operation.
const MAX_CHANGES = MAX_CONTENT_CHANGES;
const MAX_FILES = MAX_INSERTED_FILES;
export const MAX_INLINE_BYTES = MAX_INLINE_FILE_BYTES;

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

export type ApiChange = Record<string, unknown> & { operation: string };

/** What one batch's answer told: the ids of the pages and files it created, by ref. */
export interface BatchAnswer {
  pages: Map<string, string>;
  files: Map<string, string>;
}

/** Reads a batch's answer (`compat=false`): created pages by ref, inserted files in order. */
export function readAnswer(data: unknown, fileRefs: string[]): BatchAnswer {
  const out: BatchAnswer = { pages: new Map(), files: new Map() };
  const d = (data ?? {}) as { changes?: unknown; insertedFiles?: unknown };
  for (const c of Array.isArray(d.changes) ? d.changes : []) {
    const change = c as { object?: unknown; ref?: unknown; page?: unknown };
    const id = typeof change.page === 'string' ? change.page : (change.page as { id?: unknown } | undefined)?.id;
    if (change.object === 'created_page' && typeof change.ref === 'string' && typeof id === 'string') out.pages.set(change.ref, id);
  }
  const files = Array.isArray(d.insertedFiles) ? d.insertedFiles : [];
  fileRefs.forEach((ref, i) => {
    const id = (files[i] as { id?: unknown } | undefined)?.id;
    if (typeof id === 'string') out.files.set(ref, id);
  });
  return out;
}

/** Metadata fields for a page's document: the front matter's, and a value export wrote that is gone removed. */
function metaFields(meta: PageMeta, remote?: ApiPage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (meta.description !== undefined) out.description = meta.description;
  else if (typeof remote?.description === 'string' && remote.description !== '') out.description = '';
  if (meta.emoji !== undefined) out.emoji = meta.emoji;
  else if (typeof remote?.emoji === 'string' && remote.emoji !== '') out.emoji = '';
  if (meta.hidden !== undefined) out.hidden = meta.hidden;
  else if (remote?.hidden === true) out.hidden = false;
  return out;
}

/** Pages read at once ahead of their batch (through the one scheduler). */
const READ_AHEAD = 8;

/** The page whose text a change sends, when it is still unread (untouched since the export). */
const unread = (c: Plan['changes'][number]): LocalPage | undefined => ((c.op === 'insert' || (c.op === 'update' && c.document)) && c.local.load ? c.local : undefined);

/**
 * Builds the batches one at a time, from what the batches before answered.
 * A page left unread (untouched since the export) is read when a batch
 * needs it: the pages of the next batch are read while the one before is
 * in flight, never the whole folder's text at once before the first.
 */
export class Batcher {
  private next = 0;
  /** The reads of the next batch's pages, started as the batch before it was built. */
  private ahead: Promise<void> = Promise.resolve();
  /** A new page's key, a new file's name → its id, once created. */
  private readonly created = new Map<string, string>();
  private readonly fileIds: Map<string, string>;
  /** Pages whose links named a page not created yet: sent again at the end. */
  private readonly deferred = new Set<LocalPage>();
  private finalPass: LocalPage[] | undefined;
  private readonly byFile = new Map<string, LocalPage>();

  constructor(
    private readonly plan: Plan,
    pages: Map<string, LocalPage>,
    /** Where the reads ahead run (the command's signal). */
    private readonly scope: Scope,
  ) {
    this.fileIds = new Map(plan.fileIds);
    for (const [file, page] of pages) this.byFile.set(file, page);
  }

  /** A new page's id, once its batch answered. */
  createdPage(key: string): string | undefined {
    return this.created.get(key);
  }

  /** The id of the file of this name the pages link (a new one once its batch answered). */
  fileId(name: string): string | undefined {
    return this.fileIds.get(name);
  }

  get done(): boolean {
    return this.next >= this.plan.changes.length && (this.finalPass !== undefined ? this.finalPass.length === 0 : this.deferred.size === 0);
  }

  private idOf(key: string | null): string | undefined {
    if (key === null) return undefined;
    return key.startsWith('new:') ? this.created.get(key) : key;
  }

  /** The pages of the changes from the next one on (a batch's worth) still unread: read, several at once. */
  private readAhead(): Promise<void> {
    const pages = this.plan.changes.slice(this.next, this.next + MAX_CHANGES).flatMap((c) => unread(c) ?? []);
    return pages.length ? allOrNothing(this.scope, pages, READ_AHEAD, (page) => page.load!()).then(() => undefined) : Promise.resolve();
  }

  /**
   * The next batch: its changes, and the refs it gives (to read its answer).
   * The next one's pages are then read while this one is sent.
   */
  async build(): Promise<{ changes: ApiChange[]; pageRefs: Map<string, string>; fileRefs: string[]; fileNames: string[] }> {
    await this.ahead;
    if (this.next === 0) await this.readAhead();
    const batch = await this.make();
    // A read that fails is met by the next build (its page's load() fails again there).
    this.ahead = this.readAhead().catch(() => undefined);
    return batch;
  }

  private async make(): Promise<{ changes: ApiChange[]; pageRefs: Map<string, string>; fileRefs: string[]; fileNames: string[] }> {
    const changes: ApiChange[] = [];
    const pageRefs = new Map<string, string>(); // ref → key
    const keyRefs = new Map<string, string>(); // key → ref
    const fileRefs: string[] = [];
    const fileNames: string[] = [];
    const batchFiles = new Map<string, string>(); // name → ref
    const full = () => changes.length >= MAX_CHANGES;
    const document = (local: LocalPage): string => {
      let unresolved = false;
      const markdown = toPlatform(local.body!, local.target, (target) => {
        if (target.kind === 'file') {
          const name = posix.basename(target.path);
          const id = this.fileIds.get(name);
          if (id) return `/files/${id}`;
          return batchFiles.has(name) ? `./${batchFiles.get(name)}` : undefined;
        }
        if (target.kind !== 'page') return undefined;
        const page = this.byFile.get(target.path.toLowerCase());
        if (!page) return undefined;
        const id = this.plan.ids.get(page) ?? this.created.get(this.plan.keys.get(page) ?? '');
        if (id) return `/pages/${id}`;
        const ref = keyRefs.get(this.plan.keys.get(page) ?? '');
        if (ref) return `./${ref}.md`;
        unresolved = true;
        return undefined;
      });
      if (unresolved) this.deferred.add(local);
      else this.deferred.delete(local);
      return markdown;
    };

    while (this.next < this.plan.changes.length && !full()) {
      const c: PlanChange = this.plan.changes[this.next];
      if (c.op === 'file') {
        // Consecutive new files share one insert_files change.
        const files: Record<string, unknown>[] = [];
        while (this.next < this.plan.changes.length && files.length < MAX_FILES) {
          const f = this.plan.changes[this.next];
          if (f.op !== 'file') break;
          const ref = `docplat-file-${this.next + 1}`;
          const bytes = await f.asset.read();
          files.push({ ref, name: f.asset.name, contentType: TYPES[extname(f.asset.name).toLowerCase()] ?? 'application/octet-stream', base64: bytes.toString('base64') });
          batchFiles.set(f.asset.name, ref);
          fileRefs.push(ref);
          fileNames.push(f.asset.name);
          this.next++;
        }
        changes.push({ operation: 'insert_files', files });
        continue;
      }
      await unread(c)?.load!();
      if (c.op === 'insert') {
        if (c.parent !== null && this.idOf(c.parent) === undefined) break; // its parent is created in this batch
        const ref = `docplat-page-${c.key.slice(4)}`;
        keyRefs.set(c.key, ref);
        pageRefs.set(ref, c.key);
        const into = this.idOf(c.parent);
        changes.push({
          operation: 'insert_page',
          ref,
          title: c.local.title,
          // The first page's slug is '' (README.md): sent too, or the platform would derive one from its title.
          ...(c.slug !== undefined ? { slug: c.slug } : {}),
          ...(into ? { into } : {}),
          at: c.at,
          ...metaFields(c.local.meta ?? {}),
          document: { markdown: document(c.local) },
        });
      } else if (c.op === 'update') {
        if (c.move && c.move.parent !== null && this.idOf(c.move.parent) === undefined) break;
        changes.push({
          operation: 'update_page',
          page: c.id,
          ...(c.title !== undefined ? { title: c.title } : {}),
          ...(c.slug !== undefined ? { slug: c.slug } : {}),
          ...(c.move ? { into: this.idOf(c.move.parent) ?? null, at: c.move.at } : {}),
          ...(c.document ? { ...metaFields(c.local.meta ?? {}, c.remote), document: { markdown: document(c.local) } } : {}),
        });
      } else {
        changes.push({ operation: 'delete_page', page: c.id });
      }
      this.next++;
    }
    // Last: the pages whose links named pages that did not exist yet.
    if (this.next >= this.plan.changes.length && !full()) {
      this.finalPass ??= [...this.deferred];
      while (this.finalPass.length && !full()) {
        const local = this.finalPass[0];
        const id = this.plan.ids.get(local) ?? this.created.get(this.plan.keys.get(local) ?? '');
        if (!id) break; // created in this batch: updated in the next, once its id is known
        this.finalPass.shift();
        changes.push({ operation: 'update_page', page: id, document: { markdown: document(local) } });
      }
    }
    return { changes, pageRefs, fileRefs, fileNames };
  }

  /** Records what a batch created. */
  answered(batch: { pageRefs: Map<string, string>; fileRefs: string[]; fileNames: string[] }, answer: BatchAnswer): void {
    for (const [ref, key] of batch.pageRefs) {
      const id = answer.pages.get(ref);
      if (id) this.created.set(key, id);
    }
    batch.fileRefs.forEach((ref, i) => {
      const id = answer.files.get(ref);
      if (id) this.fileIds.set(batch.fileNames[i], id);
    });
  }
}
