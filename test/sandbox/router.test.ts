// Routing by the operation table: every operation has one path the router
// finds, every operation with a handler is reachable over HTTP, one without
// answers 501, and no operation can have two handlers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { op, type Operation } from '../../src/api/operation.js';
import { OPERATIONS } from '../../src/api/operations/index.js';
import { HandlerRegistry, Router } from '../../src/sandbox/core/router.js';
import { ok } from '../../src/sandbox/core/reply.js';
import { World, type Family, type FamilyFactory } from '../../src/sandbox/core/world.js';
import { FAMILIES } from '../../src/sandbox/families/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, expectError } from './helpers.js';

const ALL = Object.values(OPERATIONS) as Operation[];
const world = new World(FAMILIES);
const handled = ALL.filter((o) => world.handlers.get(o.id) !== undefined);
const unhandled = ALL.filter((o) => world.handlers.get(o.id) === undefined);
/** The operation's path with every param filled in. */
const pathOf = (o: Operation) => o.path.replace(/\{(\w+)\}/g, (_, name: string) => `some-${name}`);

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
});
afterAll(() => sb.close());

describe('the router', () => {
  it('finds each operation of the table at its own path and method, with its params', () => {
    const router = new Router(ALL);
    for (const o of ALL) {
      const match = router.match(o.method, pathOf(o));
      expect(match && 'operation' in match ? match.operation.id : match, `${o.method} ${o.path}`).toBe(o.id);
      if (match && 'params' in match) expect(Object.keys(match.params)).toEqual(Object.keys(o.params));
    }
  });

  it('decodes params; an empty segment matches nothing; other methods are listed', () => {
    const router = new Router(ALL);
    expect(router.match('GET', '/spaces/a%20b')).toMatchObject({ operation: { id: 'spaces.get' }, params: { spaceId: 'a b' } });
    expect(router.match('GET', '/spaces/')).toBeUndefined();
    expect(router.match('PUT', '/spaces/x')).toEqual({ allow: ['GET', 'PATCH', 'DELETE'] });
    expect(() => router.match('GET', '/spaces/%E0%A4%A')).toThrow(/not valid percent-encoding/);
  });

  it.each(handled.map((o) => [o.id, o] as const))('%s is reachable over HTTP', async (_, o) => {
    const res = await call(sb, o.method, pathOf(o));
    // Whatever the handler answers for made-up ids, it is not the router's 404, 405 or 501.
    expect(res.status, res.text).not.toBe(405);
    expect(res.status, res.text).not.toBe(501);
    if (res.status === 404) expect(res.body.error.message).not.toMatch(/^No operation at/);
  });

  it.runIf(unhandled.length > 0)('an operation without a handler answers 501 with the error body', async () => {
    for (const o of unhandled) {
      const res = await call(sb, o.method, pathOf(o), { body: o.body ? {} : undefined });
      expectError(res, 501);
      expect(res.body).toEqual({ error: { code: 501, message: `${o.method} /v1${pathOf(o)} is not emulated by the sandbox yet` } });
    }
  });
});

describe('one handler per operation', () => {
  const handler = () => ok({});
  const family = (name: string, ids: string[]): FamilyFactory => () =>
    ({ name, handlers: Object.fromEntries(ids.map((id) => [id, handler])), toJSON: () => ({}), load: () => undefined, seed: () => undefined }) as Family;

  it('the families register each operation id at most once, and only ids of the table', () => {
    const owners = new Map<string, string>();
    for (const make of FAMILIES) {
      const f = make(new World([]));
      for (const id of Object.keys(f.handlers)) {
        expect(OPERATIONS, `${f.name} handles ${id}`).toHaveProperty([id]);
        expect(owners.get(id), `${id} in ${f.name} and ${owners.get(id)}`).toBeUndefined();
        owners.set(id, f.name);
      }
    }
    expect(owners.size).toBe(handled.length);
  });

  it('the registry refuses an id twice, from the same family or another, and an id not in the table', () => {
    const registry = new HandlerRegistry({ 'a.get': op('a.get', 'GET /a'), 'b.get': op('b.get', 'GET /b') });
    registry.add('one', 'a.get', handler);
    expect(() => registry.add('one', 'a.get', handler)).toThrow(/family one: operation a\.get already has a handler, in family one/);
    expect(() => registry.add('two', 'a.get', handler)).toThrow(/family two: operation a\.get already has a handler, in family one/);
    expect(() => registry.add('two', 'c.get', handler)).toThrow(/family two: there is no operation c\.get in the operation table/);
    registry.add('two', 'b.get', handler);
    expect(registry.familyOf('b.get')).toBe('two');
  });

  it('a world whose families share an operation id does not start', () => {
    expect(() => new World([family('first', ['spaces.get']), family('second', ['spaces.get'])])).toThrow(/family second: operation spaces\.get already has a handler, in family first/);
    expect(() => new World([family('same', []), family('same', [])])).toThrow(/two families are named same/);
  });
});
