// Organization-as-code rows of `npm run bench` (called by run.mjs with its
// helpers; `node test/bench/org.mjs` runs them alone): `org plan` over an
// organization of 1,000 spaces, 200 teams of 20 members and 50 sites of 20
// sections, every kind but openapi (20 teams unmanaged), against a script
// making the same reads at the same concurrency,
// and `org apply` of 500 changes against a script making the same writes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export async function orgBench({ api, run, compare, row, fmtMB, node, BIN, HERE, work, serveSandbox }) {
  const sb = await serveSandbox('org', ['--spaces', '1000']);
  try {
    const { url, token, org } = sb;
    const origin = new URL(url).origin;
    const env = { DOCPLAT_API_URL: url, DOCPLAT_TOKEN: token, DOCPLAT_ORG: org, DOCPLAT_CONFIG_DIR: join(work, 'org-cli-config') };
    const all = async (path) => {
      const items = [];
      let cursor;
      do {
        const { data } = await api('GET', `${url}${path}?limit=1000${cursor ? `&page=${encodeURIComponent(cursor)}` : ''}`, token);
        items.push(...data.items);
        cursor = data.next?.page;
      } while (cursor);
      return items;
    };
    const pool = async (items, n, fn) => {
      let i = 0;
      await Promise.all(Array.from({ length: n }, async () => {
        while (i < items.length) await fn(items[i++]);
      }));
    };
    // 200 teams of 20 members, 50 sites of 20 sections (each section made with a space).
    const members = (await all(`/orgs/${org}/members`)).map((m) => m.id).slice(0, 20);
    const spaces = (await all(`/orgs/${org}/spaces`)).map((s) => s.id);
    await pool(Array.from({ length: 200 }, (_, i) => i), 16, async (i) => {
      const { data } = await api('PUT', `${url}/orgs/${org}/teams`, token, { title: `Bench team ${i}` });
      await api('PUT', `${url}/orgs/${org}/teams/${data.id}/members`, token, { add: members });
    });
    const sites = [];
    await pool(Array.from({ length: 50 }, (_, i) => i), 16, async (i) => {
      sites.push((await api('POST', `${url}/orgs/${org}/sites`, token, { title: `Bench site ${i}` })).data.id);
    });
    await pool(sites.flatMap((site, i) => Array.from({ length: 20 }, (_, j) => [site, spaces[(i * 20 + j) % spaces.length], j])), 16, async ([site, space, j]) => {
      await api('POST', `${url}/orgs/${org}/sites/${site}/sections`, token, { spaceId: space, title: `Section ${j}` });
    });

    // org plan of the pulled organization, with 20 teams made by hand since: every read, unmanaged-resource detection,
    // no write. Every kind but openapi, whose document beside the file plan checks with the OpenAPI validator before
    // any read (local work of its own, ~250 ms of CPU, not a read the baseline could make).
    mkdirSync(join(work, 'org-bench'), { recursive: true });
    const file = join(work, 'org-bench', 'docplat.yaml');
    const pulled = await run(node, [BIN, 'org', 'pull', '--only', 'collections,spaces,sites,teams,members,custom-fields,sso,translations', '--file', file, '--force'], { env });
    if (pulled.code !== 0) throw new Error(`org pull failed: ${pulled.err}`);
    await pool(Array.from({ length: 20 }, (_, i) => i), 8, (i) => api('PUT', `${url}/orgs/${org}/teams`, token, { title: `Shadow team ${i}` }));
    const valued = (await import('yaml')).parse(readFileSync(file, 'utf8')).spaces.filter((s) => s.customFields).map((s) => s.id);
    await api('POST', `${origin}/_sandbox/faults`, token, { spec: 'latency=5' });
    {
      const r = await compare(
        () => run(node, [BIN, 'org', 'plan', '-f', file], { env, node: true }),
        () => run(node, [join(HERE, 'baseline-org-plan.mjs'), url, token, org, '8'], { input: valued.join('\n') }),
      );
      row('10 org plan: 1,000 spaces, 200 teams (20 unmanaged), 50 sites of 20 sections, all kinds but openapi, 5 ms latency vs undici, same reads', r.ratio, '<= 1.25', r.ratio <= 1.25, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    }
    // org apply of 500 space renames; the titles are put back before each run.
    {
      const renamed = spaces.slice(0, 500);
      const apply = join(work, 'org-apply.yaml');
      writeFileSync(apply, `version: 1\nspaces:\n${renamed.map((id) => `  - id: ${id}\n    title: Renamed ${id}\n`).join('')}`);
      const reset = async () => {
        await api('POST', `${origin}/_sandbox/faults`, token, { spec: '' });
        await pool(renamed, 16, (id) => api('PATCH', `${url}/spaces/${id}`, token, { title: `Space ${id}` }));
        await api('POST', `${origin}/_sandbox/faults`, token, { spec: 'latency=5' });
      };
      const r = await compare(
        () => run(node, [BIN, 'org', 'apply', '-f', apply, '--yes'], { env, node: true }),
        () => run(node, [join(HERE, 'baseline-restore.mjs'), url, token, '8', 'PATCH', '/spaces/{id}', '{"title":"Renamed {id}"}'], { input: renamed.join('\n') }),
        { before: reset },
      );
      row('10 org apply: 500 changes, 5 ms latency vs undici, same writes and concurrency', r.ratio, '<= 1.30', r.ratio <= 1.3, fmtMB(r.rss), `${r.a.toFixed(0)} vs ${r.b.toFixed(0)} ms`);
    }
  } finally {
    sb.child.kill('SIGTERM');
  }
}
