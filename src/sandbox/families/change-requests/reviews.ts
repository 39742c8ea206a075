// Reviews of change requests, the reviewers asked for, and who edited each
// (public OpenAPI description 0.202.0): the family's own records and their
// rules.
//
// - Who may review: a requested reviewer (any role that sees the space), or
//   anyone with the review role or above in the space ("Only users who are
//   requested reviewers or have space review permissions can submit a
//   review"). The author never reviews their own change request (the
//   description leaves it open; as on GitHub, an approval is another
//   person's). Only an open change request takes a review: a draft is not
//   ready for one, a merged or archived one is over.
// - A review leaves the change request's status as it was (with the
//   organization's merge rules `none`, as in the demo, "change requests can be
//   merged without review"); it fulfils the reviewer's request, and makes the
//   reviewer's earlier reviews outdated ("superseded by a newer review
//   request or submission"), as a new request to them does.
// - Requesting reviewers moves a draft into review (open); it takes members
//   of the organization who see the space, never the author.
import { badRequest, conflict, forbidden, notFound } from '../../core/errors.js';
import { atLeast, higher } from '../../core/roles.js';
import type { World } from '../../core/world.js';
import type { ChangeRequestRec } from '../content/records.js';
import type { Orgs } from '../orgs/index.js';
import type { SpaceRec } from '../spaces/index.js';
import type { ContributorRec, RequestRec, ReviewBody, ReviewRec, ReviewsJson } from './records.js';

/** Posts and renders the comment of a review: the comments family, above this one, sets it (its attach()). */
export interface ReviewComments {
  post(space: SpaceRec, cr: ChangeRequestRec, review: string, body: NonNullable<ReviewBody['comment']>): string;
  json(space: SpaceRec, cr: ChangeRequestRec, id: string, api: string): Record<string, unknown> | undefined;
}

export class Reviews {
  private readonly reviews: ReviewRec[] = [];
  private readonly requests: RequestRec[] = [];
  private readonly contributors: ContributorRec[] = [];
  comments?: ReviewComments;

  constructor(
    private readonly world: World,
    private readonly orgs: () => Orgs,
  ) {}

  /** A user's role in a space: their organization role, raised by a grant of the space. */
  roleIn(space: SpaceRec, user: string): ReturnType<Orgs['roleIn']> {
    const member = this.orgs().findMember(space.org, user)?.member;
    return member ? (higher(member.role, member.grants?.[space.id]) ?? null) : undefined;
  }

  of(cr: ChangeRequestRec, outdated?: boolean): ReviewRec[] {
    return this.reviews.filter((r) => r.changeRequest === cr.id && (outdated === undefined || r.outdated === outdated)).reverse();
  }

  one(cr: ChangeRequestRec, id: string): ReviewRec {
    const review = this.reviews.find((r) => r.changeRequest === cr.id && r.id === id);
    if (!review) throw notFound(`No review ${id} of change request ${cr.number}.`);
    return review;
  }

  requested(cr: ChangeRequestRec): RequestRec[] {
    return this.requests.filter((r) => r.changeRequest === cr.id);
  }

  /** Whether `user` was asked to review `cr` and has not yet. */
  awaits(cr: ChangeRequestRec, user: string): boolean {
    return this.requests.some((r) => r.changeRequest === cr.id && r.user === user);
  }

  editors(cr: ChangeRequestRec): ContributorRec[] {
    return this.contributors.filter((c) => c.changeRequest === cr.id);
  }

  /** Whether `user` made `cr` or sent it content changes. */
  contributed(cr: ChangeRequestRec, user: string): boolean {
    return cr.createdBy === user || this.contributors.some((c) => c.changeRequest === cr.id && c.user === user);
  }

  /** The caller sent content changes to `cr`. */
  edited(cr: ChangeRequestRec): void {
    const user = this.world.userId;
    const now = this.world.clock.nowIso();
    const had = this.contributors.find((c) => c.changeRequest === cr.id && c.user === user);
    if (had) Object.assign(had, { count: had.count + 1, updatedAt: now });
    else this.contributors.push({ changeRequest: cr.id, user, count: 1, updatedAt: now });
  }

