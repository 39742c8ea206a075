// docplat sso <verb>: the organization's SAML providers; declarations, with
// the local check of the certificate file. The certificate is sent as read
// and shown only as its fingerprint.
import { UsageError } from '../../errors.js';
import { LOGIN_OPTION_COLUMNS, SSO_COLUMNS, SSO_DETAIL } from '../../resources/sso.js';
import { defineCommand, type CommandDef } from '../define.js';
import { pemCertificate } from './certificate.js';

const PROVIDER_ID = [{ name: 'providerId', param: 'samlProviderId' }];

/** The one PEM certificate of --certificate-file, as sent (the shared check, certificate.ts). */
function certificateOf(text: string): string {
  const cert = pemCertificate(text);
  if (cert.problem !== undefined) throw new UsageError(`--certificate-file ${cert.problem}`);
  return cert.text;
}

const PROVIDER_FLAGS = {
  entityId: { flags: '--entity-id <id>', description: "the identity provider's entity id", body: 'entityID', nonBlank: true },
  certificateFile: {
    flags: '--certificate-file <file>',
    description: "the identity provider's signing certificate: a PEM file with one BEGIN CERTIFICATE block (- reads stdin)",
    body: 'certificate',
    file: true,
    path: { kind: 'typed', use: 'certificate' },
    map: certificateOf,
  },
  ssoUrl: { flags: '--sso-url <url>', description: "the identity provider's single sign-on URL (http or https)", body: 'ssoURL' },
  defaultTeam: { flags: '--default-team <teamId>', description: 'team that members who sign in the first time join', body: 'defaultTeam', idOf: 'team' },
  defaultRole: {
    flags: '--default-role <role>',
    description: 'role of members who sign in the first time: admin, create, review, edit, comment, read, or guest',
    body: 'defaultRole',
    nullWord: 'guest',
  },
} as const;

const LABEL = { flags: '--label <label>', description: 'name on the login page', body: 'label', nonBlank: true } as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's SAML providers",
    examples: ['list', "list --jq '.[] | select(.status == \"pending\") | .id'"],
    operation: 'sso.list',
    output: { list: SSO_COLUMNS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a SAML provider (its certificate as a SHA-256 fingerprint)',
    examples: ['get <providerId>', 'get <providerId> --fields service.acsURL,service.entityID'],
    args: PROVIDER_ID,
    operation: 'sso.get',
    output: { item: SSO_DETAIL },
  }),
  defineCommand({
    name: 'create',
    summary: 'add a SAML provider (admins only)',
    help: 'The provider is active once it has an SSO URL, an entity id and a certificate;\nuntil then it is pending, and no login option.',
    examples: [
      'create --label Okta --entity-id http://www.okta.com/exk1 --sso-url https://acme.okta.com/app/docplat/sso/saml --certificate-file okta.pem --default-role read',
      'create --label "Azure AD" --default-role guest',
    ],
    flags: { label: { ...LABEL, required: true }, ...PROVIDER_FLAGS },
    operation: 'sso.create',
    output: { item: SSO_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change a SAML provider (admins only)',
    examples: ['update <providerId> --certificate-file new-okta.pem', 'update <providerId> --default-role guest'],
    args: PROVIDER_ID,
    flags: { label: LABEL, ...PROVIDER_FLAGS },
    operation: 'sso.update',
    output: { item: SSO_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete SAML providers (admins only)',
    examples: ['delete <providerId> --yes'],
    args: PROVIDER_ID,
    operation: 'sso.delete',
    bulk: { what: 'SAML provider', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'login-options',
    summary: 'list the SSO login options of the organization (its active providers)',
    examples: ['login-options', "login-options --jq '.[].startURL'"],
    operation: 'sso.loginOptions',
    output: { list: LOGIN_OPTION_COLUMNS },
  }),
];
