// The SSO resources' table columns: SAML providers (the certificate shows as
// its fingerprint) and login options.
import type { Column } from '../output/format.js';
import { showCertificate } from './certificate.js';
import { shown } from './show.js';

export const SSO_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'label', header: 'LABEL' },
  { key: 'status', header: 'STATUS' },
  { key: 'defaultRole', header: 'DEFAULT ROLE' },
  { key: 'ssoURL', header: 'SSO URL' },
  // No CREATED (in `sso get`): with it, the headers alone are wider than 80 columns.
  // Last: the widest; and so `--fields certificate` is the fingerprint too.
  shown('certificate', 'CERTIFICATE', showCertificate),
];

export const SSO_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'label', header: 'Label' },
  { key: 'status', header: 'Status' },
  { key: 'ssoURL', header: 'SSO URL' },
  { key: 'entityID', header: 'Entity ID' },
  shown('certificate', 'Certificate', showCertificate),
  { key: 'defaultRole', header: 'Default role' },
  { key: 'defaultTeam.title', header: 'Default team' },
  { key: 'service.acsURL', header: 'ACS URL' },
  { key: 'service.entityID', header: 'Service entity ID' },
  { key: 'service.startURL', header: 'Start URL' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
];

export const LOGIN_OPTION_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'label', header: 'LABEL' },
  { key: 'startURL', header: 'START URL' },
];
