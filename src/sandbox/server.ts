// The sandbox: a stateful, in-memory emulator of the API over node:http, for
// trying the CLI without an account, for tests over real HTTP, and for the
// benchmark. This file is the HTTP side: auth, bodies, routing by the
// operation table, faults, logging, admin endpoints, and the state file
// (locked while in use). The rules are in families/, one module per family.
// A family's admin actions answer POST /_sandbox/<family>/<action> (e.g.
// content/edit-page). Files' bytes are served by a second loopback server,
// the storage origin (storage.ts), started and closed with this one.
//
// Admin endpoints (outside /v1, same bearer token, not counted as requests):
//   POST /_sandbox/clock   {"advanceMs": n} or {"advanceDays": n} → {"now": iso}
//   GET  /_sandbox/stats   → {"requests": n}
//   POST /_sandbox/faults  {"spec": "503=0.1,seed=1"} ("" turns faults off) → {"faults": spec}
// Files (no token, as a storage host): GET /_files/<family>/<path> (an OpenAPI version's document).
// Besides its own token, the sandbox accepts the token of each published
// integration (Sandbox.integrationToken(), printed by `sandbox serve`), for
// the operations that integration tokens may call.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { performance } from 'node:perf_hooks';
import { OPERATIONS } from '../api/operations/index.js';
import { DAY } from './core/clock.js';
import { SandboxError, badRequest } from './core/errors.js';
import { FaultInjector, parseFaults, type FaultKind } from './core/faults.js';
import type { SeedName } from './core/ids.js';
import { parseInputs } from './core/input.js';
import { FileLock } from './core/lock.js';
import { Saver, readWorld, seedWorld, stateOf, type StateFile } from './core/persist.js';
import { errorReply, ok, type Reply } from './core/reply.js';
import { Router } from './core/router.js';
import type { Caller } from './core/world.js';
import { FAMILIES } from './families/index.js';
import { startStorage } from './storage.js';

export { parseFaults, FaultInjector, type FaultSpec } from './core/faults.js';
export { seedToken, makeId, type SeedName } from './core/ids.js';
export { DEFAULT_PAGE_SIZE } from './core/paging.js';
export { STATE_FORMAT, type StateFile } from './core/persist.js';

export interface SandboxOptions {
  /** Address to bind; default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Initial state when there is no data file (or it does not exist); default demo. */
  seed?: SeedName;
  /** Extra spaces at the top level of the seed's first organization (only when seeding). */
  spaces?: number;
  /** Pages of the first space of the first organization, replacing its content (only when seeding; benchmarks). */
  pages?: number;
  /** A file large.bin of this many MB in that space, generated as it streams (only when seeding; benchmarks). */
  largeFileMB?: number;
  /**
   * Load the state from this JSON file if it exists; save() writes it. The
   * file is locked (`<file>.lock`) from start to close(): a second sandbox on
   * the same file waits for the first to close.
   */
  dataFile?: string;
  /** With dataFile: how long to wait for another process's lock before failing; default 30 s. */
  lockWaitMs?: number;
  /**
   * With dataFile: start from the seed whatever the file holds (the next save
   * overwrites it). Unlike removing the file first, this happens under the
   * lock, so a process still using the old state cannot write it back.
   */
  fresh?: boolean;
  /** With dataFile: save after every request that changed something (saves are serialized and coalesced). */
  autosave?: boolean;
  /** Fault spec, see core/faults.ts. */
  faults?: string;
  /** Request log: "METHOD /path status ms". Never holds the token or the query. */
  log?: (line: string) => void;
  /** How long processing an OpenAPI document takes, in sandbox-clock ms (default 1500). */
  processingMs?: number;
  /** insert_files may fetch a `url` that resolves to a private or reserved address (loopback: a backup served on this machine). */
  allowPrivateFileUrls?: boolean;
}

export interface Sandbox {
  /** Base API URL including /v1. */
  url: string;
  token: string;
  defaultOrg?: string;
  /** /v1 requests received so far. */
  readonly requestCount: number;
  /** Base URL of the file storage origin (another port), where files' downloadURL point. */
  storageUrl: string;
  /** Requests to the storage origin that carried an Authorization header (a token leak). */
  readonly storageLeaks: number;
  /** Requests received by the storage origin. */
  readonly storageRequests: number;
  clock: { now(): number; advance(ms: number): void };
  /** The token of a published integration (for its installations), or undefined. */
  integrationToken(name: string): string | undefined;
  /** The tokens of the integrations published by the caller's organizations, by name. */
  integrationTokens(): Record<string, string>;
  /** The other members of the first organization, each with the token that acts as them (a profile per user). */
  userTokens(): { id: string; displayName: string; email: string; role: string | null; disabled: boolean; token: string }[];
  save(): Promise<void>;
  /** Stops the server, waits for a pending autosave, and releases the data file's lock. */
  close(): Promise<void>;
}

