// The integrations family: the catalogue (public integrations, and every
// integration of the caller's organizations), publishing and unpublishing by
// the admins of the owner organization, and installations, which only the
// integration's own token may list. The sandbox mints that token for every
// published integration: `integrationToken(name)` (Sandbox.integrationToken,
// printed by `docplat sandbox serve` for the caller's integrations). A
// token is derived from the state's own token and the name, so it is stable
// across restarts and unknown to anyone without the state's token.
//
// Beside this file: records.ts (the records and inputs), render.ts (their
// JSON), handlers.ts (the operations) and seed.ts (the demo records).
import { timingSafeEqual } from 'node:crypto';
import { notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import type { Caller, Families, Family, World } from '../../core/world.js';
import type { OrgRec } from '../orgs/index.js';
import { integrationsHandlers } from './handlers.js';
import { IntegrationsViews } from './render.js';
import { seedIntegrations } from './seed.js';
import { INTEGRATION_OPERATIONS, type InstallationRec, type IntegrationRec, TOKEN_PREFIX, integrationToken } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    integrations: Integrations;
  }
}

export class Integrations implements Family {
  readonly name = 'integrations';
  private readonly lower: Pick<Families, 'orgs'>;
  readonly integrations = new Map<string, IntegrationRec>();
  readonly installations: InstallationRec[] = [];
  /** Organizations that publish integrations and that the caller is not a member of. */
  readonly publishers = new Map<string, OrgRec>();

  readonly views: IntegrationsViews;
  readonly handlers: ReturnType<typeof integrationsHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('integrations', 'orgs');
    this.views = new IntegrationsViews(this);
    this.handlers = integrationsHandlers(this, this.views);
  }

  get orgs() {
    return this.lower.orgs;
  }

  /** The token of a published integration. */
  tokenOf(name: string): string | undefined {
    return this.integrations.has(name) ? integrationToken(this.world.token, name) : undefined;
  }

  /** The tokens of the integrations the caller's organizations published, by name. */
  ownTokens(): Record<string, string> {
    const own = [...this.integrations.values()].filter((i) => this.orgs.roleIn(i.owner) !== undefined);
    return Object.fromEntries(own.map((i) => [i.id, integrationToken(this.world.token, i.id)]));
  }

  authenticate(token: string): Caller | undefined {
    if (!token.startsWith(TOKEN_PREFIX)) return undefined;
    const given = Buffer.from(token);
    for (const name of this.integrations.keys()) {
      const expected = Buffer.from(integrationToken(this.world.token, name));
      if (given.length === expected.length && timingSafeEqual(given, expected)) return { integration: name, operations: INTEGRATION_OPERATIONS };
    }
    return undefined;
  }

  /** Whether the caller sees it: public and unlisted ones, and every one of the caller's organizations. */
  private visible(i: IntegrationRec): boolean {
    return i.visibility !== 'private' || this.orgs.roleIn(i.owner) !== undefined;
  }

  integration(name: string): IntegrationRec {
    const i = this.integrations.get(name);
    if (!i || !this.visible(i)) throw notFound(`No integration named "${name}".`);
    return i;
  }

  ownerRec(id: string): OrgRec {
    return this.publishers.get(id) ?? this.orgs.org(id);
  }

  /** Throws 403 unless the caller is an admin of the organization. */
  requireAdmin(org: string, action: string): void {
    this.orgs.require(org, 'admin', action);
  }

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): { integrations: IntegrationRec[]; installations: InstallationRec[]; publishers: OrgRec[] } {
    return { integrations: [...this.integrations.values()], installations: this.installations, publishers: [...this.publishers.values()] };
  }

  load(json: unknown): void {
    const data = familyObject(json);
    for (const o of records<OrgRec>(data, 'publishers', ['title', 'createdAt'])) this.publishers.set(o.id, o);
    for (const i of records<IntegrationRec>(data, 'integrations', ['title', 'owner'])) this.integrations.set(i.id, i);
    this.installations.push(...records<InstallationRec>(data, 'installations', ['integration', 'org']));
  }

  seed(seed: SeedName): void {
    seedIntegrations(this, seed);
  }
}

export const integrationsFamily = (world: World): Integrations => new Integrations(world);
