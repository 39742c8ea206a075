// The integrations family: the catalogue (public integrations, and every
// integration of the caller's organizations), publishing and unpublishing by
// the admins of the owner organization, and installations, which only the
// integration's own token may list. The sandbox mints that token for every
// published integration: `integrationToken(name)` (Sandbox.integrationToken,
// printed by `docplat sandbox serve` for the caller's integrations). A
// token is derived from the state's own token and the name, so it is stable
// across restarts and unknown to anyone without the state's token.
import { createHash, timingSafeEqual } from 'node:crypto';
import { iso } from '../core/clock.js';
import { badRequest, forbidden, notFound } from '../core/errors.js';
import { OPERATIONS } from '../../api/operations/index.js';
import { Draws, type SeedName } from '../core/ids.js';
import { checkParams } from '../core/input.js';
import { locationOf } from '../core/location.js';
import type { PageQuery } from '../core/paging.js';
import { familyObject, records } from '../core/persist.js';
import { APP_URL, byId, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast } from '../core/roles.js';
import type { Req } from '../core/router.js';
import type { Caller, Families, Family, Handlers, World } from '../core/world.js';
import type { OrgRec } from './orgs/index.js';

declare module '../core/world.js' {
  interface Families {
    integrations: Integrations;
  }
}

export interface IntegrationRec {
  /** The name is the id. */
  id: string;
  version: number;
  title: string;
  description: string;
  summary?: string;
  /** How many preview images were published (served as URLs). */
  previewImages: number;
  icon: boolean;
  target: string;
  visibility: string;
  verified: boolean;
  scopes: string[];
  categories: string[];
  blocks: Record<string, unknown>[];
  contentSources: Record<string, unknown>[];
  externalLinks: { url: string; label: string }[];
  configurations?: unknown;
  contentSecurityPolicy?: string;
  /** Id of the owner organization. */
  owner: string;
  /** Never rendered. */
  script: string;
  /** Never rendered. */
  secrets?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export interface InstallationRec {
  id: string;
  integration: string;
  /** The organization it is installed in. */
  org: string;
  status: 'active' | 'pending' | 'paused';
  spaceSelection: 'all' | 'selected';
  siteSelection: 'all' | 'selected';
  spaces: number;
  configuration: Record<string, unknown>;
  externalIds: string[];
  createdAt: string;
  updatedAt: string;
}

interface PublishBody {
  icon?: string;
  title: string;
  description: string;
  summary?: string;
  previewImages?: string[];
  visibility?: string;
  target?: string;
  scopes?: string[];
  categories?: string[];
  blocks?: Record<string, unknown>[];
  contentSources?: Record<string, unknown>[];
  externalLinks?: { url: string; label: string }[];
  configurations?: unknown;
  script: string;
  organization: string;
  secrets?: Record<string, string>;
  contentSecurityPolicy?: string;
}

interface ListQuery extends PageQuery {
  search?: string;
  category?: string;
  blockDomain?: string;
  blocks?: boolean;
  contentSources?: boolean;
  owner?: string;
}

const ASSETS = 'https://integrations.docplat.test';
const TOKEN_PREFIX = 'dpi_sandbox_';
/** What an integration's token may call. */
const INTEGRATION_OPERATIONS = ['integrations.installations', 'integrations.get'] as const;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The token of integration `name` in a state whose own token is `stateToken`. */
export function integrationToken(stateToken: string, name: string): string {
  return TOKEN_PREFIX + createHash('sha256').update(`${stateToken}\0integration\0${name}`).digest('hex').slice(0, 32);
}

export class Integrations implements Family {
  readonly name = 'integrations';
  private readonly lower: Pick<Families, 'orgs'>;
  private readonly integrations = new Map<string, IntegrationRec>();
  private readonly installations: InstallationRec[] = [];
  /** Organizations that publish integrations and that the caller is not a member of. */
  private readonly publishers = new Map<string, OrgRec>();

  constructor(private readonly world: World) {
    this.lower = world.lower('integrations', 'orgs');
  }

  private get orgs() {
    return this.lower.orgs;
  }

  /** The token of a published integration. */
  tokenOf(name: string): string | undefined {
    return this.integrations.has(name) ? integrationToken(this.world.token, name) : undefined;
  }

  /** The tokens of the integrations the caller's organizations published, by name. */
  ownTokens(): Record<string, string> {
    const own = [...this.integrations.values()].filter((i) => this.orgs.roleIn(i.owner) !== undefined);
    return Object.fromEntries(own.map((i) => [i.id, integrationToken(this.world.token, i.id)]));
  }

