// Content rows of `npm run bench` (called by run.mjs with its helpers):
// content export of a 2,000-page space with 20 ms latency against an undici
// script making the same requests at the same concurrency, export memory at
// 200 and 2,000 pages, and files download of a 200 MB file against curl -o.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** A sandbox of its own (`sandbox serve` with content options), with its URL, token and org. */
async function contentSandbox(BIN, work, name, args) {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--json', ...args], {
    env: { ...process.env, DOCPLAT_CONFIG_DIR: join(work, `${name}-config`) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      try {
        resolve(JSON.parse(buf));
      } catch {
        /* not complete yet */
      }
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
  return { child, ...info };
}

export async function contentBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS }) {
  const big = await contentSandbox(BIN, work, 'content-2000', ['--pages', '2000', '--large-file', '200']);
  const small = await contentSandbox(BIN, work, 'content-200', ['--pages', '200', '--large-file', '1']);
  try {
    const setup = async (sb) => {
      const origin = new URL(sb.url).origin;
      await api('POST', `${origin}/_sandbox/faults`, sb.token, { spec: 'latency=20' });
      const space = (await api('GET', `${sb.url}/orgs/${sb.org}/spaces?limit=1`, sb.token)).data.items[0].id;
      const env = { DOCPLAT_API_URL: sb.url, DOCPLAT_TOKEN: sb.token, DOCPLAT_ORG: sb.org, DOCPLAT_CONFIG_DIR: join(work, 'cli-config') };
      return { space, env };
    };
    const B = await setup(big);
    const S = await setup(small);
    const dest = join(work, 'export');
    const fresh = async () => rmSync(dest, { recursive: true, force: true });
    {
      const r = await compare(
        () => run(node, [BIN, 'content', 'export', B.space, '--dest', dest], { env: B.env, node: true }),
        () => run(node, [join(HERE, 'baseline-export.mjs'), big.url, big.token, B.space, '8']),
        { before: fresh },
      );
      row('9 content export: 2,000 pages, 20 ms latency vs undici, same requests and concurrency', r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    }
    {
      const rssOf = async (sb, s) => {
        const samples = [];
        for (let i = 0; i < RUNS; i++) {
          await fresh();
          samples.push((await run(node, [BIN, 'content', 'export', s.space, '--dest', dest], { env: s.env, node: true })).rss);
        }
        return median(samples);
      };
      const at200 = await rssOf(small, S);
      const at2000 = await rssOf(big, B);
      const ratio = at2000 / at200;
      row('9 content export: peak RSS at 2,000 / at 200 pages', ratio, '0.90 to 1.10', ratio >= 0.9 && ratio <= 1.1, fmtMB(at2000), `${fmtMB(at200)} at 200`);
    }
    {
      const file = async (sb, space, name) => (await api('GET', `${sb.url}/spaces/${space}/content/files?limit=1000`, sb.token)).data.items.find((f) => f.name === name);
      const large = await file(big, B.space, 'large.bin');
      const oneMB = await file(small, S.space, 'large.bin');
      const out = join(work, 'download.bin');
      const clear = async () => rmSync(out, { force: true });
      const r = await compare(
        () => run(node, [BIN, 'files', 'download', B.space, large.id, '--dest', out, '--force'], { env: B.env, node: true }),
        () => run('curl', ['-sS', '-o', out, large.downloadURL]),
        { before: clear },
      );
      row('9 files download: 200 MB vs curl -o', r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
      const samples = [];
      for (let i = 0; i < RUNS; i++) samples.push((await run(node, [BIN, 'files', 'download', S.space, oneMB.id, '--dest', out, '--force'], { env: S.env, node: true })).rss);
      const base = median(samples);
      const limit = base + 10 * 1048576;
      row('9 files download: peak RSS of 200 MB / (1 MB + 10 MB)', r.rss / limit, '<= 1.00', r.rss <= limit, fmtMB(r.rss), `${fmtMB(base)} for 1 MB`);
    }
  } finally {
    big.child.kill('SIGTERM');
    small.child.kill('SIGTERM');
  }
}
