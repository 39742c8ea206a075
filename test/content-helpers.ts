import { createReadStream, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { tempDir, type TestApi } from './helpers.js';

// Shared by the content tests (sandbox and CLI): the page tree as the API gives it.
export interface Page {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: Page[];
  markdown?: string;
  href?: string;
}

/** Every page of a tree, depth first, in tree order. */
export const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

/** Every file under a folder (but those named in `skip`), as sorted relative paths with `/`. */
export function filesUnder(dir: string, skip: string[] = []): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (!skip.includes(e.name)) out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export { spaceId } from './helpers.js';

/** A sandbox content admin action (add-page, ...): answered 200. */
export async function admin(api: TestApi, action: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${api.sandbox.url.replace(/\/v1$/, '')}/_sandbox/content/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Serves a folder over http on loopback (as a user serves a backup for --files-url). */
export async function serve(root: string): Promise<{ url: string; close(): Promise<void>; served: string[] }> {
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url!, 'http://x').pathname)).replace(/^\/+/, '');
    const file = join(root, rel);
    if (rel.startsWith('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) return void res.writeHead(404).end();
    served.push(rel);
    res.writeHead(200, { 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** `dir(name)`: a new folder of that name in a temporary folder, removed after the file's tests. */
export function tempFolders(): (name: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });
  return (name) => {
    const d = tempDir();
    made.push(d);
    return join(d, name);
  };
}
