// Operations the API reference lists as "not shown" that users asked for,
// from the public OpenAPI description 0.202.0: deleting a comment reply (in a
// space and in a change request), publishing and unpublishing a site (what
// changes its `published` flag), and inviting people to an organization.
import { ROLES } from '../enums.js';
import { op } from '../operation.js';
import { arr, bool, either, nullable, obj, oneOf, required, str } from '../schema.js';

const SOURCE = 'openapi 0.202.0';
const REPLY = '/comments/{commentId}/replies/{commentReplyId}';
const SITE = '/orgs/{organizationId}/sites/{siteId}';

/** Email (format email): what an invite address must look like. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ADDRESS = str({ min: 3, max: 320, pattern: EMAIL, patternText: 'an e-mail address' });

export const LEFT_OPEN_OPERATIONS = {
  'replies.delete': op('replies.delete', `DELETE /spaces/{spaceId}${REPLY}`, { source: SOURCE }),
  'replies.delete.cr': op('replies.delete.cr', `DELETE /spaces/{spaceId}/change-requests/{changeRequestId}${REPLY}`, { source: SOURCE }),
  // Publishing a published site leaves it published: a state, safe to resend.
  'sites.publish': op('sites.publish', `POST ${SITE}/publish`, { safe: true, success: [200], source: SOURCE }),
  'sites.unpublish': op('sites.unpublish', `POST ${SITE}/unpublish`, { safe: true, success: [200], source: SOURCE }),
  // InviteUsersToOrganization: each address alone or with its own role; `role` null invites guests.
  // Inviting an address already a member adds nobody: safe to resend.
  'members.invite': op('members.invite', 'POST /orgs/{organizationId}/invites', {
    body: {
      // An address, or `{email, role}`: that address with a role of its own.
      emails: required(arr(either(ADDRESS, obj({ email: required(ADDRESS), role: required(nullable(oneOf(ROLES))) })), { minItems: 1 })),
      role: nullable(oneOf(ROLES)),
      sso: bool(),
    },
    safe: true,
    success: [200],
    source: SOURCE,
  }),
};

