// The openapi family: an organization's OpenAPI specifications, stored under
// a slug, and their versions. A publish (POST, or PUT of a slug) starts a
// processing job that moves the spec's `processingState` from `pending` to
// `progress` to `complete` over the sandbox clock (processingMs, 1.5 s by
// default). The document (a text source, or what a URL source answers) is
// checked with the validator of `openapi validate`: PARSE_ERROR with every
// error (line, column, JSON path) when the platform would refuse it. A URL
// source is fetched only from loopback: any other host ends in FETCH_ERROR
// (the fetch and the check: processing.ts). A job that ends well adds a
// version; one that fails leaves the last version as it was. A text source clears the spec's
// sourceURL: the spec no longer comes from that URL.
// A version's document is served without a token at
// /_files/openapi/<versionId> (text sources; a URL source's version points
// at the URL itself).
//
// Beside this file: records.ts (the records and inputs), render.ts (their
// JSON), handlers.ts (the operations) and seed.ts (the demo records).
import { Processing, type Failure } from './processing.js';
import { iso } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import type { SeedName } from '../../core/ids.js';
import { familyObject, records } from '../../core/persist.js';
import { errorReply, type Reply } from '../../core/reply.js';
import type { Families, Family, World } from '../../core/world.js';
import { openapiHandlers } from './handlers.js';
import { OpenapiViews } from './render.js';
import { seedOpenapi } from './seed.js';
import { ERRORS_KEPT, PROCESSING_MS, type Source, type SpecRec, type VersionRec, jobKey } from './records.js';

declare module '../../core/world.js' {
  interface Families {
    openapi: OpenApiSpecs;
  }
}

export class OpenApiSpecs implements Family {
  readonly name = 'openapi';
  private readonly lower: Pick<Families, 'orgs'>;
  /** How long a job takes on the sandbox clock (SandboxOptions.processingMs). */
  processingMs = PROCESSING_MS;
  readonly specs = new Map<string, SpecRec>();
  /** Keys (org/slug) of deleted specs: a second DELETE says "already deleted" (a 404, as a slug never published). */
  readonly removed = new Set<string>();
  readonly versionsById = new Map<string, { spec: SpecRec; version: VersionRec }>();
  /** The fetches and checks of the jobs; not persisted (a reload does them again). */
  private readonly processing: Processing;

  readonly views: OpenapiViews;
  readonly handlers: ReturnType<typeof openapiHandlers>;

  constructor(readonly world: World) {
    this.lower = world.lower('openapi', 'orgs');
    this.processing = new Processing(world);
    this.views = new OpenapiViews(this);
    this.handlers = openapiHandlers(this, this.views);
  }

  get orgs() {
    return this.lower.orgs;
  }

  key(org: string, slug: string): string {
    return `${org}/${slug}`;
  }

  /** The organization's specs, oldest first; 404 when the caller is not a member. */
  orgSpecs(org: string): SpecRec[] {
    this.readable(org);
    return [...this.specs.values()].filter((s) => s.org === org);
  }

  private readable(org: string): void {
    this.orgs.org(org);
    this.orgs.require(org, 'read', 'read its OpenAPI specifications');
  }

  spec(org: string, slug: string): SpecRec {
    this.readable(org);
    const spec = this.specs.get(this.key(org, slug));
    if (!spec) throw notFound(`No OpenAPI specification "${slug}" in organization ${org}.`);
    return spec;
  }

  // ---- processing ----------------------------------------------------------------------

  /** The processing state now, finishing the job when its time has come. */
  state(spec: SpecRec): 'pending' | 'progress' | 'complete' {
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
  startJob(spec: SpecRec, source: Source): void {
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

  writable(org: string): void {
    this.orgs.org(org);
    this.orgs.require(org, 'create', 'publish OpenAPI specifications');
  }

  /** A text version's document, as a storage host serves it (no token). */
  file(path: string): Reply | undefined {
    const found = this.versionsById.get(path);
    if (!found || found.version.text === undefined) return errorReply(404, `No OpenAPI document at /_files/openapi/${path}.`);
    const yaml = !found.version.text.trimStart().startsWith('{');
    return { status: 200, body: Buffer.from(found.version.text), headers: { 'content-type': yaml ? 'application/yaml; charset=utf-8' : 'application/json; charset=utf-8' } };
  }

  add(org: string, slug: string, at = this.world.clock.nowIso()): SpecRec {
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
    // Processing that came due while no sandbox ran (--sandbox is one process per command, which ends
    // before a check started by a read would): its work starts now, the first request waits for it, and
    // its read finishes the job (state()), so a spec published by one command is complete in a later one.
    for (const spec of this.specs.values()) {
      if (spec.job && this.world.clock.now() - spec.job.startedAt >= this.processingMs) this.processing.start(jobKey(spec), spec.job, true);
    }
  }

  seed(seed: SeedName): void {
    seedOpenapi(this, seed);
  }
}

export const openapiFamily = (world: World): OpenApiSpecs => new OpenApiSpecs(world);
