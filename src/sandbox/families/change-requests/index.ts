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
// Beside this file: records.ts (the operations' inputs), render.ts (their
// JSON), handlers.ts (the operations), and what they build on: apply.ts (a
// batch of content changes), merge.ts, markdown.ts and tree.ts.
import { conflict } from '../../core/errors.js';
import type { Families, Family, World } from '../../core/world.js';
import type { ChangeRequestRec } from '../content/records.js';
import type { SpaceRec } from '../spaces/index.js';
import { changeRequestsHandlers } from './handlers.js';
import { ChangeRequestsViews } from './render.js';

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

  constructor(readonly world: World) {
    this.lower = world.lower('changeRequests', 'content', 'orgs', 'spaces');
    this.views = new ChangeRequestsViews(this);
    this.handlers = changeRequestsHandlers(this, this.views);
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

  writable(cr: ChangeRequestRec, action: string): void {
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`Change request ${cr.number} is ${cr.status}: it cannot ${action}.`);
  }

  // ---- persistence ----

  // The records are the content family's: nothing of its own to store or seed.
  toJSON(): Record<string, never> {
    return {};
  }

  load(): void {}

  seed(): void {}
}

export const changeRequestsFamily = (world: World): ChangeRequests => new ChangeRequests(world);
