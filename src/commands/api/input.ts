// What `docplat api` is given, checked before anything is sent: the method,
// the path (relative to the API URL, or a URL on the API's own origin), the
// -f/-F fields, the -H headers. Each refusal is a usage error naming the flag.
import { MAX_LIMIT } from '../../api/limits.js';
import { UsageError } from '../../errors.js';
import { ReadRefused, readTyped } from '../../files/read.js';

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export function parseMethod(raw: string | undefined, sendsSomething: boolean): Method {
  if (raw === undefined) return sendsSomething ? 'POST' : 'GET';
  const m = raw.trim().toUpperCase();
  if (!(METHODS as readonly string[]).includes(m)) throw new UsageError(`-X must be one of ${METHODS.join(', ')} (got "${raw}")`);
  return m as Method;
}

/**
 * The request target: a path below the API URL (`{org}` filled with the
 * current organization), or an absolute URL on the API's own origin. The
 * token never goes elsewhere, so another origin is refused.
 */
export async function resolvePath(raw: string, apiUrl: string, org: () => Promise<string>): Promise<string> {
  const path = raw.trim();
  if (!path) throw new UsageError('the path is empty: give one such as /orgs/{org}/spaces');
  if (/[\s\x00-\x1f\x7f]/.test(path)) throw new UsageError(`the path "${JSON.stringify(raw).slice(1, -1)}" contains white space or control characters: encode them (%20)`);
  if (path.includes('#')) throw new UsageError('the path contains "#": a fragment is never sent; encode it as %23');
  const unknown = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]).filter((name) => name !== 'org');
  if (unknown.length) throw new UsageError(`unknown placeholder {${unknown[0]}} in the path: only {org} is filled (with the current organization)`);
  // A dot segment (`..`, `%2E%2E`) would be resolved away, and the request sent elsewhere than typed (`/orgs/x/members/..` is the organization).
  const segments = path.split(/[?]/)[0].replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split('/');
  if (segments.some((seg) => /^(\.|%2e){1,2}$/i.test(seg))) throw new UsageError(`the path "${raw}" has a . or .. segment: it would not be sent as typed; write the path it means`);
  const filled = path.includes('{org}') ? path.replaceAll('{org}', encodeURIComponent(await org())) : path;
  if (/^[a-z][a-z0-9+.-]*:/i.test(filled)) {
    let url: URL;
    try {
      url = new URL(filled);
    } catch {
      throw new UsageError(`invalid URL "${raw}"`);
    }
    const own = new URL(apiUrl).origin;
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== own) {
      throw new UsageError(`refusing to send the token to ${url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol}: api takes a path, or a URL on the API's origin (${own})`);
    }
    if (url.username || url.password) throw new UsageError('the URL carries credentials: drop the user:password@ part');
    return url.href;
  }
  return filled.startsWith('/') ? filled : `/${filled}`;
}

/** A field's key: `a`, `a.b` (nested objects), `a[]` (appends to an array). */
interface Key {
  parts: string[];
  array: boolean;
}

const KEY = /^[^.[\]=\s]+(?:\.[^.[\]=\s]+)*(\[\])?$/;

function parseKey(flag: string, raw: string): Key {
  if (!KEY.test(raw)) {
    throw new UsageError(`${flag} "${raw}": malformed key (use name, a.b for a nested field, or name[] for an array)`);
  }
  const array = raw.endsWith('[]');
  return { parts: (array ? raw.slice(0, -2) : raw).split('.'), array };
}

export interface Field {
  key: Key;
  /** The key as given, for messages and the query. */
  name: string;
  value: unknown;
}

function split(flag: string, raw: string): [string, string] {
  const eq = raw.indexOf('=');
  if (eq < 0) throw new UsageError(`${flag} "${raw}": expected key=value`);
  return [raw.slice(0, eq), raw.slice(eq + 1)];
}

/**
 * The number a -F value writes, when JSON can carry it as given: an integer
 * beyond 2^53, or a value too large or too small for a double, stays text
 * rather than arrive rounded (12345678901234567890, 1e400, 1e-400).
 */
function exactNumber(text: string): number | undefined {
  if (!/^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) return undefined;
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(n)) return undefined;
  if (n === 0 && /[1-9]/.test(text.split(/[eE]/)[0])) return undefined;
  return n;
}

/**
 * -f key=value (a string) and -F key=value (typed: true, false, null, a
 * number, @file for a file's text, @- for stdin; else a string).
 */
