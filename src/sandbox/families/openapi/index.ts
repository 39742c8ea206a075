// The openapi family: an organization's OpenAPI specifications, stored under
// a slug, and their versions. A publish (POST, or PUT of a slug) starts a
// processing job that moves the spec's `processingState` from `pending` to
// `progress` to `complete` over the sandbox clock (processingMs, 1.5 s by
// default). The document (a text source, or what a URL source answers) is
// checked with the validator of `openapi validate`: PARSE_ERROR with every
// error (line, column, JSON path) when the platform would refuse it. A URL
// source is fetched only from loopback: any other host ends in FETCH_ERROR
// (the fetch and the check: processing.ts). A job that ends well adds a version; one that fails
// leaves the last version as it was. A text source clears the spec's
// sourceURL: the spec no longer comes from that URL.
// A version's document is served without a token at
// /_files/openapi/<versionId> (text sources; a URL source's version points
// at the URL itself).
import type { Role } from '../../../api/enums.js';
import { Processing, type Failure, type Job, type ProcessErrorCode } from './processing.js';
import { OPERATIONS } from '../../../api/operations/index.js';
import { iso } from '../../core/clock.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { Draws, type SeedName } from '../../core/ids.js';
import { checkParams } from '../../core/input.js';
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { familyObject, records } from '../../core/persist.js';
import { APP_URL, byId, created, deleted, errorReply, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import { atLeast } from '../../core/roles.js';
import type { Req } from '../../core/router.js';
import type { Families, Family, Handlers, World } from '../../core/world.js';

declare module '../../core/world.js' {
  interface Families {
    openapi: OpenApiSpecs;
  }
}


export interface VersionRec {
  id: string;
  createdAt: string;
  /** The document, for a text source. */
  text?: string;
  /** The source URL, for a URL source. */
  url?: string;
}

export interface SpecRec {
  id: string;
  org: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  /** The URL of the last URL source. */
  sourceURL?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: ProcessErrorCode;
  lastProcessedErrors?: { code?: string; message: string }[];
  /** How many errors there were, when more than lastProcessedErrors keeps. */
  lastProcessedErrorCount?: number;
  /** The document being processed: since when (sandbox-clock ms) and its source. */
  job?: Job;
  /** Oldest first. */
  versions: VersionRec[];
}

interface Source {
  url?: string;
  text?: string;
}

/** Default processing time, in sandbox-clock ms: long enough that `--wait` really waits. */
export const PROCESSING_MS = 1500;
/** lastProcessedErrors keeps this many; lastProcessedErrorCount says how many there were. */
const ERRORS_KEPT = 20;

export class OpenApiSpecs implements Family {
  readonly name = 'openapi';
  private readonly lower: Pick<Families, 'orgs'>;
  /** How long a job takes on the sandbox clock (SandboxOptions.processingMs). */
  processingMs = PROCESSING_MS;
  private readonly specs = new Map<string, SpecRec>();
  /** Keys (org/slug) of deleted specs: a second DELETE answers 204; a slug never published is 404. */
  private readonly removed = new Set<string>();
  private readonly versionsById = new Map<string, { spec: SpecRec; version: VersionRec }>();
  /** The fetches and checks of the jobs; not persisted (a reload does them again). */
  private readonly processing: Processing;

  constructor(private readonly world: World) {
    this.lower = world.lower('openapi', 'orgs');
    this.processing = new Processing(world);
  }

  private get orgs() {
    return this.lower.orgs;
  }

  private key(org: string, slug: string): string {
    return `${org}/${slug}`;
  }

  /** The organization's specs, oldest first; 404 when the caller is not a member. */
  private orgSpecs(org: string): SpecRec[] {
    this.readable(org);
    return [...this.specs.values()].filter((s) => s.org === org);
  }

  private readable(org: string): void {
    this.orgs.org(org);
    this.orgs.require(org, 'read', 'read its OpenAPI specifications');
  }

  private spec(org: string, slug: string): SpecRec {
    this.readable(org);
    const spec = this.specs.get(this.key(org, slug));
    if (!spec) throw notFound(`No OpenAPI specification "${slug}" in organization ${org}.`);
    return spec;
  }

  // ---- processing ----------------------------------------------------------------------

  /** The processing state now, finishing the job when its time has come. */
  private state(spec: SpecRec): 'pending' | 'progress' | 'complete' {
    const job = spec.job;
    if (!job) return 'complete';
    const elapsed = this.world.clock.now() - job.startedAt;
    if (job.text !== undefined) this.processing.start(jobKey(spec), job);
    if (elapsed < this.processingMs / 3) return 'pending';
    if (job.url !== undefined) this.processing.start(jobKey(spec), job);
    if (elapsed < this.processingMs) return 'progress';
    const outcome = this.processing.outcome(jobKey(spec), job);
    if (!outcome) return 'progress';
    this.finish(spec, outcome);
    return 'complete';
  }

  private finish(spec: SpecRec, outcome: { text: string } | Failure): void {
    const job = spec.job!;
    const at = iso(job.startedAt + this.processingMs);
    spec.job = undefined;
    this.processing.forget(jobKey(spec, job));
    spec.lastProcessedAt = at;
    if ('code' in outcome) {
      spec.lastProcessErrorCode = outcome.code;
      spec.lastProcessedErrors = outcome.messages.slice(0, ERRORS_KEPT).map((message) => ({ code: outcome.code, message }));
      spec.lastProcessedErrorCount = outcome.messages.length;
      return;
    }
    spec.lastProcessErrorCode = undefined;
    spec.lastProcessedErrors = undefined;
    spec.lastProcessedErrorCount = undefined;
    const version: VersionRec = { id: this.world.nextId(), createdAt: at, ...(job.url !== undefined ? { url: job.url } : { text: job.text }) };
    spec.versions.push(version);
    this.versionsById.set(version.id, { spec, version });
  }

  /** Starts processing a new document: the previous outcome is forgotten. */
  private startJob(spec: SpecRec, source: Source): void {
    const now = this.world.clock.now();
    if (spec.job) this.processing.forget(jobKey(spec));
    spec.job = { startedAt: now, ...(source.url !== undefined ? { url: source.url } : { text: source.text }) };
    // A text source replaces the URL the spec came from: it no longer comes from there.
    spec.sourceURL = source.url;
    spec.updatedAt = iso(now);
    spec.lastProcessErrorCode = undefined;
    spec.lastProcessedErrors = undefined;
    spec.lastProcessedErrorCount = undefined;
    if (source.text !== undefined) this.processing.start(jobKey(spec), spec.job);
  }

  private writable(org: string): void {
    this.orgs.org(org);
    this.orgs.require(org, 'create', 'publish OpenAPI specifications');
  }

  // ---- renderers -----------------------------------------------------------------------

  private specObject(spec: SpecRec, api: string): Record<string, unknown> {
    const state = this.state(spec);
    const last = spec.versions[spec.versions.length - 1];
    const role: Role | null | undefined = this.orgs.roleIn(spec.org);
    return {
      object: 'openapi-spec',
      id: spec.id,
      createdAt: spec.createdAt,
      updatedAt: spec.updatedAt,
      slug: spec.slug,
      ...(spec.sourceURL ? { sourceURL: spec.sourceURL } : {}),
      processingState: state,
      visibility: 'private',
      ...(last ? { lastVersion: last.id } : {}),
      ...(spec.lastProcessedAt ? { lastProcessedAt: spec.lastProcessedAt } : {}),
      ...(spec.lastProcessErrorCode ? { lastProcessErrorCode: spec.lastProcessErrorCode } : {}),
      ...(spec.lastProcessedErrors ? { lastProcessedErrors: spec.lastProcessedErrors } : {}),
      lastProcessedErrorCount: spec.lastProcessedErrorCount ?? spec.lastProcessedErrors?.length ?? 0,
      permissions: { view: true, edit: atLeast(role, 'create') },
      urls: { location: locationOf('openapi.get', { organizationId: spec.org, specSlug: spec.slug }, api), app: `${APP_URL}/o/${spec.org}/openapi/${spec.slug}` },
    };
  }

  private documentURL(version: VersionRec, api: string): string {
    return version.url ?? `${api.replace(/\/v1$/, '')}/_files/openapi/${version.id}`;
  }

  private versionObject(spec: SpecRec, version: VersionRec, api: string): Record<string, unknown> {
    return {
      object: 'openapi-spec-version',
      id: version.id,
      createdAt: version.createdAt,
      url: this.documentURL(version, api),
      urls: { location: locationOf('openapi.version', { organizationId: spec.org, specSlug: spec.slug, versionId: version.id }, api) },
    };
  }

  /** Version content: the reference's `{filesystem, url}` and the public description's `urls`. */
  private contentObject(version: VersionRec, api: string): Record<string, unknown> {
    const url = this.documentURL(version, api);
    const file = version.url ? new URL(version.url).pathname.split('/').pop() || 'openapi.yaml' : 'openapi.yaml';
    return {
      filesystem: { entryPoint: file, files: [{ path: file, ...(version.text !== undefined ? { size: Buffer.byteLength(version.text) } : {}) }] },
      url,
      urls: { source: url, public: null },
    };
  }

  private version(spec: SpecRec, versionId: string): VersionRec {
    this.state(spec);
    if (versionId === 'latest') {
      const last = spec.versions[spec.versions.length - 1];
      if (!last) throw notFound(`The OpenAPI specification "${spec.slug}" has no version yet.`);
      return last;
    }
    const found = this.versionsById.get(versionId);
    if (!found || found.spec !== spec) throw notFound(`No version ${versionId} of the OpenAPI specification "${spec.slug}".`);
    return found.version;
  }

  // ---- operations ----------------------------------------------------------------------

  readonly handlers = {
    'openapi.list': (req: Req<PageQuery>) => list(req.query, this.orgSpecs(req.params.organizationId), byId, (s) => jsonBody(this.specObject(s, req.api))),
    'openapi.get': (req: Req) => ok(this.specObject(this.spec(req.params.organizationId, req.params.specSlug), req.api)),
    'openapi.create': (req: Req<unknown, { slug: string; source: Source }>) => {
      const org = req.params.organizationId;
      this.writable(org);
      const source = checkSource(req.body.source);
      if (this.specs.has(this.key(org, req.body.slug))) {
        throw conflict(`An OpenAPI specification "${req.body.slug}" already exists in organization ${org}: publish a new version with PUT.`);
      }
      const spec = this.add(org, req.body.slug);
      this.startJob(spec, source);
      return created(jsonBody(this.specObject(spec, req.api)), locationOf('openapi.get', { organizationId: org, specSlug: spec.slug }, req.api));
    },
    'openapi.publish': (req: Req<unknown, { source: Source }>) => {
      const org = req.params.organizationId;
      this.writable(org);
      checkParams(OPERATIONS['openapi.publish'], req.params);
      const source = checkSource(req.body.source);
      const existing = this.specs.get(this.key(org, req.params.specSlug));
      const spec = existing ?? this.add(org, req.params.specSlug);
      if (existing) this.state(existing);
      this.startJob(spec, source);
      const body = jsonBody(this.specObject(spec, req.api));
      return existing ? ok(body) : created(body, locationOf('openapi.get', { organizationId: org, specSlug: spec.slug }, req.api));
    },
    'openapi.delete': (req: Req) => {
      const org = req.params.organizationId;
      this.writable(org);
      const key = this.key(org, req.params.specSlug);
      const spec = this.specs.get(key);
      if (!spec && this.removed.has(key)) return deleted('nothing');
      if (!spec) throw notFound(`No OpenAPI specification "${req.params.specSlug}" in organization ${org}.`);
      this.specs.delete(key);
      this.removed.add(key);
      for (const v of spec.versions) this.versionsById.delete(v.id);
      return deleted('deleted');
    },
    'openapi.versions': (req: Req<PageQuery>) => {
      const spec = this.spec(req.params.organizationId, req.params.specSlug);
      this.state(spec);
      return list(req.query, [...spec.versions].reverse(), byId, (v) => jsonBody(this.versionObject(spec, v, req.api)));
    },
    'openapi.latestVersion': (req: Req) => {
      const spec = this.spec(req.params.organizationId, req.params.specSlug);
      return ok(this.versionObject(spec, this.version(spec, 'latest'), req.api));
    },
    'openapi.version': (req: Req) => {
      const spec = this.spec(req.params.organizationId, req.params.specSlug);
      return ok(this.versionObject(spec, this.version(spec, req.params.versionId), req.api));
    },
    'openapi.latestContent': (req: Req) => {
      const spec = this.spec(req.params.organizationId, req.params.specSlug);
      return ok(this.contentObject(this.version(spec, 'latest'), req.api));
    },
    'openapi.content': (req: Req) => {
      const spec = this.spec(req.params.organizationId, req.params.specSlug);
      return ok(this.contentObject(this.version(spec, req.params.versionId), req.api));
    },
  } satisfies Handlers;

  /** A text version's document, as a storage host serves it (no token). */
  file(path: string): Reply | undefined {
    const found = this.versionsById.get(path);
    if (!found || found.version.text === undefined) return errorReply(404, `No OpenAPI document at /_files/openapi/${path}.`);
    const yaml = !found.version.text.trimStart().startsWith('{');
    return { status: 200, body: Buffer.from(found.version.text), headers: { 'content-type': yaml ? 'application/yaml; charset=utf-8' : 'application/json; charset=utf-8' } };
  }

  private add(org: string, slug: string, at = this.world.clock.nowIso()): SpecRec {
    const spec: SpecRec = { id: this.world.nextId(), org, slug, createdAt: at, updatedAt: at, versions: [] };
    this.specs.set(this.key(org, slug), spec);
    this.removed.delete(this.key(org, slug));
    return spec;
  }

  // ---- persistence -----------------------------------------------------------------------

  toJSON(): { specs: SpecRec[]; removed: string[] } {
    return { specs: [...this.specs.values()], removed: [...this.removed] };
  }

  load(json: unknown): void {
    for (const s of records<SpecRec>(familyObject(json), 'specs', ['org', 'slug', 'createdAt', 'updatedAt'])) {
      if (!Array.isArray(s.versions)) throw new Error(`specification ${s.id} must have a list of versions`);
      this.specs.set(this.key(s.org, s.slug), s);
      for (const version of s.versions) this.versionsById.set(version.id, { spec: s, version });
    }
    const removed = familyObject(json).removed ?? [];
    if (!Array.isArray(removed)) throw new Error('"removed" must be a list of org/slug keys');
    for (const key of removed) this.removed.add(String(key));
  }

  // ---- seeds -------------------------------------------------------------------------------

  /** Demo: Acme Docs has "petstore" (two versions) and "billing-api" (from a URL); Globex has "globex-public". */
  seed(seed: SeedName): void {
    if (seed !== 'demo') return;
    const draws = new Draws(20240113);
    const org = (title: string) => this.orgs.byTitle(title)?.id;
    const make = (orgId: string | undefined, slug: string, sources: Source[]) => {
      if (!orgId) return;
      let at = draws.time(30);
      const spec = this.add(orgId, slug, iso(at));
      for (const source of sources) {
        at = draws.time(20, at);
        const version: VersionRec = { id: this.world.nextId(), createdAt: iso(at), ...source };
        spec.versions.push(version);
        this.versionsById.set(version.id, { spec, version });
        if (source.url) spec.sourceURL = source.url;
      }
      spec.updatedAt = spec.lastProcessedAt = iso(at);
    };
    make(org('Acme Docs'), 'petstore', [{ text: demoDocument('Petstore', '1.0.0') }, { text: demoDocument('Petstore', '1.1.0') }]);
    make(org('Acme Docs'), 'billing-api', [{ url: 'https://specs.acme.example/billing/openapi.yaml' }]);
    make(org('Globex'), 'globex-public', [{ text: demoDocument('Globex Public API', '2.3.0') }]);
  }
}

export const openapiFamily = (world: World): OpenApiSpecs => new OpenApiSpecs(world);

/** A job's key: the spec and when the job started (a new publish is a new job). */
function jobKey(spec: SpecRec, job = spec.job!): string {
  return `${spec.id}@${job.startedAt}`;
}

/** Exactly one of url and text. */
function checkSource(source: Source): Source {
  const given = ['url', 'text'].filter((k) => source[k as keyof Source] !== undefined);
  if (given.length !== 1) throw badRequest('The field "source" must have exactly one of "url" and "text".');
  if (source.text !== undefined && source.text.length === 0) throw badRequest('The field "source.text" must not be empty.');
  return source;
}

function demoDocument(title: string, version: string): string {
  return `openapi: 3.1.0
info:
  title: ${title}
  version: ${version}
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: A list of pets
`;
}
