// Comments and their replies, on a space and (`.cr`) on a change request.
import { COMMENT_STATUSES, CONTENT_FORMATS, ORDERS } from '../enums.js';
import { op, underChangeRequest } from '../operation.js';
import { arr, bool, id, obj, oneOf, required, str } from '../schema.js';
import { JSON_DOCUMENT } from './documents.js';

const COMMENTS = '/spaces/{spaceId}/comments';
const COMMENT = `${COMMENTS}/{commentId}`;
const REPLY = `${COMMENT}/replies/{commentReplyId}`;

/** A JSON document (OpenAPI JSONDocument): `{object: "document", data, nodes}`. */
/** A comment's body (OpenAPI Document): `{markdown}`, `{document}` (a JSON document) or the empty object. */
const BODY = obj({ markdown: str(), document: JSON_DOCUMENT });
/** The table cell a comment is on (OpenAPI 0.202.0 TableCellTarget): checked; the sandbox keeps no table. */
const TABLE_CELL = obj({ record: required(str()), definition: required(str()) });
const FORMAT = { format: oneOf(CONTENT_FORMATS) };
/** A reaction is an emoji (the description's Emoji: at most 50 characters, format emoji). */
const EMOJI = str({ max: 50, format: 'emoji' });
const REACTIONS = { addedReactions: arr(EMOJI), removedReactions: arr(EMOJI) };

const SPACE_COMMENTS = {
  'comments.list': op('comments.list', `GET ${COMMENTS}`, {
    paginated: true,
    query: { order: oneOf(ORDERS), status: oneOf(COMMENT_STATUSES), ...FORMAT, targetPage: id(), authors: arr(id()) },
  }),
  // The reference answers 200 (not 201) to a create.
  'comments.create': op('comments.create', `POST ${COMMENTS}`, {
    body: { node: str(), page: str(), body: required(BODY), tableCell: TABLE_CELL },
    rules: [{ kind: 'needs', field: 'node', needs: 'page', why: 'a node is a block of a page' }],
    success: [200],
  }),
  'comments.get': op('comments.get', `GET ${COMMENT}`, { query: FORMAT }),
  'comments.update': op('comments.update', `PUT ${COMMENT}`, {
    body: { resolved: bool(), body: BODY, ...REACTIONS },
    bodyRequired: true,
  }),
  'comments.delete': op('comments.delete', `DELETE ${COMMENT}`),
  'replies.list': op('replies.list', `GET ${COMMENT}/replies`, { paginated: true, query: FORMAT }),
  'replies.create': op('replies.create', `POST ${COMMENT}/replies`, { body: { body: required(BODY) }, success: [200] }),
  'replies.get': op('replies.get', `GET ${REPLY}`, { query: FORMAT }),
  'replies.update': op('replies.update', `PUT ${REPLY}`, { body: { body: BODY, ...REACTIONS }, bodyRequired: true }),
};

const { 'replies.create.cr': replyCreateCr, 'replies.update.cr': replyUpdateCr, ...CR_COMMENTS } = underChangeRequest(SPACE_COMMENTS);

export const COMMENTS_OPERATIONS = {
  ...SPACE_COMMENTS,
  ...CR_COMMENTS,
  // Under a change request, creating a reply also takes `format`.
  'replies.create.cr': { ...replyCreateCr, query: { ...replyCreateCr.query, ...FORMAT } },
  // The reference's "same rows" include it, but its "Endpoints left open" calls it not shown; OpenAPI 0.130.0 has it,
  // and 0.202.0 takes the comment's update body (UpdateCommentSchema): `resolved` resolves or reopens the comment.
  'replies.update.cr': { ...replyUpdateCr, body: { ...replyUpdateCr.body, resolved: bool() }, source: 'openapi 0.130.0' },
};
