// The sandbox: a stateful, in-memory emulator of the API over node:http, for
// trying the CLI without an account, for tests over real HTTP, and for the
// benchmark. This file is the HTTP side: routing, auth, bodies, faults,
// logging, admin endpoints and persistence. The rules are in state.ts.
//
// Admin endpoints (outside /v1, same bearer token, not counted as requests):
//   POST /_sandbox/clock   {"advanceMs": n} or {"advanceDays": n} → {"now": iso}
//   GET  /_sandbox/stats   → {"requests": n}
//   POST /_sandbox/faults  {"spec": "503=0.1,seed=1"} ("" turns faults off) → {"faults": spec}
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SandboxError, badRequest } from './errors.js';
import { FaultInjector, parseFaults, type FaultKind } from './faults.js';
import type { StateData } from './model.js';
import { errorBody, jsonBody } from './responses.js';
import { ROUTES, type Reply, type Route } from './routes.js';
import { SandboxState, createState } from './state.js';

export { parseFaults, FaultInjector, type FaultSpec } from './faults.js';
export { createState, SandboxState } from './state.js';
export { seedState, seedToken, makeId } from './seed.js';
export { DEFAULT_PAGE_SIZE } from './paging.js';

export interface SandboxOptions {
  /** Address to bind; default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Initial state when there is no data file (or it does not exist); default demo. */
  seed?: 'demo' | 'empty';
  /** Extra spaces at the top level of the seed's first organization (only when seeding). */
  spaces?: number;
  /** Load the state from this JSON file if it exists; save() writes it. */
  dataFile?: string;
  /** With dataFile: save after every request that changed something (saves are serialized and coalesced). */
  autosave?: boolean;
  /** Fault spec, see faults.ts. */
  faults?: string;
  /** Request log: "METHOD /path status ms". Never holds the token or the query. */
  log?: (line: string) => void;
}

