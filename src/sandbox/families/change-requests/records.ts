// The changeRequests family's records, the operations' inputs and what every part
// of the family shares.
import type { ChangeRequestStatus } from '../../../api/operations/changeRequests.js';
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
