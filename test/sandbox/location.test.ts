// The URLs of resources in the sandbox's answers (`urls.location`, the
// Location of a 201) are built by locationOf() from the operation table:
// each one is a path the router finds an operation at.
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

describe('locationOf', () => {
  it("fills an operation's path, encoding each param", () => {
    expect(locationOf('customFields.get', { organizationId: 'o1', fieldName: 'a b/c' }, 'http://x/v1')).toBe('http://x/v1/orgs/o1/custom-fields/a%20b%2Fc');
    expect(locationOf('replies.get.cr', { spaceId: 's', changeRequestId: 'c', commentId: 'm', commentReplyId: 'r' }, '')).toBe('/spaces/s/change-requests/c/comments/m/replies/r');
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

  it('the Location of a 201 is the new resource, which a GET then answers', async () => {
    const acme = demo().org('Acme Docs');
    const res = await call(sb, 'POST', `/orgs/${acme}/spaces`, { body: { title: 'Located' } });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`${sb.url}/spaces/${res.body.id}`);
    const again = await call(sb, 'GET', String(res.headers.location).slice(sb.url.length));
    expect(again.body.title).toBe('Located');
  });
});
