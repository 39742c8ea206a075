// The sandbox's answer to one request, whatever carried it: the bearer token,
// the fault injector, the /v1 routes by the operation table, the admin
// endpoints (/_sandbox/...) and the files of /_files/. It takes a request
// (method, path and query, the Authorization header, a body read on demand)
// and returns what to answer, or which fault to play; the HTTP server
// (server.ts) and the in-memory dispatcher (memory.ts) only carry it.
import { timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { OPERATIONS } from '../api/operations/index.js';
import { DAY } from './core/clock.js';
import { SandboxError, badRequest } from './core/errors.js';
import { FaultInjector, parseFaults } from './core/faults.js';
import { parseInputs } from './core/input.js';
import { errorReply, ok, type Reply } from './core/reply.js';
import { Router } from './core/router.js';
import type { Caller, World } from './core/world.js';

/** A request as the handler needs it. */
export interface SandboxRequest {
  method: string;
  /** The path and query, as on the request line. */
  url: string;
  /** The Authorization header, if any. */
  authorization?: string;
  /** The body, read when the route needs it (bounded by MAX_BODY_BYTES; undefined when empty). */
  body(): Promise<Buffer | undefined>;
}

/**
 * What to do with a request: answer a reply, or play a fault: `reset` the
 * connection, `hang` (never answer), or `cut` the reply (status, headers and
 * half the body, then the connection dropped).
 */
export type Outcome = { reply: Reply } | { fault: 'reset' | 'hang' } | { fault: 'cut'; reply: Reply };

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers a reply is sent with: its own, with the content type and length of its body. */
export function replyHeaders(reply: Reply): Record<string, string | number> {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body !== undefined) {
    headers['content-type'] ??= JSON_TYPE;
    headers['content-length'] = reply.body.length;
  } else if (reply.status !== 204) {
    // 205 must have an empty body; say so, or Node would send it chunked.
    headers['content-length'] = 0;
  }
  return headers;
}

/** A batch of content changes may carry 50 × 20 files of 1 MB inline (as base64): room for a large batch, still bounded. */
export const MAX_BODY_BYTES = 64 << 20;
/** The refusal of a body over MAX_BODY_BYTES. */
export const bodyTooLarge = (): SandboxError => new SandboxError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
const ROUTER = new Router(Object.values(OPERATIONS));

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
function bearerToken(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A body as JSON (undefined when blank); a 400 when it is not JSON. */
async function jsonOf(req: SandboxRequest): Promise<unknown> {
  const text = (await req.body())?.toString('utf8') ?? '';
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw badRequest(`The request body is not valid JSON: ${(err as Error).message}.`);
  }
}

// Unref'd: an injected latency never keeps an embedded sandbox (--sandbox) alive after its command ended (Ctrl-C).
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

const FAULT_TEXT: Record<number, string> = { 500: 'Internal server error', 502: 'Bad gateway', 503: 'Service unavailable', 504: 'Gateway timeout' };

export interface HandlerOptions {
  faults?: FaultInjector;
  log?: (line: string) => void;
  /** Called after each request or admin action that changed something (autosave). */
  changed?: () => void;
}

export class SandboxHandler {
  /** /v1 requests received so far. */
  requestCount = 0;
  /** The base API URL (with /v1) that answers name; set once the sandbox knows its address. */
  api = '';
  faults?: FaultInjector;
  /** Set when the sandbox has closed: nothing answers any more. */
  closed = false;

  constructor(
    private readonly world: World,
    private readonly opts: HandlerOptions = {},
  ) {
    this.faults = opts.faults;
  }

  /** The outcome of a request, logged ("METHOD path status ms", never the token nor the query); never throws (a bug of the sandbox is logged and answered 500). */
  async handle(req: SandboxRequest): Promise<Outcome> {
    const started = performance.now();
    const path = req.url.split('?', 1)[0];
    const outcome = await this.route(req, path);
    this.opts.log?.(`${req.method} ${path} ${'fault' in outcome ? outcome.fault : outcome.reply.status} ${Math.round(performance.now() - started)}ms`);
    return outcome;
  }

  private async route(req: SandboxRequest, path: string): Promise<Outcome> {
    const q = req.url.indexOf('?');
    const search = q < 0 ? '' : req.url.slice(q + 1);
    try {
      if (path === '/v1' || path.startsWith('/v1/')) return await this.apiRequest(req, path, search);
      if (path.startsWith('/_sandbox/')) return { reply: await this.admin(req, path) };
      if (path.startsWith('/_files/') && req.method === 'GET') return { reply: this.world.file(path.slice('/_files/'.length)) ?? errorReply(404, `No file at ${path}.`) };
      return { reply: errorReply(404, `No operation at ${path}: the API is under /v1.`) };
    } catch (err) {
      return { reply: this.errorFrom(err) };
    }
  }

  /** A refused request's error reply; anything else is a bug of the sandbox: logged, and a 500. */
  private errorFrom(err: unknown): Reply {
    if (err instanceof SandboxError) return errorReply(err.status, err.message, err.headers);
    this.opts.log?.(`error: ${(err as Error)?.stack ?? String(err)}`);
    return errorReply(500, `The sandbox failed: ${(err as Error)?.message ?? String(err)}.`);
  }

  /** The refusal of a request's token, or who it is: undefined for the state's user, a Caller for another user's or an integration's token. */
  private authenticate(req: SandboxRequest): { denied: Reply } | { caller?: Caller } {
    const given = bearerToken(req.authorization);
    if (given === undefined) return { denied: errorReply(401, 'Authentication required: send the header "Authorization: Bearer <token>".') };
    if (sameToken(given, this.world.token)) return {};
    const caller = this.world.authenticate(given);
    return caller ? { caller } : { denied: errorReply(401, 'The bearer token is not valid for this API.') };
  }

