// Baseline for goal 3: POST .../restore for every id read from stdin, with
// undici, a keep-alive agent and the same concurrency as docplat (8).
import { Agent, request } from 'undici';

const [base, token, concurrencyArg] = process.argv.slice(2);
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
    const res = await request(`${base}/spaces/${id}/restore`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, dispatcher });
    const text = await res.body.text();
    if (res.statusCode !== 200) failed++;
    process.stdout.write(`${id}\t${res.statusCode === 200 ? 'ok' : 'failed'}\t${text.length}\n`);
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
await dispatcher.close();
process.exitCode = failed ? 5 : 0;
