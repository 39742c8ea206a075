// The orgs family's operations: the caller, users and organizations.
import { notFound } from '../../core/errors.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, jsonBody, list, ok } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Orgs } from './index.js';
import { userObject } from './render.js';

export function orgHandlers(orgs: Orgs) {
  return {
    'user.get': (req: Req) => ok(userObject(orgs.user()!, req.api)),
    'users.get': (req: Req) => {
      const user = orgs.user(req.params.userId);
      if (!user) throw notFound(`No user with id ${req.params.userId}.`);
      return ok(userObject(user, req.api));
    },
    'orgs.list': (req: Req<PageQuery>) => list(req.query, orgs.listOrgs(), byId, (o) => jsonBody(orgs.orgObject(o, req.api))),
    'orgs.get': (req: Req) => ok(orgs.orgObject(orgs.org(req.params.organizationId), req.api)),
    'orgs.ping': (req: Req) => {
      orgs.ping(req.params.organizationId);
      return ok({});
    },
  } satisfies Handlers;
}
