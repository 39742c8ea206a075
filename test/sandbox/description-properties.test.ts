// A property-based test of the sandbox, driven by the platform's public
// description (@gitbook/api 0.202.0), as an independent API tester runs one:
// for every operation of the table that the description has too, requests
// generated from the description's parameters and request body, sent to a
// fresh demo sandbox over HTTP. Of each answer: no 5xx; a body is JSON, with
// a JSON content type; a success has a status the description lists and a
// body its schema for that status accepts; an error has the description's
// error body. A valid request is never a 400 (outside the refusals listed
// below, each a rule the description cannot say); a request that breaks the
// description (a field of another type, outside its enum or bounds, a
// required field or body left out) is a 4xx.
//
// Where the description and the API reference disagree, the reference wins:
// description-differences.ts lists each deliberate difference, and why.
//
// Reproducible: a fixed seed and a few runs per operation. For a longer run:
//   DOCPLAT_PROPERTY_RUNS=200 DOCPLAT_PROPERTY_SEED=7 npx vitest run --config test/vitest.config.ts test/sandbox/description-properties.test.ts
import fc from 'fast-check';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/api/operations/index.js';
import type { Operation } from '../../src/api/operation.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { latestSpec } from './helpers.js';
import { applyDifferences, NOT_GENERATED, STATE_REFUSALS } from './description-differences.js';
import { breakings, SchemaArbitraries, typesOf, type Hints } from './schema-arbitraries.js';

const SEED = Number(process.env.DOCPLAT_PROPERTY_SEED ?? 20261201);
const RUNS = Number(process.env.DOCPLAT_PROPERTY_RUNS ?? 5);

const spec = latestSpec();
const doc = spec.doc;
applyDifferences(doc);

// ---- the operations ----------------------------------------------------------------------

const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

interface Case {
  op: Operation;
  /** The description's path of it (its param names may differ from the table's). */
  path: string;
  described: any;
  params: any[];
}

function cases(): Case[] {
  const byShape = new Map<string, string>();
  for (const path of Object.keys(doc.paths)) byShape.set(shape(path), path);
  const out: Case[] = [];
  for (const op of Object.values(OPERATIONS)) {
    const path = byShape.get(shape(op.path));
    const described = path ? doc.paths[path][op.method.toLowerCase()] : undefined;
    if (!path || !described) continue;
    const params = [...(doc.paths[path].parameters ?? []), ...(described.parameters ?? [])].map((p) => derefParam(p));
    out.push({ op, path, described, params });
  }
  return out;
}

function derefParam(p: any): any {
  return p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p;
}

// ---- the sandbox's live ids, for path params and id fields ----------------------------------

interface Answer {
  status: number;
  type: string | undefined;
  text: string;
  body: any;
}

