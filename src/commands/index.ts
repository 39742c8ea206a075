// The command registry: group names and one-line summaries, and how to load
// each group. The entry point imports only this file; a group's code loads
// when a command of that group runs.
import type { GroupModule } from './define.js';

export interface Group {
  name: string;
  summary: string;
  load(): Promise<GroupModule>;
}

export const GROUPS: Group[] = [
  { name: 'auth', summary: 'Log in and out, and show the active credentials', load: () => import('./auth/index.js') },
  { name: 'config', summary: 'Read and change the local configuration', load: () => import('./config/index.js') },
  { name: 'orgs', summary: 'List your organizations', load: () => import('./orgs/index.js') },
  { name: 'collections', summary: 'Manage collections of spaces', load: () => import('./collections/index.js') },
  { name: 'sites', summary: 'Manage docs sites: list, create, update, delete, the published view, the adaptive schema, tree', load: () => import('./sites/index.js') },
  { name: 'sections', summary: 'Manage the sections of a docs site', load: () => import('./sections/index.js') },
  { name: 'section-groups', summary: 'Manage the section groups of a docs site', load: () => import('./section-groups/index.js') },
  { name: 'site-spaces', summary: 'Manage the spaces a docs site publishes', load: () => import('./site-spaces/index.js') },
  { name: 'share-links', summary: 'Manage the share links of a docs site', load: () => import('./share-links/index.js') },
  { name: 'spaces', summary: 'Manage spaces: list, create, lock, delete, restore, move, transfer', load: () => import('./spaces/index.js') },
  { name: 'members', summary: "Manage the organization's members: roles, removal, SSO, their spaces and teams", load: () => import('./members/index.js') },
  { name: 'teams', summary: 'Manage teams and their members, in bulk', load: () => import('./teams/index.js') },
  { name: 'sso', summary: 'Manage SAML single sign-on providers', load: () => import('./sso/index.js') },
  { name: 'custom-fields', summary: 'Declare custom fields and set their values on spaces', load: () => import('./custom-fields/index.js') },
  { name: 'translations', summary: 'Manage translation settings', load: () => import('./translations/index.js') },
  { name: 'openapi', summary: 'Publish OpenAPI specifications (from CI too) and read their versions', load: () => import('./openapi/index.js') },
  { name: 'integrations', summary: 'Browse, publish and unpublish integrations, and list their installations', load: () => import('./integrations/index.js') },
  { name: 'sandbox', summary: 'Run the local API emulator', load: () => import('./sandbox/index.js') },
];
