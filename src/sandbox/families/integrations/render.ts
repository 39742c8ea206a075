// How the integrations family's records look in responses, as the public OpenAPI
// description has them.
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import { atLeast } from '../../core/roles.js';
import type { Integrations } from './index.js';
import { ASSETS, type InstallationRec, type IntegrationRec } from './records.js';

export class IntegrationsViews {
  constructor(private readonly f: Integrations) {}

  integrationObject(i: IntegrationRec, api: string): Record<string, unknown> {
    const assets = urlOf(ASSETS, [i.id, `v${i.version}`]);
    return {
      object: 'integration',
      name: i.id,
      version: i.version,
      title: i.title,
      description: i.description,
      ...(i.summary !== undefined ? { summary: i.summary } : {}),
      previewImages: Array.from({ length: i.previewImages }, (_, n) => urlOf(assets, [`preview-${n + 1}.png`])),
      target: i.target,
      verified: i.verified,
      visibility: i.visibility,
      scopes: i.scopes,
      categories: i.categories,
      blocks: i.blocks,
      contentSources: i.contentSources,
      ...(i.configurations !== undefined ? { configurations: i.configurations } : {}),
      externalLinks: i.externalLinks,
      owner: this.f.orgs.orgObject(this.f.ownerRec(i.owner), api),
      urls: {
        location: locationOf('integrations.get', { integrationName: i.id }, api),
        ...(i.icon ? { icon: urlOf(assets, ['icon.png']) } : {}),
        app: urlOf(APP_URL, ['integrations', i.id]),
        assets,
        publicEndpoint: urlOf(ASSETS, ['v1', 'integrations', i.id, 'integration']),
        publicContentEndpoint: urlOf(ASSETS, ['v1', 'integrations', i.id, 'integration']),
      },
      permissions: { admin: atLeast(this.f.orgs.roleIn(i.owner), 'admin') },
      ...(i.contentSecurityPolicy !== undefined ? { contentSecurityPolicy: i.contentSecurityPolicy } : {}),
    };
  }

  installationObject(x: InstallationRec, api: string): Record<string, unknown> {
    return {
      id: x.id,
      status: x.status,
      space_selection: x.spaceSelection,
      site_selection: x.siteSelection,
      spaces: x.spaces,
      configuration: x.configuration,
      createdAt: x.createdAt,
      updatedAt: x.updatedAt,
      urls: {
        // No operation of the table reads one installation: its URL is built here (not locationOf()).
        location: urlOf(api, ['integrations', x.integration, 'installations', x.id]),
        app: urlOf(APP_URL, ['o', x.org, 'integrations', x.integration]),
        publicEndpoint: urlOf(ASSETS, ['v1', 'integrations', x.integration, 'installations', x.id, 'public']),
        publicContentEndpoint: urlOf(ASSETS, ['v1', 'integrations', x.integration, 'installations', x.id, 'public']),
      },
      externalIds: x.externalIds,
      target: { organization: x.org },
    };
  }
}