  authenticate(token: string): Caller | undefined {
    if (!token.startsWith(TOKEN_PREFIX)) return undefined;
    const given = Buffer.from(token);
    for (const name of this.integrations.keys()) {
      const expected = Buffer.from(integrationToken(this.world.token, name));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return { integration: name, operations: INTEGRATION_OPERATIONS };
    }
    return undefined;
  }

  /** Whether the caller sees it: public and unlisted ones, and every one of the caller's organizations. */
  private visible(i: IntegrationRec): boolean {
    return i.visibility !== 'private' || this.orgs.roleIn(i.owner) !== undefined;
  }

  private integration(name: string): IntegrationRec {
    const i = this.integrations.get(name);
    if (!i || !this.visible(i)) throw notFound(`No integration named "${name}".`);
    return i;
  }

  private ownerRec(id: string): OrgRec {
    return this.publishers.get(id) ?? this.orgs.org(id);
  }

  /** Throws 403 unless the caller is an admin of the organization. */
  private requireAdmin(org: string, action: string): void {
    this.orgs.require(org, 'admin', action);
  }

  // ---- renderers -----------------------------------------------------------------------

  private integrationObject(i: IntegrationRec, api: string): Record<string, unknown> {
    const assets = `${ASSETS}/${i.id}/v${i.version}`;
    return {
      object: 'integration',
      name: i.id,
      version: i.version,
      title: i.title,
      description: i.description,
      ...(i.summary !== undefined ? { summary: i.summary } : {}),
      previewImages: Array.from({ length: i.previewImages }, (_, n) => `${assets}/preview-${n + 1}.png`),
      target: i.target,
      verified: i.verified,
      visibility: i.visibility,
      scopes: i.scopes,
      categories: i.categories,
      blocks: i.blocks,
      contentSources: i.contentSources,
      ...(i.configurations !== undefined ? { configurations: i.configurations } : {}),
      externalLinks: i.externalLinks,
      owner: this.orgs.orgObject(this.ownerRec(i.owner), api),
      urls: {
        location: locationOf('integrations.get', { integrationName: i.id }, api),
        ...(i.icon ? { icon: `${assets}/icon.png` } : {}),
        app: `${APP_URL}/integrations/${i.id}`,
        assets,
        publicEndpoint: `${ASSETS}/v1/integrations/${i.id}/integration`,
        publicContentEndpoint: `${ASSETS}/v1/integrations/${i.id}/integration`,
      },
      permissions: { admin: atLeast(this.orgs.roleIn(i.owner), 'admin') },
      ...(i.contentSecurityPolicy !== undefined ? { contentSecurityPolicy: i.contentSecurityPolicy } : {}),
    };
  }

