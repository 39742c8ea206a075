// Initial states of the sandbox. Everything is deterministic: ids come from a
// counter through makeId(), other values from a seeded PRNG and a fixed base
// date. Only the deletion times of the "recently deleted" spaces are relative
// to the sandbox clock, so that they stay 3 and 10 days old.
import { createHash } from 'node:crypto';
import type { EditMode, Role } from '../api/bounds.js';
import {
  STATE_FORMAT, collectionEntry, containerKey, spaceEntry,
  type CollectionRec, type MemberRec, type OrgRec, type SpaceRec, type StateData, type Visibility,
} from './model.js';

export type SeedName = 'demo' | 'empty';

const DAY = 86_400_000;
/** Creation dates of the seeded content start here. */
const BASE_TIME = Date.UTC(2024, 0, 8, 9, 0, 0);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A small, fast, seedable PRNG (mulberry32): numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The n-th id of a state: 20 characters of [A-Za-z0-9], like the platform's
 * ids. The seed transform is a bijection on 32 bits, so distinct n give
 * distinct streams.
 */
export function makeId(n: number): string {
  const next = prng(Math.imul(n + 1, 0x9e3779b1) ^ 0x5bd1e995);
  let id = '';
  for (let i = 0; i < 20; i++) id += ALPHABET[Math.floor(next() * 62)];
  return id;
}

/** `dps_sandbox_` and 32 hex digits: a shape no other output has by chance. */
export function seedToken(seed: SeedName): string {
  return `dps_sandbox_${createHash('sha256').update(`docplat sandbox token: ${seed}`).digest('hex').slice(0, 32)}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

interface SpaceSpec {
  title: string;
  emoji?: string;
  visibility?: Visibility;
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

const isCollection = (x: SpaceSpec | CollectionSpec): x is CollectionSpec => 'items' in x;

class Builder {
  readonly data: StateData;
  private readonly random = prng(20240108);

  constructor(seed: SeedName, readonly now: number) {
    this.data = {
      format: STATE_FORMAT,
      token: seedToken(seed),
      clockOffsetMs: 0,
      seq: 0,
      userId: '',
      users: [],
      orgs: [],
      collections: [],
      spaces: [],
      children: {},
      removedCollections: [],
    };
  }

  id(): string {
    return makeId(this.data.seq++);
  }

  int(max: number): number {
    return Math.floor(this.random() * max);
  }

  /** A time after the base date, within `days`. */
  time(days: number, after = BASE_TIME): number {
    return after + this.int(days * 24) * 3_600_000 + this.int(3600) * 1000;
  }

  user(displayName: string, email: string): string {
    const id = this.id();
    this.data.users.push({ id, displayName, email, photoURL: `https://avatars.docplat.test/${id}.png` });
    return id;
  }

  org(title: string, plan: OrgRec['plan'], emailDomains: string[], members: [string, Role | null, Partial<MemberRec>?][]): OrgRec {
    const createdAt = this.time(5);
    const org: OrgRec = {
      id: this.id(),
      title,
      createdAt: iso(createdAt),
      plan,
      emailDomains,
      members: members.map(([userId, role, extra]) => {
        const joined = this.time(200, createdAt);
        return {
          userId,
          role,
          joinedAt: iso(joined),
          lastSeenAt: extra?.disabled ? undefined : iso(this.time(300, joined)),
          disabled: false,
          sso: false,
          teams: this.int(3),
          ...extra,
        };
      }),
    };
    this.data.orgs.push(org);
    this.data.children[containerKey(org.id, null)] = [];
    return org;
  }

  tree(org: string, parent: string | null, items: (SpaceSpec | CollectionSpec)[]): void {
    for (const item of items) {
      if (isCollection(item)) {
        const c: CollectionRec = {
          id: this.id(),
          org,
          parent,
          title: item.title,
          ...(item.description !== undefined ? { description: item.description } : {}),
          defaultLevel: item.defaultLevel ?? null,
          createdAt: iso(this.time(60)),
        };
        this.data.collections.push(c);
        this.data.children[containerKey(org, parent)].push(collectionEntry(c.id));
        this.data.children[c.id] = [];
        this.tree(org, c.id, item.items);
      } else {
        this.space(org, parent, item);
      }
    }
  }

  space(org: string, parent: string | null, spec: SpaceSpec): SpaceRec {
    const created = this.time(90);
    const changeRequestsOpen = this.int(4);
    const changeRequestsDraft = this.int(3);
    const s: SpaceRec = {
      id: this.id(),
      org,
      parent,
      title: spec.title,
      emoji: spec.emoji ?? '',
      visibility: spec.visibility ?? (parent ? 'in-collection' : 'private'),
      editMode: spec.editMode ?? 'live',
      defaultLevel: spec.defaultLevel ?? null,
      createdAt: iso(created),
      updatedAt: iso(this.time(120, created)),
      revision: this.id(),
      comments: this.int(6),
      changeRequests: changeRequestsOpen + changeRequestsDraft + this.int(12),
      changeRequestsOpen,
      changeRequestsDraft,
      content: this.int(1_000_000),
    };
    if (spec.deletedDaysAgo !== undefined) s.deletedAt = iso(this.now - spec.deletedDaysAgo * DAY);
    this.data.spaces.push(s);
    this.data.children[containerKey(org, parent)].push(spaceEntry(s.id));
    return s;
  }
}

