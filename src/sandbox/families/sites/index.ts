// The sites family: docs sites of an organization, their sections, section
// groups, site spaces and share links, and the adaptive schema. Every rule of
// these operations lives here; a refused request throws SandboxError and
// never half-applies (all checks run before the first change).
//
// Structure: a site's top level holds its sections and section groups in
// order (a group is placed among sections, API reference "Common
// conventions" 4); a group holds its sections in order; a section holds its
// site spaces in order, and a site without sections holds site spaces at
// its root. A site space refers to a space of the same organization (the
// spaces family's records). Beside this file: records.ts (the records and
// order keys), render.ts (their JSON), handlers.ts (the operations), seed.ts
// (the demo sites), share-links.ts (the rules of share links) and
// customization.ts (a published site's settings).
import { adaptiveSchemaProblem } from '../../../api/adaptiveSchema.js';
import { badRequest, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { SiblingOrder, readPosition, type Position } from '../../core/order.js';
import { familyObject, records } from '../../core/persist.js';
import type { Families, Family, World } from '../../core/world.js';
import { slug } from '../spaces/content.js';
import type { SpaceRec } from '../spaces/index.js';
import { siteHandlers } from './handlers.js';
import { childOf, entry, freePath, groupKey, newSite, isGroup, isSection, sectionKey, setOrClear, spacesKey, topKey } from './records.js';
import type { GroupRec, NewSpace, Node, SectionFields, SectionRec, ShareLinkRec, SiteFields, SiteRec, SitesJson, SiteSpaceRec } from './records.js';
import { SiteRenderer } from './render.js';
import { seedDemoSites } from './seed.js';
import { SiteShareLinks } from './share-links.js';

export type { GroupRec, SectionRec, ShareLinkRec, SiteRec, SiteSpaceRec } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    sites: Sites;
  }
}

export class Sites implements Family {
  readonly name = 'sites';
  private readonly lower: Pick<Families, 'orgs' | 'spaces'>;
  private readonly sites = new Map<string, SiteRec>();
  private readonly sections = new Map<string, SectionRec>();
  private readonly groups = new Map<string, GroupRec>();
  private readonly siteSpaces = new Map<string, SiteSpaceRec>();
  private readonly shareLinkRecs = new Map<string, ShareLinkRec>();
  /** The share links' rules (their records are persisted here). */
  readonly shareLinks: SiteShareLinks;
  private order = new SiblingOrder<Node>();

  constructor(private readonly world: World) {
    this.lower = world.lower('sites', 'orgs', 'spaces');
    this.shareLinks = new SiteShareLinks(world, () => this.orgs, this.shareLinkRecs);
    this.handlers = siteHandlers(this, new SiteRenderer(this, this.lower));
  }

  /** A space a transfer takes out of the organization leaves its sites: the site spaces that publish it go (a section may be left with none). */
  attach(): void {
    this.spaces.departures.push((spaces, org) => {
      const gone = new Set(spaces.map((s) => s.id));
      for (const site of this.orgSites(org)) for (const ss of this.allSiteSpaces(site).filter((x) => gone.has(x.space))) this.removeSiteSpace(site, ss.id, false);
    });
  }

  /** One of the caller's organizations (404 otherwise). */
  orgOf(id: string) {
    return this.orgs.org(id);
  }

  private get orgs() {
    return this.lower.orgs;
  }

  private get spaces() {
    return this.lower.spaces;
  }

  // ---- lookups -----------------------------------------------------------------------

  /** A site of an organization the caller belongs to; 404 otherwise. */
  site(orgId: string, id: string): SiteRec {
    const org = this.orgs.org(orgId);
    const site = this.sites.get(id);
    if (!site || site.org !== org.id) throw notFound(`No site with id ${id} in organization ${org.id}.`);
    return site;
  }

  section = (site: SiteRec, id: string) => childOf(this.sections, site, id, 'section');
  group = (site: SiteRec, id: string) => childOf(this.groups, site, id, 'section group');
  siteSpace = (site: SiteRec, id: string) => childOf(this.siteSpaces, site, id, 'site space');

  /** The space a new section or site space publishes: `spaceId`'s, or (null) a new space of the site's organization, made last. */
  private newSpace(site: SiteRec, input: NewSpace): () => SpaceRec {
    if (input.spaceId === null) return () => this.spaces.createSpace(site.org, { title: input.title ?? undefined, template: input.template });
    const space = this.spaceFor(site, input.spaceId);
    return () => space;
  }

