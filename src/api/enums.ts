// The API's enumerations, declared once. Source: ../shared/api/api-reference.md,
// with the public OpenAPI description for the values the reference leaves out.

export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
export const TEAM_ROLES = ['owner', 'member'] as const;
export const EDIT_MODES = ['live', 'locked'] as const;
export type EditMode = (typeof EDIT_MODES)[number];
export const SPACE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export type SpaceVisibility = (typeof SPACE_VISIBILITIES)[number];
export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;
export const ORDERS = ['asc', 'desc'] as const;

/** Days a deleted space can still be restored. */
export const RESTORE_WINDOW_DAYS = 7;