/** A fresh state from a seed, as the state file holds it; `now` is the sandbox clock during seeding. */
export function seedState(seed: SeedName = 'demo', now = Date.now(), extraSpaces = 0, extra: Record<string, number> = {}): StateFile {
  const world = seedWorld(FAMILIES, { seed, extra: { ...extra, spaces: extraSpaces }, clockMs: now });
  return stateOf(world);
}

/** A batch of content changes may carry 50 × 20 files of 1 MB inline (as base64): room for a large batch, still bounded. */
const MAX_BODY_BYTES = 64 << 20;
const JSON_TYPE = 'application/json; charset=utf-8';
const ROUTER = new Router(Object.values(OPERATIONS));

// ---- HTTP helpers ---------------------------------------------------------------------

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body !== undefined) {
    headers['content-type'] ??= JSON_TYPE;
    headers['content-length'] = reply.body.length;
    res.writeHead(reply.status, headers);
    res.end(reply.body);
  } else {
    // 205 must have an empty body; say so, or Node would send it chunked.
    if (reply.status !== 204) headers['content-length'] = 0;
    res.writeHead(reply.status, headers);
    res.end();
  }
}

/** Sends the status and headers and half of the body, then drops the connection. */
function sendCut(res: ServerResponse, reply: Reply): void {
  const body = reply.body;
  if (body === undefined) {
    res.socket?.destroy();
    return;
  }
  res.writeHead(reply.status, { ...reply.headers, 'content-type': JSON_TYPE, 'content-length': body.length });
  res.write(body.subarray(0, Math.max(1, body.length >> 1)), () => res.socket?.destroy());
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new SandboxError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch (err) {
        reject(badRequest(`The request body is not valid JSON: ${(err as Error).message}.`));
      }
    });
  });
}

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
function bearerToken(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether an address to bind is this machine only. */
export function isLoopback(host: string): boolean {
  return /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
}

/**
 * The host of the URL others use: an address bound as such, or for every
 * interface (0.0.0.0, ::) this machine's first external address of that
 * family (the loopback one when it has none).
 */
function urlHost(host: string): string {
  const bracket = (h: string) => (h.includes(':') ? `[${h}]` : h);
  if (host !== '0.0.0.0' && host !== '::') return bracket(host);
  const family = host === '::' ? 'IPv6' : 'IPv4';
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === family && !i.address.startsWith('fe80:'));
  return bracket(external?.address ?? (family === 'IPv6' ? '::1' : '127.0.0.1'));
}

// Unref'd: an injected latency never keeps an embedded sandbox (--sandbox) alive after its command ended (Ctrl-C).
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

// ---- the sandbox --------------------------------------------------------------------------

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const faults = opts.faults ? new FaultInjector(parseFaults(opts.faults)) : undefined;
  const lock = opts.dataFile ? await FileLock.acquire(opts.dataFile, opts.lockWaitMs) : undefined;
  try {
    return await open(opts, faults, lock);
  } catch (err) {
    await lock?.release();
    throw err;
  }
}

