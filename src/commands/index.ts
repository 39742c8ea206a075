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
  { name: 'spaces', summary: 'Manage spaces: list, create, lock, delete, restore, move, transfer', load: () => import('./spaces/index.js') },
  { name: 'content', summary: 'Read and import the content of a space, and export it as Markdown files', load: () => import('./content/index.js') },
  { name: 'pages', summary: 'List the page tree of a space, show a page or its Markdown, list its links', load: () => import('./pages/index.js') },
  { name: 'files', summary: 'List, show and download the files of a space', load: () => import('./files/index.js') },
  { name: 'comments', summary: 'Discuss content: comments on spaces and change requests, resolve, react', load: () => import('./comments/index.js') },
  { name: 'replies', summary: 'Reply to comments, and react to replies', load: () => import('./replies/index.js') },
  { name: 'sandbox', summary: 'Run the local API emulator', load: () => import('./sandbox/index.js') },
];