export interface Sandbox {
  /** Base API URL including /v1. */
  url: string;
  token: string;
  defaultOrg?: string;
  /** /v1 requests received so far. */
  readonly requestCount: number;
  clock: { now(): number; advance(ms: number): void };
  save(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1 << 20;
const JSON_TYPE = 'application/json; charset=utf-8';
const DAY = 86_400_000;

// ---- routing ---------------------------------------------------------------------

interface CompiledRoute {
  route: Route;
  segments: string[];
}

const COMPILED: CompiledRoute[] = ROUTES.map((route) => ({ route, segments: route.path.split('/').slice(1) }));

type Match = { route: Route; params: Record<string, string> } | { allow: string[] } | undefined;

/** Matches a path below /v1 (e.g. `/spaces/abc`) against the routes. */
export function matchRoute(method: string, path: string): Match {
  const parts = path.split('/').slice(1);
  const allow: string[] = [];
  for (const { route, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let matched = true;
    for (let i = 0; i < segments.length && matched; i++) {
      const seg = segments[i];
      if (seg.startsWith('{')) {
        let value: string;
        try {
          value = decodeURIComponent(parts[i]);
        } catch {
          throw badRequest(`The path segment "${parts[i]}" is not valid percent-encoding.`);
        }
        if (value === '') matched = false;
        else params[seg.slice(1, -1)] = value;
      } else if (seg !== parts[i]) {
        matched = false;
      }
    }
    if (!matched) continue;
    if (route.method === method) return { route, params };
    allow.push(route.method);
  }
  return allow.length ? { allow } : undefined;
}

// ---- persistence -------------------------------------------------------------------

/** Writes `text` to `file` atomically: a 0600 temporary file in the same directory, then a rename. */
async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'wx', 0o600);
    try {
      await fh.writeFile(text);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

async function loadState(opts: SandboxOptions): Promise<SandboxState> {
  if (opts.dataFile) {
    let text: string | undefined;
    try {
      text = await readFile(opts.dataFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot read the sandbox state ${opts.dataFile}: ${(err as Error).message}`);
    }
    if (text !== undefined) {
      try {
        return new SandboxState(JSON.parse(text) as StateData);
      } catch (err) {
        throw new Error(`cannot load the sandbox state ${opts.dataFile}: ${(err as Error).message} (delete the file, or run \`docplat sandbox reset\`)`);
      }
    }
  }
  return createState({ seed: opts.seed ?? 'demo', spaces: opts.spaces ?? 0 });
}

/** Serialized, coalesced saves: at most one write runs, and at most one more waits. */
class Saver {
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly file: string,
    private readonly state: SandboxState,
    private readonly onError: (err: Error) => void,
  ) {}

  schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.write();
        } while (this.again);
      } catch (err) {
        this.onError(err as Error);
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Waits for a scheduled save to finish. */
  async idle(): Promise<void> {
    await this.running;
  }

  async write(): Promise<void> {
    await writeAtomic(this.file, JSON.stringify(this.state));
  }
}

// ---- HTTP helpers ---------------------------------------------------------------------

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body !== undefined) {
    headers['content-type'] = JSON_TYPE;
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

const errorReply = (status: number, message: string, headers?: Record<string, string>): Reply => ({ status, body: errorBody(status, message), headers });

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

function tokenMatches(header: string | undefined, token: string): 'missing' | 'wrong' | 'ok' {
  const m = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!m) return 'missing';
  const given = Buffer.from(m[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'wrong';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---- the sandbox --------------------------------------------------------------------------

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  let faults = opts.faults ? new FaultInjector(parseFaults(opts.faults)) : undefined;
  const state = await loadState(opts);
  const log = opts.log;
  const saver = opts.dataFile ? new Saver(opts.dataFile, state, (err) => log?.(`autosave failed: ${err.message}`)) : undefined;
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

  const authorize = (req: IncomingMessage): Reply | undefined => {
    const auth = tokenMatches(req.headers.authorization, state.token);
    if (auth === 'missing') return errorReply(401, 'Authentication required: send the header "Authorization: Bearer <token>".');
    if (auth === 'wrong') return errorReply(401, 'The bearer token is not valid for this API.');
    return undefined;
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
    const denied = authorize(req);
    if (denied) return denied;
    const match = matchRoute(req.method ?? 'GET', path.slice(3) || '/');
    if (!match) return errorReply(404, `No operation at ${req.method} ${path}.`);
    if ('allow' in match) return errorReply(405, `${req.method} is not allowed on ${path}; use ${match.allow.join(' or ')}.`, { allow: match.allow.join(', ') });
    const body = req.method === 'GET' || req.method === 'DELETE' ? undefined : await readBody(req);
    const reply = match.route.handle({ state, params: match.params, query: new URLSearchParams(search), body, api });
    if (match.route.method !== 'GET') autosave();
    return reply;
  }

  async function handleAdmin(req: IncomingMessage, path: string): Promise<Reply> {
    const denied = authorize(req);
    if (denied) return denied;
    const route = `${req.method} ${path}`;
    if (route === 'GET /_sandbox/stats') return { status: 200, body: jsonBody({ requests: requestCount }) };
    if (route === 'POST /_sandbox/clock') {
      const body = (await readBody(req)) as { advanceMs?: unknown; advanceDays?: unknown } | undefined;
      const ms = typeof body?.advanceMs === 'number' ? body.advanceMs : typeof body?.advanceDays === 'number' ? body.advanceDays * DAY : NaN;
      if (!Number.isFinite(ms)) throw badRequest('Send {"advanceMs": <number>} or {"advanceDays": <number>}.');
      state.advance(ms);
      autosave();
      return { status: 200, body: jsonBody({ now: new Date(state.now()).toISOString() }) };
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
      return { status: 200, body: jsonBody({ faults: spec }) };
    }
    if (['/_sandbox/stats', '/_sandbox/clock', '/_sandbox/faults'].includes(path)) return errorReply(405, `${req.method} is not allowed on ${path}.`);
    return errorReply(404, `No sandbox endpoint at ${path}.`);
  }

  const server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q + 1);
    const isApi = path === '/v1' || path.startsWith('/v1/');
    const work = isApi ? handleApi(req, res, path, search) : path.startsWith('/_sandbox/') ? handleAdmin(req, path) : Promise.resolve(errorReply(404, `No operation at ${path}: the API is under /v1.`));
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
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  api = `http://${urlHost}:${port}/v1`;

  return {
    url: api,
    token: state.token,
    defaultOrg: state.firstOrg,
    get requestCount() {
      return requestCount;
    },
    clock: {
      now: () => state.now(),
      advance: (ms: number) => {
        state.advance(ms);
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
      await saver?.idle();
    },
  };
}
