// The change requests of each space, as records of the content family: each
// holds its own revision (a copy of the space's when it started) and a
// digest of that starting revision, which merge and the semantic diff
// compare against. A seeded space's change requests are generated on first
// use from its counters (so the counters and the records always agree, for
// every space); the demo space's first two carry real edits (records.ts).
import { createHash } from 'node:crypto';
import { DAY, iso } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { Draws } from '../../core/ids.js';
import { records } from '../../core/persist.js';
import type { World } from '../../core/world.js';
import type { SpaceRec } from '../spaces/index.js';
import { changeRequestRevisions, cloneRevision, walk, type BasePage, type ChangeRequestRec, type ChangeRequestStatus, type PageRec, type RevisionRec } from './records.js';

/** The title of the demo space whose first two change requests carry edits. */
export const DEMO_CHANGE_REQUEST_SPACE = 'Getting Started';

const SUBJECTS = [
  'Update the quickstart',
  'Document the new settings',
  'Reword the FAQ',
  'Add troubleshooting steps',
  'Fix broken links',
  'Rename the guides section',
  'Describe the API limits',
  'Clarify authentication',
];

export interface ChangeRequestCounters {
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
}

/** A page's own fields (children aside) as one digest: equal digests, same page. */
export function pageHash(page: PageRec): string {
  const own = [page.title, page.type, page.slug, page.description ?? '', page.emoji ?? '', page.markdown ?? '', page.href ?? '', page.hidden === true];
  return createHash('sha1').update(JSON.stringify(own)).digest('base64url');
}

/** The digest of a revision's pages (with their parents) and its file ids. */
export function baseOf(rev: RevisionRec): { base: BasePage[]; baseFiles: string[] } {
  const base = [...walk(rev.pages)].map(({ page, parent }) => ({ id: page.id, hash: pageHash(page), parent: parent?.id ?? null, title: page.title, type: page.type, path: page.path }));
  return { base, baseFiles: rev.files.map((f) => f.id) };
}

export class ChangeRequestRecords {
  private readonly bySpace = new Map<string, ChangeRequestRec[]>();

  constructor(
    private readonly world: World,
    /** A space's current revision. */
    private readonly current: (space: SpaceRec) => RevisionRec,
  ) {}

  /** The change requests of a space by number (generated from its counters on first use). */
  of(space: SpaceRec): ChangeRequestRec[] {
    let list = this.bySpace.get(space.id);
    if (!list) {
      list = this.generate(space, []);
      this.bySpace.set(space.id, list);
    }
    return list;
  }

  /** By id or number; 404 when the space has none such. */
  find(space: SpaceRec, idOrNumber: string): ChangeRequestRec {
    const cr = this.of(space).find((c) => c.id === idOrNumber || String(c.number) === idOrNumber);
    if (!cr) throw notFound(`No change request ${idOrNumber} in space ${space.id}.`);
    return cr;
  }

  /** A new change request starting from the space's current revision. */
  create(space: SpaceRec, subject: string, status: ChangeRequestStatus = 'open'): ChangeRequestRec {
    const list = this.of(space);
    const cr = this.record(space, list.length + 1, subject, status, this.current(space), this.world.clock.nowIso());
    list.push(cr);
    this.world.cache.changed(true, space);
    return cr;
  }

  /** Whether a change request of the space (among those made so far) started from, or was rebased onto, this revision. */
  pins(spaceId: string, revisionId: string): boolean {
    return this.bySpace.get(spaceId)?.some((cr) => cr.baseRevision === revisionId) ?? false;
  }

  /** The space's counters: from its records once they exist, else the seeded numbers they are generated from. */
  counters(space: SpaceRec): ChangeRequestCounters {
    const list = this.bySpace.get(space.id);
    if (!list) return { changeRequests: space.changeRequests, changeRequestsOpen: space.changeRequestsOpen, changeRequestsDraft: space.changeRequestsDraft };
    return {
      changeRequests: list.length,
      changeRequestsOpen: list.filter((c) => c.status === 'open').length,
      changeRequestsDraft: list.filter((c) => c.status === 'draft').length,
    };
  }

  /** The demo space's change requests: the two with edits first (by `authors`, when given), then the rest of its counters. */
  seedDemo(space: SpaceRec, authors: (string | undefined)[] = []): void {
    const base = this.current(space);
    const time = Date.parse(base.createdAt) + 3 * DAY;
    const edited = changeRequestRevisions(base, () => this.world.nextId(), time).map(({ subject, revision }, i) => {
      const cr = this.record(space, i + 1, subject, 'open', base, iso(time + i * DAY));
      cr.revision = revision;
      cr.createdBy = authors[i] ?? cr.createdBy;
      return cr;
    });
    this.bySpace.set(space.id, this.generate(space, edited));
  }

  /**
   * The records of a space from its counters: `fixed` first, then older
   * ones merged or archived, then drafts, then open ones, so the counts
   * match (the open count grows to hold open fixed ones).
   */
  private generate(space: SpaceRec, fixed: ChangeRequestRec[]): ChangeRequestRec[] {
    const open = Math.max(0, space.changeRequestsOpen - fixed.filter((c) => c.status === 'open').length);
    const draft = space.changeRequestsDraft;
    const total = Math.max(space.changeRequests - fixed.length, open + draft);
    if (total === 0) return fixed;
    const base = this.current(space);
    const draws = new Draws(space.content + 11);
    const list = [...fixed];
    for (let i = 0; i < total; i++) {
      const status: ChangeRequestStatus = i >= total - open ? 'open' : i >= total - open - draft ? 'draft' : i % 3 === 2 ? 'archived' : 'merged';
      const created = iso(draws.time(20, Date.parse(base.createdAt)));
      const cr = this.record(space, list.length + 1, SUBJECTS[(space.content + i) % SUBJECTS.length], status, base, created);
      if (status === 'merged') Object.assign(cr, { mergedAt: created, mergedBy: cr.createdBy, revisionMerged: base.id });
      list.push(cr);
    }
    return list;
  }

  private record(space: SpaceRec, number: number, subject: string, status: ChangeRequestStatus, base: RevisionRec, time: string): ChangeRequestRec {
    const revision = cloneRevision(base);
    revision.id = this.world.nextId();
    revision.parents = [base.id];
    revision.createdAt = time;
    return {
      id: this.world.nextId(),
      number,
      space: space.id,
      subject,
      revision,
      status,
      createdAt: time,
      updatedAt: time,
      createdBy: this.world.userId,
      baseRevision: base.id,
      ...baseOf(base),
    };
  }

  // ---- persistence -----------------------------------------------------------------------------

  toJSON(): ChangeRequestRec[] {
    return [...this.bySpace.values()].flat();
  }

  /** Records of a state file; those written before change requests had operations get the fields they lack. */
  load(data: Record<string, unknown>): void {
    for (const cr of records<ChangeRequestRec>(data, 'changeRequests', ['space'])) {
      const time = cr.revision?.createdAt ?? this.world.clock.nowIso();
      const filled: ChangeRequestRec = {
        ...cr,
        status: cr.status ?? 'open',
        createdAt: cr.createdAt ?? time,
        updatedAt: cr.updatedAt ?? time,
        createdBy: cr.createdBy ?? this.world.userId,
        baseRevision: cr.baseRevision ?? cr.revision?.parents?.[0] ?? '',
        base: cr.base ?? [],
        baseFiles: cr.baseFiles ?? [],
      };
      const list = this.bySpace.get(cr.space) ?? [];
      list.push(filled);
      this.bySpace.set(cr.space, list);
    }
  }
}
