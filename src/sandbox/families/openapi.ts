// The openapi family: an organization's OpenAPI specifications, stored under
// a slug, and their versions. A publish (POST, or PUT of a slug) starts a
// processing job that moves the spec's `processingState` from `pending` to
// `progress` to `complete` over the sandbox clock (processingMs, 1.5 s by
// default). The document (a text source, or what a URL source answers) is
// checked with the validator of `openapi validate` (src/api/openapi-validate.ts):
// PARSE_ERROR with every error (line, column, JSON path) when the platform
// would refuse it. A URL source is fetched only from loopback (localhost,
// 127.x, ::1): any other host ends in FETCH_ERROR, so the sandbox never
// reaches the network. A job that ends well adds a version; one that fails
// leaves the last version as it was. A text source clears the spec's
// sourceURL: the spec no longer comes from that URL.
// A version's document is served without a token at
// /_files/openapi/<versionId> (text sources; a URL source's version points
// at the URL itself).
import type { Role } from '../../api/enums.js';
import type { SpecCheck } from '../../api/openapi-validate.js';
import { OPERATIONS } from '../../api/operations/index.js';
import { iso } from '../core/clock.js';
import { badRequest, conflict, notFound } from '../core/errors.js';
import { Draws, type SeedName } from '../core/ids.js';
import { checkParams } from '../core/input.js';
import type { PageQuery } from '../core/paging.js';
import { familyObject, records } from '../core/persist.js';
import { APP_URL, byId, created, deleted, errorReply, jsonBody, list, ok, type Reply } from '../core/reply.js';
import { atLeast } from '../core/roles.js';
import type { Req } from '../core/router.js';
import type { Family, Handlers, World } from '../core/world.js';

declare module '../core/world.js' {
  interface Families {
    openapi: OpenApiSpecs;
  }
}

export type ProcessErrorCode = 'FETCH_ERROR' | 'FETCH_TIMEOUT' | 'PARSE_ERROR';

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
  job?: { startedAt: number; text?: string; url?: string };
  /** Oldest first. */
  versions: VersionRec[];
}

/** The work of a job: the loopback fetch of a URL source, then the check of the document. */
interface Work {
  done: boolean;
  /** The document fetched or given. */
  text?: string;
  check?: SpecCheck;
  error?: string;
  timedOut?: boolean;
}

/** A job that failed: its code and every error message. */
interface Failure {
  code: ProcessErrorCode;
  messages: string[];
}

function failure(code: ProcessErrorCode, message: string): Failure {
  return { code, messages: [message] };
}

interface Source {
  url?: string;
  text?: string;
}

/** Default processing time, in sandbox-clock ms: long enough that `--wait` really waits. */
export const PROCESSING_MS = 1500;
/** A loopback fetch that has not answered in this much wall time is a FETCH_TIMEOUT. */
const FETCH_TIMEOUT_MS = 10_000;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/** lastProcessedErrors keeps this many; lastProcessedErrorCount says how many there were. */
const ERRORS_KEPT = 20;

export class OpenApiSpecs implements Family {
  readonly name = 'openapi';
  /** How long a job takes on the sandbox clock (SandboxOptions.processingMs). */
  processingMs = PROCESSING_MS;
  private readonly specs = new Map<string, SpecRec>();
  /** Keys (org/slug) of deleted specs: a second DELETE answers 204; a slug never published is 404. */
  private readonly removed = new Set<string>();
  private readonly versionsById = new Map<string, { spec: SpecRec; version: VersionRec }>();
  /** The work of jobs under way or done, by spec id and job start; not persisted (a reload does it again). */
  private readonly work = new Map<string, Work>();

  constructor(private readonly world: World) {}

  private get orgs() {
    return this.world.family('orgs');
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
    if (job.text !== undefined) this.startWork(spec);
    if (elapsed < this.processingMs / 3) return 'pending';
    if (job.url !== undefined) this.startWork(spec);
    if (elapsed < this.processingMs) return 'progress';
    const outcome = this.outcome(spec);
    if (!outcome) return 'progress';
    this.finish(spec, outcome);
    return 'complete';
  }

