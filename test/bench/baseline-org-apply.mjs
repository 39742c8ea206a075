// Baseline for `org apply` of space renames: PATCH /spaces/{id} for every id
// read from stdin, with undici, a keep-alive agent and the same concurrency (8).
import { Agent, request } from 'undici';

const [base, token, concurrencyArg] = process.argv.slice(2);
const concurrency = Number(concurrencyArg ?? 8);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const ids = Buffer.concat(chunks).toString().split(/\s+/).filter(Boolean);
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 64 });
let next = 0;
let failed = 0;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < ids.length) {
    const id = ids[next++];
    const res = await request(`${base}/spaces/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Renamed ${id}` }),
      dispatcher,
    });
    await res.body.text();
    if (res.statusCode !== 200) failed++;
  }
}));
await dispatcher.close();
process.exitCode = failed ? 5 : 0;
