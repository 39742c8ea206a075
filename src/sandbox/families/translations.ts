// The translations family: an organization's translation settings, as the
// API reference describes them (a `title` and `languages`; the public OpenAPI
// description's later model, with `language` and `source`, differs). Members
// read them; only admins create, rename or delete them. A delete answers 205,
// and 204 for settings already deleted, so a re-run is safe.
import { notFound } from '../core/errors.js';
import type { SeedName } from '../core/ids.js';
import { locationOf } from '../core/location.js';
import type { PageQuery } from '../core/paging.js';
import { familyObject, records } from '../core/persist.js';
import { byId, created, deleted, jsonBody, list, ok } from '../core/reply.js';
import { atLeast } from '../core/roles.js';
import type { Req } from '../core/router.js';
import type { Families, Family, Handlers, World } from '../core/world.js';

declare module '../core/world.js' {
  interface Families {
    translations: Translations;
  }
}

export interface TranslationRec {
  id: string;
  org: string;
  title: string;
  languages: string[];
  createdAt: string;
  updatedAt: string;
}

interface TranslationsJson {
  settings: TranslationRec[];
  /** Ids of deleted settings (with their organization): a second DELETE answers 204, not 404. */
  removed: Record<string, string>;
}

export class Translations implements Family {
  readonly name = 'translations';
  private readonly lower: Pick<Families, 'orgs'>;
  private readonly settings = new Map<string, TranslationRec>();
  private removed: Record<string, string> = {};

  constructor(private readonly world: World) {
    this.lower = world.lower('translations', 'orgs');
  }

  private get orgs() {
    return this.lower.orgs;
  }

  orgSettings(org: string): TranslationRec[] {
    const id = this.orgs.org(org).id;
    return this.world.cache.memo(`translations:${id}`, () => [...this.settings.values()].filter((t) => t.org === id));
  }

  private one(org: string, id: string): TranslationRec {
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

  remove(org: string, id: string): 'deleted' | 'nothing' {
    if (this.removed[id] === this.orgs.org(org).id) return 'nothing';
    const t = this.one(org, id);
    this.orgs.require(org, 'admin', 'delete translation settings');
    this.settings.delete(t.id);
    this.removed[t.id] = t.org;
    return 'deleted';
  }

  settingsObject(t: TranslationRec, api: string): Record<string, unknown> {
    return {
      object: 'translation-settings',
      id: t.id,
      title: t.title,
      languages: t.languages,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
      permissions: { view: true, edit: atLeast(this.orgs.roleIn(t.org), 'admin') },
      urls: { location: locationOf('translations.get', { organizationId: t.org, translationSettingsId: t.id }, api) },
    };
  }

  readonly handlers = {
    'translations.list': (req: Req<PageQuery>) =>
      list(req.query, this.orgSettings(req.params.organizationId), byId, (t) => jsonBody(this.settingsObject(t, req.api))),
    'translations.create': (req: Req<object, { title: string }>) => {
      const org = req.params.organizationId;
      const t = this.create(org, req.body.title);
      return created(jsonBody(this.settingsObject(t, req.api)), locationOf('translations.get', { organizationId: org, translationSettingsId: t.id }, req.api));
    },
    'translations.get': (req: Req) => ok(this.settingsObject(this.one(req.params.organizationId, req.params.translationSettingsId), req.api)),
    'translations.update': (req: Req<object, { title: string }>) =>
      ok(this.settingsObject(this.rename(req.params.organizationId, req.params.translationSettingsId, req.body.title), req.api)),
    'translations.delete': (req: Req) => deleted(this.remove(req.params.organizationId, req.params.translationSettingsId)),
  } satisfies Handlers;

  toJSON(): TranslationsJson {
    return { settings: [...this.settings.values()], removed: this.removed };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const t of records<TranslationRec>(data, 'settings', ['org', 'title', 'createdAt'])) this.settings.set(t.id, t);
    if (typeof data.removed !== 'object' || data.removed === null || Array.isArray(data.removed)) throw new Error('"removed" must be an object');
    this.removed = data.removed as Record<string, string>;
  }

  /** Demo: Acme Docs translates into French, and into German and Austrian German. */
  seed(seed: SeedName): void {
    const acme = seed === 'demo' ? this.orgs.byTitle('Acme Docs') : undefined;
    if (!acme) return;
    for (const [title, languages] of [
      ['French', ['fr']],
      ['German', ['de', 'de-AT']],
    ] as const) {
      const id = this.world.nextId();
      this.settings.set(id, { id, org: acme.id, title, languages: [...languages], createdAt: acme.createdAt, updatedAt: acme.createdAt });
    }
    this.world.cache.changed(true);
  }
}

export const translationsFamily = (world: World): Translations => new Translations(world);
