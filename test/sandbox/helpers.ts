// Helpers for the sandbox tests: a sandbox on a random loopback port, calls
// with undici (in memory in the fast tier, over loopback end to end), and validators compiled from the reference
// OpenAPI descriptions (read at test time, never copied).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { request } from 'undici';
import { parse } from 'yaml';
import { expect } from 'vitest';
import type { OrgRec, UserRec } from '../../src/sandbox/families/orgs/index.js';
import type { CollectionRec, SpaceRec } from '../../src/sandbox/families/spaces/index.js';
import { seedState, startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { forget, transportOf } from '../helpers.js';

// The platform's OpenAPI descriptions come from npm dev dependencies (the
// @gitbook/api package ships spec/openapi.yaml; older versions through npm
// aliases), so the tests need nothing beside the checkout.
const require = createRequire(import.meta.url);
const specFile = (pkg: string) => require.resolve(`${pkg}/spec/openapi.yaml`);
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

export interface Res<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: T;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body text (sent as is). */
  raw?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Bearer token; null sends no Authorization header. Default: the sandbox's token. */
  token?: string | null;
}

export function call<T = any>(sb: Sandbox, method: string, path: string, opts: CallOptions = {}): Promise<Res<T>> {
  return send<T>(sb, sb.url + path, method, opts);
}

