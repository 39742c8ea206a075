// The demo spaces and collections (Acme's and Globex's sidebars, same ids and
// values on every run) and the extra spaces of a load test.
import type { EditMode, Role, SpaceVisibility } from '../../../api/enums.js';
import { DAY, iso } from '../../core/clock.js';
import { Draws, SEED_BASE_TIME } from '../../core/ids.js';
import type { World } from '../../core/world.js';
import type { Orgs } from '../orgs/index.js';
import type { Node, SpaceRec } from './records.js';

/** The demo trees, in the demo organizations (those that exist); the guest of Acme gets two spaces. */
export function seedDemoSpaces(world: World, orgs: Orgs, put: (node: Node) => void, allSpaces: () => Iterable<SpaceRec>): void {
  const b = new SpacesBuilder(world, put);
  const acme = orgs.byTitle('Acme Docs');
  if (acme) {
    b.tree(acme.id, null, ACME_TREE);
    const idOf = (title: string) => [...allSpaces()].find((s) => s.org === acme.id && s.title === title)!.id;
    const grants: Record<string, Role> = { [idOf('REST API')]: 'comment', [idOf('Webhooks')]: 'read' };
    for (const guest of acme.members.filter((m) => m.role === null)) guest.grants = { ...grants };
  }
  const globex = orgs.byTitle('Globex');
  if (globex) b.tree(globex.id, null, GLOBEX_TREE);
}

/**
 * Adds `count` spaces ("Space 00001", ...) at the top level of the caller's
 * first organization. Made for load tests: no PRNG per field, one timestamp.
 */
export function addSpaces(world: World, orgs: Orgs, put: (node: Node) => void, count: number): void {
  const org = orgs.firstOrg;
  if (!org || count <= 0) return;
  const width = Math.max(5, String(count).length);
  const time = iso(SEED_BASE_TIME + 400 * DAY);
  for (let i = 1; i <= count; i++) {
    put({
      id: world.nextId(),
      org,
      parent: null,
      title: `Space ${String(i).padStart(width, '0')}`,
      emoji: '',
      visibility: 'private',
      editMode: 'live',
      defaultLevel: null,
      createdAt: time,
      updatedAt: time,
      revision: world.nextId(),
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      content: i,
    });
  }
}

interface SpaceSpec {
  title: string;
  emoji?: string;
  visibility?: SpaceVisibility;
  editMode?: EditMode;
  defaultLevel?: Role | null;
  /** Days before the sandbox clock's "now" when the space was deleted. */
  deletedDaysAgo?: number;
}

interface CollectionSpec {
  title: string;
  description?: string;
  defaultLevel?: Role | null;
  items: (SpaceSpec | CollectionSpec)[];
}

const isCollectionSpec = (x: SpaceSpec | CollectionSpec): x is CollectionSpec => 'items' in x;

/**
 * Acme: nested collections three levels deep; 21 spaces, among them one
 * locked, one deleted 3 days ago (restorable) and one deleted 10 days ago
 * (removed for good).
 */
const ACME_TREE: (SpaceSpec | CollectionSpec)[] = [
  { title: 'Welcome', emoji: '👋', visibility: 'public' },
  {
    title: 'Product',
    description: 'Everything customers read',
    items: [
      { title: 'Product Overview', emoji: '📦' },
      {
        title: 'Guides',
        description: 'Task-oriented guides',
        defaultLevel: 'comment',
        items: [
          { title: 'Getting Started', emoji: '🚀', visibility: 'public' },
          { title: 'Installation Guide', emoji: '🛠️' },
          { title: 'Admin Guide', emoji: '🔒', editMode: 'locked' },
          { title: 'Troubleshooting', emoji: '🩺' },
          {
            title: 'Advanced',
            items: [
              { title: 'Performance Tuning', emoji: '⚡' },
              { title: 'Security Hardening', emoji: '🛡️' },
            ],
          },
        ],
      },
      {
        title: 'API',
        description: 'Reference for developers',
        items: [
          { title: 'REST API', emoji: '🔌', visibility: 'public' },
          { title: 'Webhooks', emoji: '🪝' },
          { title: 'SDKs', emoji: '🧰', visibility: 'share-link' },
        ],
      },
    ],
  },
  {
    title: 'Engineering',
    defaultLevel: 'read',
    items: [
      { title: 'Architecture', emoji: '🏛️' },
      { title: 'Coding Standards', emoji: '📏', defaultLevel: 'edit' },
      { title: 'Onboarding', emoji: '🎒' },
      {
        title: 'Runbooks',
        items: [
          { title: 'Incident Response', emoji: '🚨' },
          { title: 'On-call Handbook', emoji: '📟' },
        ],
      },
    ],
  },
  { title: 'Company Handbook', emoji: '📘' },
  { title: 'Release Notes', emoji: '📝', visibility: 'unlisted' },
  { title: 'Brand Guidelines', emoji: '🎨', visibility: 'share-link' },
  { title: 'Changelog 2023', emoji: '🗓️', deletedDaysAgo: 3 },
  { title: 'Old Intranet', emoji: '🗄️', deletedDaysAgo: 10 },
  { title: 'Archive', items: [] },
];

const GLOBEX_TREE: (SpaceSpec | CollectionSpec)[] = [
  { title: 'Globex Docs', emoji: '🌐', visibility: 'public' },
  { title: 'Partner Portal', emoji: '🤝', visibility: 'visitor-auth' },
  {
    title: 'Marketing',
    items: [
      { title: 'Press Kit', emoji: '📰' },
      { title: 'Campaigns', items: [{ title: 'Campaign 2024', emoji: '📣' }] },
    ],
  },
  { title: 'Legal', emoji: '⚖️', defaultLevel: 'read' },
];

class SpacesBuilder {
  private readonly draws = new Draws(20240109);

  constructor(
    private readonly world: World,
    private readonly put: (node: Node) => void,
  ) {}

  tree(org: string, parent: string | null, items: (SpaceSpec | CollectionSpec)[]): void {
    for (const item of items) {
      if (isCollectionSpec(item)) {
        const id = this.world.nextId();
        this.put({
          id,
          org,
          parent,
          title: item.title,
          ...(item.description !== undefined ? { description: item.description } : {}),
          defaultLevel: item.defaultLevel ?? null,
          createdAt: iso(this.draws.time(60)),
        });
        this.tree(org, id, item.items);
      } else {
        this.space(org, parent, item);
      }
    }
  }

  private space(org: string, parent: string | null, spec: SpaceSpec): void {
    const { draws } = this;
    const created = draws.time(90);
    const changeRequestsOpen = draws.int(4);
    const changeRequestsDraft = draws.int(3);
    const s: SpaceRec = {
      id: this.world.nextId(),
      org,
      parent,
      title: spec.title,
      emoji: spec.emoji ?? '',
      visibility: spec.visibility ?? (parent ? 'in-collection' : 'private'),
      editMode: spec.editMode ?? 'live',
      defaultLevel: spec.defaultLevel ?? null,
      createdAt: iso(created),
      updatedAt: iso(draws.time(120, created)),
      revision: this.world.nextId(),
      comments: draws.int(6),
      changeRequests: changeRequestsOpen + changeRequestsDraft + draws.int(12),
      changeRequestsOpen,
      changeRequestsDraft,
      content: draws.int(1_000_000),
    };
    if (spec.deletedDaysAgo !== undefined) s.deletedAt = iso(this.world.clock.now() - spec.deletedDaysAgo * DAY);
    this.put(s);
  }
}
