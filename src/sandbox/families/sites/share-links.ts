// The share links of the sites family: the keys that open a site published
// through share links. Their records are the sites family's (it persists
// them and drops a deleted site's); the rules of their operations live here.
import { badRequest } from '../../core/errors.js';
import type { World } from '../../core/world.js';
import type { Orgs } from '../orgs/index.js';
import { childOf, type ShareLinkRec, type SiteRec } from './records.js';

export class SiteShareLinks {
  constructor(
    private readonly world: World,
    private readonly orgs: () => Orgs,
    private readonly links: Map<string, ShareLinkRec>,
  ) {}

  /** A share link of the site; 404 otherwise. */
  get(site: SiteRec, id: string): ShareLinkRec {
    return childOf(this.links, site, id, 'share link');
  }

  ofSite(site: SiteRec): ShareLinkRec[] {
    return [...this.links.values()].filter((l) => l.site === site.id);
  }

  /** The active share link of a site with this key, if any. */
  active(site: SiteRec, key: string | undefined): ShareLinkRec | undefined {
    return key === undefined ? undefined : this.ofSite(site).find((l) => l.key === key && l.active);
  }

  update(site: SiteRec, id: string, patch: { name?: string; active?: boolean }): ShareLinkRec {
    const link = this.get(site, id);
    if (patch.name === undefined && patch.active === undefined) throw badRequest('Nothing to change: give "name", "active" or both.');
    this.orgs().require(site.org, 'admin', 'manage share links');
    if (patch.name !== undefined) link.name = patch.name;
    if (patch.active !== undefined) link.active = patch.active;
    return link;
  }

  delete(site: SiteRec, id: string): void {
    const link = this.get(site, id);
    this.orgs().require(site.org, 'admin', 'manage share links');
    this.links.delete(link.id);
  }

  create(site: SiteRec, name: string): ShareLinkRec {
    this.orgs().require(site.org, 'admin', 'manage share links');
    const link: ShareLinkRec = { id: this.world.nextId(), site: site.id, name, active: true, key: this.world.nextId() + this.world.nextId(), createdAt: this.world.clock.nowIso() };
    this.links.set(link.id, link);
    return link;
  }
}