  /** A space the site can publish: of the site's organization and not deleted. */
  private spaceFor(site: SiteRec, spaceId: string): SpaceRec {
    const space = this.spaces.space(spaceId);
    if (space.org !== site.org) throw badRequest(`Space ${spaceId} is in another organization: a site publishes spaces of its own organization (${site.org}).`);
    if (space.deletedAt) throw badRequest(`Space ${spaceId} is deleted: restore it before you add it to a site.`);
    return space;
  }

  /** The space of a site space, or undefined when it is gone for good. */
  spaceOf(ss: SiteSpaceRec): SpaceRec | undefined {
    return this.spaces.find(ss.space);
  }

  // ---- listings ------------------------------------------------------------------------

  orgSites(org: string): SiteRec[] {
    return [...this.sites.values()].filter((s) => s.org === org);
  }

  /** The site's sections in the order of its structure (those of a group where the group is). */
  siteSections(site: SiteRec): SectionRec[] {
    const out: SectionRec[] = [];
    this.order.walk(topKey(site.id), (n) => {
      if (isGroup(n)) return groupKey(n.id);
      if (isSection(n)) out.push(n);
      return undefined;
    });
    return out;
  }

  sectionById(id: string): SectionRec | undefined {
    return this.sections.get(id);
  }

  /** The sections of a group, in order. */
  groupSections(group: GroupRec): SectionRec[] {
    return this.order.children(groupKey(group.id)) as SectionRec[];
  }

  siteGroups(site: SiteRec): GroupRec[] {
    return this.order.children(topKey(site.id)).filter(isGroup);
  }

  sectionSpaces(section: SectionRec): SiteSpaceRec[] {
    return this.order.children(sectionKey(section.id)) as SiteSpaceRec[];
  }

  /** Every site space of the site: at the root, then those of each section in structure order. */
  allSiteSpaces(site: SiteRec): SiteSpaceRec[] {
    const root = this.order.children(spacesKey({ site: site.id, section: null })) as SiteSpaceRec[];
    return [...root, ...this.siteSections(site).flatMap((s) => this.sectionSpaces(s))];
  }

  // ---- sites -------------------------------------------------------------------------------

  createSite(orgId: string, input: SiteFields): SiteRec {
    const org = this.orgs.org(orgId);
    this.orgs.require(org.id, 'admin', 'create sites');
    const site = newSite(this.world.nextId(), org.id, input, this.world.clock.nowIso());
    const spaces = (input.spaces ?? []).map((id) => this.spaceFor(site, id));
    this.sites.set(site.id, site);
    this.order.open(topKey(site.id));
    for (const space of spaces) this.putSiteSpace(site, null, space);
    return site;
  }

  updateSite(site: SiteRec, patch: SiteFields): SiteRec {
    this.orgs.require(site.org, 'admin', 'change sites');
    const section = patch.defaultSiteSection === undefined ? undefined : this.section(site, patch.defaultSiteSection);
    const ss = patch.defaultSiteSpace === undefined ? undefined : this.siteSpace(site, patch.defaultSiteSpace);
    if (ss) {
      const home = section?.id ?? site.defaultSection;
      if (home && ss.section !== home) {
        throw badRequest(`Site space ${ss.id} is not in the default section ${home}: make it the default of its own section with the section's "defaultSiteSpace".`);
      }
    }
    if (patch.title !== undefined) site.title = patch.title;
    if (patch.visibility !== undefined) site.visibility = patch.visibility;
    if (patch.basename !== undefined) site.basename = patch.basename;
    if (patch.adaptiveContent?.enabled !== undefined) site.adaptiveContent = patch.adaptiveContent.enabled;
    if (patch.proxy !== undefined) site.proxy = patch.proxy;
    if (section) site.defaultSection = section.id;
    if (ss) this.makeDefault(site, ss);
    return site;
  }

  /** Publish or unpublish (OpenAPI 0.202.0): admins only; doing it twice is the same as once. */
  setPublished(site: SiteRec, published: boolean): SiteRec {
    this.orgs.require(site.org, 'admin', published ? 'publish sites' : 'unpublish sites');
    site.published = published;
    this.world.cache.changed(true, site);
    return site;
  }

