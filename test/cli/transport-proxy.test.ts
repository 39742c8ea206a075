// A one-request command with proxy variables (issue 15: it takes undici, not
// node:http, whenever one is set): the proxy is used, NO_PROXY bypasses it,
// and a proxy that cannot be reached is named as the proxy, not as the API.
// A child process, with the environment it is given (see retry.test.ts).
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { lines, useTestApi } from '../helpers.js';

const api = useTestApi();

/** A loopback port where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

it('a proxy that refuses is named as the proxy; NO_PROXY and an https-only proxy leave a plain http API direct', async () => {
  const port = await closedPort();
  const proxy = `http://127.0.0.1:${port}`;
  const refused = await api.spawn(['orgs', 'list', '--retries', '0'], { env: { HTTP_PROXY: proxy } });
  expect(refused.code).toBe(1);
  expect(lines(refused.stderr)).toEqual([
    `error: cannot reach the proxy at 127.0.0.1:${port} (connection refused) to reach ${api.sandbox.url}: check HTTPS_PROXY, HTTP_PROXY and NO_PROXY`,
  ]);
  for (const env of [{ HTTP_PROXY: proxy, NO_PROXY: '127.0.0.1' }, { HTTPS_PROXY: proxy }]) {
    const direct = await api.spawn(['orgs', 'list', '--retries', '0', '--debug'], { env });
    expect(direct.code, direct.stderr).toBe(0);
    expect(direct.stderr).toMatch(/^debug: < 200 .*undici\)$/m);
  }
});
