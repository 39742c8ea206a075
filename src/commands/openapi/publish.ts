// openapi create/publish: the source (--url, or --file checked as the platform
// checks it before anything is sent, see validate.ts), the request, and --wait, which
// polls the spec with backoff until the platform has processed it and fails
// when processing failed. Also the download of `openapi content --dest`.
import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { OperationId } from '../../api/operations/index.js';
import { sleep } from '../../client/http.js';
import type { Context } from '../../context.js';
import { ApiError, DocplatError, EXIT, Interrupted, UsageError } from '../../errors.js';
import { TargetExists, writeSafely } from '../../files/write.js';
import { SPEC_DETAIL, SPEC_FIELDS } from '../../resources/openapi.js';
import { progressLine } from '../../output/progress.js';
import { checkDocument } from './validate.js';

export interface SourceOpts {
  url?: string;
  file?: string;
  wait?: boolean;
  waitTimeout?: string;
  /** false with --no-validate: the file is sent as it is. */
  validate?: boolean;
  dryRun?: boolean;
}

interface Spec {
  slug: string;
  processingState: 'pending' | 'progress' | 'complete';
  lastProcessErrorCode?: string;
  lastProcessedErrors?: { code?: string; message: string }[];
  lastProcessedErrorCount?: number;
}

/** --wait-timeout's default: 5 minutes. */
const WAIT_TIMEOUT_MS = 300_000;
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5_000;

/** `openapi create` (POST, the slug in the body) and `openapi publish` (PUT: create or update). */
export async function publishSpec(ctx: Context, opId: Extract<OperationId, 'openapi.create' | 'openapi.publish'>, slug: string, opts: SourceOpts): Promise<void> {
  if (opts.url !== undefined && opts.file !== undefined) throw new UsageError('--url and --file cannot be used together');
  if (opts.url === undefined && opts.file === undefined) throw new UsageError('give the document with --url <url> or --file <path> (- reads stdin)');
  if (opts.validate === false && opts.file === undefined) throw new UsageError('--no-validate only applies with --file (the platform fetches --url itself)');
  const timeoutMs = opts.waitTimeout !== undefined ? parseDuration('--wait-timeout', opts.waitTimeout) : WAIT_TIMEOUT_MS;
  const wait = !!opts.wait || opts.waitTimeout !== undefined;
  const source = opts.url !== undefined ? { url: opts.url } : { text: await readDocument(ctx, opts.file!, opts.validate !== false) };
  const organizationId = await ctx.org();
  const names = { 'param:specSlug': 'slug', 'body:slug': 'slug', 'body:source.url': '--url', 'body:source.text': '--file', 'body:source': opts.url !== undefined ? '--url' : '--file' };
  const request =
    opId === 'openapi.create'
      ? ctx.api.request(opId, { params: { organizationId }, body: { slug, source } }, names)
      : ctx.api.request(opId, { params: { organizationId, specSlug: slug }, body: { source } }, names);
  if (opts.dryRun) return ctx.api.dryRun([request]);

  const res = await ctx.api.send(request).catch((err: unknown) => {
    // The platform says "publish a new version with PUT": in docplat words, that is `openapi publish`.
    if (err instanceof ApiError && err.status === 409 && opId === 'openapi.create') {
      throw new DocplatError(`OpenAPI specification "${slug}" already exists (409 Conflict): \`docplat openapi publish ${slug}\` adds a version to it`, EXIT.failure, { kind: 'api', status: 409 });
    }
    throw err;
  });
  ctx.output.note(`${res.status === 201 ? 'created' : 'updated'} OpenAPI specification "${slug}" (${res.status})${wait ? '; waiting for the platform to process it' : ''}`);
  let spec = res.data as Spec;
  if (wait) spec = await waitForProcessing(ctx, organizationId, slug, spec, timeoutMs);
  await ctx.output.item(spec, SPEC_DETAIL, { fields: SPEC_FIELDS });
  if (wait && spec.lastProcessErrorCode) {
    const errors = (spec.lastProcessedErrors ?? []).slice(0, 5).map((e) => e.message);
    const more = (spec.lastProcessedErrorCount ?? errors.length) - errors.length;
    throw new DocplatError(
      `the platform could not process "${slug}": ${spec.lastProcessErrorCode}${errors.length ? `: ${errors.join('; ')}` : ''}${more > 0 ? ` (and ${more} more)` : ''}`,
      EXIT.failure,
      { kind: 'processing', code: spec.lastProcessErrorCode, errors: spec.lastProcessedErrors ?? [] },
    );
  }
}

