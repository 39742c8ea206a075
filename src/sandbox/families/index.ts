// The families of the sandbox, in layers, bottom first: orgs (users, roles,
// organizations); spaces; the members view (a member's spaces); then the
// families built on those. A family uses only families before it (its
// world.lower() list; the world refuses one after it) and seeds in this
// order, so a demo seed may build on the records before it. A new family is
// one module in this folder and one line here.
import type { FamilyFactory } from '../core/world.js';
import { changeRequestsFamily } from './change-requests/index.js';
import { commentsFamily } from './comments/index.js';
import { contentFamily } from './content/index.js';
import { customFieldsFamily } from './customFields/index.js';
import { integrationsFamily } from './integrations/index.js';
import { invitesFamily } from './invites/index.js';
import { openapiFamily } from './openapi/index.js';
import { membersFamily } from './members/index.js';
import { orgsFamily } from './orgs/index.js';
import { sitesFamily } from './sites/index.js';
import { spacesFamily } from './spaces/index.js';
import { teamsFamily } from './teams/index.js';
import { ssoFamily } from './sso/index.js';
import { translationsFamily } from './translations/index.js';

export const FAMILIES: readonly FamilyFactory[] = [
  orgsFamily,
  spacesFamily,
  membersFamily,
  teamsFamily,
  ssoFamily,
  customFieldsFamily,
  translationsFamily,
  openapiFamily,
  integrationsFamily,
  sitesFamily,
  contentFamily,
  changeRequestsFamily,
  commentsFamily,
  invitesFamily,
];
