// Baseline for content push's three-way check over a folder nothing changed
// in: what the check cannot do without, in a raw script with undici and a
// keep-alive agent. The page tree and the files list (both at once), then
// every page the folder's SUMMARY.md lists read from disk and hashed, and
// compared with the hash the export's manifest recorded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, request } from 'undici';

const [base, token, space, dir] = process.argv.slice(2);
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
const call = async (url) => {
  const res = await request(url, { headers: { authorization: `Bearer ${token}` }, dispatcher });
  if (res.statusCode >= 300) throw new Error(`GET ${url}: ${res.statusCode} ${await res.body.text()}`);
  return res.body.json();
};
const files = async () => {
  let cursor;
  do {
    const page = await call(`${base}/spaces/${space}/content/files?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`);
    cursor = page.next?.page;
  } while (cursor);
};
const [tree] = await Promise.all([call(`${base}/spaces/${space}/content/pages`), files()]);
if (!Array.isArray(tree.pages)) throw new Error('no tree');
const manifest = JSON.parse(readFileSync(join(dir, '.docplat-export.json'), 'utf8'));
const hashes = new Map(Object.values(manifest.pages).map((p) => [p.path, p.sha256]));
const listed = [...readFileSync(join(dir, 'SUMMARY.md'), 'utf8').matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => decodeURIComponent(m[1]));
let changed = 0;
let next = 0;
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < listed.length) {
      const path = listed[next++];
      const text = await readFile(join(dir, path), 'utf8');
      if (createHash('sha256').update(text).digest('hex') !== hashes.get(path)) changed++;
    }
  }),
);
if (changed) throw new Error(`${changed} pages differ`);
await dispatcher.close();
