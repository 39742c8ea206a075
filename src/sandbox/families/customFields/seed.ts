// The customFields family's seeds: the demo records.
import type { SeedName } from '../../core/ids.js';
import type { CustomFields } from './index.js';
import type { FieldType, Value, FieldDetails } from './records.js';

/**
 * Demo: Acme Docs declares a field of every type, with values on its first
 * spaces; Globex has one select field and no values.
 */
export function seedCustomFields(f: CustomFields, seed: SeedName): void {
  if (seed !== 'demo') return;
  const acme = f.orgs.byTitle('Acme Docs');
  if (acme) {
    for (const field of ACME_FIELDS) f.put(acme.id, acme.createdAt, field);
    const spaces = f.lower.spaces.orgSpaces(acme.id);
    ACME_VALUES.forEach((values, i) => {
      if (spaces[i]) f.values[spaces[i].id] = structuredClone(values);
    });
  }
  const globex = f.orgs.byTitle('Globex');
  if (globex) f.put(globex.id, globex.createdAt, { name: 'region', type: 'select:single', title: 'Region', options: ['emea', 'amer', 'apac'] });
  f.world.cache.changed(true);
}

const ACME_FIELDS: (FieldDetails & { name: string; type: FieldType })[] = [
  { name: 'audience', type: 'select:single', title: 'Audience', description: 'Who the space is written for', options: ['internal', 'partners', 'public'] },
  { name: 'owner', type: 'text', title: 'Owner', placeholder: 'team or person' },
  { name: 'review-days', type: 'number', title: 'Review every (days)' },
  { name: 'deprecated', type: 'boolean', title: 'Deprecated' },
  { name: 'keywords', type: 'tags', title: 'Keywords' },
  { name: 'platforms', type: 'select:multi', title: 'Platforms', options: ['web', 'ios', 'android', 'cli'] },
];

/** Values of Acme's first spaces, in sidebar order. */
const ACME_VALUES: Record<string, Value>[] = [
  { audience: 'public', owner: 'Docs team', 'review-days': 90, keywords: ['onboarding', 'start'] },
  { audience: 'internal', owner: 'Product', deprecated: false, platforms: ['web', 'ios'] },
  { audience: 'partners', 'review-days': 30, deprecated: true },
];
