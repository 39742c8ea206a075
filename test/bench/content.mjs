// Content rows of `npm run bench` (called by run.mjs with its helpers):
// content export of a 2,000-page space with 20 ms latency against an undici
// script making the same requests at the same concurrency, export memory at
// 200 and 2,000 pages, and files download of a 200 MB file against curl -o,
// a bare node:http script and a bare undici script (all three baselines).
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * An empty `dest` before each export, without deleting the last one's
 * thousand files then: on an ext4 file system without a journal (this
 * machine's), a new file's inode is searched for past every inode deleted in
 * the last 5 seconds (5 minutes while their table is not yet written back),
 * which billed the harness's `rm -rf` to the export timed next (0.3 to 0.5 s
 * of system time for `--all-spaces`; perf: 23% of its CPU in
 * __ext4_new_inode). The exports are set aside, and `clear()` deletes them
 * once the row is measured, then flushes the file system and waits out
 * those 5 seconds, so that the next row does not pay for them either.
 */
function freshFolder(dest) {
  const aside = [];
  return {
    fresh: async () => {
      if (!existsSync(dest)) return;
      const old = `${dest}.old-${aside.length}`;
      renameSync(dest, old);
      aside.push(old);
    },
    clear: async () => {
      for (const old of aside.splice(0)) rmSync(old, { recursive: true, force: true });
      rmSync(dest, { recursive: true, force: true });
      spawnSync('sync');
      await new Promise((resolve) => setTimeout(resolve, 6000));
    },
  };
}

export async function contentBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox, exportOnly = false }) {
  const big = await serveSandbox('content-2000', ['--pages', '2000', '--large-file', '200']);
  // The same 200 MB file in both: the memory rows compare the number of pages alone.
  const small = await serveSandbox('content-200', ['--pages', '200', '--large-file', '200']);
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
    const { fresh, clear } = freshFolder(dest);
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
      await clear();
    }
    // BENCH_ONLY=content: the two export rows alone.
    if (exportOnly) return;
    {
      const file = async (sb, space, name) => (await api('GET', `${sb.url}/spaces/${space}/content/files?limit=1000`, sb.token)).data.items.find((f) => f.name === name);
      const large = await file(big, B.space, 'large.bin');
      await api('POST', `${new URL(small.url).origin}/_sandbox/content/add-file`, small.token, { spaceId: S.space, name: 'one.bin', size: 1048576 });
      const oneMB = await file(small, S.space, 'one.bin');
      // The download rows are about the transfer: no added latency on the one API request.
      for (const sb of [big, small]) await api('POST', `${new URL(sb.url).origin}/_sandbox/faults`, sb.token, { spec: '' });
      const out = join(work, 'download.bin');
      const clear = async () => rmSync(out, { force: true });
      const r = await compare(
        () => run(node, [BIN, 'files', 'download', B.space, large.id, '--dest', out, '--force'], { env: B.env, node: true }),
        () => run('curl', ['-sS', '-o', out, large.downloadURL]),
        { before: clear },
      );
      row('9 files download: 200 MB vs curl -o', r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
      // Where the floor of a Node program is: the bare node:http and undici downloads against curl, and docplat against node:http.
      const httpScript = () => run(node, [join(HERE, 'baseline-download-http.mjs'), large.downloadURL, out]);
      const undiciScript = () => run(node, [join(HERE, 'baseline-download.mjs'), large.downloadURL, out]);
      const curl = () => run('curl', ['-sS', '-o', out, large.downloadURL]);
      const floorHttp = await compare(httpScript, curl, { before: clear });
      row('9 files download (reference): bare node:http script vs curl -o', floorHttp.ratio, '', true, '', `${floorHttp.a.toFixed(0)} vs ${floorHttp.b.toFixed(0)} ms`);
      const floorUndici = await compare(undiciScript, curl, { before: clear });
      row('9 files download (reference): bare undici script vs curl -o', floorUndici.ratio, '', true, '', `${floorUndici.a.toFixed(0)} vs ${floorUndici.b.toFixed(0)} ms`);
      const own = await compare(() => run(node, [BIN, 'files', 'download', B.space, large.id, '--dest', out, '--force'], { env: B.env }), httpScript, { before: clear });
      row('9 files download: 200 MB vs the bare node:http script', own.ratio, '<= 1.10', own.ratio <= 1.1, '', `${own.a.toFixed(0)} vs ${own.b.toFixed(0)} ms`);
      const vsUndici = await compare(() => run(node, [BIN, 'files', 'download', B.space, large.id, '--dest', out, '--force'], { env: B.env }), undiciScript, { before: clear });
      row('9 files download: 200 MB vs the bare undici script', vsUndici.ratio, '<= 1.20', vsUndici.ratio <= 1.2, '', `${vsUndici.a.toFixed(0)} vs ${vsUndici.b.toFixed(0)} ms`);
      // Peak RSS moves by several MB from run to run: the median of RUNS runs of each.
      const rssOf = async (space, id, env) => {
        const samples = [];
        for (let i = 0; i < RUNS; i++) samples.push((await run(node, [BIN, 'files', 'download', space, id, '--dest', out, '--force'], { env, node: true })).rss);
        return median(samples);
      };
      const base = await rssOf(S.space, oneMB.id, S.env);
      const at200 = await rssOf(B.space, large.id, B.env);
      const limit = base + 10 * 1048576;
      row('9 files download: peak RSS of 200 MB / (1 MB + 10 MB)', at200 / limit, '<= 1.00', at200 <= limit, fmtMB(at200), `${fmtMB(base)} for 1 MB`);
    }
  } finally {
    big.child.kill('SIGTERM');
    small.child.kill('SIGTERM');
  }
  await exportAllBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox });
}