  deleteSite(orgId: string, id: string): void {
    const site = this.site(orgId, id);
    this.orgs.require(site.org, 'admin', 'delete sites');
    for (const ss of this.allSiteSpaces(site)) this.siteSpaces.delete(ss.id);
    for (const s of this.siteSections(site)) {
      this.sections.delete(s.id);
      this.order.drop(sectionKey(s.id));
    }
    for (const g of this.siteGroups(site)) {
      this.groups.delete(g.id);
      this.order.drop(groupKey(g.id));
    }
    for (const l of this.shareLinkRecs.values()) if (l.site === site.id) this.shareLinkRecs.delete(l.id);
    this.order.drop(topKey(site.id));
    this.order.drop(spacesKey({ site: site.id, section: null }));
    this.sites.delete(site.id);
  }

  setAdaptiveSchema(site: SiteRec, jsonSchema: unknown): SiteRec {
    const problem = adaptiveSchemaProblem(jsonSchema);
    if (problem) throw badRequest(`The field "jsonSchema" is not an adaptive schema: ${problem}.`);
    this.orgs.require(site.org, 'admin', 'change the adaptive schema of sites');
    site.adaptiveSchema = { jsonSchema, updatedAt: this.world.clock.nowIso() };
    return site;
  }

  /** The site as published: 404 when it is not published, or (share-link sites) without an active share key. */
  published(site: SiteRec, shareKey?: string): SiteRec {
    if (!site.published) throw notFound(`Site ${site.id} is not published.`);
    if (site.visibility === 'share-link') {
      if (!this.shareLinks.active(site, shareKey)) throw notFound(shareKey ? `No active share link of site ${site.id} has this key.` : `Site ${site.id} is published through share links: give a "shareKey".`);
    }
    return site;
  }

  // ---- sections and groups -------------------------------------------------------------------

  /** A new section, at the end of the site's top level, with a first site space publishing `spaceId`. */
  createSection(site: SiteRec, input: SectionFields): SectionRec {
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    const group = input.siteSectionGroupId === undefined ? undefined : this.group(site, input.siteSectionGroupId);
    const space = this.newSpace(site, { spaceId: input.spaceId!, template: input.template, title: input.title })();
    const title = input.title ?? space.title;
    const section: SectionRec = { id: this.world.nextId(), site: site.id, title, path: freePath(slug(title) || 'section', this.siteSections(site)), group: null, defaultSiteSpace: null };
    if (input.draft) section.draft = true;
    this.sections.set(section.id, section);
    this.order.insert(topKey(site.id), section);
    this.order.open(sectionKey(section.id));
    site.defaultSection ??= section.id;
    this.putSiteSpace(site, section, space);
    if (group) this.joinGroup(site, section, group);
    return section;
  }

  updateSection(site: SiteRec, section: SectionRec, patch: SectionFields): SectionRec {
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    const ss = patch.defaultSiteSpace === undefined ? undefined : this.siteSpace(site, patch.defaultSiteSpace);
    if (ss && ss.section !== section.id) throw badRequest(`Site space ${ss.id} is not in section ${section.id}.`);
    if (patch.path !== undefined && this.siteSections(site).some((s) => s !== section && s.path === patch.path)) {
      throw badRequest(`Another section of site ${site.id} has the path "${patch.path}".`);
    }
    if (patch.title != null) section.title = patch.title;
    if (patch.path !== undefined) section.path = patch.path;
    setOrClear(section, 'condition', patch.condition);
    setOrClear(section, 'icon', patch.icon);
    setOrClear(section, 'description', patch.description);
    setOrClear(section, 'draft', patch.draft);
    if (ss) section.defaultSiteSpace = ss.id;
    return section;
  }

  /** Deletes a section with its site spaces; the next section becomes the default when it was. */
  deleteSection(site: SiteRec, id: string): void {
    const section = this.section(site, id);
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    for (const ss of this.sectionSpaces(section)) this.siteSpaces.delete(ss.id);
    this.order.drop(sectionKey(section.id));
    this.order.detach(section.group ? groupKey(section.group) : topKey(site.id), section);
    this.sections.delete(section.id);
    if (site.defaultSection === section.id) site.defaultSection = this.siteSections(site)[0]?.id ?? null;
  }

