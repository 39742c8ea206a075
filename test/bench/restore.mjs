// content restore rows of `npm run bench` (called by run.mjs with its
// helpers): restoring a 2,000-page space (its 40 files included) from its
// backup into a new space with --no-verify, 20 ms latency on every request,
// against a raw script sending the same requests and batches
// (baseline-content-restore.mjs, replaying a run recorded through a proxy);
// and its peak RSS at 2,000 pages against 200.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { exportedSpace } from './exported.mjs';

/** A proxy in front of the API that records every request and its answer (for the baseline to replay). */
async function recorder(target) {
  const records = [];
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
  const api = new URL(target);
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
    const path = req.url.slice(api.pathname.length);
    const answer = await request(`${api.origin}${req.url}`, { method: req.method, headers: { authorization: req.headers.authorization, ...(body ? { 'content-type': 'application/json' } : {}) }, body, dispatcher });
    const text = await answer.body.text();
    records.push({ method: req.method, path, body, response: text || undefined });
    res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}${api.pathname}`, records, close: () => new Promise((resolve) => server.close(() => dispatcher.close().then(resolve))) };
}

export async function restoreBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox }) {
  const big = await serveSandbox('restore-2000', ['--pages', '2000']);
  const small = await serveSandbox('restore-200', ['--pages', '200']);
  try {
    const setup = (sb, name) => exportedSpace({ api, run, node, BIN, work }, sb, name, 'restore');
    const B = await setup(big, 'restore-2000');
    const S = await setup(small, 'restore-200');
    const restore = (sb, s, url = sb.url) => run(node, [BIN, 'content', 'restore', '--from', s.dir, '--new', '--no-verify'], { env: { ...s.env, DOCPLAT_API_URL: url }, node: true });
    // One run through the recorder: the requests and batches the baseline sends again.
    const proxy = await recorder(big.url);
    const recorded = await restore(big, B, proxy.url);
    await proxy.close();
    if (recorded.code !== 0) throw new Error(`content restore for the bench failed: ${recorded.err.slice(0, 300)}`);
    const recordFile = join(work, 'restore-requests.json');
    writeFileSync(recordFile, JSON.stringify(proxy.records));
    const batches = proxy.records.filter((r) => r.path.endsWith('/content?compat=false')).length;
    const r = await compare(
      () => restore(big, B),
      () => run(node, [join(HERE, 'baseline-content-restore.mjs'), big.url, big.token, recordFile]),
    );
    row(`content restore: 2,000 pages --new --no-verify, 20 ms latency vs a raw script sending the same ${batches} batches`, r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    const rssOf = async (sb, s) => {
      const samples = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await restore(sb, s);
        // A failed restore's peak says nothing of a restore's memory.
        if (r.code !== 0) throw new Error(`content restore for the memory row failed (${r.code}): ${r.err.slice(0, 300)}`);
        samples.push(r.rss);
      }
      return median(samples);
    };
    const at200 = await rssOf(small, S);
    const at2000 = await rssOf(big, B);
    row('content restore: peak RSS at 2,000 / at 200 pages', at2000 / at200, '0.90 to 1.10', at2000 / at200 >= 0.9 && at2000 / at200 <= 1.1, fmtMB(at2000), `${fmtMB(at200)} at 200`);
  } finally {
    big.child.kill('SIGTERM');
    small.child.kill('SIGTERM');
  }
}