async function open(opts: SandboxOptions, initialFaults: FaultInjector | undefined, lock: FileLock | undefined): Promise<Sandbox> {
  let faults = initialFaults;
  const world = await readWorld(FAMILIES, opts.fresh ? undefined : opts.dataFile, {
    seed: opts.seed ?? 'demo',
    extra: { spaces: opts.spaces ?? 0, content: opts.pages ?? 0, contentLargeFileMB: opts.largeFileMB ?? 0 },
  });
  if (opts.processingMs !== undefined) world.family('openapi').processingMs = opts.processingMs;
  world.family('changeRequests').allowPrivateFileUrls = !!opts.allowPrivateFileUrls;
  const log = opts.log;
  const saver = opts.dataFile ? new Saver(opts.dataFile, world, (err) => log?.(`autosave failed: ${err.message}`)) : undefined;
  const autosave = () => {
    if (opts.autosave) saver?.schedule();
  };
  let requestCount = 0;
  let api = '';

  /** A refused request's error reply; anything else is a bug of the sandbox: logged, and a 500. */
  const errorFrom = (err: unknown): Reply => {
    if (err instanceof SandboxError) return errorReply(err.status, err.message, err.headers);
    log?.(`error: ${(err as Error)?.stack ?? String(err)}`);
    return errorReply(500, `The sandbox failed: ${(err as Error)?.message ?? String(err)}.`);
  };

  /** The refusal of a request's token, or who it is: undefined for the state's user, a Caller for another user's or an integration's token. */
  const authenticate = (req: IncomingMessage): { denied: Reply } | { caller?: Caller } => {
    const given = bearerToken(req.headers.authorization);
    if (given === undefined) return { denied: errorReply(401, 'Authentication required: send the header "Authorization: Bearer <token>".') };
    if (sameToken(given, world.token)) return {};
    const caller = world.authenticate(given);
    return caller ? { caller } : { denied: errorReply(401, 'The bearer token is not valid for this API.') };
  };
  /** A user's token only (the admin endpoints, whose actions run as that user): the refusal, or the user (undefined: the state's). */
  const authorize = (req: IncomingMessage): { denied: Reply } | { user?: string } => {
    const auth = authenticate(req);
    if ('denied' in auth) return auth;
    return auth.caller?.integration !== undefined ? { denied: errorReply(403, 'An integration token cannot call the sandbox admin endpoints.') } : { user: auth.caller?.user };
  };

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, search: string): Promise<Reply | FaultKind> {
    requestCount++;
    const decision = faults?.decide();
    if (decision?.latencyMs) await sleep(decision.latencyMs);
    switch (decision?.kind) {
      case undefined:
      case 'cut':
        break;
      case 'reset':
        req.socket.resetAndDestroy();
        return 'reset';
      case 'hang':
        return 'hang';
      case '429': {
        const retryAfter = faults!.spec.retryAfter;
        return errorReply(429, 'Too many requests: slow down and retry after the time in Retry-After.', {
          'retry-after': String(retryAfter),
          'x-ratelimit-limit': '100',
          'x-ratelimit-remaining': '0',
          // Wall-clock time, not the sandbox clock: a client waits in real time.
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + retryAfter),
        });
      }
      default: {
        const status = Number(decision!.kind);
        const text: Record<number, string> = { 500: 'Internal server error', 502: 'Bad gateway', 503: 'Service unavailable', 504: 'Gateway timeout' };
        return errorReply(status, `${text[status]} (a fault injected by the sandbox); try again.`);
      }
    }
    const reply = await answer(req, path, search).catch(errorFrom);
    if (decision?.kind === 'cut') {
      sendCut(res, reply);
      return 'cut';
    }
    return reply;
  }

  /** The answer to a /v1 request, faults aside. */
  async function answer(req: IncomingMessage, path: string, search: string): Promise<Reply> {
    const auth = authenticate(req);
    if ('denied' in auth) return auth.denied;
    // HEAD is a GET whose body Node leaves out.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const match = ROUTER.match(method, path.slice(3) || '/');
    if (!match) return errorReply(404, `No operation at ${method} ${path}.`);
    if ('allow' in match) return errorReply(405, `${method} is not allowed on ${path}; use ${match.allow.join(' or ')}.`, { allow: match.allow.join(', ') });
    const { operation, params } = match;
    const integration = auth.caller?.integration;
    if (integration !== undefined && !auth.caller!.operations!.includes(operation.id)) {
      return errorReply(403, `This is the token of integration "${integration}": it cannot call ${method} ${path}; use a user token.`);
    }
    const handle = world.handlers.get(operation.id);
    if (!handle) return errorReply(501, `${method} ${path} is not emulated by the sandbox yet`);
    const json = method === 'GET' || method === 'DELETE' ? undefined : await readBody(req);
    const { query, body } = parseInputs(operation, new URLSearchParams(search), json);
    const prepared = await world.prepare(operation.id, { params, body });
    await world.settled();
    const reply = world.as(auth.caller?.user, () => handle({ params, query, body, api, integration, prepared }));
    if (method !== 'GET') {
      world.wrote();
      autosave();
    }
    return reply;
  }

  async function handleAdmin(req: IncomingMessage, path: string): Promise<Reply> {
    const auth = authorize(req);
    if ('denied' in auth) return auth.denied;
    const route = `${req.method} ${path}`;
    if (route === 'GET /_sandbox/stats') return ok({ requests: requestCount });
    if (route === 'POST /_sandbox/clock') {
      const body = (await readBody(req)) as { advanceMs?: unknown; advanceDays?: unknown } | undefined;
      const ms = typeof body?.advanceMs === 'number' ? body.advanceMs : typeof body?.advanceDays === 'number' ? body.advanceDays * DAY : NaN;
      if (!Number.isFinite(ms)) throw badRequest('Send {"advanceMs": <number>} or {"advanceDays": <number>}.');
      world.clock.advance(ms);
      autosave();
      return ok({ now: world.clock.nowIso() });
    }
    if (route === 'POST /_sandbox/faults') {
      const body = (await readBody(req)) as { spec?: unknown } | undefined;
      if (typeof body?.spec !== 'string') throw badRequest('Send {"spec": "<fault spec>"} ("" turns faults off).');
      let spec;
      try {
        spec = parseFaults(body.spec);
      } catch (err) {
        throw badRequest(`Invalid fault spec: ${(err as Error).message}.`);
      }
      faults = body.spec.trim() === '' ? undefined : new FaultInjector(spec);
      return ok({ faults: spec });
    }
    if (['/_sandbox/stats', '/_sandbox/clock', '/_sandbox/faults'].includes(path)) return errorReply(405, `${req.method} is not allowed on ${path}.`);
    const action = /^\/_sandbox\/([a-z-]+)\/([a-z-]+)$/.exec(path);
    const run = action && world.has(action[1]) ? world.all().find((f) => f.name === action[1])?.admin?.[action[2]] : undefined;
    if (run) {
      if (req.method !== 'POST') return errorReply(405, `${req.method} is not allowed on ${path}; use POST.`);
      const body = await readBody(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Send a JSON object.');
      const result = world.as(auth.user, () => run(body as Record<string, unknown>));
      world.wrote();
      autosave();
      return ok(result ?? {});
    }
    return errorReply(404, `No sandbox endpoint at ${path}.`);
  }

  const server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q + 1);
    const isApi = path === '/v1' || path.startsWith('/v1/');
    const work = isApi
      ? handleApi(req, res, path, search)
      : path.startsWith('/_sandbox/')
        ? handleAdmin(req, path)
        : path.startsWith('/_files/') && req.method === 'GET'
          ? Promise.resolve(world.file(path.slice('/_files/'.length)) ?? errorReply(404, `No file at ${path}.`))
          : Promise.resolve(errorReply(404, `No operation at ${path}: the API is under /v1.`));
    work
      .catch(errorFrom)
      .then((outcome) => {
        if (typeof outcome !== 'string' && !res.headersSent && !res.destroyed) send(res, outcome);
        log?.(`${req.method} ${path} ${typeof outcome === 'string' ? outcome : outcome.status} ${Math.round(performance.now() - started)}ms`);
      })
      .catch((err: unknown) => log?.(`error: ${(err as Error)?.message ?? String(err)}`));
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(new Error(`cannot listen on ${host}:${opts.port ?? 0}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.message}`)));
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  api = `http://${urlHost(host)}:${port}/v1`;

  const storage = await startStorage(world, host, new URL(api).hostname, log).catch(async (err: Error) => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw new Error(`cannot start the storage origin on ${host}: ${err.message}`);
  });
  world.storageUrl = storage.url;
  return {
    storageUrl: storage.url,
    get storageLeaks() {
      return storage.leaks;
    },
    get storageRequests() {
      return storage.requests;
    },
    url: api,
    token: world.token,
    defaultOrg: world.family('orgs').firstOrg,
    get requestCount() {
      return requestCount;
    },
    integrationToken: (name: string) => world.family('integrations').tokenOf(name),
    integrationTokens: () => world.family('integrations').ownTokens(),
    userTokens: () => {
      const org = world.family('orgs').firstOrg;
      const members = org === undefined ? [] : world.family('orgs').memberTokens(org);
      return members.map(({ user, role, disabled, token }) => ({ id: user.id, displayName: user.displayName, email: user.email, role, disabled, token }));
    },
    clock: {
      now: () => world.clock.now(),
      advance: (ms: number) => {
        world.clock.advance(ms);
        autosave();
      },
    },
    async save() {
      if (!saver) return;
      await saver.idle();
      await saver.write();
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await storage.close();
      await saver?.idle();
      await lock?.release();
    },
  };
}
