// The integrations family's operations.
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { OPERATIONS } from '../../../api/operations/index.js';
import { checkParams } from '../../core/input.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Integrations } from './index.js';
import type { IntegrationsViews } from './render.js';
import { BASE64, type IntegrationRec, type ListQuery, type PublishBody, unfurls } from './records.js';

export function integrationsHandlers(f: Integrations, v: IntegrationsViews) {
  return {
    'integrations.list': (req: Req<ListQuery>) => {
      const q = req.query;
      const search = q.search?.toLowerCase();
      // Listed: public ones, and every one of the caller's organizations (unlisted and private ones too).
      const items = [...f.integrations.values()].filter(
        (i) =>
          (i.visibility === 'public' || f.orgs.roleIn(i.owner) !== undefined) &&
          (!search || i.id.toLowerCase().includes(search) || i.title.toLowerCase().includes(search)) &&
          (q.category === undefined || i.categories.includes(q.category)) &&
          (q.blockDomain === undefined || i.blocks.some((b) => unfurls(b, q.blockDomain!))) &&
          (q.blocks === undefined || i.blocks.length > 0 === q.blocks) &&
          (q.contentSources === undefined || i.contentSources.length > 0 === q.contentSources) &&
          (q.owner === undefined || i.owner === q.owner) &&
          (q.scope === undefined || i.scopes.includes(q.scope)) &&
          (q.target === undefined || i.target === q.target || i.target === 'all'),
      );
      return list(q, items, byId, (i) => jsonBody(v.integrationObject(i, req.api)));
    },
    'integrations.get': (req: Req) => ok(v.integrationObject(f.integration(req.params.integrationName), req.api)),
    'integrations.publish': (req: Req<unknown, PublishBody>) => {
      checkParams(OPERATIONS['integrations.publish'], req.params);
      const name = req.params.integrationName;
      const b = req.body;
      const org = f.orgs.listOrgs().find((o) => o.id === b.organization);
      if (!org) throw notFound(`No organization "${b.organization}" to publish from.`);
      f.requireAdmin(org.id, 'publish integrations');
      const existing = f.integrations.get(name);
      if (existing && existing.owner !== org.id) throw forbidden(`The integration "${name}" is published by another organization.`);
      const images = b.previewImages ?? [];
      for (const [field, value] of [['icon', b.icon], ...images.map((v, n) => [`previewImages.${n}`, v])] as [string, string | undefined][]) {
        if (value !== undefined && (!BASE64.test(value) || value.length % 4 !== 0)) throw badRequest(`The field "${field}" must be base64.`);
      }
      if (!b.script.trim()) throw badRequest('The field "script" must not be empty.');
      const now = f.world.clock.nowIso();
      const rec: IntegrationRec = {
        id: name,
        version: (existing?.version ?? 0) + 1,
        title: b.title,
        description: b.description,
        summary: b.summary,
        previewImages: images.length,
        icon: b.icon !== undefined,
        target: b.target ?? 'all',
        visibility: b.visibility ?? 'public',
        verified: existing?.verified ?? false,
        scopes: b.scopes ?? [],
        categories: b.categories ?? [],
        blocks: b.blocks ?? [],
        contentSources: b.contentSources ?? [],
        externalLinks: b.externalLinks ?? [],
        configurations: b.configurations,
        contentSecurityPolicy: b.contentSecurityPolicy,
        owner: org.id,
        script: b.script,
        secrets: b.secrets,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      f.integrations.set(name, rec);
      return ok(v.integrationObject(rec, req.api));
    },
    'integrations.unpublish': (req: Req): Reply => {
      const i = f.integration(req.params.integrationName);
      if (f.orgs.roleIn(i.owner) === undefined) throw forbidden(`The integration "${i.id}" is published by another organization.`);
      f.requireAdmin(i.owner, 'unpublish its integrations');
      f.integrations.delete(i.id);
      for (let n = f.installations.length - 1; n >= 0; n--) if (f.installations[n].integration === i.id) f.installations.splice(n, 1);
      return { status: 204 };
    },
    'integrations.installations': (req: Req<PageQuery & { externalId?: string }>) => {
      const name = req.params.integrationName;
      if (req.integration !== name) {
        throw forbidden(
          req.integration === undefined
            ? `Only the token of integration "${name}" can list its installations; this request used a user token.`
            : `Only the token of integration "${name}" can list its installations; this is the token of "${req.integration}".`,
        );
      }
      const items = f.installations.filter((x) => x.integration === name && (req.query.externalId === undefined || x.externalIds.includes(req.query.externalId)));
      return list(req.query, items, byId, (x) => jsonBody(v.installationObject(x, req.api)));
    },
  } satisfies Handlers;
}
