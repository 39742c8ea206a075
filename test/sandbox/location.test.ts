// The URLs of resources in the sandbox's answers (`urls.location`, the
// Location of a 201) are built by locationOf() from the operation table:
// each one is a path the router finds an operation at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/api/operations/index.js';
import { locationOf } from '../../src/sandbox/core/location.js';
import { Router } from '../../src/sandbox/core/router.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo } from './helpers.js';

const router = new Router(Object.values(OPERATIONS));

/** Every `urls.location` in a JSON value. */
function locations(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) locations(v, out);
  else if (value && typeof value === 'object') {
    const urls = (value as { urls?: { location?: unknown } }).urls;
    if (typeof urls?.location === 'string') out.push(urls.location);
    for (const v of Object.values(value)) locations(v, out);
  }
  return out;
}

/** The operation the router finds at a URL below the API, with GET or else a method that reads or changes one resource. */
function routed(sb: Sandbox, url: string): string | undefined {
  expect(url.startsWith(`${sb.url}/`), url).toBe(true);
  const path = url.slice(sb.url.length);
  for (const method of ['GET', 'PATCH', 'DELETE']) {
    const match = router.match(method, path);
    if (match && 'operation' in match) return match.operation.id;
  }
  return undefined;
}

/** Every URL in a JSON value: the values of `urls` objects, and of fields named `…URL` or `url`. */
function urls(value: unknown, out: string[] = [], key = ''): string[] {
  if (Array.isArray(value)) for (const v of value) urls(v, out, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) urls(v, out, key === 'urls' ? 'url' : k);
  else if (typeof value === 'string' && /(^url$|URL$)/.test(key)) out.push(value);
  return out;
}

const isUri = fullFormats.uri as (s: string) => boolean;

describe('locationOf', () => {
  it("fills an operation's path, encoding each param", () => {
    expect(locationOf('customFields.get', { organizationId: 'o1', fieldName: 'a b/c' }, 'http://x/v1')).toBe('http://x/v1/orgs/o1/custom-fields/a%20b%2Fc');
    expect(locationOf('replies.get.cr', { spaceId: 's', changeRequestId: 'c', commentId: 'm', commentReplyId: 'r' }, '')).toBe('/spaces/s/change-requests/c/comments/m/replies/r');
  });

  it('is, with urlOf(), the one place the sandbox encodes a part of a URL', () => {
    const root = join(import.meta.dirname, '../../src/sandbox');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const encoding = files.filter((f) => /encodeURI(Component)?\(/.test(readFileSync(join(root, f), 'utf8')));
    expect(encoding).toEqual(['core/location.ts']);
  });

  it('names a missing param', () => {
    expect(() => locationOf('teams.get', { organizationId: 'o' }, '')).toThrow(/locationOf\(teams\.get\): no value for the path param teamId/);
  });
});

describe('the locations the sandbox answers', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0 });
  });
  afterAll(() => sb.close());

  it('each one is a path of an operation of the table, naming the resource it is on', async () => {
    const d = demo();
    const acme = d.org('Acme Docs');
    const space = d.space('Getting Started');
    const sites = (await call(sb, 'GET', `/orgs/${acme}/sites`)).body.items as { id: string }[];
    const paths = [
      '/user',
      '/orgs',
      `/orgs/${acme}/members`,
      `/orgs/${acme}/spaces`,
      `/orgs/${acme}/collections`,
      `/orgs/${acme}/teams`,
      `/orgs/${acme}/saml`,
      `/orgs/${acme}/custom-fields`,
      `/orgs/${acme}/translations`,
      `/orgs/${acme}/openapi`,
      `/orgs/${acme}/integrations`,
      `/spaces/${space}/comments`,
      `/spaces/${space}/change-requests`,
      `/orgs/${acme}/sites`,
      ...sites.flatMap((s) => [`/orgs/${acme}/sites/${s.id}/sections`, `/orgs/${acme}/sites/${s.id}/site-spaces`]),
    ];
    const seen = new Set<string>();
    for (const path of paths) {
      const res = await call(sb, 'GET', path);
      if (res.status !== 200) continue;
      for (const url of locations(res.body)) {
        const id = routed(sb, url);
        expect(id, `${url} (from ${path})`).toBeDefined();
        seen.add(id!);
      }
    }
    for (const id of ['users.get', 'orgs.get', 'spaces.get', 'collections.get', 'customFields.get', 'comments.get', 'sites.get']) expect(seen).toContain(id);
    expect(seen.size).toBeGreaterThanOrEqual(10);
  });

  it('every URL answered is a URI, also when built from a path a user gave with spaces and non-ASCII characters', async () => {
    const acme = demo().org('Acme Docs');
    const site = (await call(sb, 'GET', `/orgs/${acme}/sites`)).body.items.find((s: { published: boolean; visibility: string }) => s.published && s.visibility === 'public');
    const base = `/orgs/${acme}/sites/${site.id}`;
    expect((await call(sb, 'PATCH', base, { body: { basename: 'Über uns' } })).status).toBe(200);
    const sections = (await call(sb, 'GET', `${base}/sections`)).body.items;
    expect((await call(sb, 'PATCH', `${base}/sections/${sections[0].id}`, { body: { path: 'guides & more ü' } })).status).toBe(200);
    const ss = sections[0].siteSpaces[0];
    expect((await call(sb, 'PATCH', `${base}/site-spaces/${ss.id}`, { body: { path: 'naïve path?#' } })).status).toBe(200);
    const published = await call(sb, 'GET', `${base}/published`);
    const found = urls(published.body);
    expect(found.some((u) => u.includes('/%C3%9Cber%20uns/guides%20%26%20more%20%C3%BC/na%C3%AFve%20path%3F%23/')), found.join('\n')).toBe(true);
    for (const u of found) expect(isUri(u), u).toBe(true);
    for (const path of [`${base}/sections`, `${base}/site-spaces`, base]) for (const u of urls((await call(sb, 'GET', path)).body)) expect(isUri(u), `${u} (from ${path})`).toBe(true);
  });

  it('the Location of a 201 is the new resource, which a GET then answers', async () => {
    const acme = demo().org('Acme Docs');
    const res = await call(sb, 'POST', `/orgs/${acme}/spaces`, { body: { title: 'Located' } });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${sb.url}/spaces/${res.body.id}`);
    const again = await call(sb, 'GET', String(res.headers.location).slice(sb.url.length));
    expect(again.body.title).toBe('Located');
  });
});
