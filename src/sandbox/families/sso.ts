// The sso family: an organization's SAML providers, and the login options
// they give. Any member reads them; only admins create, change or delete
// them. A provider is `active` once it has an SSO URL, an entity id and a
// certificate, `pending` before; only active ones are login options.
import type { Role } from '../../api/enums.js';
import { badRequest, notFound } from '../core/errors.js';
import type { SeedName } from '../core/ids.js';
import { locationOf } from '../core/location.js';
import type { PageQuery } from '../core/paging.js';
import { familyObject, records } from '../core/persist.js';
import { APP_URL, byId, created, jsonBody, list, ok, type Reply } from '../core/reply.js';
import type { Req } from '../core/router.js';
import type { Families, Family, Handlers, World } from '../core/world.js';

declare module '../core/world.js' {
  interface Families {
    sso: Sso;
  }
}

export interface SamlRec {
  id: string;
  org: string;
  label: string;
  ssoURL?: string;
  entityID?: string;
  certificate?: string;
  /** Id of the team new members join. */
  defaultTeam?: string;
  defaultRole: Role | null;
  createdAt: string;
}

interface SamlFields {
  label?: string;
  ssoURL?: string;
  entityID?: string;
  certificate?: string;
  defaultTeam?: string;
  defaultRole?: Role | null;
}

export class Sso implements Family {
  readonly name = 'sso';
  private readonly lower: Pick<Families, 'orgs' | 'teams'>;
  private readonly providers = new Map<string, SamlRec>();

  constructor(private readonly world: World) {
    this.lower = world.lower('sso', 'orgs', 'teams');
  }

  private get orgs() {
    return this.lower.orgs;
  }

  /** A team of the organization as a Team object, or undefined when there is no such team. */
  private teamObject(org: string, teamId: string): Record<string, unknown> | undefined {
    const teams = this.lower.teams;
    const team = teams.teamsOf(org).find((t) => t.id === teamId);
    return team && teams.views.teamObject(team);
  }

  /** The providers of one of the caller's organizations, oldest first. */
  orgProviders(org: string): SamlRec[] {
    const id = this.orgs.org(org).id;
    return this.world.cache.memo(`saml:${id}`, () => [...this.providers.values()].filter((p) => p.org === id));
  }

  private provider(org: string, id: string): SamlRec {
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

  // ---- renderers -----------------------------------------------------------------------

  private service(p: SamlRec) {
    const base = `${APP_URL}/__/auth/saml/${p.org}/${p.id}`;
    return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: `${base}/metadata` };
  }

  /**
   * A SamlProvider. The description requires `ssoURL`, `entityID` and
   * `certificate`, which a provider being set up has not got yet: they are
   * empty strings until given (and the provider is `pending`).
   */
  providerObject(p: SamlRec, api: string): Record<string, unknown> {
    const team = p.defaultTeam === undefined ? undefined : this.teamObject(p.org, p.defaultTeam);
    return {
      object: 'saml-provider',
      id: p.id,
      label: p.label,
      ssoURL: p.ssoURL ?? '',
      entityID: p.entityID ?? '',
      certificate: p.certificate ?? '',
      ...(team ? { defaultTeam: team } : {}),
      defaultRole: p.defaultRole,
      createdAt: p.createdAt,
      status: isActive(p) ? 'active' : 'pending',
      service: this.service(p),
      urls: { location: locationOf('sso.get', { organizationId: p.org, samlProviderId: p.id }, api) },
    };
  }

  // ---- operations ----------------------------------------------------------------------

