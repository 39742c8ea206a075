// Baseline for content export --all-spaces: the same requests as docplat
// with undici and a keep-alive agent, at the same concurrency (4 spaces at
// once, 8 requests each): the spaces and collections lists, then each
// space's export requests (export-requests.mjs). It writes nothing.
import { exportRequests, pool, undiciClient } from './export-requests.mjs';

const [base, token, org, concurrency = '8', spacesAtOnce = '4'] = process.argv.slice(2);
const client = undiciClient(base, token);
const [spaces] = await Promise.all([client.all(`/orgs/${org}/spaces`), client.all(`/orgs/${org}/collections`)]);
await pool(spaces.map((space) => () => exportRequests(client, base, space.id, concurrency)), spacesAtOnce);
await client.close();
