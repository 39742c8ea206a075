// Change requests of a space, and the batch of content changes that authors
// one. Not in the API reference (its "not shown"); from the public OpenAPI
// description 0.202.0 (operationIds listChangeRequestsForSpace,
// listChangeRequestsForOrganization, createChangeRequest,
// getChangeRequestById, updateChangeRequestById, mergeChangeRequest,
// updateChangeRequest, getChangeRequestChanges, updateChangeRequestContent,
// getContributorsByChangeRequestId, the reviews (getReviewsByChangeRequestId,
// submitChangeRequestReview, getChangeRequestReviewById) and the requested
// reviewers (getRequestedReviewersByChangeRequestId,
// requestReviewersForChangeRequest)).
import { MAX_LIMIT, op } from '../operation.js';
import { arr, bool, any, id, nullable, num, obj, oneOf, required, str, uri } from '../schema.js';
import { CONTENT_FORMATS } from '../enums.js';
import { JSON_DOCUMENT } from './documents.js';
import { TEMPLATE } from './templates.js';

const SOURCE = 'openapi 0.202.0';
const CRS = '/spaces/{spaceId}/change-requests';
const CR = `${CRS}/{changeRequestId}`;

/** ChangeRequestStatus. */
export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
/** The statuses an update may set (merged only comes from a merge). */
export const CHANGE_REQUEST_SETTABLE = ['draft', 'open', 'archived'] as const;
/** ChangeRequestOrderBy. */
export const CHANGE_REQUEST_ORDERS = ['updatedAt', 'createdAt'] as const;
/** The `result` of a merge. */
export const MERGE_RESULTS = ['merge', 'conflicts'] as const;
/** The `result` of bringing a change request up to date with its space (updateChangeRequest). */
export const REBASE_RESULTS = ['update', 'conflicts'] as const;
/** ChangeRequestReviewStatus. */
export const REVIEW_STATUSES = ['approved', 'changes-requested'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** ChangeRequestSubject. */
const SUBJECT = str({ max: 100 });

// ---- content changes (ChangeRequestContentChange) ------------------------------------------

/** The operations of a content change; `revert_page` is in the description too. */
export const CONTENT_CHANGE_OPERATIONS = ['update_page', 'insert_page', 'delete_page', 'revert_page', 'insert_files'] as const;
export type ContentChangeOperation = (typeof CONTENT_CHANGE_OPERATIONS)[number];
/** At most this many changes in one request. */
export const MAX_CONTENT_CHANGES = 50;
/** At most this many files in one `insert_files` change. */
export const MAX_INSERTED_FILES = 20;
/** Inline (`base64`) bytes of one file: "max 1MB". */
export const MAX_INLINE_FILE_BYTES = 1024 * 1024;
/** The base64 text of MAX_INLINE_FILE_BYTES bytes. */
const MAX_BASE64 = Math.ceil(MAX_INLINE_FILE_BYTES / 3) * 4;

/** Document: `{markdown}`, `{document}` (a JSON document) or `{}`. */
const DOCUMENT = obj({ markdown: str(), document: any() });

/** A file of `insert_files`: a name and exactly one source, `url` or `base64` (with `contentType`). */
const INSERTED_FILE = obj({
  ref: str(),
  name: required(str({ min: 1, max: 256 })),
  contentType: str(),
  url: uri({ max: 2048 }),
  base64: str({ max: MAX_BASE64 }),
});

/**
 * One change. The description's variants are one object per `operation`; the
 * table holds their fields side by side (each with its bounds) and the
 * variant's own required fields are checked where the change is applied.
 */
export const CONTENT_CHANGE = obj({
  operation: required(oneOf(CONTENT_CHANGE_OPERATIONS)),
  // update_page, delete_page, revert_page: the page's id.
  page: id(),
  // RevisionPageUpdate (update_page and insert_page).
  title: str({ min: 1 }),
  slug: str({ max: 100 }),
  emoji: str({ max: 50 }),
  icon: str({ max: 50 }),
  description: str(),
  hidden: bool(),
  noIndex: bool(),
  noRobotsIndex: bool(),
  condition: str(),
  document: DOCUMENT,
  // update_page: null moves to the root; insert_page: a page id.
  into: nullable(id()),
  at: num({ integer: true, min: 0 }),
  // insert_page: a name other changes of the batch may link to.
  ref: str(),
  // revert_page.
  revision: id(),
  block: arr(str()),
  // insert_files.
  files: arr(INSERTED_FILE, { minItems: 1, maxItems: MAX_INSERTED_FILES }),
});

/** The filters both listings take. */
const WHO = { creator: id(), contributor: id(), requestedReviewer: id(), topic: id(), orderBy: oneOf(CHANGE_REQUEST_ORDERS) };

export const CHANGE_REQUESTS_OPERATIONS = {
  'changeRequests.list': op('changeRequests.list', `GET ${CRS}`, {
    paginated: true,
    query: { status: oneOf(CHANGE_REQUEST_STATUSES), ...WHO },
    source: SOURCE,
  }),
  // Every space of the organization the caller can see; `status` is a list here (default: open).
  'changeRequests.listForOrg': op('changeRequests.listForOrg', 'GET /orgs/{organizationId}/change-requests', {
    paginated: true,
    // styleguideRun and finding (OpenAPI 0.202.0): checked; the sandbox runs no style guide, so they filter nothing.
    query: { status: arr(oneOf(CHANGE_REQUEST_STATUSES)), space: id(), site: id(), styleguideRun: str(), finding: oneOf(['none', 'all']), ...WHO },
    source: SOURCE,
  }),
  'changeRequests.create': op('changeRequests.create', `POST ${CRS}`, {
    body: { subject: SUBJECT, template: TEMPLATE },
    bodySent: true,
    source: SOURCE,
  }),
  'changeRequests.get': op('changeRequests.get', `GET ${CR}`, { source: SOURCE }),
  'changeRequests.update': op('changeRequests.update', `PATCH ${CR}`, {
    body: {
      subject: SUBJECT,
      description: JSON_DOCUMENT,
      links: arr(obj({ id: id(), ref: required(any()), title: str() }), { maxItems: 10 }),
      status: oneOf(CHANGE_REQUEST_SETTABLE),
    },
    bodyRequired: true,
    // The description also allows 204 with `Prefer: return=minimal`; docplat asks for the representation.
    success: [200, 204],
    source: SOURCE,
  }),
  // Merging a merged change request changes nothing more: safe to resend.
  'changeRequests.merge': op('changeRequests.merge', `POST ${CR}/merge`, { safe: true, success: [200], source: SOURCE }),
  // Takes the space's content merged since the change request started; a resend has nothing more to take.
  'changeRequests.rebase': op('changeRequests.rebase', `POST ${CR}/update`, { safe: true, success: [200], source: SOURCE }),
  'changeRequests.changes': op('changeRequests.changes', `GET ${CR}/changes`, {
    query: { limit: num({ integer: true, min: 1, max: MAX_LIMIT }) },
    source: SOURCE,
  }),
  // Applies a batch atomically; each batch of `content push` is built so that sending it twice is harmless.
  'changeRequests.updateContent': op('changeRequests.updateContent', `POST ${CR}/content`, {
    query: { compat: bool() },
    body: { changes: required(arr(CONTENT_CHANGE, { minItems: 1, maxItems: MAX_CONTENT_CHANGES })) },
    success: [200],
    source: SOURCE,
  }),
  'changeRequests.contributors': op('changeRequests.contributors', `GET ${CR}/contributors`, { paginated: true, source: SOURCE }),
  'changeRequests.reviews': op('changeRequests.reviews', `GET ${CR}/reviews`, { paginated: true, query: { outdated: bool(), format: oneOf(CONTENT_FORMATS) }, source: SOURCE }),
  'changeRequests.reviews.get': op('changeRequests.reviews.get', `GET ${CR}/reviews/{reviewId}`, { query: { format: oneOf(CONTENT_FORMATS) }, source: SOURCE }),
  // A review is a new record each time (the reviewer's earlier ones become outdated): not safe to resend.
  'changeRequests.reviews.create': op('changeRequests.reviews.create', `POST ${CR}/reviews`, {
    body: { status: required(oneOf(REVIEW_STATUSES)), comment: DOCUMENT },
    bodyRequired: true,
    source: SOURCE,
  }),
  'changeRequests.reviewers': op('changeRequests.reviewers', `GET ${CR}/requested-reviewers`, { paginated: true, source: SOURCE }),
  // Requesting a reviewer already requested asks again (the same state): safe to resend.
  'changeRequests.reviewers.add': op('changeRequests.reviewers.add', `POST ${CR}/requested-reviewers`, {
    body: { users: required(arr(id(), { minItems: 1 })), subject: SUBJECT, description: JSON_DOCUMENT },
    safe: true,
    success: [200],
    source: SOURCE,
  }),
};
