// Docs sites through the CLI (in this process) against the sandbox: every
// command and flag of sites, sections, section-groups, site-spaces and
// share-links, the output modes, null versus unchanged for nullable fields,
// moves, bulk deletes and the published view with share keys.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, BIN, lines, runCli, runInProcess, tempDir, tsv, useTestApi, withTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();

/** Runs the CLI and expects exit 0; returns stdout. */
async function ok(t: TestApi, args: string[], input?: string): Promise<string> {
  const r = await t.cli(args, { input });
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}
const json = async (t: TestApi, args: string[]) => JSON.parse(await ok(t, [...args, '--json']));

/** Demo site ids by title. */
async function sites(t: TestApi = api): Promise<Record<string, string>> {
  return Object.fromEntries(tsv(await ok(t, ['sites', 'list', '--fields', 'title,id'])));
}

/** A fresh site of two spaces, for tests that change things. */
async function freshSite(t: TestApi, title = 'Scratch site'): Promise<{ site: string; spaces: string[] }> {
  const spaces = lines(await ok(t, ['spaces', 'list', '--limit', '4', '--fields', 'id']));
  const site = (await json(t, ['sites', 'create', '--title', title, '--space', spaces[0], '--space', spaces[1]])).id;
  return { site, spaces };
}

describe('sites', () => {
  it('list: TSV rows when piped, --published / --unpublished, --title, --space, --json', async () => {
    const rows = tsv(await ok(api, ['sites', 'list']));
    expect(rows.map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ['Acme Help Center', 'public', 'true', '5'],
      ['Acme Internal', 'unlisted', 'false', '2'],
      ['Acme Partners', 'share-link', 'true', '1'],
    ]);
    expect(rows[0][5]).toBe('https://acme-docs.docplat.test/help/');
    expect(lines(await ok(api, ['sites', 'list', '--published', '--fields', 'title']))).toEqual(['Acme Help Center', 'Acme Partners']);
    expect(lines(await ok(api, ['sites', 'list', '--unpublished', '--fields', 'title']))).toEqual(['Acme Internal']);
    expect(lines(await ok(api, ['sites', 'list', '--title', 'partners', '--fields', 'title']))).toEqual(['Acme Partners']);
    const sdks = (await json(api, ['spaces', 'list', '--all'])).find((s: { title: string }) => s.title === 'SDKs').id;
    expect(lines(await ok(api, ['sites', 'list', '--space', sdks, '--fields', 'title']))).toEqual(['Acme Partners']);
    const all = await json(api, ['sites', 'list']);
    expect(all.map((s: { object: string }) => s.object)).toEqual(['site', 'site', 'site']);
    const jsonl = lines(await ok(api, ['sites', 'list', '--jsonl']));
    expect(jsonl.map((l) => JSON.parse(l).title)).toEqual(['Acme Help Center', 'Acme Internal', 'Acme Partners']);
    const csv = lines(await ok(api, ['sites', 'list', '--output', 'csv']));
    expect(csv[0]).toBe('ID,TITLE,VISIBILITY,PUBLISHED,SITE SPACES,URL');
  });

  it('get prints the site as label and value on a terminal, the fields asked for as one TSV row when piped', async () => {
    const { 'Acme Help Center': help } = await sites();
    const r = await runInProcess(['sites', 'get', help], { env: api.env(), stdoutTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^ID +${help}$`, 'm'));
    expect(r.stdout).toMatch(/^Visibility +public$/m);
    expect(r.stdout).toMatch(/^Basename +help$/m);
    const row = tsv(await ok(api, ['sites', 'get', help, '--fields', 'id,title,type,visibility,published,basename']))[0];
    expect(row).toEqual([help, 'Acme Help Center', 'premium', 'public', 'true', 'help']);
  });

  it('create with --type, --visibility and repeated --space; update every flag; --no-proxy sends null, leaving it out keeps it', async () => {
    await withTestApi({}, async (t) => {
      const spaces = lines(await ok(t, ['spaces', 'list', '--limit', '3', '--fields', 'id']));
      const site = await json(t, ['sites', 'create', '--title', 'Dev portal', '--type', 'premium', '--visibility', 'unlisted', '--space', spaces[0], '--space', spaces[1]]);
      expect(site).toMatchObject({ title: 'Dev portal', type: 'premium', visibility: 'unlisted', siteSpaces: 2, published: false });
      const ss = await json(t, ['site-spaces', 'list', '--site', site.id]);
      const up = await json(t, [
        'sites', 'update', site.id, '--title', 'Developer portal', '--visibility', 'public', '--basename', 'dev',
        '--adaptive-content', 'on', '--default-site-space', ss[1].id, '--proxy', 'acme.example/dev',
      ]);
      expect(up).toMatchObject({ title: 'Developer portal', visibility: 'public', basename: 'dev', adaptiveContent: { enabled: true }, proxy: { origin: 'acme.example/dev' } });
      expect((await json(t, ['site-spaces', 'list', '--site', site.id, '--default'])).map((s: { id: string }) => s.id)).toEqual([ss[1].id]);
      const kept = await json(t, ['sites', 'update', site.id, '--adaptive-content', 'off']);
      expect(kept.proxy.origin).toBe('acme.example/dev');
      expect(kept.adaptiveContent.enabled).toBe(false);
      const dry = await t.cli(['sites', 'update', site.id, '--no-proxy', '--dry-run']);
      expect(dry.stdout).toMatch(/^PATCH \S+\/sites\/\w+ \{"proxy":null\}$/m);
      const cleared = await json(t, ['sites', 'update', site.id, '--no-proxy']);
      expect(cleared.proxy).toBeUndefined();

      const sections = await json(t, ['sections', 'create', '--site', site.id, '--space', spaces[2], '--title', 'Second']);
      const first = await json(t, ['sections', 'create', '--site', site.id, '--space', spaces[0], '--title', 'Third']);
      expect(sections.default).toBe(true);
      await ok(t, ['sites', 'update', site.id, '--default-section', first.id]);
      const list = await json(t, ['sections', 'list', '--site', site.id]);
      expect(list.map((s: { title: string; default: boolean }) => [s.title, s.default])).toEqual([['Second', false], ['Third', true]]);
    });
  });

  it('delete takes several ids or -, asks for --yes off a terminal, dry-runs, reports each id and exits 5 when some fail', async () => {
    await withTestApi({}, async (t) => {
      const a = (await freshSite(t, 'One')).site;
      const b = (await freshSite(t, 'Two')).site;
      const c = (await freshSite(t, 'Three')).site;
      const refused = await t.cli(['sites', 'delete', a]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/needs confirmation; pass --yes/);
      const dry = await t.cli(['sites', 'delete', a, b, '--dry-run']);
      expect(lines(dry.stdout).map((l) => l.split(' ')[0])).toEqual(['DELETE', 'DELETE']);
      const r = await t.cli(['sites', 'delete', '-', '--yes'], { input: `${a}\n${b}\n` });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`${a}: deleted`);
      expect(r.stderr).toMatch(/deleted 2 of 2/);
      const partly = await t.cli(['sites', 'delete', a, c, '--yes']);
      expect(partly.code).toBe(0);
      expect(partly.stderr).toContain(`${a}: skipped (not found: already deleted, or never existed)`);
      expect(partly.stderr).toMatch(/deleted 1 of 2, 1 skipped$/m);
      expect(lines(await ok(t, ['sites', 'list', '--fields', 'title']))).not.toContain('Three');
      const one = await t.cli(['sites', 'delete', a, '--yes']);
      expect(one.code).toBe(0);
      expect(one.stderr).toContain(`${a}: skipped (not found: already deleted, or never existed)`);
    });
  });

  it('published: the public site; a share-link site with an active key; exit 3 with an inactive or missing key', async () => {
    const { 'Acme Help Center': help, 'Acme Partners': partners } = await sites();
    const pub = await json(api, ['sites', 'published', help]);
    expect(pub.structure.structure.map((s: { title: string }) => s.title)).toEqual(['Get started', 'Guides', 'API']);
    const row = tsv(await ok(api, ['sites', 'published', help, '--fields', 'site.id,site.title,site.visibility,site.urls.published,structure.type,structure.structure.length']))[0];
    expect(row).toEqual([help, 'Acme Help Center', 'public', 'https://acme-docs.docplat.test/help/', 'sections', '3']);
    // The API's message names its field; the flag that fills it is named too.
    const keyless = await api.cli(['sites', 'published', partners]);
    expect(keyless.code).toBe(3);
    expect(keyless.stderr).toContain('give a "shareKey" (--share-key)');
    const links = await json(api, ['share-links', 'list', '--site', partners]);
    const key = (l: { urls: { published: string } }) => new URL(l.urls.published).searchParams.get('share')!;
    const shared = await json(api, ['sites', 'published', partners, '--share-key', key(links[0])]);
    expect(shared.site.urls.published).toBe(links[0].urls.published);
    const inactive = await api.cli(['sites', 'published', partners, '--share-key', key(links[1])]);
    expect(inactive.code).toBe(3);
    expect(inactive.stderr).toMatch(/No active share link/);
    expect(inactive.stderr).not.toContain(key(links[1]));
    expect(inactive.stderr).toContain('shareKey=***');
    const debug = await api.cli(['sites', 'published', partners, '--share-key', key(links[0]), '--debug']);
    expect(debug.stderr).toMatch(/> GET \S+\/published\?shareKey=\*\*\*$/m);
    expect(debug.stderr).not.toContain(key(links[0]));
    expect((await api.cli(['sites', 'published', partners])).code).toBe(3);
  });

  it('adaptive-schema and set-adaptive-schema --file (a file or - for stdin)', async () => {
    await withTestApi({}, async (t) => {
      const { 'Acme Help Center': help } = await sites(t);
      const before = await json(t, ['sites', 'adaptive-schema', help]);
      expect(before.jsonSchema).toMatchObject({ type: 'object', additionalProperties: false });
      const schema = {
        type: 'object',
        properties: {
          unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: { beta: { type: 'boolean', description: 'Beta tester' } }, additionalProperties: false },
          developer: { type: 'boolean', description: 'A developer' },
        },
        additionalProperties: false,
      };
      const file = join(tempDir(), 'schema.json');
      writeFileSync(file, JSON.stringify(schema, null, 2));
      const set = await json(t, ['sites', 'set-adaptive-schema', help, '--file', file]);
      expect(set.jsonSchema).toEqual(schema);
      expect(await ok(t, ['sites', 'adaptive-schema', help, '--jq', '.jsonSchema.properties.developer.type'])).toBe('boolean\n');
      const stdin = { ...schema, properties: { ...schema.properties, admin: { type: 'boolean', description: 'An admin' } } };
      const r = await t.cli(['sites', 'set-adaptive-schema', help, '--file', '-', '--json'], { input: JSON.stringify(stdin) });
      expect(r.code, r.stderr).toBe(0);
      expect(Object.keys(JSON.parse(r.stdout).jsonSchema.properties)).toEqual(['unsigned', 'developer', 'admin']);
      expect(await ok(t, ['sites', 'adaptive-schema', help, '--fields', 'jsonSchema', '--jq', '.jsonSchema.properties | keys | length'])).toBe('3\n');
    });
  });
});

describe('sections', () => {
  it('list: TSV and --json with site spaces; --share-key resolves the published URLs', async () => {
    const { 'Acme Help Center': help } = await sites();
    const rows = tsv(await ok(api, ['sections', 'list', '--site', help]));
    expect(rows.map((r) => [r[1], r[2], r[3], r[5] ?? ''])).toEqual([
      ['Get started', 'get-started', 'true', ''],
      ['Guides', 'guides', 'false', ''],
      ['API', 'api', 'false', 'visitor.claims.unsigned.developer'],
    ]);
    const table = await runInProcess(['sections', 'list', '--site', help], { env: api.env(), stdoutTTY: true });
    expect(table.code, table.stderr).toBe(0);
    // At 80 columns the group's id stays whole: CONDITION is left out (and said so); a wider terminal shows it.
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +TITLE +PATH +DEFAULT +GROUP$/);
    expect(table.stderr).toMatch(/^Left out to fit 80 columns: CONDITION /);
    expect(table.stdout).toMatch(/^\w{20} +API +api +false +\w{20}$/m);
    const list = await json(api, ['sections', 'list', '--site', help]);
    expect(list[0].siteSpaces.map((s: { title: string }) => s.title)).toEqual(['Welcome', 'Getting Started']);
    const dry = await api.cli(['sections', 'list', '--site', help, '--share-key', 'k1', '--dry-run']);
    // The key is sent, and shown masked (the operation declares it a secret).
    expect(dry.stdout).toMatch(/\/sections\?shareKey=\*\*\*$/m);
  });

  it('create, update (null versus unchanged for condition, icon, description), move, delete', async () => {
    await withTestApi({}, async (t) => {
      const { site, spaces } = await freshSite(t);
      const a = await json(t, ['sections', 'create', '--site', site, '--space', spaces[2], '--title', 'Alpha']);
      expect(a).toMatchObject({ title: 'Alpha', path: 'alpha', default: true });
      expect(a.siteSpaces).toHaveLength(1);
      const b = await json(t, ['sections', 'create', '--site', site, '--space', spaces[3], '--title', 'Beta']);
      const up = await json(t, ['sections', 'update', a.id, '--site', site, '--title', 'Alpha 2', '--path', 'a2', '--condition', 'visitor.claims.unsigned.x', '--icon', 'star', '--description', 'First']);
      expect(up).toMatchObject({ title: 'Alpha 2', path: 'a2', condition: 'visitor.claims.unsigned.x', icon: 'star', description: 'First' });
      const kept = await json(t, ['sections', 'update', a.id, '--site', site, '--title', 'Alpha 3']);
      expect(kept).toMatchObject({ condition: 'visitor.claims.unsigned.x', icon: 'star', description: 'First' });
      const dry = await t.cli(['sections', 'update', a.id, '--site', site, '--no-condition', '--no-icon', '--no-description', '--dry-run']);
      expect(dry.stdout).toContain('{"condition":null,"icon":null,"description":null}');
      const cleared = await json(t, ['sections', 'update', a.id, '--site', site, '--no-condition', '--no-icon', '--no-description']);
      expect(cleared).not.toHaveProperty('condition');
      expect(cleared).not.toHaveProperty('icon');
      expect(cleared).not.toHaveProperty('description');

      const extra = await json(t, ['site-spaces', 'add', '--site', site, '--space', spaces[0], '--section', a.id]);
      const def = await json(t, ['sections', 'update', a.id, '--site', site, '--default-site-space', extra.id]);
      expect(def.siteSpaces.map((s: { default: boolean }) => s.default)).toEqual([false, true]);

      const moveDry = await t.cli(['sections', 'move', b.id, '--site', site, '--before', a.id, '--dry-run']);
      expect(moveDry.stdout).toContain(`{"position":{"before":{"type":"site-section","siteSection":"${a.id}"}}}`);
      await ok(t, ['sections', 'move', b.id, '--site', site, '--before', a.id]);
      expect(lines(await ok(t, ['sections', 'list', '--site', site, '--fields', 'title']))).toEqual(['Beta', 'Alpha 3']);

      const del = await t.cli(['sections', 'delete', a.id, b.id, '--site', site, '--yes']);
      expect(del.code, del.stderr).toBe(0);
      expect(del.stderr).toMatch(/deleted 2 of 2/);
      expect(await ok(t, ['sections', 'list', '--site', site])).toBe('');
      expect(lines(await ok(t, ['site-spaces', 'list', '--site', site, '--fields', 'title']))).toHaveLength(2);
    });
  });
});

describe('section-groups', () => {
  it('list, create with --section, update (--no-icon), add-section, remove-section (several, skip when absent), move, delete', async () => {
    await withTestApi({}, async (t) => {
      const { 'Acme Help Center': help } = await sites(t);
      const rows = tsv(await ok(t, ['section-groups', 'list', '--site', help]));
      expect(rows.map((r) => r.slice(1))).toEqual([['Learn', 'book', '2'], ['Build', '', '1']]);
      const [start, guides, apiSection] = await json(t, ['sections', 'list', '--site', help]);
      const group = await json(t, ['section-groups', 'create', '--site', help, '--title', 'More', '--icon', 'star', '--section', apiSection.id]);
      expect(group.sections.map((s: { title: string }) => s.title)).toEqual(['API']);
      const up = await json(t, ['section-groups', 'update', group.id, '--site', help, '--title', 'Even more', '--no-icon']);
      expect(up).toMatchObject({ title: 'Even more' });
      expect(up).not.toHaveProperty('icon');
      const added = await json(t, ['section-groups', 'add-section', group.id, start.id, '--site', help]);
      expect(added.sections.map((s: { title: string }) => s.title)).toEqual(['API', 'Get started']);
      const removed = await t.cli(['section-groups', 'remove-section', group.id, start.id, guides.id, '--site', help, '--yes']);
      expect(removed.code, removed.stderr).toBe(0);
      expect(removed.stderr).toContain(`${start.id}: removed`);
      expect(removed.stderr).toContain(`${guides.id}: skipped (not in the group)`);
      const groups = await json(t, ['section-groups', 'list', '--site', help]);
      expect(groups.map((g: { title: string; sections: { title: string }[] }) => [g.title, g.sections.map((s) => s.title)])).toEqual([
        ['Learn', ['Guides']],
        ['Build', []],
        ['Even more', ['API']],
      ]);
      const dry = await t.cli(['section-groups', 'move', group.id, '--site', help, '--before', groups[0].id, '--dry-run']);
      expect(dry.stdout).toContain(`{"position":{"before":{"type":"site-section","id":"${groups[0].id}"}}}`);
      await ok(t, ['section-groups', 'move', group.id, '--site', help, '--before', groups[0].id]);
      expect(lines(await ok(t, ['section-groups', 'list', '--site', help, '--fields', 'title']))).toEqual(['Even more', 'Learn', 'Build']);
      const del = await t.cli(['section-groups', 'delete', group.id, '--site', help, '--yes']);
      expect(del.code, del.stderr).toBe(0);
      expect(lines(await ok(t, ['section-groups', 'list', '--site', help, '--fields', 'title']))).toEqual(['Learn', 'Build']);
    });
  });
});

describe('site-spaces', () => {
  it('list --default / --no-default, add, update (--no-condition), move, remove several', async () => {
    const { 'Acme Help Center': help } = await sites();
    expect(lines(await ok(api, ['site-spaces', 'list', '--site', help, '--default', '--fields', 'title']))).toEqual(['Welcome', 'Installation Guide', 'REST API']);
    expect(lines(await ok(api, ['site-spaces', 'list', '--site', help, '--no-default', '--fields', 'title']))).toEqual(['Getting Started', 'Troubleshooting']);
    expect(lines(await ok(api, ['site-spaces', 'list', '--site', help, '--fields', 'title']))).toHaveLength(5);

    await withTestApi({}, async (t) => {
      const { site, spaces } = await freshSite(t);
      const added = await json(t, ['site-spaces', 'add', '--site', site, '--space', spaces[2]]);
      expect(added).toMatchObject({ default: false, space: { id: spaces[2] } });
      const up = await json(t, ['site-spaces', 'update', added.id, '--site', site, '--path', 'third', '--condition', 'visitor.claims.unsigned.beta']);
      expect(up).toMatchObject({ path: 'third', condition: 'visitor.claims.unsigned.beta' });
      expect((await json(t, ['site-spaces', 'update', added.id, '--site', site, '--path', 'third-2'])).condition).toBe('visitor.claims.unsigned.beta');
      expect(await json(t, ['site-spaces', 'update', added.id, '--site', site, '--no-condition'])).not.toHaveProperty('condition');
      const all = await json(t, ['site-spaces', 'list', '--site', site]);
      await ok(t, ['site-spaces', 'move', added.id, '--site', site, '--before', all[0].id]);
      expect(lines(await ok(t, ['site-spaces', 'list', '--site', site, '--fields', 'id']))).toEqual([added.id, all[0].id, all[1].id]);
      const r = await t.cli(['site-spaces', 'remove', '-', '--site', site, '--yes', '--json'], { input: `${added.id} ${all[1].id} nope` });
      expect(r.code).toBe(0);
      const results = JSON.parse(r.stdout);
      expect(results.map((x: { id: string; result: string }) => [x.id, x.result]).sort()).toEqual([[added.id, 'ok'], [all[1].id, 'ok'], ['nope', 'skipped']].sort());
      expect(lines(await ok(t, ['site-spaces', 'list', '--site', site, '--fields', 'id']))).toEqual([all[0].id]);
    });
  });
});

describe('share-links', () => {
  it('create prints the link with its published URL on stdout only; update --inactive/--active/--name; delete several', async () => {
    await withTestApi({}, async (t) => {
      const { 'Acme Partners': partners } = await sites(t);
      const r = await t.cli(['share-links', 'create', '--site', partners, '--name', 'Partner B', '--debug', '--fields', 'id,name,active,createdAt,urls.published']);
      expect(r.code, r.stderr).toBe(0);
      const [row] = tsv(r.stdout);
      expect(row[1]).toBe('Partner B');
      expect(row[2]).toBe('true');
      const url = row[4];
      expect(url).toMatch(/^https:\/\/acme-docs\.docplat\.test\/acme-partners\/\?share=\w+$/);
      const key = new URL(url).searchParams.get('share')!;
      expect(r.stderr).toMatch(/> POST /);
      expect(r.stderr).not.toContain(key);
      expect((await t.cli(['sites', 'published', partners, '--share-key', key])).code).toBe(0);

      expect(tsv(await ok(t, ['share-links', 'list', '--site', partners])).map((x) => x.slice(1, 3))).toEqual([
        ['Partner A', 'true'],
        ['Former partner', 'false'],
        ['Partner B', 'true'],
      ]);
      expect(await ok(t, ['share-links', 'list', '--site', partners])).not.toContain(key);
      expect(await json(t, ['share-links', 'update', row[0], '--site', partners, '--inactive'])).toMatchObject({ active: false, name: 'Partner B' });
      expect((await t.cli(['sites', 'published', partners, '--share-key', key])).code).toBe(3);
      expect(await json(t, ['share-links', 'update', row[0], '--site', partners, '--active', '--name', 'Partner B2'])).toMatchObject({ active: true, name: 'Partner B2' });
      const ids = lines(await ok(t, ['share-links', 'list', '--site', partners, '--fields', 'id']));
      const del = await t.cli(['share-links', 'delete', ...ids, '--site', partners, '--yes']);
      expect(del.code, del.stderr).toBe(0);
      expect(del.stderr).toMatch(/deleted 3 of 3/);
      expect(await ok(t, ['share-links', 'list', '--site', partners])).toBe('');
    });
  });

  it('--sandbox in a pipeline: `share-links list | share-links delete -` both on the embedded sandbox, the list first', async () => {
    const env = baseEnv();
    const bin = `"${process.execPath}" "${BIN}" --sandbox`;
    const site = (await runCli(['--sandbox', 'sites', 'list', '--jq', '.[] | select(.title == "Acme Partners") | .id'], { env })).stdout.trim();
    const script = `set -o pipefail; ${bin} share-links list --site ${site} --jq '.[].id' | ${bin} share-links delete - --site ${site} --yes`;
    const started = Date.now();
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const sh = spawn('bash', ['-c', script], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      sh.stderr.on('data', (d) => (stderr += d));
      sh.on('close', (code) => resolve({ code, stderr }));
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/deleted 2 of 2/);
    expect(Date.now() - started).toBeLessThan(20_000); // not the 30 s wait for the sandbox's lock
    expect((await runCli(['--sandbox', 'share-links', 'list', '--site', site], { env })).stdout).toBe('');
  }, 60_000);
});

describe('sites publish and unpublish (public OpenAPI description 0.202.0)', () => {
  it('flip the published flag; a site already so is skipped; --published lists follow', async () => {
    await withTestApi({}, async (t) => {
      const { 'Acme Internal': internal, 'Acme Help Center': help } = await sites(t);
      const pub = await t.cli(['sites', 'publish', internal, help]);
      expect(pub.code, pub.stderr).toBe(0);
      expect(tsv(pub.stdout).sort()).toEqual([[help, 'skipped', 'already published'], [internal, 'ok', 'published']].sort());
      expect(lines(await ok(t, ['sites', 'list', '--unpublished', '--fields', 'title']))).toEqual([]);
      expect((await json(t, ['sites', 'get', internal])).published).toBe(true);
      const off = await t.cli(['sites', 'unpublish', internal]);
      expect(off.code, off.stderr).toBe(0);
      expect(lines(await ok(t, ['sites', 'list', '--unpublished', '--fields', 'title']))).toEqual(['Acme Internal']);
      const again = await t.cli(['sites', 'unpublish', internal]);
      expect(tsv(again.stdout)).toEqual([[internal, 'skipped', 'already unpublished']]);
      expect((await t.cli(['sites', 'publish', 'nosuchsite'])).code).toBe(3);
    });
  });
});
