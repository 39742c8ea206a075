// The OpenAPI specification resource's table columns, and those of its versions.
import type { Column } from '../output/format.js';

/** The processing errors as a table shows them: `PARSE_ERROR: line 3, column 1: …`, one after the other. */
function processErrors(v: unknown): string {
  if (!Array.isArray(v)) return v === undefined || v === null ? '' : JSON.stringify(v);
  return v.map((e: { code?: unknown; message?: unknown }) => [e?.code, e?.message].filter((x) => x !== undefined && x !== null).join(': ')).join('; ');
}

export const SPEC_COLUMNS: Column[] = [
  { key: 'slug', header: 'SLUG' },
  { key: 'processingState', header: 'STATE' },
  { key: 'lastProcessErrorCode', header: 'ERROR' },
  { key: 'lastVersion', header: 'LAST VERSION' },
  { key: 'updatedAt', header: 'UPDATED', kind: 'time' },
];

export const SPEC_DETAIL: Column[] = [
  { key: 'slug', header: 'Slug' },
  { key: 'id', header: 'ID' },
  { key: 'processingState', header: 'State' },
  { key: 'lastProcessErrorCode', header: 'Error' },
  { key: 'lastProcessedErrors', header: 'Errors', format: processErrors },
  { key: 'lastVersion', header: 'Last version' },
  { key: 'sourceURL', header: 'Source URL' },
  { key: 'lastProcessedAt', header: 'Processed', kind: 'time' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
  { key: 'urls.app', header: 'URL' },
];

export const VERSION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'createdAt', header: 'CREATED', kind: 'time' },
  { key: 'url', header: 'URL' },
];

export const VERSION_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'url', header: 'URL' },
];

export const CONTENT_DETAIL: Column[] = [
  { key: 'url', header: 'URL' },
  { key: 'urls.public', header: 'Public URL' },
  { key: 'filesystem', header: 'Filesystem' },
];

/** The OpenAPISpec object's top-level fields (the public OpenAPI description), for --fields: optional ones are often absent. */
export const SPEC_FIELDS = [
  'object', 'id', 'createdAt', 'updatedAt', 'slug', 'sourceURL', 'processingState', 'visibility', 'lastVersion', 'lastProcessedAt',
  'lastProcessErrorCode', 'lastProcessedErrors', 'lastProcessedErrorCount', 'permissions', 'urls',
] as const;
