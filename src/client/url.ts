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

/** Query parameters whose values are secrets (a share link's key): shown as *** in messages and --debug. */
const SECRET_QUERY_RE = /([?&](?:shareKey)=)[^&#]*/g;

/** A URL as it may be shown: the secrets of its query, and a user:password@ part, masked. */
export function redactQuery(url: string, secretQuery: readonly string[] = []): string {
  let shown = url.replace(/^(https?:\/\/)[^/@]*@/i, '$1***@').replace(SECRET_QUERY_RE, '$1***');
  for (const name of secretQuery) shown = shown.replace(new RegExp(`([?&]${name}=)[^&#]*`, 'g'), '$1***');
  return shown;
}

