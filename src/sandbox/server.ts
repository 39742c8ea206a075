// The sandbox: a stateful, in-memory emulator of the API over node:http, for
// trying the CLI without an account, for tests over real HTTP, and for the
// benchmark. This file opens it: the state (seeded, or read from the state
// file, locked while in use, saved), and the HTTP side: bodies, faults played
// on the connection, the request log. What a request is answered (auth,
// routing by the operation table, faults, admin endpoints) is handler.ts; the
// rules are in families/, one module per family.
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
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { FaultInjector, parseFaults } from './core/faults.js';
import type { SeedName } from './core/ids.js';
import { FileLock } from './core/lock.js';
import { Saver, readWorld, seedWorld, stateOf, type StateFile } from './core/persist.js';
import type { Reply } from './core/reply.js';
import type { World } from './core/world.js';
import { FAMILIES } from './families/index.js';
import { JSON_TYPE, MAX_BODY_BYTES, bodyTooLarge, SandboxHandler, replyHeaders, type Outcome } from './handler.js';
import { StorageHandler, startStorage, type Storage } from './storage.js';

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
  /** What answers its two origins, whatever carries the requests (memory.ts reaches them without a socket). */
  readonly handlers: { api: SandboxHandler; storage: StorageHandler };
  save(): Promise<void>;
  /** Stops the server, waits for a pending autosave, and releases the data file's lock. */
  close(): Promise<void>;
}

/** A fresh state from a seed, as the state file holds it; `now` is the sandbox clock during seeding. */
export function seedState(seed: SeedName = 'demo', now = Date.now(), extraSpaces = 0, extra: Record<string, number> = {}): StateFile {
  const world = seedWorld(FAMILIES, { seed, extra: { ...extra, spaces: extraSpaces }, clockMs: now });
  return stateOf(world);
}

// ---- HTTP helpers ---------------------------------------------------------------------

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, replyHeaders(reply));
  res.end(reply.body);
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

/** A request's body, at most MAX_BODY_BYTES (a 413 beyond); undefined when empty. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(bodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => resolve(size === 0 ? undefined : Buffer.concat(chunks)));
  });
}

/** Plays an outcome on the connection: the reply, or the fault. */
function play(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
  if ('fault' in outcome) {
    if (outcome.fault === 'reset') req.socket.resetAndDestroy();
    else if (outcome.fault === 'cut') sendCut(res, outcome.reply);
    return;
  }
  if (!res.headersSent && !res.destroyed) send(res, outcome.reply);
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

/** The API server: each request through the handler (which logs it), played on its connection. */
function apiServer(handler: SandboxHandler, log: SandboxOptions['log']): Server {
  return createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
    let body: Promise<Buffer | undefined> | undefined;
    handler
      .handle({ method: req.method ?? 'GET', url: req.url ?? '/', authorization: req.headers.authorization, body: () => (body ??= readBody(req)) })
      .then((outcome) => play(req, res, outcome))
      .catch((err: unknown) => log?.(`error: ${(err as Error)?.message ?? String(err)}`));
  });
}

async function listen(server: Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(new Error(`cannot listen on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'the port is in use' : err.message}`)));
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

// ---- the sandbox --------------------------------------------------------------------------

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const lock = opts.dataFile ? await FileLock.acquire(opts.dataFile, opts.lockWaitMs) : undefined;
  try {
    return await open(opts, lock);
  } catch (err) {
    await lock?.release();
    throw err;
  }
}

/** The state, seeded or read from the data file, with its saver (when there is a data file). */
async function openWorld(opts: SandboxOptions): Promise<{ world: World; saver?: Saver }> {
  const world = await readWorld(FAMILIES, opts.fresh ? undefined : opts.dataFile, {
    seed: opts.seed ?? 'demo',
    extra: { spaces: opts.spaces ?? 0, content: opts.pages ?? 0, contentLargeFileMB: opts.largeFileMB ?? 0 },
  });
  if (opts.processingMs !== undefined) world.family('openapi').processingMs = opts.processingMs;
  world.family('changeRequests').allowPrivateFileUrls = !!opts.allowPrivateFileUrls;
  const saver = opts.dataFile ? new Saver(opts.dataFile, world, (err) => opts.log?.(`autosave failed: ${err.message}`)) : undefined;
  return { world, saver };
}

async function open(opts: SandboxOptions, lock: FileLock | undefined): Promise<Sandbox> {
  const { world, saver } = await openWorld(opts);
  const autosave = () => {
    if (opts.autosave) saver?.schedule();
  };
  const faults = opts.faults ? new FaultInjector(parseFaults(opts.faults)) : undefined;
  const handler = new SandboxHandler(world, { faults, log: opts.log, changed: autosave });
  const server = apiServer(handler, opts.log);
  const host = opts.host ?? '127.0.0.1';
  const port = await listen(server, host, opts.port ?? 0);
  handler.api = `http://${urlHost(host)}:${port}/v1`;
  const files = new StorageHandler(world, opts.log);
  const storage = await startStorage(files, host, new URL(handler.api).hostname).catch(async (err: Error) => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw new Error(`cannot start the storage origin on ${host}: ${err.message}`);
  });
  world.storageUrl = storage.url;
  return sandboxOf(world, { handler, files, storage, autosave }, async () => {
    handler.closed = true;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await storage.close();
    await saver?.idle();
    await lock?.release();
  }, saver);
}

/** The Sandbox of an opened world: its URLs, counters, tokens, clock, save and close. */
function sandboxOf(
  world: World,
  parts: { handler: SandboxHandler; files: StorageHandler; storage: Storage; autosave: () => void },
  close: () => Promise<void>,
  saver?: Saver,
): Sandbox {
  const { handler, files, storage, autosave } = parts;
  return {
    storageUrl: storage.url,
    get storageLeaks() {
      return storage.leaks;
    },
    get storageRequests() {
      return storage.requests;
    },
    url: handler.api,
    token: world.token,
    defaultOrg: world.family('orgs').firstOrg,
    get requestCount() {
      return handler.requestCount;
    },
    handlers: { api: handler, storage: files },
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
    close,
  };
}
