// The sso family's records, the operations' inputs and what every part
// of the family shares.
import type { Role } from '../../../api/enums.js';

export interface SamlRec {
  id: string;
  org: string;
  label: string;
  ssoURL?: string;
  entityID?: string;
  certificate?: string;
  /** Id of the team new members join. */
  defaultTeam?: string;
  defaultRole: Role | null;
  createdAt: string;
}

export interface SamlFields {
  label?: string;
  ssoURL?: string;
  entityID?: string;
  certificate?: string;
  defaultTeam?: string;
  defaultRole?: Role | null;
}

/** The demo provider's certificate: a self-signed P-256 certificate for CN=idp.acme.example (its private key was thrown away). */
export const DEMO_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBtDCCAVmgAwIBAgIUAoNp1Xja7VwWFXT1rQhacT4bgKEwCgYIKoZIzj0EAwIw
LzEZMBcGA1UEAwwQaWRwLmFjbWUuZXhhbXBsZTESMBAGA1UECgwJQWNtZSBEb2Nz
MB4XDTI2MTEyMzA1MDY1OVoXDTM2MTEyMDA1MDY1OVowLzEZMBcGA1UEAwwQaWRw
LmFjbWUuZXhhbXBsZTESMBAGA1UECgwJQWNtZSBEb2NzMFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEwLo7OIKcj/mL8p+SrKKxcnbK93ZrzjFgeVk/7Uzs1Kk1VM3l
Led63tMQftTlKXx73ffmP/Jmfm5pmwFom5jjSKNTMFEwHQYDVR0OBBYEFIGG1gyt
n4LA2fhFnGNE/phiE12FMB8GA1UdIwQYMBaAFIGG1gytn4LA2fhFnGNE/phiE12F
MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAP4GtTXGJUYYM5+a
AGifYPiqDgLpCqELXoZC5ICdpq0kAiEAsET50Q6UpXOEKAJyvvu3gOpqE2Qnc8nQ
vdQn8BzVsGM=
-----END CERTIFICATE-----`;

export const isActive = (p: SamlRec): boolean => !!(p.ssoURL && p.entityID && p.certificate);

export function assign(p: SamlRec, fields: SamlFields): void {
  for (const key of ['label', 'ssoURL', 'entityID', 'certificate', 'defaultTeam', 'defaultRole'] as const) {
    if (fields[key] !== undefined) (p as unknown as Record<string, unknown>)[key] = fields[key];
  }
}
