// What the operations that take or answer a document share: a JSON document
// as the description's JSONDocument has it, and the query of a page read.
import { arr, num, obj, oneOf, required, str } from '../schema.js';

/** A top-level node of a document: a block (OpenAPI 0.202.0 DocumentBlocksTopLevels); what is inside it is not checked. */
const BLOCK = obj({ object: required(oneOf(['block'])), type: required(str()) });

/** A JSON document (OpenAPI 0.202.0 JSONDocument): `{object: "document", data, nodes, meta}`. */
export const JSON_DOCUMENT = obj({
  object: required(oneOf(['document'])),
  data: required(obj({ schemaVersion: num({ integer: true }) })),
  nodes: required(arr(BLOCK)),
  meta: obj({ token: str() }),
});

/** How a page's document is read (OpenAPI 0.202.0: documentMarkdownRefsFormat, documentEvaluated, documentDereferenced); checked, the sandbox's answer is the same. */
export const DOCUMENT_READ = {
  'format.markdown.refs': oneOf(['relative', 'stable']),
  evaluated: oneOf(['true', 'false', 'deterministic-only']),
  dereferenced: oneOf(['true', 'false', 'reusable-contents']),
};
