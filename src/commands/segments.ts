// An id checked as soon as it is given: a path param's value is one path
// segment (a page path: each of its segments), refused with a usage error
// naming the flag or argument before anything else is checked or sent. The
// request builder (api/request.ts) checks it again, for every other source.
import { segmentProblem } from '../api/limits.js';
import { UsageError } from '../errors.js';
import { escapeControls } from '../output/format.js';
import type { RefKind } from './resolve.js';

/** A path param's value as given to `what` ("space id", "--parent collection id"), or a usage error naming it. */
export function segment(what: string, value: string, kind?: RefKind): string {
  // A page may be named by its path (`guides/configuration`): each of its segments is one.
  const inner = kind === 'page' ? value.replace(/^\/+|\/+$/g, '') : '';
  for (const part of inner ? inner.split('/') : [value]) {
    const problem = segmentProblem(part);
    if (problem) throw new UsageError(`invalid ${what} ${shownId(value)}: ${problem}`);
  }
  return value;
}

/** An id in a message: quoted, its control characters escaped, cut when long. */
export function shownId(value: unknown): string {
  const s = String(value);
  const n = [...s].length;
  return n > 40 ? `"${escapeControls([...s].slice(0, 40).join(''))}…" (${n} characters)` : `"${escapeControls(s)}"`;
}