async function send<T>(sb: Sandbox, target: string, method: string, opts: CallOptions): Promise<Res<T>> {
  const url = new URL(target);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  const token = opts.token === undefined ? sb.token : opts.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await request(url, { method: method as 'GET', headers, body, dispatcher: transportOf(sb) });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

/** Calls an admin endpoint (outside /v1). */
export function admin<T = any>(sb: Sandbox, method: string, path: string, opts: CallOptions = {}): Promise<Res<T>> {
  return send<T>(sb, sb.url.replace(/\/v1$/, '') + path, method, opts);
}

/** Every page of a listing, following next.page. */
export async function listAll<T = any>(sb: Sandbox, path: string, limit = 1000, query: CallOptions['query'] = {}): Promise<{ items: T[]; pages: number; counts: number[] }> {
  const items: T[] = [];
  const counts: number[] = [];
  let page: string | undefined;
  let pages = 0;
  do {
    const res = await call(sb, 'GET', path, { query: { ...query, limit, page } });
    expect(res.status, res.text).toBe(200);
    items.push(...res.body.items);
    counts.push(res.body.count);
    page = res.body.next?.page;
    pages++;
  } while (page);
  return { items, pages, counts };
}

export async function withSandbox<T>(opts: SandboxOptions, fn: (sb: Sandbox) => Promise<T>): Promise<T> {
  const sb = await startSandbox({ port: 0, ...opts });
  try {
    return await fn(sb);
  } finally {
    await forget(sb);
    await sb.close();
  }
}

// ---- OpenAPI validation -----------------------------------------------------------

const escape = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

class Spec {
  private readonly cache = new Map<string, ValidateFunction>();
  constructor(
    private readonly ajv: Ajv | Ajv2020,
    private readonly id: string,
    readonly doc: any,
  ) {
    ajv.addSchema(doc, id);
  }

  /** The validator of the schema at a JSON pointer of the document, given as its parts (`['paths', path, 'get', ...]`). */
  compile(pointer: string[]): ValidateFunction {
    const ref = `${this.id}#/${pointer.map(escape).join('/')}`;
    let v = this.cache.get(ref);
    if (!v) {
      v = this.ajv.compile({ $ref: ref });
      this.cache.set(ref, v);
    }
    return v;
  }

  /** The validator of an operation's JSON response with that status. */
  response(method: string, path: string, status: number): ValidateFunction {
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${this.id} has no operation ${method} ${path}`);
    if (!op.responses[status]?.content) throw new Error(`${this.id}: ${method} ${path} declares no JSON response ${status}`);
    return this.compile(['paths', path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema']);
  }

  schema(name: string): ValidateFunction {
    return this.compile(['components', 'schemas', name]);
  }

  errorResponse(name: string): ValidateFunction {
    return this.compile(['components', 'responses', name, 'content', 'application/json', 'schema']);
  }
}

function makeAjv(kind: '2020' | '07'): Ajv | Ajv2020 {
  const opts = { strict: false, validateSchema: false, allErrors: true, logger: false } as const;
  const ajv = kind === '2020' ? new Ajv2020(opts) : new Ajv(opts);
  addFormats(ajv);
  // The platform's own format: any string is accepted here (length is bounded by the schema).
  ajv.addFormat('emoji', true);
  return ajv;
}

let latest: Spec | undefined;
let older: Spec | undefined;

/** The latest description (@gitbook/api 0.202.0, OpenAPI 3.1), with the two schemas no answer can match made matchable (descriptionFixes). */
export function latestSpec(): Spec {
  latest ??= new Spec(makeAjv('2020'), 'latest.json', descriptionFixes(parse(readFileSync(specFile('@gitbook/api'), 'utf8'))));
  return latest;
}

/**
 * Two schemas of the description that no answer can match, fixed in memory
 * (the kind of fix olderSpec() applies to Space):
 * - Document is oneOf {markdown} | {document} | an empty object with
 *   additionalProperties false, which a page in a tree (other fields, no
 *   content) never matches, though the platform answers such pages: the
 *   empty variant accepts a page's other fields.
 * - The three page_edited attribute variants of a change request's changes
 *   have no required or exclusive property, so an object with one property
 *   matches all three and a `oneOf` never holds: any of them will do.
 */
function descriptionFixes(doc: any): any {
  const { Document, RevisionSemanticChangePageEdited } = doc.components.schemas;
  delete Document.oneOf[2].additionalProperties;
  Document.oneOf[2].not = { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] };
  const edited = RevisionSemanticChangePageEdited.properties.attributes;
  edited.anyOf = edited.oneOf;
  delete edited.oneOf;
  return doc;
}

/**
 * OpenAPI 3.0's `nullable` without `type` (next to allOf/oneOf/$ref) means
 * "or null"; ajv only understands it beside `type`, so such schemas become
 * `anyOf: [schema, {type: null}]`, in memory.
 */
function nullableToAnyOf(node: any): any {
  if (Array.isArray(node)) return node.map(nullableToAnyOf);
  if (!node || typeof node !== 'object') return node;
  const out: any = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullableToAnyOf(v);
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

/**
 * The 0.130.0 description (OpenAPI 3.0.3), for operations the latest one
 * dropped (space transfer, links). Its Space schema lists `type` as required
 * but defines no such property (the latest makes `type` an optional enum
 * ["styleguide"]); that one entry is removed here, at test time, so that a
 * Space can validate at all.
 */
export function olderSpec(): Spec {
  if (!older) {
    const doc = nullableToAnyOf(parse(readFileSync(specFile('gitbook-api-0130'), 'utf8')));
    const space = doc.components.schemas.Space;
    space.required = space.required.filter((r: string) => r !== 'type');
    older = new Spec(makeAjv('07'), 'older.json', doc);
  }
  return older;
}

let v091: Spec | undefined;

/** The 0.91.0 description (OpenAPI 3.0.3, shipped as JSON): the only one that describes custom fields. */
export function spec091(): Spec {
  v091 ??= new Spec(makeAjv('07'), 'v091.json', nullableToAnyOf(JSON.parse(readFileSync(require.resolve('gitbook-api-091/spec/openapi.json'), 'utf8'))));
  return v091;
}

/** Asserts that `value` validates, with ajv's errors as the failure message. */
export function expectValid(validate: ValidateFunction, value: unknown, what = 'response'): void {
  const ok = validate(value);
  const errors = ok ? '' : JSON.stringify(validate.errors?.slice(0, 8), null, 1);
  expect(ok, `${what} does not match the schema: ${errors}\n${JSON.stringify(value).slice(0, 2000)}`).toBe(true);
}

/** Asserts a documented operation's success response: status, and body against the schema. */
export function expectOperation(res: Res, method: string, path: string, status: number, spec = latestSpec()): void {
  expect(res.status, res.text).toBe(status);
  expectValid(spec.response(method, path, status), res.body, `${method} ${path} ${status}`);
}

const ERROR_RESPONSES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  412: 'PreconditionFailedError',
};

/** Asserts an error: status, a body matching components.responses, and a message matching `message`. */
export function expectError(res: Res, status: number, message?: RegExp): void {
  expect(res.status, res.text).toBe(status);
  expectValid(latestSpec().errorResponse(ERROR_RESPONSES[status] ?? 'UnexpectedError'), res.body, `error ${status}`);
  expect(res.body.error.code).toBe(status);
  if (message) expect(res.body.error.message).toMatch(message);
}

// ---- the demo seed's ids --------------------------------------------------------------

/** Ids of the demo seed by title (the seed is deterministic, so they match any fresh demo sandbox). */
export function demo() {
  const data = seedState('demo', Date.now());
  const orgs = data.families.orgs as { users: UserRec[]; orgs: OrgRec[] };
  const spaces = data.families.spaces as { spaces: SpaceRec[]; collections: CollectionRec[] };
  const byTitle = <T extends { title: string; id: string }>(xs: T[]) => (title: string) => {
    const x = xs.find((i) => i.title === title);
    if (!x) throw new Error(`no "${title}" in the demo seed`);
    return x.id;
  };
  const user = (name: string) => orgs.users.find((u) => u.displayName === name)!.id;
  return { space: byTitle(spaces.spaces), collection: byTitle(spaces.collections), org: byTitle(orgs.orgs), user, me: data.userId, data };
}
