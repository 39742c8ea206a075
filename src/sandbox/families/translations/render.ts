// How the translations family's records look in responses, as the public OpenAPI
// description has them.
import { locationOf } from '../../core/location.js';
import { atLeast } from '../../core/roles.js';
import type { Translations } from './index.js';
import type { TranslationRec } from './records.js';

export class TranslationsViews {
  constructor(private readonly f: Translations) {}

  settingsObject(t: TranslationRec, api: string): Record<string, unknown> {
    return {
      object: 'translation-settings',
      id: t.id,
      title: t.title,
      languages: t.languages,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      permissions: { view: true, edit: atLeast(this.f.orgs.roleIn(t.org), 'admin') },
      urls: { location: locationOf('translations.get', { organizationId: t.org, translationSettingsId: t.id }, api) },
    };
  }
}
