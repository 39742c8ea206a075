// Baseline for goal 1: the same GET as `docplat spaces get <id> --json`, with
// undici and nothing else, printing the body.
import { request } from 'undici';

const [url, token] = process.argv.slice(2);
const res = await request(url, { headers: { authorization: `Bearer ${token}` } });
process.stdout.write(JSON.stringify(await res.body.json(), null, 2) + '\n');
