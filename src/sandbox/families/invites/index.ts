// The invites family: POST /orgs/{org}/invites (public OpenAPI description
// 0.202.0). Admins invite people by e-mail address; an address not yet in
// the organization becomes a member at once (with the given role, or as a
// guest when the role is null), one already there is left as it is. With
// `sso`, an address that is a member of another organization is added but
// not as an SSO member (`failedSSOEmails`), as the description says. The
// operation is handlers.ts; the records are the orgs family's.
import type { Families, Family, World } from '../../core/world.js';
import { invitesHandlers } from './handlers.js';

declare module '../../core/world.js' {
  interface Families {
    invites: Invites;
  }
}

export class Invites implements Family {
  readonly name = 'invites';
  readonly lower: Pick<Families, 'orgs'>;
  readonly handlers: ReturnType<typeof invitesHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('invites', 'orgs');
    this.handlers = invitesHandlers(this);
  }

  // Members are the orgs family's records: nothing of its own to store or seed.
  toJSON(): Record<string, never> {
    return {};
  }

  load(): void {}

  seed(): void {}
}

export const invitesFamily = (world: World): Invites => new Invites(world);
