// Baseline for content export --all-spaces: the same requests as docplat
// with undici and a keep-alive agent, at the same concurrency (4 spaces at
// once, 8 requests each): the spaces and collections lists, then for each
// space its page tree, its files list, each document page's Markdown and
// each file's bytes from its downloadURL (without the token). It writes nothing.
import { Agent, request } from 'undici';

const [base, token, org, concurrency = '8', spacesAtOnce = '4'] = process.argv.slice(2);
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
const auth = { authorization: `Bearer ${token}` };
const get = async (url, headers = auth) => {
  const res = await request(url, { headers, dispatcher });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  return res;
};
const all = async (path) => {
  const items = [];
  let cursor;
  do {
    const page = await (await get(`${base}${path}${path.includes('?') ? '&' : '?'}limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`)).body.json();
    items.push(...page.items);
    cursor = page.next?.page;
  } while (cursor);
  return items;
};
const pool = async (jobs, n) => {
  let next = 0;
  await Promise.all(Array.from({ length: Number(n) }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
};

const [spaces] = await Promise.all([all(`/orgs/${org}/spaces`), all(`/orgs/${org}/collections`)]);
await pool(
  spaces.map((space) => async () => {
    const tree = await (await get(`${base}/spaces/${space.id}/content/pages`)).body.json();
    const documents = [];
    const walk = (pages) => {
      for (const p of pages) {
        if (p.type === 'document') documents.push(p.id);
        walk(p.pages ?? []);
      }
    };
    walk(tree.pages);
    const files = await all(`/spaces/${space.id}/content/files`);
    await pool(
      [
        ...documents.map((id) => async () => (await get(`${base}/spaces/${space.id}/content/page/${id}?format=markdown`)).body.json()),
        ...files.map((f) => async () => {
          const res = await get(f.downloadURL, {});
          for await (const _ of res.body);
        }),
      ],
      concurrency,
    );
  }),
  spacesAtOnce,
);
await dispatcher.close();
