// Responses that are not what the API promises: a clear ApiError with the
// status and the first bytes of the body, never another exception. The server
// is a real one on loopback that answers whatever the test tells it to.
import { createServer, type Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/http.js';
import { rawRequest } from '../../src/client/raw.js';
import { ApiError } from '../../src/errors.js';

interface Reply {
  status: number;
  type?: string;
  body: Buffer | string;
}
let reply: Reply = { status: 200, body: '{}' };
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const headers: Record<string, string> = {};
    if (reply.type) headers['content-type'] = reply.type;
    res.writeHead(reply.status, headers);
    res.end(reply.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(async () => new Promise<void>((r) => server.close(() => r())));

function client() {
  return new ApiClient({ baseUrl: base, token: 'secret-token-xyz', userAgent: 'test', retries: 0 });
}

async function outcome(c: ApiClient): Promise<unknown> {
  try {
    return await c.send(rawRequest('GET', '/thing'));
  } catch (err) {
    return err;
  }
}

describe('malformed responses', () => {
  it('an HTML error page from a proxy', async () => {
    reply = { status: 502, type: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' };
    const err = (await outcome(client())) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(502);
    expect(err.message).toContain('502');
    expect(err.message).toContain('<html><body><h1>502 Bad Gateway');
  });

  it('an empty body on 200', async () => {
    reply = { status: 200, type: 'application/json', body: '' };
    const err = (await outcome(client())) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toMatch(/200, empty response/);
  });

  it('invalid JSON', async () => {
    reply = { status: 200, type: 'application/json', body: '{"items": [1, 2' };
    const err = (await outcome(client())) as ApiError;
    expect(err.message).toMatch(/200, response is not JSON: "\{\\"items\\": \[1, 2"/);
  });

  it('a 200 with an error body', async () => {
    reply = { status: 200, type: 'application/json', body: '{"error":{"code":500,"message":"boom"}}' };
    const err = (await outcome(client())) as ApiError;
    expect(err.message).toMatch(/error body with a success status/);
  });

  it('the API error message when the body has the documented shape', async () => {
    reply = { status: 404, type: 'application/json', body: '{"error":{"code":404,"message":"No space with id x"}}' };
    const err = (await outcome(client())) as ApiError;
    expect(err.message).toBe('GET /thing: 404 No space with id x');
    expect(err.exitCode).toBe(3);
  });

  it('random bytes and random JSON never escape as anything but a result or an ApiError', async () => {
    const c = client();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(200, 201, 204, 205, 400, 401, 403, 404, 409, 429, 500, 502, 503),
        fc.constantFrom('application/json', 'text/html', 'text/plain', undefined),
        fc.oneof(fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)), fc.json().map((s) => Buffer.from(s)), fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? ''))),
        async (status, type, body) => {
          reply = { status, type, body };
          const result = await outcome(c);
          if (result instanceof Error) {
            expect(result).toBeInstanceOf(ApiError);
            expect(result.message).not.toContain('secret-token-xyz');
            expect(result.message.split('\n')).toHaveLength(1);
          } else {
            expect([200, 201, 204, 205]).toContain((result as { status: number }).status);
          }
        },
      ),
      { numRuns: 300 },
    );
    await c.close();
  });
});
