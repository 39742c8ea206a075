// Baseline for goal 3: POST .../restore for every id read from stdin, with
// undici, a keep-alive agent and the same concurrency as docplat (8). For
// other writes (goal 10), a method, a path and a JSON body may follow, where
// {id} stands for each id: `PATCH '/spaces/{id}' '{"title":"Renamed {id}"}'`.
import { Agent, request } from 'undici';

const [base, token, concurrencyArg, method = 'POST', pathTemplate = '/spaces/{id}/restore', bodyTemplate] = process.argv.slice(2);
const concurrency = Number(concurrencyArg ?? 8);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const ids = Buffer.concat(chunks).toString().split(/\s+/).filter(Boolean);
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
let next = 0;
let failed = 0;
async function worker() {
  while (next < ids.length) {
    const id = ids[next++];
    const body = bodyTemplate?.replaceAll('{id}', id);
    const headers = { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) };
    const res = await request(`${base}${pathTemplate.replaceAll('{id}', id)}`, { method, headers, body, dispatcher });
    const text = await res.body.text();
    if (res.statusCode !== 200) failed++;
    process.stdout.write(`${id}\t${res.statusCode === 200 ? 'ok' : 'failed'}\t${text.length}\n`);
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
await dispatcher.close();
process.exitCode = failed ? 5 : 0;
