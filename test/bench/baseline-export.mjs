// Baseline for content export: the same requests as `docplat content export`
// with undici and a keep-alive agent, at the same concurrency: the page tree,
// the files list, each document page's Markdown, and each file's bytes from
// its downloadURL (without the token). It writes nothing.
import { Agent, request } from 'undici';

const [base, token, space, concurrency = '8'] = process.argv.slice(2);
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
const auth = { authorization: `Bearer ${token}` };
const get = async (url, headers = auth) => {
  const res = await request(url, { headers, dispatcher });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return res;
};

const tree = await (await get(`${base}/spaces/${space}/content/pages`)).body.json();
const documents = [];
const walk = (pages) => {
  for (const p of pages) {
    if (p.type === 'document') documents.push(p.id);
    walk(p.pages ?? []);
  }
};
walk(tree.pages);
const files = [];
let cursor;
do {
  const page = await (await get(`${base}/spaces/${space}/content/files?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`)).body.json();
  files.push(...page.items);
  cursor = page.next?.page;
} while (cursor);

const jobs = [
  ...documents.map((id) => async () => (await get(`${base}/spaces/${space}/content/page/${id}?format=markdown`)).body.json()),
  ...files.map((f) => async () => {
    const res = await get(f.downloadURL, {});
    for await (const _ of res.body);
  }),
];
let next = 0;
await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
  while (next < jobs.length) await jobs[next++]();
}));
await dispatcher.close();
