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
  { name: 'spaces', summary: 'Manage spaces: list, create, lock, delete, restore, move, transfer', load: () => import('./spaces/index.js') },
  { name: 'sandbox', summary: 'Run the local API emulator', load: () => import('./sandbox/index.js') },
  { name: 'api', summary: "Make any API call, with docplat's auth, errors and pagination", command: true, load: () => import('./api/index.js') },
  { name: 'completion', summary: 'Print the shell completion script (bash, zsh or fish)', command: true, load: () => import('./completion/index.js') },
  { name: '__ids', summary: 'List ids for shell completion', command: true, hidden: true, load: () => import('./completion/ids.js') },
];