  /** A new group at the site's top level (a `parent` group must exist; groups are not nested here: it goes at the top level too). */
  createGroup(site: SiteRec, input: { title: string; icon?: string | null; sections?: string[]; parent?: string; draft?: boolean }): GroupRec {
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    if (input.parent !== undefined) this.group(site, input.parent);
    const sections = (input.sections ?? []).map((id) => this.section(site, id));
    const group: GroupRec = { id: this.world.nextId(), site: site.id, title: input.title, ...(input.icon ? { icon: input.icon } : {}), ...(input.draft ? { draft: true } : {}) };
    this.groups.set(group.id, group);
    this.order.insert(topKey(site.id), group);
    this.order.open(groupKey(group.id));
    for (const s of new Set(sections)) this.joinGroup(site, s, group);
    return group;
  }

  updateGroup(site: SiteRec, group: GroupRec, patch: { title?: string; icon?: string | null; draft?: boolean }): GroupRec {
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    if (patch.title !== undefined) group.title = patch.title;
    setOrClear(group, 'icon', patch.icon);
    setOrClear(group, 'draft', patch.draft);
    return group;
  }

  /** Deletes a group; its sections stay, at the group's place in the top level. */
  deleteGroup(site: SiteRec, id: string): void {
    const group = this.group(site, id);
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    const top = topKey(site.id);
    for (const s of [...this.order.children(groupKey(group.id))] as SectionRec[]) {
      this.order.move(s, groupKey(group.id), top, { side: 'before', sibling: group });
      s.group = null;
    }
    this.order.detach(top, group);
    this.order.drop(groupKey(group.id));
    this.groups.delete(group.id);
  }

  /** Puts a section at the end of a group; a section in another group leaves it (a section is in at most one group). */
  joinGroup(site: SiteRec, section: SectionRec, group: GroupRec): void {
    if (section.group === group.id) return;
    this.order.move(section, section.group ? groupKey(section.group) : topKey(site.id), groupKey(group.id));
    section.group = group.id;
  }

  /** A 404 when the section is not in the group (a second remove). */
  leaveGroup(site: SiteRec, group: GroupRec, sectionId: string): void {
    const section = this.section(site, sectionId);
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    if (section.group !== group.id) throw notFound(`Section ${section.id} is not in section group ${group.id}.`);
    this.order.move(section, groupKey(group.id), topKey(site.id), { side: 'after', sibling: group });
    section.group = null;
  }

  // ---- site spaces -------------------------------------------------------------------------

  private putSiteSpace(site: SiteRec, section: SectionRec | null, space: SpaceRec): SiteSpaceRec {
    const ss: SiteSpaceRec = { id: this.world.nextId(), site: site.id, section: section?.id ?? null, space: space.id, path: '' };
    const siblings = this.order.children(spacesKey(ss)) as SiteSpaceRec[];
    ss.path = freePath(slug(space.title) || space.id, siblings);
    this.siteSpaces.set(ss.id, ss);
    this.order.insert(spacesKey(ss), ss);
    if (section) section.defaultSiteSpace ??= ss.id;
    else site.defaultSiteSpace ??= ss.id;
    return ss;
  }

  /** Adds a site space to a section (default: the default section; the root of a site without sections). */
  addSiteSpace(site: SiteRec, input: NewSpace & { sectionId?: string }): SiteSpaceRec {
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    const section = input.sectionId !== undefined ? this.section(site, input.sectionId) : site.defaultSection ? this.sections.get(site.defaultSection)! : null;
    const ss = this.putSiteSpace(site, section, this.newSpace(site, input)());
    if (input.title) ss.title = input.title;
    if (input.draft) ss.draft = true;
    return ss;
  }

  updateSiteSpace(site: SiteRec, ss: SiteSpaceRec, patch: { path?: string; condition?: string | null; draft?: boolean }): SiteSpaceRec {
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    const siblings = this.order.children(spacesKey(ss)) as SiteSpaceRec[];
    if (patch.path !== undefined && siblings.some((s) => s !== ss && s.path === patch.path)) throw badRequest(`Another site space beside ${ss.id} has the path "${patch.path}".`);
    if (patch.path !== undefined) ss.path = patch.path;
    setOrClear(ss, 'draft', patch.draft);
    setOrClear(ss, 'condition', patch.condition);
    return ss;
  }

  /** Removes a site space (`asked`: by a request, whose caller's role is checked); the next one of its section becomes the default when it was. */
  removeSiteSpace(site: SiteRec, id: string, asked = true): void {
    const ss = this.siteSpace(site, id);
    if (asked) this.orgs.require(site.org, 'create', 'change the structure of sites');
    const key = spacesKey(ss);
    this.order.detach(key, ss);
    this.siteSpaces.delete(ss.id);
    const next = (this.order.children(key)[0] as SiteSpaceRec | undefined)?.id ?? null;
    const section = ss.section ? this.sections.get(ss.section) : undefined;
    if (section && section.defaultSiteSpace === ss.id) section.defaultSiteSpace = next;
    if (!section && site.defaultSiteSpace === ss.id) site.defaultSiteSpace = next;
  }