/**
 * content export --all-spaces: a sandbox organization with 50 extra spaces
 * (about 70 spaces of about 10 pages and 3 files each, with 20 ms latency)
 * against an undici script making the same requests at the same concurrency
 * (4 spaces at once, 8 requests each); and peak RSS at 50 extra spaces
 * against 10 (flat in the number of spaces).
 */
export async function exportAllBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox }) {
  const many = await serveSandbox('org-50', ['--spaces', '50']);
  const few = await serveSandbox('org-10', ['--spaces', '10']);
  try {
    const envOf = async (sb) => {
      await api('POST', `${new URL(sb.url).origin}/_sandbox/faults`, sb.token, { spec: 'latency=20' });
      return { DOCPLAT_API_URL: sb.url, DOCPLAT_TOKEN: sb.token, DOCPLAT_ORG: sb.org, DOCPLAT_CONFIG_DIR: join(work, 'cli-config') };
    };
    const M = await envOf(many);
    const F = await envOf(few);
    const dest = join(work, 'backup');
    const { fresh, clear } = freshFolder(dest);
    const r = await compare(
      () => run(node, [BIN, 'content', 'export', '--all-spaces', '--dest', dest], { env: M, node: true }),
      () => run(node, [join(HERE, 'baseline-export-all.mjs'), many.url, many.token, many.org, '8', '4']),
      { before: fresh },
    );
    row('21 content export --all-spaces: ~70 spaces, 20 ms latency vs undici, same requests and concurrency', r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    const rssOf = async (env) => {
      const samples = [];
      for (let i = 0; i < RUNS; i++) {
        await fresh();
        samples.push((await run(node, [BIN, 'content', 'export', '--all-spaces', '--dest', dest], { env, node: true })).rss);
      }
      return median(samples);
    };
    const at10 = await rssOf(F);
    const at50 = await rssOf(M);
    row('21 content export --all-spaces: peak RSS at 50 / at 10 extra spaces', at50 / at10, '0.90 to 1.10', at50 / at10 >= 0.9 && at50 / at10 <= 1.1, fmtMB(at50), `${fmtMB(at10)} at 10`);
    await clear();
  } finally {
    many.child.kill('SIGTERM');
    few.child.kill('SIGTERM');
  }
}
