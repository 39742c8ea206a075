// The requests of a space's export, as the export baselines make them with
// undici and a keep-alive agent (baseline-export.mjs, baseline-export-all.mjs):
// the page tree, the files list, each document page's Markdown and each file's
// bytes from its downloadURL (without the token), `concurrency` at a time. It
// writes nothing.
import { Agent, request } from 'undici';

export function undiciClient(base, token) {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  const auth = { authorization: `Bearer ${token}` };
  const get = async (url, headers = auth) => {
    const res = await request(url, { headers, dispatcher });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    return res;
  };
  /** Every item of a paginated list. */
  const all = async (path) => {
    const items = [];
    let cursor;
    do {
      const page = await (await get(`${base}${path}?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`)).body.json();
      items.push(...page.items);
      cursor = page.next?.page;
    } while (cursor);
    return items;
  };
  return { get, all, close: () => dispatcher.close() };
}

/** Runs `jobs` (functions), `n` at a time. */
export async function pool(jobs, n) {
  let next = 0;
  await Promise.all(Array.from({ length: Number(n) }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
}

/** The requests of one space's export. */
export async function exportRequests({ get, all }, base, space, concurrency) {
  const tree = await (await get(`${base}/spaces/${space}/content/pages`)).body.json();
  const documents = [];
  const walk = (pages) => {
    for (const p of pages) {
      if (p.type === 'document') documents.push(p.id);
      walk(p.pages ?? []);
    }
  };
  walk(tree.pages);
  const files = await all(`/spaces/${space}/content/files`);
  await pool(
    [
      ...documents.map((id) => async () => (await get(`${base}/spaces/${space}/content/page/${id}?format=markdown`)).body.json()),
      ...files.map((f) => async () => {
        const res = await get(f.downloadURL, {});
        for await (const _ of res.body);
      }),
    ],
    concurrency,
  );
}