  private makeDefault(site: SiteRec, ss: SiteSpaceRec): void {
    if (ss.section) this.sections.get(ss.section)!.defaultSiteSpace = ss.id;
    else site.defaultSiteSpace = ss.id;
  }

  // ---- moves --------------------------------------------------------------------------------

  /**
   * Places `node` before or after a sibling in the container that holds both
   * (404 when there is no such sibling, 400 when it is elsewhere); at the end
   * of its container without a position.
   */
  private place(site: SiteRec, node: Node, key: string, p: Position | undefined, find: (id: string) => Node | undefined, what: string): void {
    this.orgs.require(site.org, 'create', 'change the structure of sites');
    if (!p) return this.order.move(node, key, key);
    const sibling = find(p.id);
    if (!sibling) throw notFound(`No ${what} with id ${p.id}.`);
    if (sibling === node) return;
    if (!this.order.children(key).includes(sibling)) throw badRequest(`The position refers to ${what} ${p.id}, which is not a sibling of ${node.id}.`);
    this.order.move(node, key, key, { side: p.side, sibling });
  }

  moveSection(site: SiteRec, section: SectionRec, position: unknown): SectionRec {
    const key = section.group ? groupKey(section.group) : topKey(site.id);
    this.place(site, section, key, readPosition(position, ['site-section'] as const), (id) => this.sections.get(id), 'section');
    return section;
  }

  /** A group is placed among the top level: its siblings are ungrouped sections and other groups. */
  moveGroup(site: SiteRec, group: GroupRec, position: unknown): GroupRec {
    const p = readPosition(position, ['site-section-group', 'section-group'] as const);
    this.place(site, group, topKey(site.id), p, (id) => this.sections.get(id) ?? this.groups.get(id), 'section or section group');
    return group;
  }

  moveSiteSpace(site: SiteRec, ss: SiteSpaceRec, position: unknown): SiteSpaceRec {
    this.place(site, ss, spacesKey(ss), readPosition(position, ['site-space'] as const), (id) => this.siteSpaces.get(id), 'site space');
    return ss;
  }

  // ---- operations and renderers --------------------------------------------------------------
  readonly handlers: ReturnType<typeof siteHandlers>;

  // ---- persistence -----------------------------------------------------------------------------

  toJSON(): SitesJson {
    return {
      sites: [...this.sites.values()],
      sections: [...this.sections.values()],
      groups: [...this.groups.values()],
      siteSpaces: [...this.siteSpaces.values()],
      shareLinks: [...this.shareLinkRecs.values()],
      children: this.order.toJSON(entry),
    };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const s of records<SiteRec>(data, 'sites', ['org', 'title', 'createdAt'])) this.sites.set(s.id, s);
    for (const s of records<SectionRec>(data, 'sections', ['site', 'title', 'path'])) this.sections.set(s.id, s);
    for (const g of records<GroupRec>(data, 'groups', ['site', 'title'])) this.groups.set(g.id, g);
    for (const ss of records<SiteSpaceRec>(data, 'siteSpaces', ['site', 'space', 'path'])) this.siteSpaces.set(ss.id, ss);
    for (const l of records<ShareLinkRec>(data, 'shareLinks', ['site', 'key', 'createdAt'])) this.shareLinkRecs.set(l.id, l);
    const byEntry = (e: string): Node | undefined => {
      const [kind, id] = [e.slice(0, e.indexOf(':')), e.slice(e.indexOf(':') + 1)];
      return kind === 'sec' ? this.sections.get(id) : kind === 'grp' ? this.groups.get(id) : kind === 'ss' ? this.siteSpaces.get(id) : undefined;
    };
    this.order = SiblingOrder.fromJSON<Node>(data, 'children', byEntry);
  }

  // ---- seeds ---------------------------------------------------------------------------------

  seed(seed: SeedName): void {
    if (seed !== 'demo') return;
    const acme = this.orgs.byTitle('Acme Docs');
    if (acme) seedDemoSites(this, acme.id, (title) => this.spaces.orgSpaces(acme.id).find((s) => s.title === title));
  }
}

export const sitesFamily = (world: World): Sites => new Sites(world);
