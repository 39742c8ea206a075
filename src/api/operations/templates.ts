// Space templates (OpenAPI ApplySpaceTemplate): what a new space, or a
// change request, is filled from.
import { any, map, obj, required, str } from '../schema.js';

/** `{id, params?: {contentRefs?: {<name>: ContentRef}}}`. */
export const TEMPLATE = obj({ id: required(str({ min: 1 })), params: obj({ contentRefs: map(any()) }) });