/**
 * The demo state: the caller (Dana Demo) is admin of "Acme Docs" and editor of
 * "Globex"; nested collections three levels deep; 25 spaces, among them one
 * locked, one deleted 3 days ago (restorable) and one deleted 10 days ago
 * (removed for good).
 */
function demo(b: Builder): void {
  const dana = b.user('Dana Demo', 'dana@acme.example');
  b.data.userId = dana;
  const grace = b.user('Grace Hopper', 'grace@acme.example');
  const alan = b.user('Alan Turing', 'alan@acme.example');
  const margaret = b.user('Margaret Hamilton', 'margaret@acme.example');
  const linus = b.user('Linus Pauling', 'linus@acme.example');
  const barbara = b.user('Barbara Liskov', 'barbara@acme.example');
  const ken = b.user('Ken Thompson', 'ken@acme.example');
  const gary = b.user('Gary Guest', 'gary@partner.example');
  const hank = b.user('Hank Scorpio', 'hank@globex.example');
  const frank = b.user('Frank Grimes', 'frank@globex.example');

  const acme = b.org('Acme Docs', 'pro', ['acme.example'], [
    [dana, 'admin'],
    [grace, 'admin'],
    [alan, 'create'],
    [margaret, 'edit'],
    [linus, 'review'],
    [barbara, 'comment'],
    [ken, 'read', { disabled: true }],
    [gary, null, { sso: false }],
  ]);
  b.tree(acme.id, null, [
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
  ]);
  // The guest sees two spaces only.
  const bySpaceTitle = (t: string) => b.data.spaces.find((s) => s.title === t)!.id;
  acme.members.find((m) => m.userId === gary)!.grants = {
    [bySpaceTitle('REST API')]: 'comment',
    [bySpaceTitle('Webhooks')]: 'read',
  };

  const globex = b.org('Globex', 'plus', ['globex.example'], [
    [hank, 'admin'],
    [dana, 'edit'],
    [frank, 'read'],
  ]);
  b.tree(globex.id, null, [
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
  ]);
}

/** The empty state: the caller and one organization without content. */
function empty(b: Builder): void {
  const me = b.user('Dana Demo', 'dana@example.test');
  b.data.userId = me;
  b.org('My Organization', 'free', [], [[me, 'admin']]);
}

/**
 * Adds `count` spaces ("Space 00001", ...) at the top level of the first
 * organization. Made for load tests: no PRNG per field, one timestamp.
 */
export function addSpaces(data: StateData, count: number): void {
  const org = data.orgs[0];
  if (!org || count <= 0) return;
  const width = Math.max(5, String(count).length);
  const root = data.children[containerKey(org.id, null)];
  const time = iso(BASE_TIME + 400 * DAY);
  for (let i = 1; i <= count; i++) {
    const id = makeId(data.seq++);
    data.spaces.push({
      id,
      org: org.id,
      parent: null,
      title: `Space ${String(i).padStart(width, '0')}`,
      emoji: '',
      visibility: 'private',
      editMode: 'live',
      defaultLevel: null,
      createdAt: time,
      updatedAt: time,
      revision: makeId(data.seq++),
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      content: i,
    });
    root.push(spaceEntry(id));
  }
}

/** A fresh state from a seed, `now` being the sandbox clock. */
export function seedState(seed: SeedName, now: number, extraSpaces = 0): StateData {
  const b = new Builder(seed, now);
  if (seed === 'demo') demo(b);
  else empty(b);
  addSpaces(b.data, extraSpaces);
  return b.data;
}
