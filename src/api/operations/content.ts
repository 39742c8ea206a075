// Space content: the revision, import, pages, files and their links, in a
// space and (`.cr`) in a change request. Search is in spaces.ts.
import { CONTENT_FORMATS, IMPORT_SOURCES, LINK_STATUSES } from '../enums.js';
import { op, underChangeRequest } from '../operation.js';
import { bool, oneOf, required, uri } from '../schema.js';
import { DOCUMENT_READ } from './documents.js';

const CONTENT = '/spaces/{spaceId}/content';

/** Common conventions 5: content reads may skip mutable git metadata and computed content. */
const READ = { metadata: bool(), computed: bool() };

const SPACE_CONTENT = {
  'content.get': op('content.get', `GET ${CONTENT}`, { query: READ }),
  'content.import': op('content.import', `POST ${CONTENT}/import`, {
    body: { url: required(uri()), source: required(oneOf(IMPORT_SOURCES)) },
  }),
  'pages.list': op('pages.list', `GET ${CONTENT}/pages`, { query: READ }),
  'pages.get': op('pages.get', `GET ${CONTENT}/page/{pageId}`, { query: { format: oneOf(CONTENT_FORMATS), ...DOCUMENT_READ, ...READ } }),
  'pages.links': op('pages.links', `GET ${CONTENT}/page/{pageId}/links`, {
    paginated: true,
    query: { status: oneOf(LINK_STATUSES) },
  }),
  'files.list': op('files.list', `GET ${CONTENT}/files`, { paginated: true, query: READ }),
  'files.get': op('files.get', `GET ${CONTENT}/files/{fileId}`, { query: READ }),
  'files.backlinks': op('files.backlinks', `GET ${CONTENT}/files/{fileId}/backlinks`, { paginated: true }),
};

export const CONTENT_OPERATIONS = {
  ...SPACE_CONTENT,
  ...underChangeRequest(SPACE_CONTENT),
  // getPageInRevisionById (public OpenAPI description 0.202.0): a page as it was in a revision (a change request's base).
  'revisions.page': op('revisions.page', 'GET /spaces/{spaceId}/revisions/{revisionId}/page/{pageId}', {
    query: { format: oneOf(CONTENT_FORMATS), ...DOCUMENT_READ, ...READ },
    source: 'openapi 0.202.0',
  }),
};
