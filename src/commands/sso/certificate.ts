// The one check of an identity provider's certificate, for `sso create|update
// --certificate-file` and the `certificate` of an organization file's SSO
// providers: one PEM `BEGIN CERTIFICATE` block that is an X.509 certificate,
// never a private key. Its problems never quote the text.
import { X509Certificate } from 'node:crypto';
import { OPERATIONS } from '../../api/operations/index.js';
import { check } from '../../api/schema.js';
import { pemBlocks } from '../../resources/certificate.js';

const CERTIFICATE = OPERATIONS['sso.create'].body!.certificate;

/**
 * The one certificate of a PEM text, as sent (its block), or what is wrong
 * with the text, worded to follow what names it ("--certificate-file holds a
 * private key: ..."). A block too long for the operation is returned as it
 * is: the operation's bound refuses it, with the usual message.
 */
export function pemCertificate(text: string): { text: string; problem?: undefined } | { problem: string; key?: boolean } {
  const blocks = pemBlocks(text);
  if (blocks.some((b) => /PRIVATE KEY/.test(b.label))) return { problem: "holds a private key: give the identity provider's certificate, never a key", key: true };
  const certs = blocks.filter((b) => b.label === 'CERTIFICATE');
  if (certs.length === 0) return { problem: 'is not a PEM certificate: it has no -----BEGIN CERTIFICATE----- block' };
  if (certs.length > 1) return { problem: `holds ${certs.length} certificates: give the one the identity provider signs with` };
  if (check(CERTIFICATE, certs[0].text)) return { text: certs[0].text };
  try {
    new X509Certificate(certs[0].der);
  } catch {
    return { problem: 'holds a CERTIFICATE block that is not a valid X.509 certificate' };
  }
  return { text: certs[0].text };
}
