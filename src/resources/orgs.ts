// The organization resource: its table columns.
import type { Column } from '../output/format.js';

export const ORG_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'plan', header: 'PLAN' },
  { key: 'createdAt', header: 'CREATED', kind: 'time' },
];

export const ORG_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'plan', header: 'Plan' },
  { key: 'type', header: 'Type' },
  { key: 'defaultRole', header: 'Default role' },
  { key: 'emailDomains', header: 'E-mail domains' },
  { key: 'hostname', header: 'Hostname' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'urls.app', header: 'App' },
];

/** The Organization object's fields (API reference; public OpenAPI description). */
export const ORG_FIELDS = [
  'object', 'id', 'title', 'createdAt', 'emailDomains', 'hostname', 'type', 'useCase', 'communityType', 'defaultRole', 'defaultContent', 'sso',
  'ai', 'inviteLinks', 'auditLogs', 'plan', 'billing', 'mergeRules', 'urls', 'trial', 'customHostname', 'blocked', 'permissions',
] as const;
