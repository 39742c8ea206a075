// The bounds that hold on every request and answer, declared once (the
// README's Security section lists them): ids, page sizes, answer sizes,
// nesting, and how much a whole-list read gathers.

/** The most items one page may hold (the API's `limit` maximum). */
export const MAX_LIMIT = 1000;

/** The longest path parameter (an id, a slug, a name) docplat sends, in characters. */
export const MAX_ID_LENGTH = 512;

/** The largest answer read for one resource (a get, a create, an update), in bytes. */
export const MAX_ANSWER_BYTES = 8 * 2 ** 20;

/** The largest answer read for one page of a list, or by `docplat api`, in bytes. */
export const MAX_PAGE_BYTES = 64 * 2 ** 20;

/** The deepest nesting of JSON read from the API or sent to it (arrays and objects). */
export const MAX_DEPTH = 512;

/** The most items a whole-list read (every page into memory, for a lookup or an export) gathers. */
export const MAX_LIST_ITEMS = 200_000;

/**
 * The most pages one list read follows: MAX_LIST_ITEMS at 100 items a page
 * (a server that gives one item a page would be followed for minutes, or for
 * ever). A page size asked below 100 (`api --paginate` with a small limit)
 * gets the pages MAX_LIST_ITEMS take at that size.
 */
export const MAX_LIST_PAGES = MAX_LIST_ITEMS / 100;

/**
 * Whether a JSON value nests deeper than `max` levels. Recursive, but never
 * deeper than `max` calls: it stops at the first node below the bound (a
 * tenth of the time JSON.parse took for the same page).
 */
export function deeperThan(value: unknown, max: number = MAX_DEPTH): boolean {
  return typeof value === 'object' && value !== null && below(value, max);
}

function below(node: object, left: number): boolean {
  if (left === 0) return true;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const child: unknown = node[i];
      if (typeof child === 'object' && child !== null && below(child, left - 1)) return true;
    }
    return false;
  }
  for (const key in node) {
    const child = (node as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && below(child, left - 1)) return true;
  }
  return false;
}

/**
 * Why a value cannot be one path segment, or null when it can. After
 * percent-decoding (the server decodes once) it must not be empty, `.` or
 * `..`, nor hold a slash or a backslash, nor control characters; and it has
 * at most MAX_ID_LENGTH characters.
 */
export function segmentProblem(value: string): string | null {
  if (value === '') return 'it is empty';
  // Characters (code points): never more than UTF-16 units, counted only past the bound in units.
  if (value.length > MAX_ID_LENGTH && [...value].length > MAX_ID_LENGTH) return `it is longer than ${MAX_ID_LENGTH} characters`;
  let decoded = value;
  if (value.includes('%')) {
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // Not percent-encoding: sent encoded, as typed.
    }
  }
  for (const v of decoded === value ? [value] : [value, decoded]) {
    if (v.trim() === '') return 'it is blank';
    if (v === '.' || v === '..') return `it cannot be "${v}" (it would change the path)`;
    if (/[/\\]/.test(v)) return 'it cannot hold a slash, even encoded (%2F)';
    // eslint-disable-next-line no-control-regex
    if (/[\x00-\x1f\x7f-\x9f]/.test(v)) return 'it cannot hold control characters';
  }
  return null;
}
