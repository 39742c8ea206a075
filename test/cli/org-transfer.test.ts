// After spaces and collections leave an organization (`spaces transfer`,
// `collections transfer`), its sites no longer publish them (the sandbox
// does as the platform is taken to: the site spaces go), and `org pull` then
// `org plan` of every demo organization works: pull never writes a file that
// plan refuses (exit 0 or 6, never 2). A site space whose space the
// organization's list lacks (in the trash) is kept as the site has it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { withTestApi, type TestApi } from '../helpers.js';
import { orgFiles } from './org-helpers.js';

const { pullTo } = orgFiles('docplat-org-transfer-');

const INITECH = 'InitechDemoOrg000001';

async function ids(api: TestApi, kind: 'spaces' | 'collections', org?: string): Promise<Record<string, string>> {
  const r = await api.cli([...(org ? ['--org', org] : []), kind, 'list', '--all', '--json']);
  expect(r.code, r.stderr).toBe(0);
  return Object.fromEntries(JSON.parse(r.stdout).map((x: { id: string; title: string }) => [x.title, x.id]));
}

/** Every site space of a pulled file, by the space it names. */
const published = (doc: any): string[] => (doc.sites ?? []).flatMap((s: any) => [...(s.spaces ?? []), ...(s.sections ?? []).flatMap((sec: any) => sec.spaces ?? [])].map((x: any) => x.space));

async function pullAndPlan(api: TestApi, org: string, flags: string[]): Promise<void> {
  const file = await pullTo(api, flags, ['--org', org]);
  const plan = await api.cli(['--org', org, 'org', 'plan', '-f', file, '--exit-code']);
  expect([0, 6], `${org} ${flags.join(' ')}: ${plan.stdout}${plan.stderr}`).toContain(plan.code);
  const pruned = await api.cli(['--org', org, 'org', 'plan', '-f', file, '--prune', '--exit-code']);
  expect([0, 6], `${org} ${flags.join(' ')} --prune: ${pruned.stderr}`).toContain(pruned.code);
}

describe('org pull and plan after transfers', () => {
  it('a transferred space, and a collection with published spaces, leave the sites; pull then plan of every demo organization is never exit 2', () =>
    withTestApi({}, async (api) => {
      const spaces = await ids(api, 'spaces');
      const collections = await ids(api, 'collections');
      const before = parse((await api.cli(['org', 'pull', '--only', 'sites'])).stdout);
      const committed = await pullTo(api);
      expect(published(before)).toEqual(expect.arrayContaining([spaces['Installation Guide'], spaces['REST API'], spaces.SDKs]));

      expect((await api.cli(['spaces', 'transfer', spaces['Installation Guide'], '--to-org', INITECH])).code).toBe(0);
      expect((await api.cli(['collections', 'transfer', collections.API, '--to-org', INITECH])).code).toBe(0);
      // A published space in the trash stays published (the site keeps it until it is gone).
      expect((await api.cli(['spaces', 'delete', spaces.Architecture, '--yes'])).code).toBe(0);

      const after = parse((await api.cli(['org', 'pull', '--only', 'sites'])).stdout);
      expect(published(after)).not.toContain(spaces['Installation Guide']);
      expect(published(after)).not.toContain(spaces['REST API']);
      expect(published(after)).not.toContain(spaces.SDKs);
      expect(published(after)).toContain(spaces.Architecture);
      expect(Object.keys(await ids(api, 'spaces', INITECH)).sort()).toEqual(['Installation Guide', 'REST API', 'SDKs', 'Webhooks']);

      // The file pulled before the transfers: drift (exit 6), the site spaces of what left named, never exit 2.
      const stale = await api.cli(['org', 'plan', '-f', committed, '--exit-code']);
      expect(stale.code, stale.stderr).toBe(6);
      expect(stale.stdout).toContain(`/${spaces['Installation Guide']}": its space is not in the organization (deleted, or transferred to another one): publish another space there, or take this site space out of the file`);

      const orgs = JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout) as { id: string }[];
      for (const org of orgs) for (const flags of [[], ['--portable']]) await pullAndPlan(api, org.id, flags);
    }));

  it('a transfer back: the space is a plain space of the organization again, published by nothing', () =>
    withTestApi({}, async (api) => {
      const spaces = await ids(api, 'spaces');
      expect((await api.cli(['spaces', 'transfer', spaces.Welcome, '--to-org', INITECH])).code).toBe(0);
      expect((await api.cli(['--org', INITECH, 'spaces', 'transfer', spaces.Welcome, '--to-org', api.sandbox.defaultOrg!])).code).toBe(0);
      const file = await pullTo(api);
      const doc = parse(readFileSync(file, 'utf8'));
      expect(published(doc)).not.toContain(spaces.Welcome);
      expect(doc.spaces.find((s: any) => s.id === spaces.Welcome)).toMatchObject({ title: 'Welcome', collection: null });
      expect((await api.cli(['org', 'plan', '-f', file, '--exit-code'])).code).toBe(0);
    }));
});
