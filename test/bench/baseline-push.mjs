// Baseline for content push: the requests `docplat content push` makes for a
// folder whose changed pages are known beforehand, with undici and a
// keep-alive agent: the page tree, the files list, the Markdown of each
// changed page (8 at once), a new change request, then the batches of
// `update_page` changes (50 a batch) one after the other. It reads no folder.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const [base, token, space, changesFile] = process.argv.slice(2);
const changes = JSON.parse(readFileSync(changesFile, 'utf8'));
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
const call = async (method, url, body) => {
  const res = await request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    dispatcher,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${await res.body.text()}`);
  return res.body.json();
};

await call('GET', `${base}/spaces/${space}/content/pages`);
let cursor;
do {
  const page = await call('GET', `${base}/spaces/${space}/content/files?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`);
  cursor = page.next?.page;
} while (cursor);
let next = 0;
await Promise.all(
  Array.from({ length: 8 }, async () => {
    while (next < changes.length) await call('GET', `${base}/spaces/${space}/content/page/${changes[next++].page}?format=markdown`);
  }),
);
const cr = await call('POST', `${base}/spaces/${space}/change-requests`, { subject: 'baseline' });
for (let i = 0; i < changes.length; i += 50) {
  await call('POST', `${base}/spaces/${space}/change-requests/${cr.id}/content?compat=false`, { changes: changes.slice(i, i + 50) });
}
await dispatcher.close();
