// The translations family's seeds: the demo records.
import type { SeedName } from '../../core/ids.js';
import type { Translations } from './index.js';

/** Demo: Acme Docs translates into French, and into German and Austrian German. */
export function seedTranslations(f: Translations, seed: SeedName): void {
  const acme = seed === 'demo' ? f.orgs.byTitle('Acme Docs') : undefined;
  if (!acme) return;
  for (const [title, languages] of [
    ['French', ['fr']],
    ['German', ['de', 'de-AT']],
  ] as const) {
    const id = f.world.nextId();
    f.settings.set(id, { id, org: acme.id, title, languages: [...languages], createdAt: acme.createdAt, updatedAt: acme.createdAt });
  }
  f.world.cache.changed(true);
}
