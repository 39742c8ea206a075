// Every URL in the sandbox's answers is built here, each part encoded: a
// resource's API URL (`urls.location`, the Location of a 201) is the path of
// an operation of the table on it, so that the router answers it; the others
// (`urls.app`, `urls.published`, a file's `downloadURL`, ...) are a fixed base
// and path segments that may come from users (a site's basename, a section's
// path, a page's path, a file's name), so that every one is a URI.
import { OPERATIONS, type OperationId } from '../../api/operations/index.js';

export interface UrlParts {
  /** Query parameters, in order; undefined ones are left out. */
  query?: Readonly<Record<string, string | undefined>>;
  /** A final `/` after the last segment (as the app's and published URLs have). */
  slash?: boolean;
  /** A fragment (`#section`). */
  hash?: string;
}

/**
 * `base` (an origin and a fixed path, no trailing slash) followed by each
 * segment, encoded: a segment holding `/` (a page's path) is its parts,
 * each encoded; an empty segment is left out.
 */
export function urlOf(base: string, segments: readonly (string | number)[], parts: UrlParts = {}): string {
  let url = base;
  for (const segment of segments) {
    for (const part of String(segment).split('/')) if (part !== '') url += `/${encodeURIComponent(part)}`;
  }
  if (parts.slash) url += '/';
  const query = Object.entries(parts.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
  if (query.length) url += `?${new URLSearchParams(query).toString()}`;
  if (parts.hash !== undefined) url += `#${encodeURIComponent(parts.hash)}`;
  return url;
}

/** `api` + the path of `op` with its params filled in (each encoded as the CLI encodes them). */
export function locationOf(op: OperationId, params: Readonly<Record<string, string>>, api: string): string {
  const segments = OPERATIONS[op].path
    .split('/')
    .slice(1)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part;
      const value = params[name];
      if (value === undefined) throw new Error(`locationOf(${op}): no value for the path param ${name}`);
      return value;
    });
  // Each param is one segment (a `/` in it is encoded, not a separator).
  return api + segments.map((s) => `/${encodeURIComponent(s)}`).join('');
}
