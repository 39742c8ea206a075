// How the orgs family's records look in responses: Organization and User,
// as the public OpenAPI description has them.
import type { Role } from '../../../api/enums.js';
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import { atLeast } from '../../core/roles.js';
import type { OrgRec, UserRec } from './records.js';

/** An organization as `role` (the caller's there) sees it. */
export function orgObject(org: OrgRec, role: Role | null | undefined, api: string): Record<string, unknown> {
  const admin = atLeast(role, 'admin');
  return {
    object: 'organization',
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    type: 'business',
    defaultRole: 'read',
    sso: false,
    ai: true,
    inviteLinks: true,
    plan: org.plan,
    mergeRules: { type: 'none' },
    urls: { location: locationOf('orgs.get', { organizationId: org.id }, api), app: urlOf(APP_URL, ['o', org.id], { slash: true }) },
    trial: { status: 'notapplicable', count: 0 },
    permissions: {
      view: true,
      access: true,
      admin,
      ownTeam: atLeast(role, 'create'),
      createContent: atLeast(role, 'create'),
      createOpenAPISpec: atLeast(role, 'create'),
      viewBilling: admin,
      listMembers: atLeast(role, 'read'),
      listTeams: atLeast(role, 'read'),
      listIntegrations: atLeast(role, 'read'),
      listInstallations: admin,
      installIntegration: admin,
      // Dropped from the latest description, still required by 0.130.0's, which
      // describes the links operation that embeds organizations.
      ingestConversations: admin,
    },
  };
}

export function userObject(user: UserRec, api: string): Record<string, unknown> {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: locationOf('users.get', { userId: user.id }, api) },
  };
}
