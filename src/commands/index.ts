// The command registry: group names and one-line summaries, and how to load
// each group. The entry point imports only this file; a group's code loads
// when a command of that group runs.
import type { GroupModule } from './define.js';

export interface Group {
  name: string;
  summary: string;
  /**
   * The group is one command, `docplat <name> ...` (as `api`): its module's
   * COMMANDS holds that one command, named like the group.
   */
  command?: boolean;
  /** Not in the help nor in completion (`__ids`, which the completion scripts call). */
  hidden?: boolean;
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
  { name: 'content', summary: 'Read and import the content of a space, and export it as Markdown files', load: () => import('./content/index.js') },
  { name: 'pages', summary: 'List the page tree of a space, show a page or its Markdown, list its links', load: () => import('./pages/index.js') },
  { name: 'files', summary: 'List, show and download the files of a space', load: () => import('./files/index.js') },
  { name: 'members', summary: "Manage the organization's members: roles, removal, SSO, their spaces and teams", load: () => import('./members/index.js') },
  { name: 'teams', summary: 'Manage teams and their members, in bulk', load: () => import('./teams/index.js') },
  { name: 'sso', summary: 'Manage SAML single sign-on providers', load: () => import('./sso/index.js') },
  { name: 'custom-fields', summary: 'Declare custom fields and set their values on spaces', load: () => import('./custom-fields/index.js') },
  { name: 'translations', summary: 'Manage translation settings', load: () => import('./translations/index.js') },
  { name: 'openapi', summary: 'Publish OpenAPI specifications (from CI too) and read their versions', load: () => import('./openapi/index.js') },
  { name: 'org', summary: "The organization as code: pull its configuration to a file, plan and apply changes", load: () => import('./org/index.js') },
  { name: 'integrations', summary: 'Browse, publish and unpublish integrations, and list their installations', load: () => import('./integrations/index.js') },
  { name: 'comments', summary: 'Discuss content: comments on spaces and change requests, resolve, react', load: () => import('./comments/index.js') },
  { name: 'replies', summary: 'Reply to comments, and react to replies', load: () => import('./replies/index.js') },
  { name: 'change-requests', summary: 'Review and merge change requests: list (a space\'s or the organization\'s), diff, review, rebase, merge', load: () => import('./change-requests/index.js') },
  { name: 'sandbox', summary: 'Run the local API emulator', load: () => import('./sandbox/index.js') },
  { name: 'api', summary: "Make any API call, with docplat's auth, errors and pagination", command: true, load: () => import('./api/index.js') },
  { name: 'completion', summary: 'Print the shell completion script (bash, zsh or fish)', command: true, load: () => import('./completion/index.js') },
  { name: '__ids', summary: 'List ids for shell completion', command: true, hidden: true, load: () => import('./completion/ids.js') },
];
