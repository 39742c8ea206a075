// The invites family: POST /orgs/{org}/invites (public OpenAPI description
// 0.202.0). Admins invite people by e-mail address; an address not yet in
// the organization becomes a member at once (with the given role, or as a
// guest when the role is null), one already there is left as it is. With
// `sso`, an address that is a member of another organization is added but
// not as an SSO member (`failedSSOEmails`), as the description says.
import type { Role } from '../../api/enums.js';
import { ok, type Reply } from '../core/reply.js';
import type { Req } from '../core/router.js';
import type { Families, Family, Handlers, World } from '../core/world.js';

declare module '../core/world.js' {
  interface Families {
    invites: Invites;
  }
}

interface InviteBody {
  emails: string[];
  role?: Role | null;
  sso?: boolean;
}

export class Invites implements Family {
  readonly name = 'invites';
  private readonly lower: Pick<Families, 'orgs'>;

  constructor(private readonly world: World) {
    this.lower = world.lower('invites', 'orgs');
  }

  readonly handlers = {
    'members.invite': (req: Req<object, InviteBody>): Reply => {
      const orgs = this.lower.orgs;
      const org = orgs.org(req.params.organizationId);
      orgs.require(org.id, 'admin', 'invite members');
      const { emails, role, sso } = req.body;
      const users: string[] = [];
      const failedSSOEmails: string[] = [];
      const now = this.world.clock.nowIso();
      for (const email of new Set(emails.map((e) => e.toLowerCase()))) {
        if (orgs.findMember(org.id, email)) continue;
        const user = orgs.userByEmail(email);
        const elsewhere = orgs.listOrgs().some((o) => o.id !== org.id && o.members.some((m) => m.userId === user.id));
        if (sso && elsewhere) failedSSOEmails.push(email);
        org.members.push({ userId: user.id, role: role === undefined ? 'read' : role, joinedAt: now, disabled: false, sso: !!sso && !elsewhere });
        users.push(user.id);
      }
      if (users.length > 0) this.world.cache.clear();
      return ok({ users, invited: users.length, ...(sso ? { failedSSOEmails } : {}) });
    },
  } satisfies Handlers;

  // Members are the orgs family's records: nothing of its own to store or seed.
  toJSON(): Record<string, never> {
    return {};
  }

  load(): void {}

  seed(): void {}
}

export const invitesFamily = (world: World): Invites => new Invites(world);