  /** What the job ended with, or undefined while its fetch or check is still under way. */
  private outcome(spec: SpecRec): { text: string } | Failure | undefined {
    const job = spec.job!;
    if (job.url !== undefined && !LOOPBACK.test(new URL(job.url).hostname)) {
      return failure('FETCH_ERROR', `The sandbox fetches nothing outside loopback: ${new URL(job.url).host} was not fetched (serve the document on 127.0.0.1, or publish it with --file).`);
    }
    const work = this.work.get(`${spec.id}@${job.startedAt}`);
    if (!work?.done) return undefined;
    if (work.timedOut) return failure('FETCH_TIMEOUT', `${job.url} did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds.`);
    if (work.error !== undefined) return job.url !== undefined ? failure('FETCH_ERROR', `Cannot fetch ${job.url}: ${work.error}.`) : failure('PARSE_ERROR', work.error);
    const check = work.check!;
    if (!check.ok) {
      const messages = check.errors.map((e) => `${e.line !== undefined ? `line ${e.line}, column ${e.column ?? 1}: ` : ''}${e.path === '$' ? '' : `${e.path}: `}${e.message}`);
      return { code: 'PARSE_ERROR', messages };
    }
    return { text: work.text! };
  }

  /**
   * Fetches the document of a URL job (loopback only), then checks it; a
   * text job's document is checked at once. The check runs in the background
   * (the validator loads on first use); requests wait for it.
   */
  private startWork(spec: SpecRec): void {
    const job = spec.job!;
    const key = `${spec.id}@${job.startedAt}`;
    if (this.work.has(key) || (job.url !== undefined && !LOOPBACK.test(new URL(job.url).hostname))) return;
    const work: Work = { done: false };
    this.work.set(key, work);
    const text =
      job.text !== undefined
        ? Promise.resolve(job.text)
        : fetch(job.url!, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' }).then(async (res) => {
            if (!res.ok) throw new Error(`it answered ${res.status}`);
            return res.text();
          });
    const checked = text.then(
      async (document) => {
        work.text = document;
        const { validateOpenApi } = await import('../../api/openapi-validate.js');
        // Only the check keeps requests waiting: a slow loopback server does not.
        work.check = await this.world.background(validateOpenApi(document));
      },
      (err: Error) => {
        work.timedOut = err.name === 'TimeoutError';
        work.error = (err.cause as Error | undefined)?.message ?? err.message;
      },
    );
    const settled = checked.catch((err: Error) => (work.error = `The document could not be checked: ${err.message}`)).finally(() => (work.done = true));
    if (job.text !== undefined) void this.world.background(settled);
  }

  private finish(spec: SpecRec, outcome: { text: string } | Failure): void {
    const job = spec.job!;
    const at = iso(job.startedAt + this.processingMs);
    spec.job = undefined;
    this.work.delete(`${spec.id}@${job.startedAt}`);
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
    if (spec.job) this.work.delete(`${spec.id}@${spec.job.startedAt}`);
    spec.job = { startedAt: now, ...(source.url !== undefined ? { url: source.url } : { text: source.text }) };
    // A text source replaces the URL the spec came from: it no longer comes from there.
    spec.sourceURL = source.url;
    spec.updatedAt = iso(now);
    spec.lastProcessErrorCode = undefined;
    spec.lastProcessedErrors = undefined;
    spec.lastProcessedErrorCount = undefined;
    if (source.text !== undefined) this.startWork(spec);
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
      urls: { location: `${api}/orgs/${spec.org}/openapi/${spec.slug}`, app: `${APP_URL}/o/${spec.org}/openapi/${spec.slug}` },
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
      urls: { location: `${api}/orgs/${spec.org}/openapi/${spec.slug}/versions/${version.id}` },
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
      return created(jsonBody(this.specObject(spec, req.api)), `${req.api}/orgs/${org}/openapi/${spec.slug}`);
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
      return existing ? ok(body) : created(body, `${req.api}/orgs/${org}/openapi/${spec.slug}`);
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