  readonly handlers = {
    'sso.list': (req: Req<PageQuery>) =>
      list(req.query, this.orgProviders(req.params.organizationId), byId, (p) => jsonBody(this.providerObject(p, req.api))),
    'sso.create': (req: Req<object, SamlFields>) => {
      const org = req.params.organizationId;
      const p = this.create(org, req.body);
      return created(jsonBody(this.providerObject(p, req.api)), locationOf('sso.get', { organizationId: org, samlProviderId: p.id }, req.api));
    },
    'sso.get': (req: Req) => ok(this.providerObject(this.provider(req.params.organizationId, req.params.samlProviderId), req.api)),
    'sso.update': (req: Req<object, SamlFields>) =>
      ok(this.providerObject(this.update(req.params.organizationId, req.params.samlProviderId, req.body), req.api)),
    'sso.delete': (req: Req): Reply => {
      this.remove(req.params.organizationId, req.params.samlProviderId);
      return { status: 204 };
    },
    'sso.loginOptions': (req: Req) => {
      const items = this.orgProviders(req.params.organizationId)
        .filter(isActive)
        .map((p) => ({ id: p.id, label: p.label, startURL: this.service(p).startURL }));
      return ok({ items });
    },
  } satisfies Handlers;

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): { providers: SamlRec[] } {
    return { providers: [...this.providers.values()] };
  }

  load(json: unknown): void {
    for (const p of records<SamlRec>(familyObject(json), 'providers', ['org', 'label', 'createdAt'])) this.providers.set(p.id, p);
  }

  /**
   * Demo: Acme Docs has an active Okta provider (new members join as
   * readers) and one still being set up; Globex has none.
   */
  seed(seed: SeedName): void {
    const acme = seed === 'demo' ? this.orgs.byTitle('Acme Docs') : undefined;
    if (!acme) return;
    const createdAt = acme.createdAt;
    const put = (p: Omit<SamlRec, 'id' | 'org' | 'createdAt'>) => {
      const id = this.world.nextId();
      this.providers.set(id, { id, org: acme.id, createdAt, ...p });
    };
    put({
      label: 'Okta',
      ssoURL: 'https://acme.okta.example/app/docplat/sso/saml',
      entityID: 'http://www.okta.example/exk1acme',
      certificate: DEMO_CERTIFICATE,
      defaultRole: 'read',
    });
    put({ label: 'Azure AD (staging)', entityID: 'https://sts.windows.example/acme-staging/', defaultRole: null });
    this.world.cache.changed(true);
  }
}

export const ssoFamily = (world: World): Sso => new Sso(world);

/** The demo provider's certificate: a self-signed P-256 certificate for CN=idp.acme.example (its private key was thrown away). */
export const DEMO_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBtDCCAVmgAwIBAgIUAoNp1Xja7VwWFXT1rQhacT4bgKEwCgYIKoZIzj0EAwIw
LzEZMBcGA1UEAwwQaWRwLmFjbWUuZXhhbXBsZTESMBAGA1UECgwJQWNtZSBEb2Nz
MB4XDTI2MTEyMzA1MDY1OVoXDTM2MTEyMDA1MDY1OVowLzEZMBcGA1UEAwwQaWRw
LmFjbWUuZXhhbXBsZTESMBAGA1UECgwJQWNtZSBEb2NzMFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEwLo7OIKcj/mL8p+SrKKxcnbK93ZrzjFgeVk/7Uzs1Kk1VM3l
Led63tMQftTlKXx73ffmP/Jmfm5pmwFom5jjSKNTMFEwHQYDVR0OBBYEFIGG1gyt
n4LA2fhFnGNE/phiE12FMB8GA1UdIwQYMBaAFIGG1gytn4LA2fhFnGNE/phiE12F
MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSQAwRgIhAP4GtTXGJUYYM5+a
AGifYPiqDgLpCqELXoZC5ICdpq0kAiEAsET50Q6UpXOEKAJyvvu3gOpqE2Qnc8nQ
vdQn8BzVsGM=
-----END CERTIFICATE-----`;

const isActive = (p: SamlRec): boolean => !!(p.ssoURL && p.entityID && p.certificate);

function assign(p: SamlRec, fields: SamlFields): void {
  for (const key of ['label', 'ssoURL', 'entityID', 'certificate', 'defaultTeam', 'defaultRole'] as const) {
    if (fields[key] !== undefined) (p as unknown as Record<string, unknown>)[key] = fields[key];
  }
}
