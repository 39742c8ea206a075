// content push rows of `npm run bench` (called by run.mjs with its helpers):
// pushing a 500-page folder with 100 changed pages into a sandbox server
// against a raw script sending the same requests and batches, and the diff
// alone (nothing to push) over 2,000 pages against content export's own
// incremental check of the same folder, and against a raw script reading the
// tree, the files list and the same pages (the three-way check, issue 28).
// 20 ms latency on every request.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportedSpace } from './exported.mjs';

export async function pushBench({ api, run, compare, row, fmtMB, node, BIN, HERE, work, serveSandbox }) {
  const s500 = await serveSandbox('push-500', ['--pages', '500']);
  const s2000 = await serveSandbox('push-2000', ['--pages', '2000']);
  try {
    const setup = (sb, name) => exportedSpace({ api, run, node, BIN, work }, sb, name, 'push');
    {
      const P = await setup(s500, 'push-500');
      // 100 pages changed: a line added at the end of each; the baseline sends the same bodies.
      const manifest = JSON.parse(readFileSync(join(P.dir, '.docplat-export.json'), 'utf8'));
      const changes = [];
      for (const [id, entry] of Object.entries(manifest.pages).slice(0, 100)) {
        const file = join(P.dir, entry.path);
        const text = readFileSync(file, 'utf8') + '\nChanged for the benchmark.\n';
        writeFileSync(file, text);
        changes.push({ operation: 'update_page', page: id, document: { markdown: text.replace(/^---\n[\s\S]*?\n---\n\n/, '') } });
      }
      const changesFile = join(work, 'push-changes.json');
      writeFileSync(changesFile, JSON.stringify(changes));
      const r = await compare(
        () => run(node, [BIN, 'content', 'push', P.space, '--src', P.dir], { env: P.env, node: true }),
        () => run(node, [join(HERE, 'baseline-push.mjs'), s500.url, s500.token, P.space, changesFile]),
      );
      row('22 content push: 500 pages, 100 changed, vs a raw script sending the same batches', r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    }
    {
      const D = await setup(s2000, 'push-2000');
      const r = await compare(
        () => run(node, [BIN, 'content', 'push', D.space, '--src', D.dir], { env: D.env, node: true }),
        () => run(node, [BIN, 'content', 'export', D.space, '--dest', D.dir], { env: D.env, node: true }),
      );
      row('22 content push: the diff of 2,000 unchanged pages vs export\'s incremental check', r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
      // The three-way check (issue 28): the same folder against a raw script reading the tree, the files list and the same pages.
      const raw = await compare(
        () => run(node, [BIN, 'content', 'push', D.space, '--src', D.dir], { env: D.env, node: true }),
        () => run(node, [join(HERE, 'baseline-push-check.mjs'), s2000.url, s2000.token, D.space, D.dir], { node: true }),
      );
      row('28 content push: the three-way check of 2,000 unchanged pages vs a raw script reading the same pages', raw.ratio, '<= 1.10', raw.ratio <= 1.1, fmtMB(raw.rss), `${raw.a.toFixed(0)} vs ${raw.b.toFixed(0)} ms`);
    }
  } finally {
    s500.child.kill('SIGTERM');
    s2000.child.kill('SIGTERM');
  }
}
