// The integrations family's seeds: the demo records.
import { iso } from '../../core/clock.js';
import { Draws, type SeedName } from '../../core/ids.js';
import type { Integrations } from './index.js';
import type { IntegrationRec } from './records.js';

/**
 * Demo: a dozen integrations from two outside publishers ("Docplat Labs",
 * "Initech"), Acme Docs (where the caller is an admin: it can publish and
 * unpublish) and Globex (where the caller is an editor: it cannot), with
 * blocks, content sources and categories; Acme's have installations.
 */
export function seedIntegrations(f: Integrations, seed: SeedName): void {
  if (seed !== 'demo') return;
  const draws = new Draws(20240117);
  const publisher = (title: string) => {
    const id = f.world.nextId();
    f.publishers.set(id, { id, title, createdAt: iso(draws.time(3)), plan: 'pro', emailDomains: [], members: [] });
    return id;
  };
  const labs = publisher('Docplat Labs');
  const initech = publisher('Initech');
  const acme = f.orgs.byTitle('Acme Docs')?.id;
  const globex = f.orgs.byTitle('Globex')?.id;
  const block = (id: string, title: string, domains: string[] = []) => ({ id, title, description: `Embed ${title}`, urlUnfurl: domains.map((d) => `https://${d}/**`) });
  const source = (id: string, title: string) => ({ id, title, description: `Pages generated from ${title}`, configuration: { componentId: `${id}-config` } });
  const add = (name: string, owner: string | undefined, title: string, extra: Partial<IntegrationRec>) => {
    if (!owner) return;
    const at = iso(draws.time(200));
    f.integrations.set(name, {
      id: name,
      version: 1 + draws.int(5),
      title,
      description: `${title} for your documentation`,
      previewImages: draws.int(4),
      icon: true,
      target: 'all',
      visibility: 'public',
      verified: owner === labs,
      scopes: ['space:content:read'],
      categories: ['other'],
      blocks: [],
      contentSources: [],
      externalLinks: [{ url: `https://${name}.example/docs`, label: 'Documentation' }],
      owner,
      script: `export default { fetch() { return new Response('${name}'); } };`,
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
  };
  add('mermaid', labs, 'Mermaid', { categories: ['content'], blocks: [block('diagram', 'Mermaid diagram')] });
  add('github-files', labs, 'GitHub Files', { categories: ['content', 'collaboration'], blocks: [block('file', 'GitHub file', ['github.com'])] });
  add('youtube', labs, 'YouTube', { categories: ['marketing'], blocks: [block('video', 'YouTube video', ['youtube.com', 'youtu.be'])] });
  add('figma', labs, 'Figma', { categories: ['collaboration'], blocks: [block('frame', 'Figma frame', ['figma.com'])] });
  add('google-analytics', labs, 'Google Analytics', { categories: ['analytics'], scopes: ['site:script:inject', 'site:views:read'] });
  add('openapi-pages', labs, 'OpenAPI Pages', { categories: ['content'], contentSources: [source('openapi', 'an OpenAPI document')], scopes: ['openapi:read', 'space:content:write'] });
  add('jira', initech, 'Jira', { categories: ['collaboration'], blocks: [block('issue', 'Jira issue', ['initech.atlassian.net'])] });
  add('auth0', initech, 'Auth0', { categories: ['visitor-auth'], scopes: ['site:visitor:auth'], target: 'site' });
  add('tps-reports', initech, 'TPS Reports', { categories: ['other'], contentSources: [source('tps', 'TPS reports')] });
  add('acme-status', acme, 'Acme Status', { categories: ['other'], blocks: [block('status', 'Status badge', ['status.acme.example'])], target: 'space' });
  add('acme-changelog', acme, 'Acme Changelog', { categories: ['content'], contentSources: [source('changelog', 'the changelog')], visibility: 'private' });
  add('globex-search', globex, 'Globex Search', { categories: ['analytics'], visibility: 'unlisted' });
  if (acme) {
    const installs: [string, string[]][] = [
      ['acme-status', ['acme-main', 'eu-1']],
      ['acme-status', ['acme-staging']],
      ['acme-changelog', ['changelog-main']],
    ];
    for (const [integration, externalIds] of installs) {
      const at = iso(draws.time(100, Date.parse(f.integrations.get(integration)!.createdAt)));
      f.installations.push({
        id: f.world.nextId(),
        integration,
        org: acme,
        status: 'active',
        spaceSelection: draws.int(2) ? 'all' : 'selected',
        siteSelection: 'all',
        spaces: 1 + draws.int(6),
        configuration: { environment: externalIds[0] },
        externalIds,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
}
