// The demo sites of Acme: a public published help center (three sections in
// two groups, five site spaces, a condition on a section and on a site
// space), an unlisted unpublished internal site (site spaces at the root, no
// sections) and a share-link site with two links, one inactive.
import { iso } from '../../core/clock.js';
import { Draws } from '../../core/ids.js';
import type { Sites, SiteRec } from './index.js';
import type { SpaceRec } from '../spaces/index.js';

export function seedDemoSites(sites: Sites, org: string, space: (title: string) => SpaceRec | undefined): void {
  const draws = new Draws(20240212);
  const has = (...titles: string[]) => titles.every((t) => space(t) !== undefined);
  const site = (title: string, fields: Partial<SiteRec>): SiteRec => {
    const s = sites.createSite(org, { title, visibility: fields.visibility, type: fields.type });
    const createdAt = iso(draws.time(30));
    Object.assign(s, fields, { createdAt });
    s.adaptiveSchema.updatedAt = createdAt;
    return s;
  };
  const id = (title: string) => space(title)!.id;

  if (has('Welcome', 'Getting Started', 'Installation Guide', 'Troubleshooting', 'REST API')) {
    const help = site('Acme Help Center', { type: 'premium', visibility: 'public', published: true, basename: 'help' });
    const start = sites.createSection(help, { spaceId: id('Welcome'), title: 'Get started' });
    sites.updateSection(help, start, { icon: 'rocket' });
    sites.addSiteSpace(help, { spaceId: id('Getting Started'), sectionId: start.id });
    const guides = sites.createSection(help, { spaceId: id('Installation Guide'), title: 'Guides' });
    const troubleshooting = sites.addSiteSpace(help, { spaceId: id('Troubleshooting'), sectionId: guides.id });
    sites.updateSiteSpace(help, troubleshooting, { condition: 'visitor.claims.unsigned.customer' });
    const api = sites.createSection(help, { spaceId: id('REST API'), title: 'API' });
    sites.updateSection(help, api, { condition: 'visitor.claims.unsigned.developer', description: 'Reference for developers' });
    sites.createGroup(help, { title: 'Learn', icon: 'book', sections: [start.id, guides.id] });
    sites.createGroup(help, { title: 'Build', sections: [api.id] });
  }
  if (has('Architecture', 'Onboarding')) {
    const internal = site('Acme Internal', { type: 'basic', visibility: 'unlisted', published: false });
    sites.addSiteSpace(internal, { spaceId: id('Architecture') });
    sites.addSiteSpace(internal, { spaceId: id('Onboarding') });
  }
  if (has('SDKs')) {
    const partners = site('Acme Partners', { type: 'basic', visibility: 'share-link', published: true });
    sites.addSiteSpace(partners, { spaceId: id('SDKs') });
    Object.assign(sites.shareLinks.create(partners, 'Partner A'), { createdAt: iso(draws.time(60, Date.parse(partners.createdAt))) });
    Object.assign(sites.shareLinks.create(partners, 'Former partner'), { createdAt: iso(draws.time(60, Date.parse(partners.createdAt))), active: false });
  }
}
