// The translations family: an organization's translation settings, as the
// API reference describes them (a `title` and `languages`; the public OpenAPI
// description's later model, with `language` and `source`, differs). Members
// read them; only admins create, rename or delete them. A delete answers 205,
// and 204 for settings already deleted, so a re-run is safe.
//
// Beside this file: records.ts (the records and inputs), render.ts (their
// JSON), handlers.ts (the operations) and seed.ts (the demo records).
import { alreadyDeleted, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import type { Families, Family, World } from '../../core/world.js';
import { translationsHandlers } from './handlers.js';
import { TranslationsViews } from './render.js';
import { seedTranslations } from './seed.js';
import type { TranslationRec, TranslationsJson } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    translations: Translations;
  }
}

export class Translations implements Family {
  readonly name = 'translations';
  private readonly lower: Pick<Families, 'orgs'>;
  readonly settings = new Map<string, TranslationRec>();
  private removed: Record<string, string> = {};

  readonly views: TranslationsViews;
  readonly handlers: ReturnType<typeof translationsHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('translations', 'orgs');
    this.views = new TranslationsViews(this);
    this.handlers = translationsHandlers(this, this.views);
  }

  get orgs() {
    return this.lower.orgs;
  }

  orgSettings(org: string): TranslationRec[] {
    const id = this.orgs.org(org).id;
    return this.world.cache.memo(`translations:${id}`, () => [...this.settings.values()].filter((t) => t.org === id));
  }

  one(org: string, id: string): TranslationRec {
    const t = this.settings.get(id);
    if (!t || t.org !== this.orgs.org(org).id) throw notFound(`No translation settings with id ${id} in organization ${org}.`);
    return t;
  }

  create(org: string, title: string): TranslationRec {
    this.orgs.require(this.orgs.org(org).id, 'admin', 'create translation settings');
    const now = this.world.clock.nowIso();
    const t: TranslationRec = { id: this.world.nextId(), org, title, languages: [], createdAt: now, updatedAt: now };
    this.settings.set(t.id, t);
    return t;
  }

  rename(org: string, id: string, title: string): TranslationRec {
    const t = this.one(org, id);
    this.orgs.require(org, 'admin', 'change translation settings');
    t.title = title;
    t.updatedAt = this.world.clock.nowIso();
    return t;
  }

  remove(org: string, id: string): void {
    if (this.removed[id] === this.orgs.org(org).id) throw alreadyDeleted(`Translation settings ${id}`);
    const t = this.one(org, id);
    this.orgs.require(org, 'admin', 'delete translation settings');
    this.settings.delete(t.id);
    this.removed[t.id] = t.org;
  }

  // ---- persistence ----

  toJSON(): TranslationsJson {
    return { settings: [...this.settings.values()], removed: this.removed };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const t of records<TranslationRec>(data, 'settings', ['org', 'title', 'createdAt'])) this.settings.set(t.id, t);
    if (typeof data.removed !== 'object' || data.removed === null || Array.isArray(data.removed)) throw new Error('"removed" must be an object');
    this.removed = data.removed as Record<string, string>;
  }

  seed(seed: SeedName): void {
    seedTranslations(this, seed);
  }
}

export const translationsFamily = (world: World): Translations => new Translations(world);
