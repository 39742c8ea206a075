// How the spaces family's records look in responses: Space, Collection and
// the items of a space's links, as the public OpenAPI description has them.
// Rendered JSON of each space and collection is cached, and dropped when that
// resource changes.
import { locationOf, urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import { atLeast } from '../../core/roles.js';
import type { World } from '../../core/world.js';
import type { OrgRec, Orgs } from '../orgs/index.js';
import { pageObject, slug, type GeneratedLink, type GeneratedPage } from './content.js';
import type { CollectionRec, SpaceRec } from './records.js';

const PUBLISHED_DOMAIN = 'docplat.test';

/**
 * Counts a family above spaces keeps of a space (its open comments, its
 * change requests), in the space's JSON in place of the seeded numbers.
 */
export type SpaceCounts = (space: SpaceRec) => Partial<Record<'comments' | 'changeRequests' | 'changeRequestsOpen' | 'changeRequestsDraft', number>>;

export class SpaceViews {
  private readonly counts: SpaceCounts[] = [];

  constructor(
    private readonly world: World,
    private readonly orgsOf: () => Orgs,
  ) {}

  private get orgs() {
    return this.orgsOf();
  }

  /** A family above adds its counts to every space's JSON (from its attach()). */
  countWith(counts: SpaceCounts): void {
    this.counts.push(counts);
  }

  /** The counters of a space: the seeded numbers, replaced by those of the families that keep them. */
  private counters(space: SpaceRec): Record<string, number> {
    const out: Record<string, number> = {
      comments: space.comments,
      changeRequests: space.changeRequests,
      changeRequestsOpen: space.changeRequestsOpen,
      changeRequestsDraft: space.changeRequestsDraft,
    };
    for (const count of this.counts) Object.assign(out, count(space));
    return out;
  }

  private get cache() {
    return this.world.cache;
  }

  /** A space's JSON, cached until it changes (a share key changes the published URL: not cached). */
  json(space: SpaceRec, api: string): Buffer {
    return this.cache.render(space, () => this.spaceObject(space, api));
  }

  collectionJson(c: CollectionRec, api: string): Buffer {
    return this.cache.render(c, () => this.collectionObject(c, api));
  }

  private publishedUrl(org: OrgRec | undefined, space: SpaceRec, share?: string): string {
    return urlOf(`https://${slug(org?.title ?? '') || 'docs'}.${PUBLISHED_DOMAIN}`, [slug(space.title) || space.id], { slash: true, query: { share } });
  }

  spaceObject(space: SpaceRec, api: string, shareKey?: string): Record<string, unknown> {
    const role = this.orgs.roleIn(space.org);
    const canEdit = atLeast(role, 'edit') && space.editMode !== 'locked';
    const urls: Record<string, string> = { location: locationOf('spaces.get', { spaceId: space.id }, api), app: urlOf(APP_URL, ['o', space.org, 's', space.id], { slash: true }) };
    const v = space.visibility;
    if (v === 'public' || v === 'unlisted' || v === 'visitor-auth' || (v === 'share-link' && shareKey)) {
      const org = this.orgs.listOrgs().find((o) => o.id === space.org);
      urls.published = this.publishedUrl(org, space, v === 'share-link' ? shareKey : undefined);
      if (v === 'public') urls.public = urls.published;
    }
    if (space.icon) urls.icon = space.icon;
    return {
      object: 'space',
      id: space.id,
      title: space.title,
      emoji: space.emoji,
      visibility: space.visibility,
      createdAt: space.createdAt,
      updatedAt: space.updatedAt,
      ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
      editMode: space.editMode,
      mergeRules: { type: 'inherit' },
      urls,
      organization: space.org,
      ...(space.parent ? { parent: space.parent } : {}),
      ...(space.language ? { language: space.language } : {}),
      revision: space.revision,
      defaultLevel: space.defaultLevel,
      ...this.counters(space),
      permissions: {
        view: true,
        access: true,
        admin: atLeast(role, 'admin'),
        viewInviteLinks: atLeast(role, 'admin'),
        edit: canEdit,
        triggerGitSync: canEdit,
        comment: atLeast(role, 'comment'),
        merge: canEdit,
        review: atLeast(role, 'review'),
        installIntegration: atLeast(role, 'admin'),
      },
    };
  }

  private collectionObject(c: CollectionRec, api: string): Record<string, unknown> {
    const role = this.orgs.roleIn(c.org);
    return {
      object: 'collection',
      id: c.id,
      title: c.title,
      ...(c.description !== undefined ? { description: c.description } : {}),
      organization: c.org,
      ...(c.parent ? { parent: c.parent } : {}),
      defaultLevel: c.defaultLevel,
      urls: { location: locationOf('collections.get', { collectionId: c.id }, api), app: urlOf(APP_URL, ['o', c.org, 'c', c.id], { slash: true }) },
      permissions: {
        view: true,
        admin: atLeast(role, 'admin'),
        viewInviteLinks: atLeast(role, 'admin'),
        create: atLeast(role, 'create'),
      },
    };
  }

  /**
   * A link item: the link's target as a URL, and the page holding it as a
   * page location with its organization and space, as the platform does.
   */
  linkObject(space: SpaceRec, pages: GeneratedPage[], link: GeneratedLink, api: string): Record<string, unknown> {
    return {
      status: link.status,
      relation: 'reference',
      targetReference: { kind: 'url', url: link.target },
      locationReferences: [
        {
          kind: 'page',
          organization: this.orgs.orgObject(this.orgs.org(space.org), api),
          space: this.spaceObject(space, api),
          page: pageObject(space, pages[link.page]),
        },
      ],
    };
  }
}