  /** The caller's review of `cr`, after every rule has passed. */
  submit(space: SpaceRec, cr: ChangeRequestRec, body: ReviewBody): ReviewRec {
    const me = this.world.userId;
    if (cr.createdBy === me) throw forbidden(`You created change request ${cr.number}: its author cannot review it.`);
    if (cr.status !== 'open') {
      throw conflict(cr.status === 'draft' ? `Change request ${cr.number} is a draft: request a review (or set it open) before reviewing it.` : `Change request ${cr.number} is ${cr.status}: it cannot be reviewed.`);
    }
    const request = this.requests.find((r) => r.changeRequest === cr.id && r.user === me);
    if (!request && !atLeast(this.roleIn(space, me), 'review')) {
      throw forbidden(`You need the review role in space ${space.id}, or a request to review, to review change request ${cr.number}; your role there is ${this.roleIn(space, me) ?? 'guest'}.`);
    }
    const comment = body.comment;
    if (comment && typeof comment.markdown !== 'string' && comment.document === undefined) throw badRequest('"comment" must hold "markdown" or "document".');
    const now = this.world.clock.nowIso();
    const id = this.world.nextId();
    // The comment first: a body the comments refuse leaves everything as it was.
    const posted = comment ? this.comments?.post(space, cr, id, comment) : undefined;
    this.supersede(cr, me, now);
    const review: ReviewRec = {
      id,
      space: space.id,
      changeRequest: cr.id,
      reviewer: me,
      ...(request ? { requestedBy: request.requestedBy } : {}),
      status: body.status,
      revision: cr.revision.id,
      outdated: false,
      createdAt: now,
      updatedAt: now,
    };
    if (posted !== undefined) review.comment = posted;
    this.reviews.push(review);
    if (request) this.requests.splice(this.requests.indexOf(request), 1);
    return review;
  }

  /** The caller asks `users` to review `cr` (again, for one already asked); a draft goes into review. */
  request(space: SpaceRec, cr: ChangeRequestRec, users: string[]): RequestRec[] {
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`Change request ${cr.number} is ${cr.status}: no review can be requested.`);
    users.forEach((user, i) => {
      const name = `users[${i}]`;
      if (!this.orgs().user(user)) throw badRequest(`${name}: no user ${user}.`);
      if (user === cr.createdBy) throw badRequest(`${name}: user ${user} created change request ${cr.number}: its author cannot review it.`);
      if (this.roleIn(space, user) === undefined || this.roleIn(space, user) === null) throw badRequest(`${name}: user ${user} cannot see space ${space.id} (not a member of its organization, nor given the space).`);
    });
    const now = this.world.clock.nowIso();
    return [...new Set(users)].map((user) => {
      const had = this.requests.findIndex((r) => r.changeRequest === cr.id && r.user === user);
      if (had >= 0) this.requests.splice(had, 1);
      this.supersede(cr, user, now);
      const request: RequestRec = { space: space.id, changeRequest: cr.id, user, requestedBy: this.world.userId, revision: cr.revision.id, createdAt: now };
      this.requests.push(request);
      if (cr.status === 'draft') cr.status = 'open';
      return request;
    });
  }

  private supersede(cr: ChangeRequestRec, user: string, now: string): void {
    for (const r of this.reviews) {
      if (r.changeRequest === cr.id && r.reviewer === user && !r.outdated) Object.assign(r, { outdated: true, updatedAt: now });
    }
  }

  // ---- persistence ----

  toJSON(): ReviewsJson {
    return { reviews: this.reviews, requests: this.requests, contributors: this.contributors };
  }

  load(data: Record<string, unknown>): void {
    const list = <T>(key: keyof ReviewsJson): T[] => {
      const value = data[key];
      if (value === undefined) return [];
      if (!Array.isArray(value) || value.some((x) => typeof x !== 'object' || x === null || typeof (x as { changeRequest?: unknown }).changeRequest !== 'string')) {
        throw new Error(`"${key}" must be a list of records with a changeRequest`);
      }
      return value as T[];
    };
    this.reviews.push(...list<ReviewRec>('reviews'));
    this.requests.push(...list<RequestRec>('requests'));
    this.contributors.push(...list<ContributorRec>('contributors'));
  }
}
