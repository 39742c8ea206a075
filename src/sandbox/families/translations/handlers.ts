// The translations family's operations.
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { byId, created, deleted, jsonBody, list, ok } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { Translations } from './index.js';
import type { TranslationsViews } from './render.js';

export function translationsHandlers(f: Translations, v: TranslationsViews) {
  return {
    'translations.list': (req: Req<PageQuery>) =>
      list(req.query, f.orgSettings(req.params.organizationId), byId, (t) => jsonBody(v.settingsObject(t, req.api))),
    'translations.create': (req: Req<object, { title: string }>) => {
      const org = req.params.organizationId;
      const t = f.create(org, req.body.title);
      return created(jsonBody(v.settingsObject(t, req.api)), locationOf('translations.get', { organizationId: org, translationSettingsId: t.id }, req.api));
    },
    'translations.get': (req: Req) => ok(v.settingsObject(f.one(req.params.organizationId, req.params.translationSettingsId), req.api)),
    'translations.update': (req: Req<object, { title: string }>) =>
      ok(v.settingsObject(f.rename(req.params.organizationId, req.params.translationSettingsId, req.body.title), req.api)),
    'translations.delete': (req: Req) => {
      f.remove(req.params.organizationId, req.params.translationSettingsId);
      return deleted();
    },
  } satisfies Handlers;
}
