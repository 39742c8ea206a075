// insert_files by `url`: the platform fetches the file itself, from a public
// address only ("a URL resolving to a private or reserved address is
// rejected"). The sandbox does the same before the batch is applied (the
// family's prepare(), the one asynchronous step a request may take): each
// URL's host is resolved, an address in a private or reserved range refused
// (a 400 naming the file), unless the sandbox was started to allow them
// (`sandbox serve --allow-private-file-urls`, DOCPLAT_SANDBOX_ALLOW_PRIVATE_FILE_URLS=1
// for the embedded one) so that a restore can be rehearsed on this machine.
// A redirect is not followed (it could lead anywhere); a file is fetched
// within FETCH_TIMEOUT_MS and MAX_FETCHED_BYTES.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../core/errors.js';

const FETCH_TIMEOUT_MS = 30_000;
/** The most the sandbox fetches for one file. */
export const MAX_FETCHED_BYTES = 200 * 1024 * 1024;

/** Private, loopback, link-local, shared, documentation, benchmark, multicast and reserved ranges. */
const RESERVED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  RESERVED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  RESERVED.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is in a private or reserved range (an IPv4-mapped IPv6 address as its IPv4 one: a BlockList's IPv6 rules would match every IPv4 address through the mapped range). */
export function isReserved(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return RESERVED.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return RESERVED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface Fetched {
  base64: string;
  contentType?: string;
}

/** The bytes at `url`, as the platform would fetch them; a 400 naming `where` when it may not or cannot. */
export async function fetchFileUrl(url: string, where: string, allowPrivate: boolean): Promise<Fetched> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`${where}: "url" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badRequest(`${where}: "url" must be an http or https URL`);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((all) => all.map((a) => a.address), () => [] as string[]);
  if (addresses.length === 0) throw badRequest(`${where}: the host ${host} of "url" does not resolve`);
  const reserved = addresses.find(isReserved);
  if (reserved !== undefined && !allowPrivate) {
    throw badRequest(
      `${where}: "url" resolves to a private or reserved address (${reserved}), which is rejected: send the bytes with "base64", ` +
        'or start the sandbox with --allow-private-file-urls to fetch from this machine',
    );
  }
  let res: Response;
  try {
    res = await fetch(parsed, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    throw badRequest(`${where}: cannot fetch "url": ${(err as Error).message}`);
  }
  if (res.status >= 300 && res.status < 400) throw badRequest(`${where}: "url" answered a redirect (${res.status}), which is not followed`);
  if (res.status !== 200) throw badRequest(`${where}: "url" answered ${res.status}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_FETCHED_BYTES) throw badRequest(`${where}: the file at "url" is over ${MAX_FETCHED_BYTES} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  const type = res.headers.get('content-type')?.split(';')[0].trim();
  return { base64: Buffer.concat(chunks).toString('base64'), ...(type ? { contentType: type } : {}) };
}
