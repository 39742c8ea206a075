// The change-requests family: the operations on a space's change requests
// (list, get, create, update, merge, the semantic changes) and the batch of
// content changes that authors one, as the public OpenAPI description
// 0.202.0 has them. The records (each with its own revision) are the content
// family's (content/change-requests.ts); this family sits above it.
//
// Merge: a change request that started from the space's current revision
// becomes the space's content; otherwise each page it changed is carried
// over, and a page the space changed as well is a conflict. The description
// says a conflicting merge "was still applied"; here it is not applied and
// the change request stays open, which is what a CI job must detect (the
// description leaves open what the space holds after such a merge).
//
// Rebase (updateChangeRequest): the same carrying over onto the space's
// current revision, kept in the change request, which then starts from it;
// when the space changed a page the change request changed too, nothing
// changes and the answer is "conflicts".
//
// Reviews, requested reviewers and contributors are this family's own
// records (reviews.ts, with their rules); every request runs as its token's
// user, so who created, edited, reviewed and merged is who did it.
//
// Beside this file: records.ts (the records and the operations' inputs),
// render.ts (their JSON), handlers.ts (the operations), reviews.ts, and what
// they build on: apply.ts (a batch of content changes), merge.ts,
// markdown.ts and tree.ts.
import { conflict } from '../../core/errors.js';
import { familyObject } from '../../core/persist.js';
import type { Families, Family, World } from '../../core/world.js';
import type { ChangeRequestRec } from '../content/records.js';
import type { SpaceRec } from '../spaces/index.js';
import { fetchFileUrl, type Fetched } from './file-urls.js';
import { changeRequestsHandlers } from './handlers.js';
import type { ListQuery, OrgListQuery, ReviewsJson } from './records.js';
import { ChangeRequestsViews } from './render.js';
import { Reviews } from './reviews.js';

declare module '../../core/world.js' {
  interface Families {
    changeRequests: ChangeRequests;
  }
}

export class ChangeRequests implements Family {
  readonly name = 'changeRequests';
  private readonly lower: Pick<Families, 'content' | 'orgs' | 'spaces'>;

  readonly views: ChangeRequestsViews;
  readonly handlers: ReturnType<typeof changeRequestsHandlers>;
  readonly reviews: Reviews;
  /** insert_files may fetch from private and reserved addresses (SandboxOptions.allowPrivateFileUrls). */
  allowPrivateFileUrls = false;

  constructor(readonly world: World) {
    this.lower = world.lower('changeRequests', 'content', 'orgs', 'spaces');
    this.reviews = new Reviews(world, () => this.orgs);
    this.views = new ChangeRequestsViews(this);
    this.handlers = changeRequestsHandlers(this, this.views);
  }

  get spaces() {
    return this.lower.spaces;
  }

  get content() {
    return this.lower.content;
  }

  get orgs() {
    return this.lower.orgs;
  }

  spaceOf(req: { params: Record<string, string> }, min: 'read' | 'edit', action: string): SpaceRec {
    const space = this.lower.spaces.space(req.params.spaceId);
    this.orgs.require(this.orgs.org(space.org).id, min, action);
    this.content.revision(space.id); // a deleted space's content is a 409
    return space;
  }

  one(req: { params: Record<string, string> }, min: 'read' | 'edit', action: string): { space: SpaceRec; cr: ChangeRequestRec } {
    const space = this.spaceOf(req, min, action);
    return { space, cr: this.content.changeRequest(space.id, req.params.changeRequestId) };
  }

  touch(space: SpaceRec, cr: ChangeRequestRec): void {
    cr.updatedAt = this.world.clock.nowIso();
    this.world.cache.changed(false, space);
  }

  /** The test of a listing's filters: its statuses, who created, edited or is asked to review it (no site topics here: a topic matches none). */
  matching(q: Omit<ListQuery, 'status'>, statuses: readonly string[]): (cr: ChangeRequestRec) => boolean {
    return (cr) =>
      statuses.includes(cr.status) &&
      (q.creator === undefined || cr.createdBy === q.creator) &&
      (q.contributor === undefined || this.reviews.contributed(cr, q.contributor)) &&
      (q.requestedReviewer === undefined || this.reviews.awaits(cr, q.requestedReviewer)) &&
      q.topic === undefined;
  }

  /** Newest first by `orderBy` (default updatedAt), then by number. */
  ordered(items: ChangeRequestRec[], orderBy: ListQuery['orderBy'] = 'updatedAt'): ChangeRequestRec[] {
    return items.sort((a, b) => b[orderBy].localeCompare(a[orderBy]) || b.number - a.number || a.space.localeCompare(b.space));
  }

  /**
   * The change requests of every space of an organization the caller sees,
   * as the organization's listing filters them; a space whose counters say
   * it has none of the statuses asked for is not read.
   */
  inOrg(org: string, q: OrgListQuery): { spaces: Map<string, SpaceRec>; items: ChangeRequestRec[] } {
    const statuses = q.status ?? ['open'];
    const key = `org-change-requests:${org}:${this.world.userId}:${JSON.stringify([statuses, q.space, q.site, q.creator, q.contributor, q.requestedReviewer, q.topic, q.orderBy])}`;
    return this.world.cache.memo(key, () => {
      const spaces = new Map<string, SpaceRec>();
      const items: ChangeRequestRec[] = [];
      for (const space of this.spaces.orgSpaces(org)) {
        if ((q.space !== undefined && space.id !== q.space) || q.site !== undefined || !this.reviews.roleIn(space, this.world.userId)) continue;
        const n = this.content.changeRequestRecords.counters(space);
        const closed = n.changeRequests - n.changeRequestsOpen - n.changeRequestsDraft;
        const counts: Record<string, number> = { open: n.changeRequestsOpen, draft: n.changeRequestsDraft, merged: closed, archived: closed };
        if (!statuses.some((s) => counts[s] > 0)) continue;
        spaces.set(space.id, space);
        items.push(...this.content.changeRequests(space.id).filter(this.matching(q, statuses)));
      }
      return { spaces, items: this.ordered(items, q.orderBy) };
    });
  }

  /** A batch's files sent by `url`, fetched (file-urls.ts) before the batch is applied: each file object → its bytes. */
  async prepare(operation: string, req: { body: Record<string, unknown> }): Promise<Map<object, Fetched> | undefined> {
    if (operation !== 'changeRequests.updateContent' || !Array.isArray(req.body.changes)) return undefined;
    const fetched = new Map<object, Fetched>();
    const changes = req.body.changes as { operation?: string; files?: { url?: string }[] }[];
    for (const [i, change] of changes.entries()) {
      if (change.operation !== 'insert_files' || !Array.isArray(change.files)) continue;
      for (const [j, file] of change.files.entries()) {
        if (typeof file.url === 'string') fetched.set(file, await fetchFileUrl(file.url, `changes[${i}].files[${j}]`, this.allowPrivateFileUrls));
      }
    }
    return fetched.size ? fetched : undefined;
  }

  writable(cr: ChangeRequestRec, action: string): void {
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`Change request ${cr.number} is ${cr.status}: it cannot ${action}.`);
  }

  // ---- persistence ----

  // The change requests are the content family's records; reviews, requests and contributors are this family's.
  toJSON(): ReviewsJson {
    return this.reviews.toJSON();
  }

  load(json: unknown): void {
    this.reviews.load(familyObject(json));
  }

  seed(): void {}
}

export const changeRequestsFamily = (world: World): ChangeRequests => new ChangeRequests(world);
