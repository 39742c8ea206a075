// Baseline for goal 2: fetch every page of the org's spaces with undici and a
// keep-alive agent, writing each item as a JSON line as its page arrives.
import { Agent, request } from 'undici';

const [base, token, org] = process.argv.slice(2);
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
let cursor;
do {
  const url = `${base}/orgs/${org}/spaces?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`;
  const res = await request(url, { headers: { authorization: `Bearer ${token}` }, dispatcher });
  const page = await res.body.json();
  let chunk = '';
  for (const item of page.items) chunk += JSON.stringify(item) + '\n';
  if (!process.stdout.write(chunk)) await new Promise((r) => process.stdout.once('drain', r));
  cursor = page.next?.page;
} while (cursor);
await dispatcher.close();
