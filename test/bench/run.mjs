// npm run bench: measures docplat against baselines in the same run, as
// ratios, on this machine. It starts a sandbox with 100,000 extra spaces,
// runs each goal's command and its baseline alternately, and prints a table
// (goal, median ratio, target, peak RSS, pass or miss). It always exits 0: it
// measures, it does not test. Set BENCH_RUNS to change the number of runs (>= 5).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'bin', 'docplat.js');
const HERE = join(ROOT, 'test', 'bench');
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 5));
const SPACES = 100_000;
const work = mkdtempSync(join(tmpdir(), 'docplat-bench-'));
// Every docplat the bench runs keeps its code cache (src/code-cache.ts) here, made by the warm-up runs, never the user's.
process.env.DOCPLAT_CACHE_DIR = join(work, 'cache');
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 16 });

/** Runs a process to completion; returns wall ms, exit code, peak RSS (node processes) and the first bytes of stdout. */
function run(cmd, args, { input, env, node = false } = {}) {
  return new Promise((resolve, reject) => {
    const rssFile = join(work, `rss-${Math.random().toString(36).slice(2)}`);
    const argv = node ? ['--require', join(HERE, 'rss.cjs'), ...args] : args;
    const started = performance.now();
    const child = spawn(cmd, argv, {
      env: { ...process.env, ...env, BENCH_RSS_FILE: rssFile },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      if (out.length < 4096) out += d;
    });
    child.stderr.on('data', (d) => {
      if (err.length < 4096) err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      let rss;
      try {
        rss = Number(readFileSync(rssFile, 'utf8'));
        rmSync(rssFile);
      } catch {
        rss = undefined;
      }
      resolve({ ms, code, rss, out, err });
    });
    child.stdin.end(input ?? '');
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Alternates a and b RUNS times (after one warm-up each); ratio = median(a) / median(b). */
async function compare(a, b, { before } = {}) {
  const ta = [];
  const tb = [];
  const rss = [];
  const rssB = [];
  for (let i = 0; i <= RUNS; i++) {
    if (before) await before();
    const ra = await a();
    if (ra.code !== 0) throw new Error(`command failed (${ra.code}): ${ra.err.slice(0, 300)}`);
    if (before) await before();
    const rb = await b();
    if (rb.code !== 0) throw new Error(`baseline failed (${rb.code}): ${rb.err.slice(0, 300)}`);
    if (i === 0) continue; // warm-up
    ta.push(ra.ms);
    tb.push(rb.ms);
    if (ra.rss) rss.push(ra.rss);
    if (rb.rss) rssB.push(rb.rss);
  }
  return {
    a: median(ta),
    b: median(tb),
    ratio: median(ta) / median(tb),
    rss: rss.length ? Math.max(...rss) : undefined,
    rssB: rssB.length ? Math.max(...rssB) : undefined,
  };
}

async function api(method, url, token, body) {
  const res = await request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    dispatcher,
  });
  const text = await res.body.text();
  return { status: res.statusCode, data: text ? JSON.parse(text) : undefined };
}

// ---- the sandbox ------------------------------------------------------------
/** `sandbox serve` of its own (state in work/<name>-config), with its URL, token, org and how long it took to be ready. */
/** Every sandbox started, so that the end of the run waits for each to exit (a sandbox writes its code cache as it stops). */
const sandboxes = [];
async function serveSandbox(name, args) {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--json', ...args], {
    env: { ...process.env, DOCPLAT_CONFIG_DIR: join(work, `${name}-config`) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  sandboxes.push({ child, exited: new Promise((resolve) => child.once('exit', resolve)) });
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
  return { child, ...info, readyMs: performance.now() - started };
}

const startSandbox = () => serveSandbox('sandbox', ['--spaces', String(SPACES)]);

const rows = [];
const fmtMB = (b) => (b ? `${(b / 1048576).toFixed(0)} MB` : '');
function row(goal, ratio, target, pass, rss = '', detail = '') {
  rows.push({ goal, ratio: ratio.toFixed(2), target, rss, result: pass ? 'pass' : 'miss', detail });
  process.stderr.write(`  ${goal}: ${ratio.toFixed(2)} (${target}) ${pass ? 'pass' : 'miss'} ${detail}\n`);
}

const sb = await startSandbox();
process.stderr.write(`sandbox with ${SPACES} extra spaces ready in ${sb.readyMs.toFixed(0)} ms at ${sb.url}\n`);
const env = { DOCPLAT_API_URL: sb.url, DOCPLAT_TOKEN: sb.token, DOCPLAT_ORG: sb.org, DOCPLAT_CONFIG_DIR: join(work, 'cli-config') };
const node = process.execPath;

try {
  // BENCH_ONLY=push: the content push rows alone.
  if (process.env.BENCH_ONLY === 'push') {
    const { pushBench } = await import('./push.mjs');
    await pushBench({ api, run, compare, row, fmtMB, node, BIN, HERE, work, serveSandbox });
    throw new Error('BENCH_ONLY=push: the other rows are not run');
  }
  // BENCH_ONLY=restore: the content restore rows alone.
  if (process.env.BENCH_ONLY === 'restore') {
    const { restoreBench } = await import('./restore.mjs');
    await restoreBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox });
    throw new Error('BENCH_ONLY=restore: the other rows are not run');
  }
  // BENCH_ONLY=content: the content export rows alone (goal 9's speed and memory rows; not the downloads, not --all-spaces);
  // BENCH_ONLY=export-all: the --all-spaces rows alone.
  if (process.env.BENCH_ONLY === 'content' || process.env.BENCH_ONLY === 'export-all') {
    const { contentBench, exportAllBench } = await import('./content.mjs');
    const args = { api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox };
    await (process.env.BENCH_ONLY === 'content' ? contentBench({ ...args, exportOnly: true }) : exportAllBench(args));
    throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: the other rows are not run`);
  }
  // Goal 10 (organization as code) first: BENCH_ONLY=org stops after it; BENCH_ONLY=startup runs goal 1 alone.
  if (process.env.BENCH_ONLY !== 'startup') {
    const { orgBench } = await import('./org.mjs');
    await orgBench({ api, run, compare, row, fmtMB, node, BIN, HERE, work, serveSandbox });
    if (process.env.BENCH_ONLY === 'org') throw new Error('BENCH_ONLY=org: the other rows are not run');
  }

  // Goal 1: start-up, and the commands people type most (one request, one answer). The code cache
  // (src/code-cache.ts) is the bench's own, made by the warm-up run; the first run's cost is a row of its own.
  for (const args of [['--version'], ['--help'], ['spaces', '--help'], ['spaces', 'list', '--help']]) {
    const goal = args.length === 1 ? 1.15 : 1.3;
    const r = await compare(() => run(node, [BIN, ...args], { env }), () => run(node, ['-e', '0']));
    row(`1 start-up: docplat ${args.join(' ')} vs node -e 0`, r.ratio, `<= ${goal.toFixed(2)}`, r.ratio <= goal, '', `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
  }
  const first = (await api('GET', `${sb.url}/orgs/${sb.org}/spaces?limit=1`, sb.token)).data.items[0].id;
  const getFloor = () => run(node, [join(HERE, 'baseline-get-http.mjs'), `${sb.url}/spaces/${first}`, sb.token], { node: true });
  {
    const r = await compare(() => run(node, [BIN, 'spaces', 'get', first, '--json'], { env, node: true }), getFloor);
    row('1 one request: spaces get --json vs node:http GET', r.ratio, '<= 1.25', r.ratio <= 1.25, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    const rssRatio = r.rss / r.rssB;
    row('1 one request: spaces get --json peak RSS / node:http GET', rssRatio, '<= 1.20', rssRatio <= 1.2, fmtMB(r.rss), `${fmtMB(r.rss)} vs ${fmtMB(r.rssB)}`);
    const u = await compare(() => run(node, [BIN, 'spaces', 'get', first, '--json'], { env }), () => run(node, [join(HERE, 'baseline-get.mjs'), `${sb.url}/spaces/${first}`, sb.token]));
    row('1 one request: spaces get --json vs undici GET (reference)', u.ratio, '', true, '', `${u.a.toFixed(0)} vs ${u.b.toFixed(0)} ms`);
    // The first run after an install or an upgrade: no code cache yet (compiled from source, the cache written after).
    const coldEnv = { ...env, DOCPLAT_CACHE_DIR: join(work, 'cold-cache') };
    const cold = await compare(() => run(node, [BIN, 'spaces', 'get', first, '--json'], { env: coldEnv }), getFloor, { before: () => rmSync(coldEnv.DOCPLAT_CACHE_DIR, { recursive: true, force: true }) });
    row('1 one request: spaces get --json, first run (no code cache yet) vs node:http GET (reference)', cold.ratio, '', true, '', `${cold.a.toFixed(0)} vs ${cold.b.toFixed(0)} ms`);
  }
  {
    const r = await compare(() => run(node, [BIN, 'spaces', 'list', '--output', 'tsv'], { env }), getFloor);
    row('1 one request: spaces list (one page, tsv) vs node:http GET', r.ratio, '<= 1.25', r.ratio <= 1.25, '', `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    const table = () => run(node, [join(HERE, 'baseline-table.mjs'), sb.url, sb.token, sb.org]);
    const t = await compare(() => run(node, [BIN, 'spaces', 'list', '--output', 'table'], { env }), table);
    row('1 one request: spaces list (one page, table) vs node:http + cli-table3, the same table', t.ratio, '<= 1.20', t.ratio <= 1.2, '', `${t.a.toFixed(0)} vs ${t.b.toFixed(0)} ms`);
  }
  if (process.env.BENCH_ONLY === 'startup') throw new Error('BENCH_ONLY=startup: the other rows are not run');

  // Goal 2: listing 100,000+ spaces.
  let listMs;
  {
    const r = await compare(
      () => run(node, [BIN, 'spaces', 'list', '--all', '--jsonl'], { env, node: true }),
      () => run(node, [join(HERE, 'baseline-list.mjs'), sb.url, sb.token, sb.org]),
    );
    listMs = r.a;
    row('2 listing: list --all --jsonl vs undici loop', r.ratio, '<= 1.20', r.ratio <= 1.2, '', `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
  }
  {
    const r = await compare(
      () => run(node, [BIN, 'api', '/orgs/{org}/spaces', '--paginate', '--jsonl'], { env, node: true }),
      () => run(node, [join(HERE, 'baseline-list.mjs'), sb.url, sb.token, sb.org]),
    );
    row('2 listing: api --paginate --jsonl vs undici loop', r.ratio, '<= 1.20', r.ratio <= 1.2, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    const samples = [];
    for (let i = 0; i < RUNS; i++) samples.push((await run(node, [join(HERE, 'baseline-list.mjs'), sb.url, sb.token, sb.org], { node: true })).rss);
    const baseRss = median(samples);
    rows.push({ goal: '2 memory: the undici loop alone, median peak RSS (reference)', ratio: '', target: '', rss: fmtMB(baseRss), result: '' });
  }
  // Peak RSS moves by +-10 MB from run to run: the median of RUNS runs of each.
  const medianRss = async (args) => {
    const samples = [];
    for (let i = 0; i < RUNS; i++) samples.push((await run(node, args, { env, node: true })).rss);
    return median(samples);
  };
  for (const fmt of ['jsonl', 'tsv']) {
    const small = await medianRss([BIN, 'spaces', 'list', '--limit', '10000', '--output', fmt]);
    const big = await medianRss([BIN, 'spaces', 'list', '--all', '--output', fmt]);
    const growth = big / small;
    row(`2 memory: list --output ${fmt}, RSS at 100k / at 10k items`, growth, '<= 1.25 and < 120 MB', growth <= 1.25 && big < 120 * 1048576, fmtMB(big));
  }

  // Goal 4: the sandbox serves pages faster than the CLI consumes them.
  {
    const started = performance.now();
    let cursor;
    let pages = 0;
    do {
      const res = await request(`${sb.url}/orgs/${sb.org}/spaces?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`, {
        headers: { authorization: `Bearer ${sb.token}` },
        dispatcher,
      });
      const text = await res.body.text();
      cursor = JSON.parse(text).next?.page;
      pages++;
    } while (cursor);
    const serveMs = performance.now() - started;
    row(`4 sandbox: serving ${pages} pages of 1000 / CLI consuming them`, serveMs / listMs, '< 1.00', serveMs < listMs, '', `${serveMs.toFixed(0)} vs ${listMs.toFixed(0)} ms`);
    row(`4 sandbox: serve --spaces ${SPACES} ready, seconds`, sb.readyMs / 1000, '< 5.00', sb.readyMs < 5000);
  }

  // Goal 3: bulk restore of 1,000 ids with 5 ms latency per request.
  {
    const ids = [];
    for await (const page of (async function* () {
      let cursor;
      do {
        const { data } = await api('GET', `${sb.url}/orgs/${sb.org}/spaces?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`, sb.token);
        yield data.items;
        cursor = data.next?.page;
      } while (cursor && ids.length < 1000);
    })()) ids.push(...page.map((s) => s.id));
    const bulk = ids.slice(0, 1000);
    const loopIds = bulk.slice(0, 100);
    const deleteAll = async (list) => {
      await api('POST', `${new URL(sb.url).origin}/_sandbox/faults`, sb.token, { spec: '' });
      let i = 0;
      await Promise.all(Array.from({ length: 16 }, async () => {
        while (i < list.length) await api('DELETE', `${sb.url}/spaces/${list[i++]}`, sb.token);
      }));
      await api('POST', `${new URL(sb.url).origin}/_sandbox/faults`, sb.token, { spec: 'latency=5' });
    };
    const cli = () => run(node, [BIN, 'spaces', 'restore', '-'], { env, input: bulk.join('\n'), node: true });
    const r = await compare(cli, () => run(node, [join(HERE, 'baseline-restore.mjs'), sb.url, sb.token, '8'], { input: bulk.join('\n') }), { before: () => deleteAll(bulk) });
    row('3 bulk: restore 1000 from stdin vs undici, same concurrency', r.ratio, '<= 1.30', r.ratio <= 1.3, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    const script = `for id in ${loopIds.join(' ')}; do "${node}" "${BIN}" spaces restore "$id" > /dev/null || exit 1; done`;
    const loop = await compare(() => run('bash', ['-c', script], { env }), cli, {
      before: async () => deleteAll(bulk),
    });
    const perIdLoop = loop.a / loopIds.length;
    const perIdCli = loop.b / bulk.length;
    row('3 bulk: shell loop per id / docplat per id', perIdLoop / perIdCli, '>= 50', perIdLoop / perIdCli >= 50, '', `${perIdLoop.toFixed(1)} vs ${perIdCli.toFixed(2)} ms per id`);
    await api('POST', `${new URL(sb.url).origin}/_sandbox/faults`, sb.token, { spec: '' });
  }
  const { contentBench } = await import('./content.mjs');
  await contentBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox });
  const { pushBench } = await import('./push.mjs');
  await pushBench({ api, run, compare, row, fmtMB, node, BIN, HERE, work, serveSandbox });
  const { restoreBench } = await import('./restore.mjs');
  await restoreBench({ api, run, compare, row, median, fmtMB, node, BIN, HERE, work, RUNS, serveSandbox });
} catch (err) {
  process.stderr.write(`bench stopped: ${err.message}\n`);
} finally {
  sb.child.kill('SIGTERM');
  await dispatcher.close();
  // Each sandbox writes its code cache into the run's folder as it stops: remove the folder once all have exited.
  for (const { child } of sandboxes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(sandboxes.map((s) => s.exited));
  rmSync(work, { recursive: true, force: true });
}

const cols = ['goal', 'ratio', 'target', 'rss', 'result'];
const heads = { goal: 'goal', ratio: 'median ratio', target: 'target', rss: 'peak RSS', result: 'result' };
const width = Object.fromEntries(cols.map((c) => [c, Math.max(heads[c].length, ...rows.map((r) => String(r[c]).length))]));
const line = (r) => '| ' + cols.map((c) => String(r[c]).padEnd(width[c])).join(' | ') + ' |';
console.log(line(heads));
console.log('|' + cols.map((c) => '-'.repeat(width[c] + 2)).join('|') + '|');
for (const r of rows) console.log(line(r));
console.log(`\n${RUNS} runs each, alternating, after a warm-up; node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
process.exitCode = 0;
