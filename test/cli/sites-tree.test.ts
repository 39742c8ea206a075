// docplat sites tree: the demo sites as indented text (exact, piped), drawn
// on a terminal, as one JSON document, from five requests.
import { describe, expect, it } from 'vitest';
import { runInProcess, setFaults, tsv, until, useTestApi, withTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();

async function json(t: TestApi, args: string[]) {
  const r = await t.cli([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

async function siteIds(t: TestApi): Promise<Record<string, string>> {
  const r = await t.cli(['sites', 'list', '--fields', 'title,id']);
  return Object.fromEntries(tsv(r.stdout));
}

/** The ids the help center's tree shows, from the lists of its parts. */
async function helpIds(t: TestApi) {
  const site = (await siteIds(t))['Acme Help Center'];
  const sections = await json(t, ['sections', 'list', '--site', site]);
  const groups = await json(t, ['section-groups', 'list', '--site', site]);
  const section = (title: string) => sections.find((s: { title: string }) => s.title === title);
  const ss = (title: string) => sections.flatMap((s: { siteSpaces: unknown[] }) => s.siteSpaces).find((x: { title: string }) => x.title === title);
  const space = (title: string) => `${ss(title).space.id})  /${ss(title).path}, site space ${ss(title).id}`;
  return { site, section: (t: string) => section(t).id, group: (t: string) => groups.find((g: { title: string }) => g.title === t).id, space };
}

describe('sites tree', () => {
  it('prints the help center as indented text when piped', async () => {
    const { site, section, group, space } = await helpIds(api);
    const r = await api.cli(['sites', 'tree', site]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        `Acme Help Center (${site})  public, published, https://acme-docs.docplat.test/help/`,
        `  group Learn (${group('Learn')})`,
        `    section Get started (${section('Get started')})  /get-started, default`,
        `      space Welcome (${space('Welcome')}, default`,
        `      space Getting Started (${space('Getting Started')}`,
        `    section Guides (${section('Guides')})  /guides`,
        `      space Installation Guide (${space('Installation Guide')}, default`,
        `      space Troubleshooting (${space('Troubleshooting')}, if visitor.claims.unsigned.customer`,
        `  group Build (${group('Build')})`,
        `    section API (${section('API')})  /api, if visitor.claims.unsigned.developer`,
        `      space REST API (${space('REST API')}, default`,
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('');
  });

  it('--output csv and tsv: one row per part of the tree, in the order it is drawn, with its parent', async () => {
    const { site, section, group } = await helpIds(api);
    const r = await api.cli(['sites', 'tree', site, '--output', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.split('\n').filter(Boolean);
    expect(rows[0]).toBe('KIND,ID,TITLE,PARENT,DEPTH,PATH,SPACE,DEFAULT,CONDITION,STATE');
    expect(rows[1]).toBe(`site,${site},Acme Help Center,,0,,,,,"public, published"`);
    expect(rows[2]).toBe(`section-group,${group('Learn')},Learn,${site},1,,,,,`);
    expect(rows[3]).toBe(`section,${section('Get started')},Get started,${group('Learn')},2,get-started,,true,,`);
    expect(rows.map((l) => l.split(',')[0]).slice(1)).toEqual(['site', 'section-group', 'section', 'site-space', 'site-space', 'section', 'site-space', 'site-space', 'section-group', 'section', 'site-space']);
    const tsvRows = tsv((await api.cli(['sites', 'tree', site, '--output', 'tsv'])).stdout);
    expect(tsvRows).toHaveLength(rows.length - 1);
    expect(tsvRows[2].slice(0, 4)).toEqual(['section', section('Get started'), 'Get started', group('Learn')]);
  });

  it('draws the tree on a terminal', async () => {
    const { site } = await helpIds(api);
    const r = await runInProcess(['sites', 'tree', site], { env: api.env(), stdoutTTY: true });
    expect(r.code, r.stderr).toBe(0);
    const shape = r.stdout.split('\n').map((l) => l.replace(/[^│├└─ ].*$/, ''));
    expect(shape).toEqual(['', '├── ', '│   ├── ', '│   │   ├── ', '│   │   └── ', '│   └── ', '│       ├── ', '│       └── ', '└── ', '    └── ', '        └── ', '']);
  });

  it('a site without sections shows its site spaces at the root, and its share links with their state', async () => {
    const ids = await siteIds(api);
    const sdks = (await json(api, ['site-spaces', 'list', '--site', ids['Acme Partners']]))[0];
    const links = await json(api, ['share-links', 'list', '--site', ids['Acme Partners']]);
    const r = await api.cli(['sites', 'tree', ids['Acme Partners']]);
    expect(r.stdout).toBe(
      [
        `Acme Partners (${ids['Acme Partners']})  share-link, published`,
        `  space SDKs (${sdks.space.id})  /sdks, site space ${sdks.id}, default`,
        '  share links',
        `    Partner A (${links[0].id})  active`,
        `    Former partner (${links[1].id})  inactive`,
        '',
      ].join('\n'),
    );
    const internal = await api.cli(['sites', 'tree', ids['Acme Internal']]);
    expect(internal.stdout.split('\n')[0]).toBe(`Acme Internal (${ids['Acme Internal']})  unlisted, not published`);
    expect(internal.stdout.split('\n').slice(1, 3).map((l) => l.replace(/ \(.*$/, ''))).toEqual(['  space Architecture', '  space Onboarding']);
  });

  it('--json is one document of the API objects, fetched with five requests', async () => {
    const { site } = await helpIds(api);
    const before = api.sandbox.requestCount;
    const doc = await json(api, ['sites', 'tree', site]);
    expect(api.sandbox.requestCount - before).toBe(5);
    expect(Object.keys(doc)).toEqual(['site', 'structure', 'siteSpaces', 'shareLinks']);
    expect(doc.site).toMatchObject({ object: 'site', id: site });
    expect(doc.structure.map((x: { object: string; title: string }) => `${x.object} ${x.title}`)).toEqual(['site-section-group Learn', 'site-section-group Build']);
    expect(doc.structure[0].sections.map((s: { title: string; siteSpaces: unknown[] }) => [s.title, s.siteSpaces.length])).toEqual([['Get started', 2], ['Guides', 2]]);
    expect(doc.siteSpaces).toEqual([]);
    const jq = await api.cli(['sites', 'tree', site, '--jq', '[.structure[].sections[].title] | join(",")']);
    expect(jq.stdout).toBe('Get started,Guides,API\n');
    const fields = await api.cli(['sites', 'tree', site, '--fields', 'site.title,site.visibility']);
    expect(fields.code, fields.stderr).toBe(0);
    expect(fields.stdout).toBe('Acme Help Center\tpublic\n'); // the document's fields, not the tree with --fields ignored
    const unknown = await api.cli(['sites', 'tree', site, '--fields', 'site.nope,sitee']);
    expect(unknown.code).toBe(2);
  });

  it('keeps the site order of groups (empty ones too) and ungrouped sections; control characters escaped', async () => {
    await withTestApi({}, async (t) => {
      const { site, group, section } = await helpIds(t);
      const top = async () => (await t.cli(['sites', 'tree', site])).stdout.split('\n').filter((l) => /^ {2}\S/.test(l)).map((l) => l.replace(/ \(.*$/, ''));
      const empty = await json(t, ['section-groups', 'create', '--site', site, '--title', 'Empty\nline']);
      expect(await top()).toEqual(['  group Learn', '  group Build', '  group Empty\\nline']);
      await t.cli(['section-groups', 'move', empty.id, '--site', site, '--before', group('Build')]);
      expect(await top()).toEqual(['  group Learn', '  group Empty\\nline', '  group Build']);
      await t.cli(['section-groups', 'remove-section', group('Build'), section('API'), '--site', site, '--yes']);
      expect(await top()).toEqual(['  group Learn', '  group Empty\\nline', '  group Build', '  section API']);
    });
  });

  it('sends its five requests at once: all five reach a server that answers none of them', async () => {
    await withTestApi({}, async (t) => {
      const { 'Acme Help Center': site } = await siteIds(t);
      await setFaults(t, 'hang=1');
      const before = t.sandbox.requestCount;
      const run = t.cli(['sites', 'tree', site, '--timeout', '3', '--retries', '0']);
      // One after the other, the second would wait for the first's answer, which never comes.
      await until(() => t.sandbox.requestCount - before === 5, 'five requests in flight at once');
      const r = await run;
      expect(r.code).toBe(1);
      expect(t.sandbox.requestCount - before).toBe(5);
    });
  });

  it('an unknown site is exit 3, a bad id exit 2 with nothing sent', async () => {
    const r = await api.cli(['sites', 'tree', 'nope']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/404 No site with id nope/);
    const before = api.sandbox.requestCount;
    const bad = await api.cli(['sites', 'tree', 'a b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: invalid site id "a b": ids have no spaces, slashes, ? or #\n');
    expect(api.sandbox.requestCount).toBe(before);
  });
});