  /** A /v1 request through the fault injector. */
  private async apiRequest(req: SandboxRequest, path: string, search: string): Promise<Outcome> {
    this.requestCount++;
    const faults = this.faults;
    const decision = faults?.decide();
    if (decision?.latencyMs) await sleep(decision.latencyMs);
    switch (decision?.kind) {
      case undefined:
      case 'cut':
        break;
      case 'reset':
      case 'hang':
        return { fault: decision.kind };
      case '429': {
        const retryAfter = faults!.spec.retryAfter;
        return {
          reply: errorReply(429, 'Too many requests: slow down and retry after the time in Retry-After.', {
            'retry-after': String(retryAfter),
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            // Wall-clock time, not the sandbox clock: a client waits in real time.
            'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + retryAfter),
          }),
        };
      }
      default: {
        const status = Number(decision!.kind);
        return { reply: errorReply(status, `${FAULT_TEXT[status]} (a fault injected by the sandbox); try again.`) };
      }
    }
    const reply = await this.answer(req, path, search).catch((err: unknown) => this.errorFrom(err));
    return decision?.kind === 'cut' ? { fault: 'cut', reply } : { reply };
  }

  /** The answer to a /v1 request, faults aside. */
  private async answer(req: SandboxRequest, path: string, search: string): Promise<Reply> {
    const auth = this.authenticate(req);
    if ('denied' in auth) return auth.denied;
    // HEAD is a GET whose body is left out.
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const match = ROUTER.match(method, path.slice(3) || '/');
    if (!match) return errorReply(404, `No operation at ${method} ${path}.`);
    if ('allow' in match) return errorReply(405, `${method} is not allowed on ${path}; use ${match.allow.join(' or ')}.`, { allow: match.allow.join(', ') });
    const { operation, params } = match;
    const integration = auth.caller?.integration;
    if (integration !== undefined && !auth.caller!.operations!.includes(operation.id)) {
      return errorReply(403, `This is the token of integration "${integration}": it cannot call ${method} ${path}; use a user token.`);
    }
    const handle = this.world.handlers.get(operation.id);
    if (!handle) return errorReply(501, `${method} ${path} is not emulated by the sandbox yet`);
    const json = method === 'GET' || method === 'DELETE' ? undefined : await jsonOf(req);
    const { query, body } = parseInputs(operation, new URLSearchParams(search), json);
    const prepared = await this.world.prepare(operation.id, { params, body });
    await this.world.settled();
    const api = this.api;
    const reply = this.world.as(auth.caller?.user, () => handle({ params, query, body, api, integration, prepared }));
    if (method !== 'GET') this.wrote();
    return reply;
  }

  private wrote(): void {
    this.world.wrote();
    this.opts.changed?.();
  }

  /** The admin endpoints: a user's token only (their actions run as that user). */
  private async admin(req: SandboxRequest, path: string): Promise<Reply> {
    const auth = this.authenticate(req);
    if ('denied' in auth) return auth.denied;
    if (auth.caller?.integration !== undefined) return errorReply(403, 'An integration token cannot call the sandbox admin endpoints.');
    const route = `${req.method} ${path}`;
    if (route === 'GET /_sandbox/stats') return ok({ requests: this.requestCount });
    if (route === 'POST /_sandbox/clock') return this.advanceClock(req);
    if (route === 'POST /_sandbox/faults') return this.setFaults(req);
    if (['/_sandbox/stats', '/_sandbox/clock', '/_sandbox/faults'].includes(path)) return errorReply(405, `${req.method} is not allowed on ${path}.`);
    const action = /^\/_sandbox\/([a-z-]+)\/([a-z-]+)$/.exec(path);
    const run = action && this.world.has(action[1]) ? this.world.all().find((f) => f.name === action[1])?.admin?.[action[2]] : undefined;
    if (!run) return errorReply(404, `No sandbox endpoint at ${path}.`);
    if (req.method !== 'POST') return errorReply(405, `${req.method} is not allowed on ${path}; use POST.`);
    const body = await jsonOf(req);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Send a JSON object.');
    const result = this.world.as(auth.caller?.user, () => run(body as Record<string, unknown>));
    this.wrote();
    return ok(result ?? {});
  }

  private async advanceClock(req: SandboxRequest): Promise<Reply> {
    const body = (await jsonOf(req)) as { advanceMs?: unknown; advanceDays?: unknown } | undefined;
    const ms = typeof body?.advanceMs === 'number' ? body.advanceMs : typeof body?.advanceDays === 'number' ? body.advanceDays * DAY : NaN;
    if (!Number.isFinite(ms)) throw badRequest('Send {"advanceMs": <number>} or {"advanceDays": <number>}.');
    this.world.clock.advance(ms);
    this.opts.changed?.();
    return ok({ now: this.world.clock.nowIso() });
  }

  private async setFaults(req: SandboxRequest): Promise<Reply> {
    const body = (await jsonOf(req)) as { spec?: unknown } | undefined;
    if (typeof body?.spec !== 'string') throw badRequest('Send {"spec": "<fault spec>"} ("" turns faults off).');
    let spec;
    try {
      spec = parseFaults(body.spec);
    } catch (err) {
      throw badRequest(`Invalid fault spec: ${(err as Error).message}.`);
    }
    this.faults = body.spec.trim() === '' ? undefined : new FaultInjector(spec);
    return ok({ faults: spec });
  }
}
