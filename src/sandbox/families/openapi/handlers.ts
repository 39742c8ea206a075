// The openapi family's operations.
import { OPERATIONS } from '../../../api/operations/index.js';
import { alreadyDeleted, conflict, notFound } from '../../core/errors.js';
import { checkParams } from '../../core/input.js';
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, created, deleted, jsonBody, list, ok } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { OpenApiSpecs } from './index.js';
import type { OpenapiViews } from './render.js';
import { type Source, checkSource } from './records.js';

export function openapiHandlers(f: OpenApiSpecs, v: OpenapiViews) {
  return {
    'openapi.list': (req: Req<PageQuery>) => list(req.query, f.orgSpecs(req.params.organizationId), byId, (s) => jsonBody(v.specObject(s, req.api))),
    'openapi.get': (req: Req) => ok(v.specObject(f.spec(req.params.organizationId, req.params.specSlug), req.api)),
    'openapi.create': (req: Req<unknown, { slug: string; source: Source }>) => {
      const org = req.params.organizationId;
      f.writable(org);
      const source = checkSource(req.body.source);
      if (f.specs.has(f.key(org, req.body.slug))) {
        throw conflict(`An OpenAPI specification "${req.body.slug}" already exists in organization ${org}: publish a new version with PUT.`);
      }
      const spec = f.add(org, req.body.slug);
      f.startJob(spec, source);
      return created(jsonBody(v.specObject(spec, req.api)), locationOf('openapi.get', { organizationId: org, specSlug: spec.slug }, req.api));
    },
    'openapi.publish': (req: Req<unknown, { source: Source }>) => {
      const org = req.params.organizationId;
      f.writable(org);
      checkParams(OPERATIONS['openapi.publish'], req.params);
      const source = checkSource(req.body.source);
      const existing = f.specs.get(f.key(org, req.params.specSlug));
      const spec = existing ?? f.add(org, req.params.specSlug);
      if (existing) f.state(existing);
      f.startJob(spec, source);
      const body = jsonBody(v.specObject(spec, req.api));
      return existing ? ok(body) : created(body, locationOf('openapi.get', { organizationId: org, specSlug: spec.slug }, req.api));
    },
    'openapi.delete': (req: Req) => {
      const org = req.params.organizationId;
      f.writable(org);
      const key = f.key(org, req.params.specSlug);
      const spec = f.specs.get(key);
      if (!spec && f.removed.has(key)) throw alreadyDeleted(`The OpenAPI specification "${req.params.specSlug}"`);
      if (!spec) throw notFound(`No OpenAPI specification "${req.params.specSlug}" in organization ${org}.`);
      f.specs.delete(key);
      f.removed.add(key);
      for (const v of spec.versions) f.versionsById.delete(v.id);
      return deleted();
    },
    'openapi.versions': (req: Req<PageQuery>) => {
      const spec = f.spec(req.params.organizationId, req.params.specSlug);
      f.state(spec);
      return list(req.query, [...spec.versions].reverse(), byId, (x) => jsonBody(v.versionObject(spec, x, req.api)));
    },
    'openapi.latestVersion': (req: Req) => {
      const spec = f.spec(req.params.organizationId, req.params.specSlug);
      return ok(v.versionObject(spec, v.version(spec, 'latest'), req.api));
    },
    'openapi.version': (req: Req) => {
      const spec = f.spec(req.params.organizationId, req.params.specSlug);
      return ok(v.versionObject(spec, v.version(spec, req.params.versionId), req.api));
    },
    'openapi.latestContent': (req: Req) => {
      const spec = f.spec(req.params.organizationId, req.params.specSlug);
      return ok(v.contentObject(v.version(spec, 'latest'), req.api));
    },
    'openapi.content': (req: Req) => {
      const spec = f.spec(req.params.organizationId, req.params.specSlug);
      return ok(v.contentObject(v.version(spec, req.params.versionId), req.api));
    },
  } satisfies Handlers;
}
