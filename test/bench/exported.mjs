// What the push and restore rows start from: the first space of a bench
// sandbox exported into work/<name> (no latency), then 20 ms latency on every
// request of that sandbox.
import { join } from 'node:path';

export async function exportedSpace({ api, run, node, BIN, work }, sb, name, what) {
  const space = (await api('GET', `${sb.url}/orgs/${sb.org}/spaces?limit=1`, sb.token)).data.items[0].id;
  const env = { DOCPLAT_API_URL: sb.url, DOCPLAT_TOKEN: sb.token, DOCPLAT_ORG: sb.org, DOCPLAT_CONFIG_DIR: join(work, 'cli-config') };
  const dir = join(work, name);
  const r = await run(node, [BIN, 'content', 'export', space, '--dest', dir], { env });
  if (r.code !== 0) throw new Error(`export for the ${what} bench failed: ${r.err.slice(0, 300)}`);
  await api('POST', `${new URL(sb.url).origin}/_sandbox/faults`, sb.token, { spec: 'latency=20' });
  return { space, env, dir };
}
