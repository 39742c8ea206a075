// The sso family's operations.
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, created, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Sso } from './index.js';
import type { SsoViews } from './render.js';
import { type SamlFields, isActive } from './records.js';

export function ssoHandlers(f: Sso, v: SsoViews) {
  return {
    'sso.list': (req: Req<PageQuery>) =>
      list(req.query, f.orgProviders(req.params.organizationId), byId, (p) => jsonBody(v.providerObject(p, req.api))),
    'sso.create': (req: Req<object, SamlFields>) => {
      const org = req.params.organizationId;
      const p = f.create(org, req.body);
      return created(jsonBody(v.providerObject(p, req.api)), locationOf('sso.get', { organizationId: org, samlProviderId: p.id }, req.api));
    },
    'sso.get': (req: Req) => ok(v.providerObject(f.provider(req.params.organizationId, req.params.samlProviderId), req.api)),
    'sso.update': (req: Req<object, SamlFields>) =>
      ok(v.providerObject(f.update(req.params.organizationId, req.params.samlProviderId, req.body), req.api)),
    'sso.delete': (req: Req): Reply => {
      f.remove(req.params.organizationId, req.params.samlProviderId);
      return { status: 204 };
    },
    'sso.loginOptions': (req: Req) => {
      const items = f.orgProviders(req.params.organizationId)
        .filter(isActive)
        .map((p) => ({ id: p.id, label: p.label, startURL: v.service(p).startURL }));
      return ok({ items });
    },
  } satisfies Handlers;
}
