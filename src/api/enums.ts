// The API's enumerations, declared once. Source: ../shared/api/api-reference.md,
// with the public OpenAPI description for the values the reference leaves out.

export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
/** A default level: a role, or `inherit` (from the parent collection or organization; OpenAPI DefaultLevel); null: none. */
export const DEFAULT_LEVELS = [...ROLES, 'inherit'] as const;
export type DefaultLevel = (typeof DEFAULT_LEVELS)[number];
/** OpenAPI TranslationLanguage (0.202.0): a space's language. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no', 'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl'] as const;
export const TEAM_ROLES = ['owner', 'member'] as const;
export const EDIT_MODES = ['live', 'locked'] as const;
export type EditMode = (typeof EDIT_MODES)[number];
export const SPACE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export type SpaceVisibility = (typeof SPACE_VISIBILITIES)[number];
export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;
export const ORDERS = ['asc', 'desc'] as const;

/** Days a deleted space can still be restored. */
export const RESTORE_WINDOW_DAYS = 7;

// Sites: OpenAPI SiteType (the same in 0.91.0, 0.130.0 and 0.202.0; the reference names only `basic`).
export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
// Sites: the reference's site `visibility` (the same as OpenAPI SiteVisibility).
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
// Comment list `status` filter: OpenAPI 0.130.0 (default `all`; the reference names `all` and `resolved`).
export const COMMENT_STATUSES = ['all', 'open', 'resolved'] as const;
// Page and comment `format`: OpenAPI documentFormat (0.91.0 to 0.202.0).
export const CONTENT_FORMATS = ['document', 'markdown'] as const;
// Content import `source`: OpenAPI 0.91.0 ImportContentSource, a superset of 0.130.0's (which drops dropbox-paper, quip and open-api).
export const IMPORT_SOURCES = ['website', 'docx', 'markdown', 'html', 'zip', 'confluence', 'github-wiki', 'dropbox-paper', 'notion', 'quip', 'google-docs', 'open-api'] as const;
// Custom field `type`: OpenAPI 0.91.0 CustomFieldType (later versions have no custom fields).
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'boolean', 'tags', 'select:multi', 'select:single'] as const;
// Integration categories: OpenAPI 0.91.0 IntegrationCategory, the union of every version (0.130.0 drops captures, 0.202.0 also gitsync).
export const INTEGRATION_CATEGORIES = ['analytics', 'captures', 'collaboration', 'content', 'gitsync', 'marketing', 'visitor-auth', 'other'] as const;
// Integration `target`: OpenAPI IntegrationTarget (the same in 0.91.0 to 0.202.0; the reference names only `all`).
export const INTEGRATION_TARGETS = ['all', 'site', 'space', 'organization'] as const;
// Integration scopes: OpenAPI IntegrationScope (0.202.0), and the reference's `space:views:read`.
export const INTEGRATION_SCOPES = ['space:views:read', 'space:content:read', 'space:content:write', 'space:metadata:read', 'space:metadata:write', 'space:git:sync', 'page:feedback:read', 'site:metadata:read', 'site:views:read', 'site:script:inject', 'site:script:cookies', 'site:visitor:auth', 'site:visitor:claims', 'site:adaptive:read', 'site:adaptive:write', 'conversations:ingest', 'openapi:read', 'openapi:write'] as const;
// Integration `visibility`: OpenAPI IntegrationVisibility (the same in 0.91.0 to 0.202.0; the reference names only `public`).
export const INTEGRATION_VISIBILITIES = ['public', 'private', 'unlisted'] as const;
// OpenAPI spec `processingState`: OpenAPI OpenAPISpecProcessingState (0.130.0 and 0.202.0; the reference names only `pending`).
export const PROCESSING_STATES = ['pending', 'progress', 'complete'] as const;
