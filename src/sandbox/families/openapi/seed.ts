// The openapi family's seeds: the demo records.
import { iso } from '../../core/clock.js';
import { Draws, type SeedName } from '../../core/ids.js';
import type { OpenApiSpecs } from './index.js';
import { type Source, type VersionRec, demoDocument } from './records.js';

/** Demo: Acme Docs has "petstore" (two versions) and "billing-api" (from a URL); Globex has "globex-public". */
export function seedOpenapi(f: OpenApiSpecs, seed: SeedName): void {
  if (seed !== 'demo') return;
  const draws = new Draws(20240113);
  const org = (title: string) => f.orgs.byTitle(title)?.id;
  const make = (orgId: string | undefined, slug: string, sources: Source[]) => {
    if (!orgId) return;
    let at = draws.time(30);
    const spec = f.add(orgId, slug, iso(at));
    for (const source of sources) {
      at = draws.time(20, at);
      const version: VersionRec = { id: f.world.nextId(), createdAt: iso(at), ...source };
      spec.versions.push(version);
      f.versionsById.set(version.id, { spec, version });
      if (source.url) spec.sourceURL = source.url;
    }
    spec.updatedAt = spec.lastProcessedAt = iso(at);
  };
  make(org('Acme Docs'), 'petstore', [{ text: demoDocument('Petstore', '1.0.0') }, { text: demoDocument('Petstore', '1.1.0') }]);
  make(org('Acme Docs'), 'billing-api', [{ url: 'https://specs.acme.example/billing/openapi.yaml' }]);
  make(org('Globex'), 'globex-public', [{ text: demoDocument('Globex Public API', '2.3.0') }]);
}
