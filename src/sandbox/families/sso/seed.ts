// The sso family's seeds: the demo records.
import type { SeedName } from '../../core/ids.js';
import { DEMO_CERTIFICATE, type SamlRec } from './records.js';
import type { Sso } from './index.js';

/**
 * Demo: Acme Docs has an active Okta provider (new members join as
 * readers) and one still being set up; Globex has none.
 */
export function seedSso(f: Sso, seed: SeedName): void {
  const acme = seed === 'demo' ? f.orgs.byTitle('Acme Docs') : undefined;
  if (!acme) return;
  const createdAt = acme.createdAt;
  const put = (p: Omit<SamlRec, 'id' | 'org' | 'createdAt'>) => {
    const id = f.world.nextId();
    f.providers.set(id, { id, org: acme.id, createdAt, ...p });
  };
  put({
    label: 'Okta',
    ssoURL: 'https://acme.okta.example/app/docplat/sso/saml',
    entityID: 'http://www.okta.example/exk1acme',
    certificate: DEMO_CERTIFICATE,
    defaultRole: 'read',
  });
  put({ label: 'Azure AD (staging)', entityID: 'https://sts.windows.example/acme-staging/', defaultRole: null });
  f.world.cache.changed(true);
}
