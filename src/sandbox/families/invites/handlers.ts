// The invites family's operation: POST /orgs/{org}/invites.
import type { Role } from '../../../api/enums.js';
import { ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Invites } from './index.js';

interface InviteBody {
  emails: string[];
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
      for (const email of new Set(emails.map((e) => e.toLowerCase()))) {
        if (orgs.findMember(org.id, email)) continue;
        const user = orgs.userByEmail(email);
        const elsewhere = orgs.listOrgs().some((o) => o.id !== org.id && o.members.some((m) => m.userId === user.id));
        if (sso && elsewhere) failedSSOEmails.push(email);
        org.members.push({ userId: user.id, role: role === undefined ? 'read' : role, joinedAt: now, disabled: false, sso: !!sso && !elsewhere });
        users.push(user.id);
      }
      if (users.length > 0) f.world.cache.clear();
      return ok({ users, invited: users.length, ...(sso ? { failedSSOEmails } : {}) });
    },
  } satisfies Handlers;
}
