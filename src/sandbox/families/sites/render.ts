// How the sites family's records look in responses: Site, SiteSection,
// SiteSectionGroup, SiteSpace, ShareLink, the adaptive schema and the
// published site, as the public OpenAPI description has them.
import type { OperationId } from '../../../api/operations/index.js';
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import { atLeast } from '../../core/roles.js';
import { slug } from '../spaces/content.js';
import { defaultCustomization } from './customization.js';
import type { Families } from '../../core/world.js';
import type { Sites } from './index.js';
import { PUBLISHED_DOMAIN, type GroupRec, type SectionRec, type ShareLinkRec, type SiteRec, type SiteSpaceRec } from './records.js';

export class SiteRenderer {
  constructor(
    private readonly f: Sites,
    private readonly lower: Pick<Families, 'orgs' | 'spaces'>,
  ) {}

  private get orgs() {
    return this.lower.orgs;
  }

  private get spaces() {
    return this.lower.spaces;
  }

  /** Where the site is published (whatever its state): its host and the segments of its path. */
  private siteBase(site: SiteRec): { origin: string; segments: string[] } {
    const org = this.orgs.listOrgs().find((o) => o.id === site.org);
    return { origin: `https://${slug(org?.title ?? '') || 'docs'}.${PUBLISHED_DOMAIN}`, segments: [site.basename ?? (slug(site.title) || site.id)] };
  }

  /** The site's URL (whatever its state), or a path below it (`below`: a section's path, a site space's), ending in /. */
  siteUrl(site: SiteRec, below: readonly string[] = [], share?: string): string {
    const { origin, segments } = this.siteBase(site);
    return urlOf(origin, [...segments, ...below], { slash: true, query: { share } });
  }

  /** The published URL visitors see (of the site, or of a path below it), when they can: a share-link site needs an active key. */
  publishedUrl(site: SiteRec, shareKey?: string, below: readonly string[] = []): string | undefined {
    if (!site.published) return undefined;
    if (site.visibility !== 'share-link') return this.siteUrl(site, below);
    const link = this.f.shareLinks.active(site, shareKey);
    return link ? this.siteUrl(site, below, link.key) : undefined;
  }

  /** The URL of the site or of one of its resources: the path of `op`, an operation of the table on it. */
  location(op: OperationId, site: SiteRec, params: Record<string, string>, api: string): string {
    return locationOf(op, { organizationId: site.org, siteId: site.id, ...params }, api);
  }

  siteObject(site: SiteRec, api: string): Record<string, unknown> {
    const role = this.orgs.roleIn(site.org);
    const published = this.publishedUrl(site);
    return {
      object: 'site',
      id: site.id,
      type: site.type,
      appliedType: site.type,
      title: site.title,
      ...(site.basename !== undefined ? { basename: site.basename } : {}),
      ...(site.proxy ? { proxy: { origin: site.proxy, target: this.siteUrl(site) } } : {}),
      visibility: site.visibility,
      defaultLevel: 'inherit',
      permissions: {
        view: true,
        access: true,
        edit: atLeast(role, 'edit'),
        create: atLeast(role, 'create'),
        admin: atLeast(role, 'admin'),
        installIntegration: atLeast(role, 'admin'),
        viewAdaptiveSchema: atLeast(role, 'edit'),
        editAdaptiveSchema: atLeast(role, 'admin'),
      },
      published: site.published,
      siteSpaces: this.f.allSiteSpaces(site).length,
      createdAt: site.createdAt,
      adaptiveContent: { enabled: site.adaptiveContent },
      ads: { status: 'pending', submittable: false },
      features: [],
      urls: {
        location: this.location('sites.get', site, {}, api),
        app: urlOf(APP_URL, ['o', site.org, 'sites', site.id], { slash: true }),
        preview: urlOf(APP_URL, ['o', site.org, 'sites', site.id, 'preview'], { slash: true }),
        ...(published ? { published } : {}),
      },
    };
  }

  siteSpaceObject(site: SiteRec, ss: SiteSpaceRec, api: string, shareKey?: string): Record<string, unknown> | undefined {
    const space = this.f.spaceOf(ss);
    if (!space) return undefined;
    const section = ss.section ? this.f.sectionById(ss.section) : undefined;
    const isDefault = section ? section.defaultSiteSpace === ss.id : site.defaultSiteSpace === ss.id;
    const published = this.publishedUrl(site, shareKey, section ? [section.path, ss.path] : [ss.path]);
    return {
      object: 'site-space',
      id: ss.id,
      path: ss.path,
      ...(ss.section ? { section: ss.section } : {}),
      space: JSON.parse(this.spaces.json(space, api).toString('utf8')),
      title: ss.title ?? space.title,
      default: isDefault,
      ...(ss.condition !== undefined ? { condition: ss.condition } : {}),
      draft: ss.draft ?? false,
      hasAdvancedCustomizationFeature: false,
      urls: { location: this.location('siteSpaces.update', site, { siteSpaceId: ss.id }, api), ...(published ? { published } : {}) },
    };
  }

  sectionObject(site: SiteRec, s: SectionRec, api: string, shareKey?: string): Record<string, unknown> {
    const published = this.publishedUrl(site, shareKey, [s.path]);
    return {
      object: 'site-section',
      id: s.id,
      title: s.title,
      ...(s.description !== undefined ? { description: s.description } : {}),
      default: site.defaultSection === s.id,
      draft: s.draft ?? false,
      path: s.path,
      ...(s.condition !== undefined ? { condition: s.condition } : {}),
      ...(s.group ? { sectionGroup: s.group } : {}),
      ...(s.icon !== undefined ? { icon: s.icon } : {}),
      siteSpaces: this.f.sectionSpaces(s).flatMap((ss) => this.siteSpaceObject(site, ss, api, shareKey) ?? []),
      urls: { location: this.location('sections.update', site, { siteSectionId: s.id }, api), ...(published ? { published } : {}) },
    };
  }

  groupObject(site: SiteRec, g: GroupRec, api: string): Record<string, unknown> {
    const sections = this.f.groupSections(g).map((s) => this.sectionObject(site, s, api));
    return { object: 'site-section-group', id: g.id, title: g.title, ...(g.icon !== undefined ? { icon: g.icon } : {}), draft: g.draft ?? false, sections, children: sections };
  }

  shareLinkObject(site: SiteRec, l: ShareLinkRec): Record<string, unknown> {
    return {
      object: 'share-link',
      id: l.id,
      createdAt: l.createdAt,
      name: l.name,
      active: l.active,
      urls: { published: this.siteUrl(site, [], l.key) },
    };
  }

  publishedObject(site: SiteRec, api: string, shareKey?: string): Record<string, unknown> {
    const sections = this.f.siteSections(site);
    const structure = sections.length
      ? { type: 'sections', structure: sections.map((s) => this.sectionObject(site, s, api, shareKey)) }
      : { type: 'siteSpaces', structure: this.f.allSiteSpaces(site).flatMap((ss) => this.siteSpaceObject(site, ss, api, shareKey) ?? []) };
    const siteJson = this.siteObject(site, api);
    const published = this.publishedUrl(site, shareKey);
    if (published) (siteJson.urls as Record<string, string>).published = published;
    return {
      object: 'published-content-site',
      site: siteJson,
      structure,
      customizations: { site: defaultCustomization(site.title), siteSpaces: {} },
      scripts: [],
    };
  }

  schemaObject(site: SiteRec): Record<string, unknown> {
    return { object: 'site-adaptive-schema', jsonSchema: site.adaptiveSchema.jsonSchema, updatedAt: site.adaptiveSchema.updatedAt };
  }

}
