// The file storage origin of the sandbox: a second loopback server, as a
// storage host would be, that serves the bytes behind each file's
// `downloadURL` (generated as they stream, with backpressure, so a 200 MB
// file costs no memory). It takes no token: a request that carries an
// Authorization header is a leak of the API token to another origin, logged
// as such and answered 400, so a test can prove the client never sends it.
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

function refuse(res: import('node:http').ServerResponse, status: number, message: string): void {
  const body = errorBody(status, message);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}

export async function startStorage(world: World, host: string, urlHost: string, log?: (line: string) => void): Promise<Storage> {
  let leaks = 0;
  let requests = 0;
  const server: Server = createServer({ keepAliveTimeout: 10_000 }, (req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://storage');
    const line = (status: number | string) => log?.(`storage ${req.method} ${url.pathname} ${status}`);
    if (req.headers.authorization !== undefined) {
      leaks++;
      log?.(`LEAK: a request to the storage origin carried an Authorization header (${req.method} ${url.pathname})`);
      refuse(res, 400, 'The storage origin takes no Authorization header: the API token must never be sent here.');
      line(400);
      return;
    }
    const m = /^\/files\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!m || (req.method !== 'GET' && req.method !== 'HEAD')) {
      refuse(res, 404, `No file at ${url.pathname}.`);
      line(404);
      return;
    }
    let file;
    try {
      const cr = url.searchParams.get('changeRequest') ?? undefined;
      file = world.family('content').revisionFile(decodeURIComponent(m[1]), decodeURIComponent(m[2]), cr);
    } catch (err) {
      const status = err instanceof SandboxError ? err.status : 500;
      refuse(res, status, (err as Error).message);
      line(status);
      return;
    }
    res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.size });
    if (req.method === 'HEAD') {
      res.end();
      line(200);
      return;
    }
    pipeline(Readable.from(fileChunks(file)), res).then(
      () => line(200),
      () => line('aborted'),
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
      return leaks;
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
