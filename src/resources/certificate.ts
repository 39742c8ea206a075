// PEM certificates: the blocks of a PEM text, and a certificate's SHA-256
// fingerprint (of its DER bytes), which is what docplat shows instead of the
// certificate itself.
import { createHash } from 'node:crypto';

export interface PemBlock {
  /** `CERTIFICATE`, `PRIVATE KEY`, ... */
  label: string;
  /** The block as it stands in the text, BEGIN and END lines included. */
  text: string;
  der: Buffer;
}

const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** The PEM blocks of a text, in order; a block whose body is not base64 has an empty `der`. */
export function pemBlocks(text: string): PemBlock[] {
  const out: PemBlock[] = [];
  for (const m of text.matchAll(BLOCK)) {
    const body = m[2].replace(/\s+/g, '');
    const der = /^[A-Za-z0-9+/]+={0,2}$/.test(body) && body.length % 4 === 0 ? Buffer.from(body, 'base64') : Buffer.alloc(0);
    out.push({ label: m[1], text: m[0].replace(/\r\n/g, '\n'), der });
  }
  return out;
}

/** `SHA256 68:F5:...` of the first certificate of a PEM text, as `openssl x509 -fingerprint -sha256` shows it. */
export function fingerprint(pem: string): string | undefined {
  const cert = pemBlocks(pem).find((b) => b.label === 'CERTIFICATE' && b.der.length > 0);
  if (!cert) return undefined;
  const hex = createHash('sha256').update(cert.der).digest('hex').toUpperCase();
  return `SHA256 ${hex.match(/../g)!.join(':')}`;
}

/** A certificate as a table shows it: its fingerprint, never its text. */
export function showCertificate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return fingerprint(value) ?? `(not a PEM certificate, ${[...value].length} characters)`;
}
