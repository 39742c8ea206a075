// The sso family: an organization's SAML providers, and the login options
// they give. Any member reads them; only admins create, change or delete
// them. A provider is `active` once it has an SSO URL, an entity id and a
// certificate, `pending` before; only active ones are login options.
//
// Beside this file: records.ts (the records and inputs), render.ts (their
// JSON), handlers.ts (the operations).
import { badRequest, notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import type { Families, Family, World } from '../../core/world.js';
import { ssoHandlers } from './handlers.js';
import { seedSso } from './seed.js';
import { SsoViews } from './render.js';
import { type SamlFields, type SamlRec, assign } from './records.js';

export { DEMO_CERTIFICATE } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    sso: Sso;
  }
}

export class Sso implements Family {
  readonly name = 'sso';
  private readonly lower: Pick<Families, 'orgs' | 'teams'>;
  readonly providers = new Map<string, SamlRec>();

  readonly views: SsoViews;
  readonly handlers: ReturnType<typeof ssoHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('sso', 'orgs', 'teams');
    this.views = new SsoViews(this);
    this.handlers = ssoHandlers(this, this.views);
  }

  get orgs() {
    return this.lower.orgs;
  }

  /** A team of the organization as a Team object, or undefined when there is no such team. */
  teamObject(org: string, teamId: string): Record<string, unknown> | undefined {
    const teams = this.lower.teams;
    const team = teams.teamsOf(org).find((t) => t.id === teamId);
    return team && teams.views.teamObject(team);
  }

  /** The providers of one of the caller's organizations, oldest first. */
  orgProviders(org: string): SamlRec[] {
    const id = this.orgs.org(org).id;
    return this.world.cache.memo(`saml:${id}`, () => [...this.providers.values()].filter((p) => p.org === id));
  }

  provider(org: string, id: string): SamlRec {
    const p = this.providers.get(id);
    if (!p || p.org !== this.orgs.org(org).id) throw notFound(`No SAML provider with id ${id} in organization ${org}.`);
    return p;
  }

  private checkTeam(org: string, teamId: string | undefined): void {
    if (teamId === undefined) return;
    if (!this.teamObject(org, teamId)) throw badRequest(`"defaultTeam": no team with id ${teamId} in organization ${org}.`);
  }

  create(org: string, fields: SamlFields): SamlRec {
    this.orgs.org(org);
    this.orgs.require(org, 'admin', 'add SAML providers');
    this.checkTeam(org, fields.defaultTeam);
    const p: SamlRec = { id: this.world.nextId(), org, label: fields.label!, defaultRole: null, createdAt: this.world.clock.nowIso() };
    assign(p, fields);
    this.providers.set(p.id, p);
    return p;
  }

  update(org: string, id: string, fields: SamlFields): SamlRec {
    const p = this.provider(org, id);
    this.orgs.require(org, 'admin', 'change SAML providers');
    this.checkTeam(org, fields.defaultTeam);
    assign(p, fields);
    return p;
  }

  remove(org: string, id: string): void {
    const p = this.provider(org, id);
    this.orgs.require(org, 'admin', 'delete SAML providers');
    this.providers.delete(p.id);
  }

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): { providers: SamlRec[] } {
    return { providers: [...this.providers.values()] };
  }

  load(json: unknown): void {
    for (const p of records<SamlRec>(familyObject(json), 'providers', ['org', 'label', 'createdAt'])) this.providers.set(p.id, p);
  }

  seed(seed: SeedName): void {
    seedSso(this, seed);
  }
}

export const ssoFamily = (world: World): Sso => new Sso(world);
