// The URL of a request exactly as it is sent, and as it may be shown (in
// --debug, --dry-run and messages: secrets masked). Loaded without the client,
// so that a dry run prints the same URL the client would send.

type Query = Record<string, string | number | boolean | undefined | null | string[]>;

/** A path below the API URL, or an absolute http(s) URL, with the query added: the URL exactly as sent (and shown). */
export function requestUrl(baseUrl: string, path: string, query?: Query): string {
  let url = /^https?:\/\//.test(path) ? path : baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((x) => qs.append(k, x));
    else qs.append(k, String(v));
  }
  const s = qs.toString();
  if (s) url += (url.includes('?') ? '&' : '?') + s;
  // As the URL parser will send it (dot segments resolved): what --debug and --dry-run print is what goes out.
  return new URL(url).href;
}

/**
 * Query parameters whose values are credentials, by name: a share link's key,
 * `token`, `access_token`, `api_key`, `secret`, `password`, a signature
 * (`sig`, `X-Amz-Signature`), a credential or an auth: shown as *** in
 * messages and --debug, and never written to a file (`org pull`).
 */
const SECRET_NAME = /(token|key|secret|passw(or)?d|pwd|sig(nature)?|credentials?|auth)$/i;
const MASK = '***';
const USERINFO = /^(https?:\/\/)([^/@]*)@/i;
const PARAM = /([?&])([^=&#]*)=([^&#]*)/g;

const secretName = (name: string, secretQuery: readonly string[]): boolean => {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // as written
  }
  return SECRET_NAME.test(decoded) || secretQuery.includes(decoded);
};

/** A URL as it may be shown: the secrets of its query (by name, and the operation's `secretQuery`), and a user:password@ part, masked. */
export function redactQuery(url: string, secretQuery: readonly string[] = []): string {
  return url
    .replace(USERINFO, `$1${MASK}@`)
    .replace(PARAM, (whole, sep: string, name: string, value: string) => (value !== '' && secretName(name, secretQuery) ? `${sep}${name}=${MASK}` : whole));
}

/** Whether a URL holds a credential masked as redactQuery() masks it (`https://***@…`, `?token=***`): a stand-in, never to be sent. */
export function hidesCredentials(url: string): boolean {
  if (USERINFO.exec(url)?.[2] === MASK) return true;
  return [...url.matchAll(PARAM)].some(([, , name, value]) => value === MASK && secretName(name, []));
}
