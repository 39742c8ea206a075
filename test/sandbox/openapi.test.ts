// OpenAPI specifications in the sandbox: responses validated against the
// public OpenAPI description, processing over the sandbox clock, PARSE_ERROR,
// FETCH_ERROR outside loopback, a real loopback fetch, versions and content.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { call, demo, expectError, expectOperation, latestSpec } from './helpers.js';

const ids = demo();
const ACME = ids.org('Acme Docs');
const GLOBEX = ids.org('Globex');
const SPECS = `/orgs/${ACME}/openapi`;
const DOC = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n';

let sb: Sandbox;
beforeEach(async () => {
  sb = await startSandbox({ port: 0, processingMs: 60_000 });
  return () => sb.close();
});
beforeAll(() => {
  latestSpec();
});

/** Moves the sandbox clock past the processing time. */
const finish = () => sb.clock.advance(60_001);

describe('openapi specs', () => {
  it('lists and gets the demo specs', async () => {
    const res = await call(sb, 'GET', SPECS);
    expectOperation(res, 'GET', '/orgs/{organizationId}/openapi', 200);
    expect(res.body.items.map((s: { slug: string }) => s.slug)).toEqual(['petstore', 'billing-api']);
    const one = await call(sb, 'GET', `${SPECS}/petstore`);
    expectOperation(one, 'GET', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(one.body).toMatchObject({ processingState: 'complete', permissions: { view: true, edit: true } });
    const globex = await call(sb, 'GET', `/orgs/${GLOBEX}/openapi/globex-public`);
    expect(globex.body.permissions.edit).toBe(false);
    expectError(await call(sb, 'GET', `${SPECS}/nope`), 404, /No OpenAPI specification "nope"/);
  });

  it('a publish moves pending → progress → complete on the sandbox clock and adds a version', async () => {
    const res = await call(sb, 'PUT', `${SPECS}/new-api`, { body: { source: { text: DOC } } });
    expectOperation(res, 'PUT', '/orgs/{organizationId}/openapi/{specSlug}', 201);
    expect(res.body.processingState).toBe('pending');
    sb.clock.advance(30_000);
    expect((await call(sb, 'GET', `${SPECS}/new-api`)).body.processingState).toBe('progress');
    finish();
    const done = await call(sb, 'GET', `${SPECS}/new-api`);
    expectOperation(done, 'GET', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(done.body).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
    expect(done.body.lastProcessErrorCode).toBeUndefined();
    const again = await call(sb, 'PUT', `${SPECS}/new-api`, { body: { source: { text: DOC } } });
    expectOperation(again, 'PUT', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    finish();
    const versions = await call(sb, 'GET', `${SPECS}/new-api/versions`);
    expectOperation(versions, 'GET', '/orgs/{organizationId}/openapi/{specSlug}/versions', 200);
    expect(versions.body.items).toHaveLength(2);
    const latest = await call(sb, 'GET', `${SPECS}/new-api/versions/latest`);
    expectOperation(latest, 'GET', '/orgs/{organizationId}/openapi/{specSlug}/versions/latest', 200);
    expect(latest.body.id).toBe(versions.body.items[0].id);
    const byId = await call(sb, 'GET', `${SPECS}/new-api/versions/${versions.body.items[1].id}`);
    expectOperation(byId, 'GET', '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}', 200);
    expectOperation(await call(sb, 'GET', `${SPECS}/new-api/versions/latest/content`), 'GET', '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content', 200);
    expectError(await call(sb, 'GET', `${SPECS}/new-api/versions/nope`), 404, /No version nope/);
    const content = await call(sb, 'GET', `${SPECS}/new-api/versions/${latest.body.id}/content`);
    expectOperation(content, 'GET', '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content', 200);
    // The document is served without a token, as a storage host would.
    const file = await fetch(content.body.url);
    expect(await file.text()).toBe(DOC);
  });

  it('text that is not an OpenAPI document ends in PARSE_ERROR, with the errors, and no version', async () => {
    const res = await call(sb, 'POST', SPECS, { body: { slug: 'broken', source: { text: 'title: [unclosed' } } });
    expectOperation(res, 'POST', '/orgs/{organizationId}/openapi', 201);
    finish();
    const done = await call(sb, 'GET', `${SPECS}/broken`);
    expectOperation(done, 'GET', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(done.body).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastProcessedErrorCount: 1 });
    expect(done.body.lastProcessedErrors[0].message).toMatch(/line 1, column \d+/);
    expect(done.body.lastVersion).toBeUndefined();
    expectError(await call(sb, 'GET', `${SPECS}/broken/versions/latest`), 404, /no version yet/);
  });

  it('an OpenAPI document the platform would refuse (paths: 5, a $ref to nothing) ends in PARSE_ERROR with every error', async () => {
    const bad = 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: 5\ncomponents:\n  schemas:\n    A: {$ref: "#/components/schemas/Nope"}\n';
    await call(sb, 'PUT', `${SPECS}/invalid`, { body: { source: { text: bad } } });
    finish();
    const done = await call(sb, 'GET', `${SPECS}/invalid`);
    expectOperation(done, 'GET', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(done.body).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastProcessedErrorCount: 2 });
    expect(done.body.lastProcessedErrors).toEqual([
      { code: 'PARSE_ERROR', message: 'line 3, column 8: $.paths: Expected type "Paths" (object) but got "integer"' },
      { code: 'PARSE_ERROR', message: 'line 6, column 8: $.components.schemas.A: $ref "#/components/schemas/Nope" points to nothing in this document' },
    ]);
    expect(done.body.lastVersion).toBeUndefined();
  });

  it('a text source clears the sourceURL of a spec that came from a URL', async () => {
    await call(sb, 'PUT', `${SPECS}/moved`, { body: { source: { url: 'https://specs.example.com/openapi.yaml' } } });
    expect((await call(sb, 'GET', `${SPECS}/moved`)).body.sourceURL).toBe('https://specs.example.com/openapi.yaml');
    finish();
    const res = await call(sb, 'PUT', `${SPECS}/moved`, { body: { source: { text: DOC } } });
    expectOperation(res, 'PUT', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(res.body.sourceURL).toBeUndefined();
    finish();
    expect((await call(sb, 'GET', `${SPECS}/moved`)).body).toMatchObject({ processingState: 'complete', lastProcessedErrorCount: 0 });
  });

  it('fetches nothing outside loopback (FETCH_ERROR), and fetches a loopback URL', async () => {
    await call(sb, 'PUT', `${SPECS}/remote`, { body: { source: { url: 'https://specs.example.com/openapi.yaml' } } });
    finish();
    const remote = (await call(sb, 'GET', `${SPECS}/remote`)).body;
    expect(remote).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR', sourceURL: 'https://specs.example.com/openapi.yaml' });
    expect(remote.lastProcessedErrors[0].message).toMatch(/nothing outside loopback/);

    const server = createServer((_req, res) => res.end(DOC));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.yaml`;
      await call(sb, 'PUT', `${SPECS}/local`, { body: { source: { url } } });
      sb.clock.advance(30_000);
      await call(sb, 'GET', `${SPECS}/local`); // starts the fetch
      finish();
      let spec: { processingState: string; lastProcessErrorCode?: string };
      do spec = (await call(sb, 'GET', `${SPECS}/local`)).body;
      while (spec.processingState !== 'complete');
      expect(spec.lastProcessErrorCode).toBeUndefined();
      const version = (await call(sb, 'GET', `${SPECS}/local/versions/latest`)).body;
      expect(version.url).toBe(url);
    } finally {
      server.close();
    }
  });

  it('refuses a duplicate create (409), a bad source (400) and an editor (403); delete answers 205 then 404', async () => {
    expectError(await call(sb, 'POST', SPECS, { body: { slug: 'petstore', source: { text: DOC } } }), 409, /already exists/);
    expectError(await call(sb, 'PUT', `${SPECS}/x`, { body: { source: {} } }), 400, /exactly one of "url" and "text"/);
    expectError(await call(sb, 'PUT', `${SPECS}/x`, { body: { source: { text: DOC, url: 'https://a.example' } } }), 400, /exactly one/);
    expectError(await call(sb, 'PUT', `${SPECS}/Bad_Slug`, { body: { source: { text: DOC } } }), 400, /The path parameter "specSlug" must be lowercase letters and digits/);
    expectError(await call(sb, 'PUT', `/orgs/${GLOBEX}/openapi/x`, { body: { source: { text: DOC } } }), 403, /create role/);
    expect((await call(sb, 'DELETE', `${SPECS}/petstore`)).status).toBe(205);
    expectError(await call(sb, 'DELETE', `${SPECS}/petstore`), 404, /already deleted/);
    expectError(await call(sb, 'DELETE', `${SPECS}/never-published`), 404, /No OpenAPI specification "never-published"/);
  });
});
