// Translation settings of an organization, as the API reference has them (a
// `title`), not the later OpenAPI model (`language`, `source`).
import { op } from '../operation.js';
import { required, str } from '../schema.js';

const TRANSLATIONS = '/orgs/{organizationId}/translations';
const TRANSLATION = `${TRANSLATIONS}/{translationSettingsId}`;
const TITLE = required(str({ min: 1, max: 100 }));

export const TRANSLATIONS_OPERATIONS = {
  'translations.list': op('translations.list', `GET ${TRANSLATIONS}`, { paginated: true }),
  'translations.create': op('translations.create', `POST ${TRANSLATIONS}`, { body: { title: TITLE } }),
  'translations.get': op('translations.get', `GET ${TRANSLATION}`),
  'translations.update': op('translations.update', `PUT ${TRANSLATION}`, { body: { title: TITLE } }),
  'translations.delete': op('translations.delete', `DELETE ${TRANSLATION}`),
};