export async function parseFields(raw: string[], typed: string[], readStdin: () => Promise<string>): Promise<Field[]> {
  const fields: Field[] = [];
  for (const r of raw) {
    const [name, value] = split('-f', r);
    fields.push({ key: parseKey('-f', name), name, value });
  }
  let stdinUsed = false;
  for (const r of typed) {
    const [name, text] = split('-F', r);
    const key = parseKey('-F', name);
    let value: unknown = text;
    const number = exactNumber(text);
    if (text === 'true') value = true;
    else if (text === 'false') value = false;
    else if (text === 'null') value = null;
    else if (number !== undefined) value = number;
    else if (text.startsWith('@')) {
      const file = text.slice(1);
      if (file === '-') {
        if (stdinUsed) throw new UsageError(`-F ${name}=@-: stdin can be read only once`);
        stdinUsed = true;
        value = await readStdin();
      } else {
        value = await readText(`-F ${name}`, file);
      }
    }
    fields.push({ key, name, value });
  }
  return fields;
}

/** The fields as a JSON body: `a.b=1` gives {"a": {"b": 1}}, `t[]=x -F t[]=y` gives {"t": ["x", "y"]}. */
export function bodyOf(fields: Field[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { key, name, value } of fields) {
    let node = body;
    key.parts.forEach((part, i) => {
      const last = i === key.parts.length - 1;
      const existing = node[part];
      if (!last) {
        if (existing === undefined) node[part] = {};
        else if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) {
          throw new UsageError(`field ${name}: ${key.parts.slice(0, i + 1).join('.')} is already given a value`);
        }
        node = node[part] as Record<string, unknown>;
      } else if (key.array) {
        if (existing === undefined) node[part] = [value];
        else if (Array.isArray(existing)) existing.push(value);
        else throw new UsageError(`field ${name}: ${key.parts.join('.')} is already given a value that is not an array`);
      } else {
        if (existing !== undefined) throw new UsageError(`field ${name}: given twice (use ${key.parts.join('.')}[] for an array)`);
        node[part] = value;
      }
    });
  }
  return body;
}

/** The fields as query parameters: `a[]` repeats `a`, null is left out, other values are text. */
export function queryOf(fields: Field[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const { key, name, value } of fields) {
    const k = key.parts.join('.');
    if (value === null) continue;
    const text = String(value);
    const existing = query[k];
    if (key.array) query[k] = [...(Array.isArray(existing) ? existing : existing === undefined ? [] : [existing]), text];
    else if (existing !== undefined) throw new UsageError(`field ${name}: given twice (use ${k}[] to repeat it)`);
    else query[k] = text;
  }
  return query;
}

/**
 * What --paginate takes from the path's query and the fields: `page` is the
 * first cursor and `limit` the page size (1 to MAX_LIMIT), each sent once a
 * request by the pager instead of twice (`?limit=5&limit=1000`).
 */
export function pagingOf(path: string, query: Record<string, string | string[]>): { path: string; cursor?: string; pageSize?: number } {
  const q = path.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : path.slice(q + 1));
  const take = (name: string): string | undefined => {
    const given = query[name] ?? params.getAll(name);
    delete query[name];
    params.delete(name);
    const values = Array.isArray(given) ? given : [given];
    if (values.length > 1) throw new UsageError(`--paginate: ${name} is given ${values.length} times`);
    return values[0];
  };
  const cursor = take('page');
  const limit = take('limit');
  if (limit !== undefined && !(/^[1-9]\d*$/.test(limit) && Number(limit) <= MAX_LIMIT)) throw new UsageError(`--paginate: limit is the page size, 1 to ${MAX_LIMIT} (got "${limit}")`);
  const rest = params.toString();
  const bare = q < 0 ? path : path.slice(0, q);
  const same = cursor === undefined && limit === undefined;
  return { path: same ? path : rest ? `${bare}?${rest}` : bare, cursor, pageSize: limit === undefined ? undefined : Number(limit) };
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers undici or docplat sets itself. */
const RESERVED = new Set(['authorization', 'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);

/** -H 'Name: value', repeated. */
export function parseHeaders(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of raw) {
    const colon = h.indexOf(':');
    if (colon < 0) throw new UsageError(`-H "${h}": expected "Name: value"`);
    const name = h.slice(0, colon).trim();
    const value = h.slice(colon + 1).trim();
    if (!TOKEN.test(name)) throw new UsageError(`-H "${h}": invalid header name "${name}"`);
    if (/[\r\n\0]/.test(value)) throw new UsageError(`-H ${name}: the value contains a line break`);
    const lower = name.toLowerCase();
    if (lower === 'authorization') throw new UsageError('-H authorization: the token is docplat\'s to send (use --token, DOCPLAT_TOKEN or `auth login`)');
    if (RESERVED.has(lower)) throw new UsageError(`-H ${name}: this header is set by docplat`);
    headers[lower] = value;
  }
  return headers;
}

/** A file's text (for -F key=@file); a usage error when it cannot be read. */
async function readText(label: string, path: string): Promise<string> {
  return (await readBytes(label, path)).toString('utf8');
}

/** A typed path's bytes (--input, -F key=@file), within the bound of a request body. */
export async function readBytes(label: string, path: string): Promise<Buffer> {
  try {
    return await readTyped(path, 'body');
  } catch (err) {
    throw err instanceof ReadRefused ? new UsageError(`${label}: ${err.words()}`) : err;
  }
}