async function send(sb: Sandbox, method: string, path: string, body?: { json: unknown }): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${sb.token}` };
  if (body) headers['content-type'] = 'application/json';
  const res = await request(sb.url + path, { method: method as 'GET', headers, body: body ? JSON.stringify(body.json) : undefined });
  const text = await res.body.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.statusCode, type: res.headers['content-type'] as string | undefined, text, body: parsed };
}

async function ids(sb: Sandbox, path: string, pick: (item: any) => string | undefined = (i) => i.id ?? i.slug ?? i.name ?? i.user?.id): Promise<string[]> {
  const res = await send(sb, 'GET', `${path}${path.includes('?') ? '&' : '?'}limit=5`);
  if (res.status !== 200) return [];
  const items: any[] = Array.isArray(res.body) ? res.body : (res.body?.items ?? []);
  return items.map(pick).filter((x): x is string => typeof x === 'string').slice(0, 3);
}

const flatPages = (pages: any[]): any[] => pages.flatMap((p) => [p, ...flatPages(p.pages ?? [])]);

/**
 * The ids a path param takes, given the params before it: the list at the
 * path up to it (`/orgs/O/sites` for `{siteId}`), or, for the first param of
 * a path, the demo organization's list of that kind.
 */
async function idsFor(sb: Sandbox, prefix: string, name: string, org: string): Promise<string[]> {
  switch (name) {
    case 'specSlug':
      return ids(sb, prefix, (i) => i.slug);
    case 'organizationId':
      return prefix === '/orgs' ? ids(sb, '/orgs') : [org];
    case 'userId':
      return prefix === '/users' ? ids(sb, `/orgs/${org}/members`) : ids(sb, prefix);
    case 'collectionId':
      return ids(sb, `/orgs/${org}/collections`);
    case 'spaceId':
      return ids(sb, `/orgs/${org}/spaces`);
    case 'pageId': {
      const base = prefix.replace(/\/(content\/page|revisions\/[^/]+\/page)$/, '');
      const content = await send(sb, 'GET', `${base}/content`);
      return flatPages(content.body?.pages ?? []).map((p) => p.id).slice(0, 3);
    }
    case 'revisionId': {
      const space = await send(sb, 'GET', prefix.replace(/\/revisions$/, ''));
      return [space.body?.revision].filter(Boolean);
    }
    default:
      return ids(sb, prefix);
  }
}

/** Every combination of live ids for the path's params (at most 3 per param, 12 in all). */
async function paramSets(sb: Sandbox, path: string, org: string): Promise<Record<string, string>[]> {
  let sets: { prefix: string; params: Record<string, string> }[] = [{ prefix: '', params: {} }];
  for (const part of path.split('/').slice(1)) {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) {
      sets = sets.map((s) => ({ ...s, prefix: `${s.prefix}/${part}` }));
      continue;
    }
    const next: typeof sets = [];
    for (const s of sets.slice(0, 4)) {
      const found = await idsFor(sb, s.prefix, name, org);
      // A param with nothing to name (no review yet): an id that does not exist.
      for (const value of found.length ? found : ['nothing-here']) next.push({ prefix: `${s.prefix}/${encodeURIComponent(value)}`, params: { ...s.params, [name]: value } });
    }
    sets = next.slice(0, 12);
  }
  return sets.map((s) => s.params);
}

/** Live ids by the name of a body field that takes one. */
async function hints(sb: Sandbox, org: string): Promise<Hints> {
  const spaces = await ids(sb, `/orgs/${org}/spaces`);
  const site = (await ids(sb, `/orgs/${org}/sites`))[0];
  const users = await ids(sb, `/orgs/${org}/members`);
  const sections = await ids(sb, `/orgs/${org}/sites/${site}/sections`);
  const groups = await ids(sb, `/orgs/${org}/sites/${site}/section-groups`);
  const collections = await ids(sb, `/orgs/${org}/collections`);
  const content = await send(sb, 'GET', `/spaces/${spaces[0]}/content`);
  const pages = flatPages(content.body?.pages ?? []).map((p) => p.id);
  return {
    spaceId: spaces,
    space: spaces,
    parent: collections,
    organization: [org],
    users,
    user: users,
    members: users,
    sectionId: sections,
    defaultSiteSection: sections,
    siteSectionGroupId: groups,
    parentSectionGroupId: groups,
    defaultSiteSpace: await ids(sb, `/orgs/${org}/sites/${site}/site-spaces`),
    defaultTeam: await ids(sb, `/orgs/${org}/teams`),
    pageId: pages,
    page: pages,
  };
}

// ---- requests ------------------------------------------------------------------------------

interface Request {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** Undefined: no body sent. `valid`: false when the generator missed the description (ajv says), and the request is not sent. */
  body?: { json: unknown; valid?: boolean };
}

const pointer = (c: Case, ...rest: string[]) => ['paths', c.path, c.op.method.toLowerCase(), ...rest];
const bodySchema = (c: Case) => c.described.requestBody?.content?.['application/json']?.schema;

function queryParams(c: Case): any[] {
  return c.params.filter((p) => p.in === 'query' && !NOT_GENERATED.has(p.name) && !typesOf(arbs.flat(p.schema ?? {})).includes('object'));
}

let arbs: SchemaArbitraries;

function requestArbitrary(c: Case, sets: Record<string, string>[]): fc.Arbitrary<Request> {
  const query = Object.fromEntries(queryParams(c).map((p) => [p.name, arbs.of(p.schema ?? {}, p.name)]));
  const required = queryParams(c).filter((p) => p.required).map((p) => p.name);
  const schema = bodySchema(c);
  const validBody = schema ? spec.compile(pointer(c, 'requestBody', 'content', 'application/json', 'schema')) : undefined;
  const body: fc.Arbitrary<Request['body']> = schema ? arbs.of(schema).map((json) => ({ json, valid: validBody!(json) === true })) : fc.constant(undefined);
  // Mostly live ids; now and then one param any value its schema allows (a 404, or a 400 for one that cannot be an id).
  const names = Object.keys(sets[0]);
  const pathSchema = (name: string) => c.params.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
  const stray = names.length
    ? fc.tuple(fc.constantFrom(...sets), fc.constantFrom(...names)).chain(([set, name]) => (arbs.of({ ...pathSchema(name), minLength: 1 }) as fc.Arbitrary<string>).map((value) => ({ ...set, [name]: value })))
    : undefined;
  const params = stray ? fc.oneof({ arbitrary: fc.constantFrom(...sets), weight: 4 }, { arbitrary: stray, weight: 1 }) : fc.constantFrom(...sets);
  return fc.record({ params, query: fc.record(query, { requiredKeys: required }), body });
}

function urlOf(c: Case, req: Request): string {
  const path = c.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(req.params[name]));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const q = search.toString();
  return q ? `${path}?${q}` : path;
}

/** The ways to break a valid request, each a broken copy of it (the description says why it is invalid). */
function broken(c: Case, req: Request): { what: string; req: Request }[] {
  const out: { what: string; req: Request }[] = [];
  const schema = bodySchema(c);
  if (schema) {
    const valid = spec.compile(pointer(c, 'requestBody', 'content', 'application/json', 'schema'));
    if (c.described.requestBody.required && req.body) out.push({ what: 'no body', req: { ...req, body: undefined } });
    if (req.body) out.push({ what: 'a body that is an array', req: { ...req, body: { json: [] } } });
    for (const breaking of breakings(arbs, schema, req.body?.json)) {
      const json = breaking.apply(req.body?.json);
      if (valid(json) !== true) out.push({ what: breaking.what, req: { ...req, body: { json } } });
    }
  }
  for (const p of queryParams(c)) {
    const s = arbs.flat(p.schema ?? {});
    const types = typesOf(s);
    const bad: unknown[] = [];
    if (p.required && p.name in req.query) bad.push(undefined);
    if (s.enum || types.some((t) => ['boolean', 'integer', 'number'].includes(t))) bad.push('AAA');
    if (s.maximum !== undefined) bad.push(s.maximum + 1);
    if (s.minimum !== undefined) bad.push(s.minimum - 1);
    if (s.maxLength !== undefined) bad.push('x'.repeat(s.maxLength + 1));
    for (const value of bad) {
      const query: Record<string, unknown> = { ...req.query, [p.name]: value };
      if (value === undefined) delete query[p.name];
      out.push({ what: `the query ${p.name}=${value === undefined ? '(left out)' : String(value)}`, req: { ...req, query } });
    }
  }
  return out;
}

// ---- judging an answer ---------------------------------------------------------------------

const ERRORS: Record<number, string> = { 400: 'BadRequestError', 401: 'UnauthorizedError', 403: 'ForbiddenError', 404: 'NotFoundError', 409: 'ConflictError', 412: 'PreconditionFailedError' };

/** What is wrong with an answer (empty: nothing). `valid`: whether the request was valid. */
function problems(c: Case, res: Answer, valid: boolean): string[] {
  const out: string[] = [];
  const { status } = res;
  if (status >= 500) return [`a ${status}: ${res.text.slice(0, 300)}`];
  if (res.text !== '' && !/^application\/json\b/.test(res.type ?? '')) out.push(`a body with content type ${res.type}`);
  if (res.text !== '' && res.body === undefined) out.push(`a body that is not JSON: ${res.text.slice(0, 100)}`);
  if (status < 300) {
    if (!valid) return [...out, `a ${status}: an invalid request accepted`];
    const documented = c.described.responses[status];
    if (!documented) return [...out, `a ${status}, which the description does not list (${Object.keys(c.described.responses).join(', ')})`];
    const schema = documented.content?.['application/json']?.schema;
    if (!schema && res.text !== '') out.push(`a body with a ${status}, which the description says has none`);
    if (schema) {
      const validate = spec.compile(pointer(c, 'responses', String(status), 'content', 'application/json', 'schema'));
      if (!validate(res.body)) out.push(`a ${status} the description's schema refuses: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${res.text.slice(0, 300)}`);
    }
    return out;
  }
  if (status >= 400) {
    const validate = spec.errorResponse(ERRORS[status] ?? 'UnexpectedError');
    if (!validate(res.body)) out.push(`a ${status} without the description's error body: ${res.text.slice(0, 200)}`);
    const message: string = res.body?.error?.message ?? '';
    if (valid && status === 400 && !STATE_REFUSALS.some((r) => r.message.test(message))) out.push(`a valid request refused: ${message}`);
    if ([401, 405, 413].includes(status)) out.push(`a ${status}: ${message}`);
    return out;
  }
  return [...out, `a ${status}`];
}

