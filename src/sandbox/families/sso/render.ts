// How the sso family's records look in responses, as the public OpenAPI
// description has them.
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import type { Sso } from './index.js';
import { type SamlRec, isActive } from './records.js';

/** The `ssoURL` of a provider not given one yet: a URI (as the description requires) that names nothing. */
export const NO_URL = 'about:blank';

export class SsoViews {
  constructor(private readonly f: Sso) {}

  service(p: SamlRec) {
    const at = (end: string) => urlOf(APP_URL, ['__', 'auth', 'saml', p.org, p.id, end]);
    return { acsURL: at('acs'), startURL: at('start'), entityID: at('metadata') };
  }

  /**
   * A SamlProvider. The description requires `ssoURL` (a URI), `entityID`
   * and `certificate`, which a provider being set up has not got yet: until
   * given, the URL is `about:blank` (a URI that names nothing) and the others
   * empty strings, and the provider is `pending`.
   */
  providerObject(p: SamlRec, api: string): Record<string, unknown> {
    const team = p.defaultTeam === undefined ? undefined : this.f.teamObject(p.org, p.defaultTeam);
    return {
      object: 'saml-provider',
      id: p.id,
      label: p.label,
      ssoURL: p.ssoURL ?? NO_URL,
      entityID: p.entityID ?? '',
      certificate: p.certificate ?? '',
      ...(team ? { defaultTeam: team } : {}),
      defaultRole: p.defaultRole,
      createdAt: p.createdAt,
      status: isActive(p) ? 'active' : 'pending',
      service: this.service(p),
      urls: { location: locationOf('sso.get', { organizationId: p.org, samlProviderId: p.id }, api) },
    };
  }
}
