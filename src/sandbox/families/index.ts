// The families of the sandbox, in seeding order: a family's demo seed may
// build on the records of the families before it. A new family is one
// module in this folder and one line here.
import type { FamilyFactory } from '../core/world.js';
import { commentsFamily } from './comments.js';
import { contentFamily } from './content/index.js';
import { orgsFamily } from './orgs.js';
import { spacesFamily } from './spaces.js';

export const FAMILIES: readonly FamilyFactory[] = [
  orgsFamily,
  spacesFamily,
  contentFamily,
  commentsFamily,
];
