// The invites family's operation: POST /orgs/{org}/invites.
import type { Role } from '../../../api/enums.js';
import { ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Invites } from './index.js';

interface InviteBody {
  /** An address, or an address with a role of its own. */
  emails: (string | { email: string; role: Role | null })[];
  role?: Role | null;
  sso?: boolean;
}

export function invitesHandlers(f: Invites) {
  return {
    'members.invite': (req: Req<object, InviteBody>): Reply => {
      const orgs = f.lower.orgs;
      const org = orgs.org(req.params.organizationId);
      orgs.require(org.id, 'admin', 'invite members');
      const { emails, role, sso } = req.body;
      const users: string[] = [];
      const failedSSOEmails: string[] = [];
      const now = f.world.clock.nowIso();
      // Each address once (its first mention), with its own role or the body's.
      const invites = new Map<string, Role | null>();
      for (const e of emails) {
        const [address, own] = typeof e === 'string' ? [e, undefined] : [e.email, e.role];
        if (!invites.has(address.toLowerCase())) invites.set(address.toLowerCase(), own === undefined ? (role === undefined ? 'read' : role) : own);
      }
      for (const [email, roleOf] of invites) {
        if (orgs.findMember(org.id, email)) continue;
        const user = orgs.userByEmail(email);
        const elsewhere = orgs.listOrgs().some((o) => o.id !== org.id && o.members.some((m) => m.userId === user.id));
        if (sso && elsewhere) failedSSOEmails.push(email);
        org.members.push({ userId: user.id, role: roleOf, joinedAt: now, disabled: false, sso: !!sso && !elsewhere });
        users.push(user.id);
      }
      if (users.length > 0) f.world.cache.clear();
      return ok({ users, invited: users.length, ...(sso ? { failedSSOEmails } : {}) });
    },
  } satisfies Handlers;
}
