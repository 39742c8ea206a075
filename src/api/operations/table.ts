// The table of every operation of the API that docplat uses (index.ts says
// more). The bundles hold it as data: the build (bin/build.mjs) runs this
// module once and puts the table it makes in its place, each operation
// parsed from JSON when first used (the builder calls below cost every
// command ~4 ms of start-up to run).
import type { Operation } from '../operation.js';
import { CHANGE_REQUESTS_OPERATIONS } from './changeRequests.js';
import { COLLECTIONS_OPERATIONS } from './collections.js';
import { COMMENTS_OPERATIONS } from './comments.js';
import { CONTENT_OPERATIONS } from './content.js';
import { CUSTOM_FIELDS_OPERATIONS } from './customFields.js';
import { INTEGRATIONS_OPERATIONS } from './integrations.js';
import { LEFT_OPEN_OPERATIONS } from './leftOpen.js';
import { MEMBERS_OPERATIONS } from './members.js';
import { OPENAPI_OPERATIONS } from './openapi.js';
import { ORGS_OPERATIONS } from './orgs.js';
import { SITES_OPERATIONS } from './sites.js';
import { SPACES_OPERATIONS } from './spaces.js';
import { SSO_OPERATIONS } from './sso.js';
import { TEAMS_OPERATIONS } from './teams.js';
import { TRANSLATIONS_OPERATIONS } from './translations.js';

export const OPERATIONS = {
  ...ORGS_OPERATIONS,
  ...COLLECTIONS_OPERATIONS,
  ...SPACES_OPERATIONS,
  ...CONTENT_OPERATIONS,
  ...COMMENTS_OPERATIONS,
  ...SITES_OPERATIONS,
  ...CUSTOM_FIELDS_OPERATIONS,
  ...MEMBERS_OPERATIONS,
  ...TEAMS_OPERATIONS,
  ...SSO_OPERATIONS,
  ...OPENAPI_OPERATIONS,
  ...TRANSLATIONS_OPERATIONS,
  ...INTEGRATIONS_OPERATIONS,
  ...CHANGE_REQUESTS_OPERATIONS,
  ...LEFT_OPEN_OPERATIONS,
} satisfies Record<string, Operation>;
