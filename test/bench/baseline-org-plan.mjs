// Baseline for `org plan`: the reads it makes, with undici, a keep-alive
// agent and the same concurrency (8): every list of the organization, each
// team's members, each site's sections, groups, site spaces and share links,
// the custom field values of the spaces given on stdin, and the
// translations.
import { Agent, request } from 'undici';

const [base, token, org, concurrencyArg] = process.argv.slice(2);
const concurrency = Number(concurrencyArg ?? 8);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const valued = Buffer.concat(chunks).toString().split(/\s+/).filter(Boolean);
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
const get = async (path) => {
  const res = await request(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, dispatcher });
  return JSON.parse(await res.body.text());
};
const all = async (path) => {
  const items = [];
  let cursor;
  do {
    const data = await get(`${path}?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...data.items);
    cursor = data.next?.page;
  } while (cursor);
  return items;
};
const pool = async (items, fn) => {
  let i = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (i < items.length) await fn(items[i++]);
  }));
};
const o = `/orgs/${org}`;
await Promise.all([
  all(`${o}/collections`),
  all(`${o}/spaces`).then(() => pool(valued, (id) => get(`/spaces/${id}/custom-fields`))),
  all(`${o}/custom-fields`),
  all(`${o}/members`),
  all(`${o}/saml`),
  all(`${o}/teams`).then((teams) => pool(teams, (t) => all(`${o}/teams/${t.id}/members`))),
  all(`${o}/sites`).then((sites) => pool(sites.flatMap((s) => ['sections', 'section-groups', 'site-spaces', 'share-links'].map((x) => `${o}/sites/${s.id}/${x}`)), all)),
  all(`${o}/translations`),
]);
await dispatcher.close();