  private installationObject(x: InstallationRec, api: string): Record<string, unknown> {
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
        location: `${api}/integrations/${x.integration}/installations/${x.id}`,
        app: `${APP_URL}/o/${x.org}/integrations/${x.integration}`,
        publicEndpoint: `${ASSETS}/v1/integrations/${x.integration}/installations/${x.id}/public`,
        publicContentEndpoint: `${ASSETS}/v1/integrations/${x.integration}/installations/${x.id}/public`,
      },
      externalIds: x.externalIds,
      target: { organization: x.org },
    };
  }

  // ---- operations ----------------------------------------------------------------------

  readonly handlers = {
    'integrations.list': (req: Req<ListQuery>) => {
      const q = req.query;
      const search = q.search?.toLowerCase();
      // Listed: public ones, and every one of the caller's organizations (unlisted and private ones too).
      const items = [...this.integrations.values()].filter(
        (i) =>
          (i.visibility === 'public' || this.orgs.roleIn(i.owner) !== undefined) &&
          (!search || i.id.toLowerCase().includes(search) || i.title.toLowerCase().includes(search)) &&
          (q.category === undefined || i.categories.includes(q.category)) &&
          (q.blockDomain === undefined || i.blocks.some((b) => unfurls(b, q.blockDomain!))) &&
          (q.blocks === undefined || i.blocks.length > 0 === q.blocks) &&
          (q.contentSources === undefined || i.contentSources.length > 0 === q.contentSources) &&
          (q.owner === undefined || i.owner === q.owner),
      );
      return list(q, items, byId, (i) => jsonBody(this.integrationObject(i, req.api)));
    },
    'integrations.get': (req: Req) => ok(this.integrationObject(this.integration(req.params.integrationName), req.api)),
    'integrations.publish': (req: Req<unknown, PublishBody>) => {
      checkParams(OPERATIONS['integrations.publish'], req.params);
      const name = req.params.integrationName;
      const b = req.body;
      const org = this.orgs.listOrgs().find((o) => o.id === b.organization);
      if (!org) throw notFound(`No organization "${b.organization}" to publish from.`);
      this.requireAdmin(org.id, 'publish integrations');
      const existing = this.integrations.get(name);
      if (existing && existing.owner !== org.id) throw forbidden(`The integration "${name}" is published by another organization.`);
      const images = b.previewImages ?? [];
      for (const [field, value] of [['icon', b.icon], ...images.map((v, n) => [`previewImages.${n}`, v])] as [string, string | undefined][]) {
        if (value !== undefined && (!BASE64.test(value) || value.length % 4 !== 0)) throw badRequest(`The field "${field}" must be base64.`);
      }
      if (!b.script.trim()) throw badRequest('The field "script" must not be empty.');
      const now = this.world.clock.nowIso();
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
      this.integrations.set(name, rec);
      return ok(this.integrationObject(rec, req.api));
    },
    'integrations.unpublish': (req: Req): Reply => {
      const i = this.integration(req.params.integrationName);
      if (this.orgs.roleIn(i.owner) === undefined) throw forbidden(`The integration "${i.id}" is published by another organization.`);
      this.requireAdmin(i.owner, 'unpublish its integrations');
      this.integrations.delete(i.id);
      for (let n = this.installations.length - 1; n >= 0; n--) if (this.installations[n].integration === i.id) this.installations.splice(n, 1);
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
      const items = this.installations.filter((x) => x.integration === name && (req.query.externalId === undefined || x.externalIds.includes(req.query.externalId)));
      return list(req.query, items, byId, (x) => jsonBody(this.installationObject(x, req.api)));
    },
  } satisfies Handlers;

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): { integrations: IntegrationRec[]; installations: InstallationRec[]; publishers: OrgRec[] } {
    return { integrations: [...this.integrations.values()], installations: this.installations, publishers: [...this.publishers.values()] };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const o of records<OrgRec>(data, 'publishers', ['title', 'createdAt'])) this.publishers.set(o.id, o);
    for (const i of records<IntegrationRec>(data, 'integrations', ['title', 'owner'])) this.integrations.set(i.id, i);
    this.installations.push(...records<InstallationRec>(data, 'installations', ['integration', 'org']));
  }

  // ---- seeds -------------------------------------------------------------------------------

  /**
   * Demo: a dozen integrations from two outside publishers ("Docplat Labs",
   * "Initech"), Acme Docs (where the caller is an admin: it can publish and
   * unpublish) and Globex (where the caller is an editor: it cannot), with
   * blocks, content sources and categories; Acme's have installations.
   */
  seed(seed: SeedName): void {
    if (seed !== 'demo') return;
    const draws = new Draws(20240117);
    const publisher = (title: string) => {
      const id = this.world.nextId();
      this.publishers.set(id, { id, title, createdAt: iso(draws.time(3)), plan: 'pro', emailDomains: [], members: [] });
      return id;
    };
    const labs = publisher('Docplat Labs');
    const initech = publisher('Initech');
    const acme = this.orgs.byTitle('Acme Docs')?.id;
    const globex = this.orgs.byTitle('Globex')?.id;
    const block = (id: string, title: string, domains: string[] = []) => ({ id, title, description: `Embed ${title}`, urlUnfurl: domains.map((d) => `https://${d}/**`) });
    const source = (id: string, title: string) => ({ id, title, description: `Pages generated from ${title}`, configuration: { componentId: `${id}-config` } });
    const add = (name: string, owner: string | undefined, title: string, extra: Partial<IntegrationRec>) => {
      if (!owner) return;
      const at = iso(draws.time(200));
      this.integrations.set(name, {
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
        const at = iso(draws.time(100, Date.parse(this.integrations.get(integration)!.createdAt)));
        this.installations.push({
          id: this.world.nextId(),
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
}

export const integrationsFamily = (world: World): Integrations => new Integrations(world);

/** Whether a block unfurls links of this domain (its urlUnfurl patterns name it). */
function unfurls(block: Record<string, unknown>, domain: string): boolean {
  const patterns = Array.isArray(block.urlUnfurl) ? (block.urlUnfurl as unknown[]) : [];
  return patterns.some((p) => {
    if (typeof p !== 'string') return false;
    try {
      return new URL(p.replace(/\*+/g, 'x')).hostname === domain.toLowerCase();
    } catch {
      return false;
    }
  });
}
