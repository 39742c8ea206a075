// Baseline for content export: the same requests as `docplat content export`
// with undici and a keep-alive agent, at the same concurrency: the space and
// its organization's collections (the backup record), the page tree,
// the files list, each document page's Markdown, and each file's bytes from
// its downloadURL (without the token). It writes nothing.
import { exportRequests, undiciClient } from './export-requests.mjs';

const [base, token, space, concurrency = '8'] = process.argv.slice(2);
const client = undiciClient(base, token);
const record = await (await client.get(`${base}/spaces/${space}`)).body.json();
if (record.parent) await client.all(`/orgs/${record.organization}/collections`);
await exportRequests(client, base, space, concurrency);
await client.close();
