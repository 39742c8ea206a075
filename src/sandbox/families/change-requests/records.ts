// The changeRequests family's records, the operations' inputs and what every part
// of the family shares.
import type { ChangeRequestStatus, ReviewStatus } from '../../../api/operations/changeRequests.js';
import type { PageQuery } from '../../core/paging.js';
import { findPage, type BasePage, type ChangeRequestRec, type PageRec } from '../content/records.js';

export interface ListQuery extends PageQuery {
  status?: ChangeRequestStatus;
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
  topic?: string;
  orderBy?: 'updatedAt' | 'createdAt';
}

export interface UpdateBody {
  subject?: string;
  status?: 'draft' | 'open' | 'archived';
}

/** A page of the change request, or of the revision it started from. */
export function findIn(cr: ChangeRequestRec, id: string): PageRec | BasePage | undefined {
  return findPage(cr.revision, id) ?? cr.base.find((b) => b.id === id);
}

// ---- reviews (the family's own records) ------------------------------------------------------

/** A review of a change request (ChangeRequestReview). */
export interface ReviewRec {
  id: string;
  space: string;
  /** The change request's id. */
  changeRequest: string;
  reviewer: string;
  /** Who had asked the reviewer for it, when someone had. */
  requestedBy?: string;
  status: ReviewStatus;
  /** The change request's revision the review was made against. */
  revision: string;
  /** A later review by the same reviewer, or a new request to them, supersedes it. */
  outdated: boolean;
  /** The id of the review's comment, when it has one (the comments family holds it). */
  comment?: string;
  createdAt: string;
  updatedAt: string;
}

/** A reviewer asked for (ChangeRequestRequestedReviewer, kind user), until they review. */
export interface RequestRec {
  space: string;
  changeRequest: string;
  user: string;
  requestedBy: string;
  revision: string;
  createdAt: string;
}

/** Who sent content changes to a change request (ChangeRequestUserContributor, actionType edit). */
export interface ContributorRec {
  changeRequest: string;
  user: string;
  count: number;
  updatedAt: string;
}

export interface ReviewsJson {
  reviews: ReviewRec[];
  requests: RequestRec[];
  contributors: ContributorRec[];
}

export interface ReviewBody {
  status: ReviewStatus;
  comment?: { markdown?: string; document?: unknown };
}

export interface ReviewersBody {
  users: string[];
  subject?: string;
}

export interface OrgListQuery extends Omit<ListQuery, 'status'> {
  status?: ChangeRequestStatus[];
  space?: string;
  site?: string;
}
