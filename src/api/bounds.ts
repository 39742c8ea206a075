// The documented bounds and enums of the API, declared once and shared by the
// CLI (validation before a request is sent) and the sandbox (400 on violation).
// Source: ../shared/api/api-reference.md, "Limits" and the resource sections.

export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
export const EDIT_MODES = ['live', 'locked'] as const;
export type EditMode = (typeof EDIT_MODES)[number];
export const SPACE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export type SpaceVisibility = (typeof SPACE_VISIBILITIES)[number];
export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;
export const ORDERS = ['asc', 'desc'] as const;

export const MAX_LIMIT = 1000;
/** Days a deleted space can still be restored. */
export const RESTORE_WINDOW_DAYS = 7;

export interface Bound {
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternText?: string;
  enum?: readonly string[];
}

/** String-length and enum bounds, keyed by `<resource>.<field>`. */
export const BOUNDS = {
  'space.title': { max: 50 },
  'space.emoji': { max: 50 },
  'space.editMode': { enum: EDIT_MODES },
  'space.defaultLevel': { enum: ROLES },
  'collection.title': { max: 50 },
  'collection.description': { max: 100 },
  'collection.defaultLevel': { enum: ROLES },
  'search.query': { max: 512 },
  'links.status': { enum: LINK_STATUSES },
} as const satisfies Record<string, Bound>;

export type BoundKey = keyof typeof BOUNDS;

/**
 * Checks one value against a bound. Returns a phrase that names the rule that
 * was broken ("at most 50 characters"), or null when the value is fine.
 */
export function checkBound(bound: Bound, value: unknown): string | null {
  if (bound.enum) {
    return typeof value === 'string' && bound.enum.includes(value) ? null : `one of ${bound.enum.join(', ')}`;
  }
  if (typeof value !== 'string') return 'a string';
  // Count characters as users see them (code points), not UTF-16 units.
  const length = [...value].length;
  if (bound.min !== undefined && length < bound.min) {
    return bound.max !== undefined ? `${bound.min} to ${bound.max} characters` : `at least ${bound.min} characters`;
  }
  if (bound.max !== undefined && length > bound.max) {
    return bound.min !== undefined ? `${bound.min} to ${bound.max} characters` : `at most ${bound.max} characters`;
  }
  if (bound.pattern && !bound.pattern.test(value)) return `matching ${bound.patternText ?? bound.pattern.source}`;
  return null;
}

/** `limit` of any list operation: a whole number from 1 to MAX_LIMIT. */
export function checkLimit(value: unknown): string | null {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_LIMIT) return `a whole number from 1 to ${MAX_LIMIT}`;
  return null;
}
