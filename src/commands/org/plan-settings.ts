// Planning the organization's settings: custom fields (keyed by name),
// translations (by title) and OpenAPI specifications (by slug).
import { escapeControls } from '../../output/format.js';
import { fileUrl, MASKED_URL, withoutCredentials } from './credentials.js';
import { diffFields, eachEntry, leftovers, matcher, type Planning } from './plan.js';

const FIELD_DETAILS = ['title', 'description', 'placeholder', 'options'];

export function planCustomFields(p: Planning): void {
  const live = p.live.customFields ?? [];
  const match = matcher(live, (f) => f.name);
  eachEntry(p.file.customFields!, match, (e) => e.name, (entry, found) => {
    if (found && found.name !== entry.name) {
      p.refusals.push(`custom-fields: "${found.name}" cannot be renamed to "${escapeControls(entry.name)}": a field's name is its key (create a new field instead)`);
      return;
    }
    if (found && found.type !== entry.type) {
      p.refusals.push(`custom-fields: the type of "${found.name}" cannot change from ${found.type} to ${entry.type} (delete the field and create it again)`);
      return;
    }
    const want = entry as unknown as Record<string, unknown>;
    if (!found) {
      const { fields, body } = diffFields(want, {}, ['name', 'type', ...FIELD_DETAILS]);
      p.add({ action: 'create', kind: 'customFields', key: entry.name, fields, steps: [{ op: 'customFields.create', input: () => ({ params: { organizationId: p.live.org }, body }), find: { op: 'customFields.list', params: { organizationId: p.live.org }, match: (f) => f.name === entry.name } }] });
      return;
    }
    const { fields, body } = diffFields(want, found as unknown as Record<string, unknown>, FIELD_DETAILS);
    if (Object.keys(fields).length) {
      p.add({ action: 'update', kind: 'customFields', key: entry.name, id: found.id, fields, steps: [{ op: 'customFields.update', input: () => ({ params: { organizationId: p.live.org, fieldName: found.name }, body }) }] });
    }
  });
  leftovers(p, 'customFields', match.unmatched(), (f) => f.name, (f) => ({ op: 'customFields.delete', input: () => ({ params: { organizationId: p.live.org, fieldName: f.name } }) }));
}

export function planTranslations(p: Planning): void {
  const live = p.live.translations ?? [];
  const match = matcher(live, (t) => t.title);
  eachEntry(p.file.translations!, match, (e) => e.title, (entry, found) => {
    if (!found) {
      p.add({ action: 'create', kind: 'translations', key: entry.title, fields: { title: { from: null, to: entry.title } }, steps: [{ op: 'translations.create', input: () => ({ params: { organizationId: p.live.org }, body: { title: entry.title } }), find: { op: 'translations.list', params: { organizationId: p.live.org }, match: (t) => t.title === entry.title } }] });
    } else if (found.title !== entry.title) {
      p.add({
        action: 'update', kind: 'translations', key: entry.title, id: found.id, fields: { title: { from: found.title, to: entry.title } },
        steps: [{ op: 'translations.update', input: () => ({ params: { organizationId: p.live.org, translationSettingsId: found.id }, body: { title: entry.title } }) }],
      });
    }
  });
  leftovers(p, 'translations', match.unmatched(), (t) => t.title, (t) => ({ op: 'translations.delete', input: () => ({ params: { organizationId: p.live.org, translationSettingsId: t.id } }) }));
}

export function planOpenapi(p: Planning): void {
  const live = p.live.openapi ?? [];
  const match = matcher(live, (o) => o.slug);
  p.file.openapi!.forEach((entry, i) => {
    const found = match.find(undefined, entry.slug);
    const text = entry.file !== undefined ? p.files.get(entry.file) : undefined;
    // A URL with *** (as pull writes credentials) stands for the organization's URL: never compared as written, never sent.
    const url = entry.url !== undefined ? fileUrl(entry.url, found?.sourceURL) : undefined;
    if (entry.url !== undefined && url === undefined) {
      p.problems.push({ path: ['openapi', i, 'url'], message: MASKED_URL });
      return;
    }
    // A document from a file is compared with the published one; from a URL, the URL is.
    if (found && (url !== undefined ? url === found.sourceURL : !found.sourceURL && found.text === text)) return;
    // A first version still being processed cannot be compared yet: said, not sent again.
    if (found && url === undefined && !found.sourceURL && found.pending) {
      p.manual.push({ kind: 'openapi', key: entry.slug, what: 'its first version is still being processed, so its document cannot be compared yet', how: 'plan again once it is (`docplat openapi get ' + entry.slug + '` shows its state)' });
      return;
    }
    const source = url !== undefined ? { url } : { text: text ?? '' };
    // Shown (and saved with a plan) without credentials.
    const live = found?.sourceURL ? withoutCredentials(found.sourceURL) : null;
    const from = found ? (entry.url !== undefined ? live : live ? `url ${live}` : '(another document)') : null;
    const to = entry.url !== undefined ? withoutCredentials(entry.url) : entry.file;
    p.add({
      action: found ? 'update' : 'create', kind: 'openapi', key: entry.slug, id: found?.id, fields: { source: { from, to } },
      steps: [{ op: 'openapi.publish', input: () => ({ params: { organizationId: p.live.org, specSlug: entry.slug }, body: { source } }) }],
    });
  });
  leftovers(p, 'openapi', match.unmatched(), (o) => o.slug, (o) => ({ op: 'openapi.delete', input: () => ({ params: { organizationId: p.live.org, specSlug: o.slug } }) }));
}