// ---- the properties --------------------------------------------------------------------------

const CASES = cases();
const ORG_TITLE = 'Acme Docs';

beforeAll(async () => {
  // The description's validators are compiled before any sandbox starts (a long compile would outlast a keep-alive).
  for (const c of CASES) {
    for (const [status, r] of Object.entries<any>(c.described.responses)) {
      if (r.content?.['application/json']?.schema) spec.compile(pointer(c, 'responses', status, 'content', 'application/json', 'schema'));
    }
    if (bodySchema(c)) spec.compile(pointer(c, 'requestBody', 'content', 'application/json', 'schema'));
  }
  const sb = await startSandbox({ port: 0 });
  try {
    const org = (await send(sb, 'GET', '/orgs')).body.items.find((o: any) => o.title === ORG_TITLE).id;
    arbs = new SchemaArbitraries(doc, await hints(sb, org));
  } finally {
    await sb.close();
  }
}, 120_000);

describe('the sandbox as the description says, request by generated request', () => {
  it('covers every operation of the table that the description has', () => {
    expect(CASES.length).toBeGreaterThan(130);
  });

  it.each(CASES.map((c) => [c.op.id, c] as const))('%s', async (_, c) => {
    const sb = await startSandbox({ port: 0 });
    try {
      const org = (await send(sb, 'GET', '/orgs')).body.items.find((o: any) => o.title === ORG_TITLE).id;
      const sets = await paramSets(sb, c.path, org);
      const valid = requestArbitrary(c, sets);
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(valid, async (req) => {
          if (req.body?.valid === false) return;
          sent++;
          const res = await send(sb, c.op.method, urlOf(c, req), req.body);
          expect(problems(c, res, true), `${c.op.method} ${urlOf(c, req)} ${JSON.stringify(req.body?.json)?.slice(0, 500)}`).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      // The generator made at least one valid request (ajv's judgement) of the operation.
      expect(sent, 'valid requests sent').toBeGreaterThan(0);
      const invalid = valid.chain((req) => {
        const ways = req.body?.valid === false ? [] : broken(c, req);
        return ways.length ? fc.constantFrom(...ways) : fc.constant(undefined);
      });
      await fc.assert(
        fc.asyncProperty(invalid, async (way) => {
          if (!way) return;
          const res = await send(sb, c.op.method, urlOf(c, way.req), way.req.body);
          expect(problems(c, res, false), `${c.op.method} ${urlOf(c, way.req)} with ${way.what}: ${JSON.stringify(way.req.body?.json)?.slice(0, 300)}`).toEqual([]);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    } finally {
      await sb.close();
    }
  });
});