/** The document of --file (`-`: stdin), checked as the platform checks it unless --no-validate. */
async function readDocument(ctx: Context, path: string, validate: boolean): Promise<string> {
  const text = await ctx.readUserFile('--file', path, { use: 'openapi' });
  if (validate) await checkDocument(ctx, '--file ', path === '-' ? '(stdin)' : path, text, '; nothing was sent (--no-validate sends the file as it is)');
  return text;
}

/** Polls the spec, with backoff, until its processing is complete; exit 1 when --wait-timeout is reached first. */
async function waitForProcessing(ctx: Context, org: string, slug: string, first: Spec, timeoutMs: number): Promise<Spec> {
  const started = Date.now();
  const request = ctx.api.request('openapi.get', { params: { organizationId: org, specSlug: slug } });
  const progress = progressLine(ctx);
  let spec = first;
  let delay = FIRST_POLL_MS;
  try {
    while (spec.processingState !== 'complete') {
      const elapsed = Date.now() - started;
      progress.show(`processing "${slug}": ${spec.processingState} (${Math.round(elapsed / 1000)}s)`, true);
      if (elapsed >= timeoutMs) {
        throw new DocplatError(
          `gave up waiting for "${slug}" after ${formatDuration(timeoutMs)} (--wait-timeout): it is still ${spec.processingState === 'progress' ? 'in progress' : spec.processingState}; see \`docplat openapi get ${slug}\``,
          EXIT.failure,
          { kind: 'timeout', processingState: spec.processingState },
        );
      }
      await sleep(Math.min(delay, timeoutMs - elapsed), ctx.signal);
      delay = Math.min(delay * 1.6, MAX_POLL_MS);
      spec = (await ctx.api.send(request)).data as Spec;
    }
  } catch (err) {
    if (ctx.signal.aborted) throw new Interrupted(`interrupted while waiting; "${slug}" is still being processed (see \`docplat openapi get ${slug}\`)`);
    throw err;
  } finally {
    progress.clear();
  }
  return spec;
}

/** `5m`, `30s`, `1500ms`, `1h`, or a number of seconds. */
function parseDuration(flag: string, value: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(value);
  const ms = m ? Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'] : NaN;
  if (!Number.isFinite(ms) || ms <= 0 || ms > 86_400_000) {
    throw new UsageError(`${flag} must be a duration above 0 and at most 24h, such as 90s, 5m or 1h, got "${value}"`);
  }
  return ms;
}

function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

// ---- openapi content --dest ----------------------------------------------------------------

/** Refuses an existing --dest without --force before anything is sent. */
export function checkDest(dest: string, force: boolean): void {
  if (!existsSync(dirname(dest))) throw new UsageError(`--dest: the folder ${dirname(dest)} does not exist`);
  // --force replaces a file, never a folder (a rename over it fails, or would replace an empty one).
  if (existsSync(dest) && statSync(dest).isDirectory()) throw new UsageError(`--dest: ${dest} is a folder; give the path of the file to write`);
  if (existsSync(dest) && !force) throw new UsageError(`--dest: ${dest} exists; pass --force to overwrite it`);
}

/** The document at `url` (the version content's url; the token goes only to the API's own origin). */
export async function fetchDocument(ctx: Context, url: string): Promise<string> {
  return (await ctx.api.send<string>(ctx.api.raw('GET', url, { as: 'text' }))).data;
}

/**
 * Downloads the document at `url` (the token goes only to the API's own
 * origin) and writes it to `dest` through the safe writer (src/files/write.ts):
 * an exclusive temporary file beside it, then its name, replacing a file
 * only with --force and never a symbolic link.
 */
export async function download(ctx: Context, url: string, dest: string, force: boolean): Promise<number> {
  const data = await fetchDocument(ctx, url);
  try {
    return await writeSafely(dest, data, { replace: force });
  } catch (err) {
    if (err instanceof TargetExists) throw new UsageError(`--dest: ${dest} exists; pass --force to overwrite it`);
    throw err;
  }
}
