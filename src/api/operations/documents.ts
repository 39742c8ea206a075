// What the operations that take or answer a document share: a JSON document
// as the description's JSONDocument has it, and the query of a page read.
import { any, arr, obj, oneOf, required } from '../schema.js';

/** A JSON document (OpenAPI 0.202.0 JSONDocument): `{object: "document", data, nodes}`. */
export const JSON_DOCUMENT = obj({ object: required(oneOf(['document'])), data: required(obj({})), nodes: required(arr(any())) });

/** How a page's document is read (OpenAPI 0.202.0: documentMarkdownRefsFormat, documentEvaluated, documentDereferenced); checked, the sandbox's answer is the same. */
export const DOCUMENT_READ = {
  'format.markdown.refs': oneOf(['relative', 'stable']),
  evaluated: oneOf(['true', 'false', 'deterministic-only']),
  dereferenced: oneOf(['true', 'false', 'reusable-contents']),
};
