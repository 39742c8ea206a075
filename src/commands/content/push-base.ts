// content push, three ways: the export's manifest is the base. A page is
// "changed here" when the folder differs from what the export wrote (its
// text's hash, its title, its place in SUMMARY.md), "changed there" when the
// space's page is not the one the export read (its updatedAt, title or
// parent). Only what changed here is sent; what changed only there is kept
// (never reverted); what changed on both sides differently is a conflict,
// and the push stops before anything is sent (--force sends the folder as it
// is, after naming what it overwrites). A folder without a manifest of this
// space has no base: it is pushed as it is.
import type { ApiFile } from '../files/download.js';
import type { Manifest, ManifestPlace } from './export-folder.js';
import type { ApiPage } from './shared.js';

export interface Conflict {
  /** The page's id in the space. */
  id: string;
  /** Its file here (or its title, for a group or a link). */
  path: string;
  what: string;
  /** When the space's page last changed (to find who changed it). */
  updatedAt?: string;
}

/** Where a page stands among the pages the base had: its parent's id and the base page before it. */
export interface Place {
  parent: string | null;
  after: string | null;
}

export class Base {
  private constructor(
    readonly manifest: Manifest,
    /** --force: the folder is sent as it is (the base only tells what it overwrites). */
    readonly force: boolean,
    /** The change request pushed into (its id or number, as typed). */
    private readonly into?: string,
  ) {}

  /** The base of a push into `spaceId` (and change request), when the folder's manifest is an export of it. */
  static of(m: Manifest | undefined, where: { spaceId: string; changeRequest?: string }, force: boolean): Base | undefined {
    if (!m || m.space !== where.spaceId || (m.changeRequest && m.changeRequest !== where.changeRequest)) return undefined;
    return new Base(m, force, where.changeRequest);
  }

  /** What an earlier push sent of a page into the change request this one goes into: the base there. */
  private pushedHere(id: string) {
    const p = this.manifest.pages[id]?.pushed;
    return p && this.into !== undefined && (p.to === this.into || String(p.number) === this.into) ? p : undefined;
  }

  /** Whether the export had this page (a manifest written before places were recorded knows documents only: a group or link counts as had). */
  had(id: string, page?: ApiPage): boolean {
    if (!this.manifest.tree && page && (page.type ?? 'document') !== 'document') return true;
    return this.manifest.tree?.[id] !== undefined || this.manifest.pages[id] !== undefined;
  }

  place(id: string): ManifestPlace | undefined {
    return this.manifest.tree?.[id];
  }

  /** Whether the space's page changed since the export read it (a page the export did not have is new there). */
  changedThere(page: ApiPage): boolean {
    const pushed = this.pushedHere(page.id);
    // (Its updatedAt unknown: changed, as far as the base can tell; the text then tells.)
    if (pushed) return pushed.updatedAt === null || pushed.updatedAt !== (page.updatedAt ?? null);
    const was = this.manifest.tree?.[page.id]?.updatedAt ?? this.manifest.pages[page.id]?.updatedAt;
    if (was === undefined) return !this.manifest.tree && (page.type ?? 'document') !== 'document' ? false : !this.had(page.id);
    return was !== (page.updatedAt ?? null) || (this.place(page.id)?.title ?? page.title) !== page.title;
  }

  /** The text the export wrote for a page, by its hash. */
  sha256(id: string): string | undefined {
    return this.pushedHere(id)?.sha256 ?? this.manifest.pages[id]?.sha256;
  }

  /** The file the export wrote for a page. */
  path(id: string): string | undefined {
    return this.manifest.pages[id]?.path;
  }

  /** The hash of the asset the export wrote at `path` (lower case), and its size. */
  asset(path: string): { sha256?: string; size: number; mtimeMs?: number; id: string } | undefined {
    this.assets ??= new Map(Object.entries(this.manifest.files ?? {}).flatMap(([id, f]) => (typeof f?.path === 'string' ? [[f.path.toLowerCase(), { sha256: f.sha256, size: f.size, mtimeMs: f.mtimeMs, id }]] : [])));
    return this.assets.get(path);
  }

  private assets?: Map<string, { sha256?: string; size: number; mtimeMs?: number; id: string }>;

  /** The remote files the export wrote that the folder no longer has (a file cannot be deleted by a change request). */
  goneFiles(files: ApiFile[], local: Set<string>): ApiFile[] {
    const remote = new Map(files.map((f) => [f.id, f]));
    return Object.entries(this.manifest.files ?? {}).flatMap(([id, f]) => (typeof f?.path === 'string' && !local.has(f.path.toLowerCase()) && remote.has(id) ? [remote.get(id)!] : []));
  }
}

/** A page's place in a tree of ids: its parent and the sibling before it that the base had (pages new here do not count). */
export function placeIn(siblings: string[], index: number, parent: string | null, had: (id: string) => boolean): Place {
  for (let i = index - 1; i >= 0; i--) if (had(siblings[i])) return { parent, after: siblings[i] };
  return { parent, after: null };
}

/** The places of the space's pages now, by id. */
export function remotePlaces(tree: ApiPage[]): Map<string, Place> {
  const out = new Map<string, Place>();
  const add = (pages: ApiPage[], parent: string | null) =>
    pages.forEach((p, i) => {
      out.set(p.id, { parent, after: i ? pages[i - 1].id : null });
      add(p.pages ?? [], p.id);
    });
  add(tree, null);
  return out;
}

export const samePlace = (a: Place | undefined, b: Place | undefined) => !!a && !!b && a.parent === b.parent && a.after === b.after;
