// The file storage origin of the sandbox: a second loopback server, as a
// storage host would be, that serves the bytes behind each file's
// `downloadURL` (generated as they stream, with backpressure, so a 200 MB
// file costs no memory). It takes no token: a request that carries an
// Authorization header is a leak of the API token to another origin, logged
// as such and answered 400, so a test can prove the client never sends it.
// `StorageHandler` answers a request whatever carried it (this server, or
// memory.ts without a socket).
//
//   GET /files/<spaceId>/<fileId>?name=<name>[&changeRequest=<id>]
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SandboxError } from './core/errors.js';
import { errorBody } from './core/reply.js';
import type { World } from './core/world.js';
import { fileChunks } from './families/content/records.js';

export interface Storage {
  url: string;
  /** Requests that carried an Authorization header (each also logged as a leak). */
  readonly leaks: number;
  /** Requests received. */
  readonly requests: number;
  close(): Promise<void>;
}

/** A storage answer: status, headers, and the body's bytes as they are generated (none for HEAD). */
export interface StorageAnswer {
  status: number;
  headers: Record<string, string | number>;
  chunks: Iterable<Buffer>;
}

export class StorageHandler {
  leaks = 0;
  requests = 0;

  constructor(
    private readonly world: World,
    private readonly log?: (line: string) => void,
  ) {}

  /** The answer to a request (`url`: path and query); `done` logs how it ended. */
  handle(method: string, url: string, authorization: string | undefined): StorageAnswer & { done(outcome: number | string): void } {
    this.requests++;
    const { pathname, searchParams } = new URL(url, 'http://storage');
    const done = (outcome: number | string) => this.log?.(`storage ${method} ${pathname} ${outcome}`);
    const refuse = (status: number, message: string) => {
      const body = errorBody(status, message);
      return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }, chunks: [body], done };
    };
    if (authorization !== undefined) {
      this.leaks++;
      this.log?.(`LEAK: a request to the storage origin carried an Authorization header (${method} ${pathname})`);
      return refuse(400, 'The storage origin takes no Authorization header: the API token must never be sent here.');
    }
    const m = /^\/files\/([^/]+)\/([^/]+)$/.exec(pathname);
    if (!m || (method !== 'GET' && method !== 'HEAD')) return refuse(404, `No file at ${pathname}.`);
    let file;
    try {
      const cr = searchParams.get('changeRequest') ?? undefined;
      file = this.world.family('content').revisionFile(decodeURIComponent(m[1]), decodeURIComponent(m[2]), cr);
    } catch (err) {
      return refuse(err instanceof SandboxError ? err.status : 500, (err as Error).message);
    }
    return { status: 200, headers: { 'content-type': file.contentType, 'content-length': file.size }, chunks: method === 'HEAD' ? [] : fileChunks(file), done };
  }
}

export async function startStorage(handler: StorageHandler, host: string, urlHost: string): Promise<Storage> {
  const server: Server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
    const answer = handler.handle(req.method ?? 'GET', req.url ?? '/', req.headers.authorization);
    res.writeHead(answer.status, answer.headers);
    pipeline(Readable.from(answer.chunks), res).then(
      () => answer.done(answer.status),
      () => answer.done('aborted'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${urlHost}:${port}`,
    get leaks() {
      return handler.leaks;
    },
    get requests() {
      return handler.requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
