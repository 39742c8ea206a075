// docplat org pull / plan / apply / schema against the sandbox: the round
// trip on the demo organization, each kind's create, update, rename by id,
// move and prune, the no-change second apply, saved plans refused after
// drift, bad files (exit 2, nothing read), the platform's rules at plan time.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEMO_CERTIFICATE } from '../../src/sandbox/families/sso/index.js';
import { baseEnv, runInProcess, tempDir, withTestApi, type TestApi } from '../helpers.js';

const dir = tempDir('docplat-org-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function write(text: string): string {
  const file = join(dir, `org-${n++}.yaml`);
  writeFileSync(file, text);
  return file;
}

/** The organization as pulled, parsed. */
async function pulled(api: TestApi, only?: string): Promise<any> {
  const r = await api.cli(['org', 'pull', ...(only ? ['--only', only] : [])]);
  expect(r.code, r.stderr).toBe(0);
  return parse(r.stdout);
}

async function planJson(api: TestApi, file: string, ...more: string[]): Promise<{ changes: any[]; summary: Record<string, number>; unmanaged: any[] }> {
  const r = await api.cli(['org', 'plan', '-f', file, '--json', ...more]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

const sandboxOpts = {};

describe('org pull and plan', () => {
  it('pull is deterministic, has no secret, and plan of what was pulled is "no changes" (exit 0 with --exit-code)', () =>
    withTestApi(sandboxOpts, async (api) => {
      const a = await api.cli(['org', 'pull']);
      const b = await api.cli(['org', 'pull']);
      expect(a.code, a.stderr).toBe(0);
      expect(a.stdout).toBe(b.stdout);
      expect(a.stdout).not.toContain(api.sandbox.token);
      expect(a.stdout).not.toMatch(/shareKey|share=|dps_|dpi_/);
      const doc = parse(a.stdout);
      expect(Object.keys(doc)).toEqual(['version', 'collections', 'spaces', 'sites', 'teams', 'members', 'customFields', 'sso', 'translations', 'openapi', 'ignore']);
      // To stdout, a specification published from a file is ignored (its document has nowhere to go), said in a warning.
      expect(doc.ignore).toEqual({ openapi: ['petstore'] });
      expect(a.stderr).toContain('warning: OpenAPI specification "petstore" is published from a file');
      mkdirSync(join(dir, 'pulled'));
      const file = join(dir, 'pulled', 'docplat.yaml');
      const w = await api.cli(['org', 'pull', '--file', file]);
      expect(w.code, w.stderr).toBe(0);
      // With --file, its document is written beside the file, which names it.
      const written = parse(readFileSync(file, 'utf8'));
      expect(written).toEqual({ ...doc, ignore: undefined, openapi: [...doc.openapi, { slug: 'petstore', file: 'openapi/petstore.yaml' }] });
      expect(readFileSync(join(dir, 'pulled', 'openapi', 'petstore.yaml'), 'utf8')).toContain('Petstore');
      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toContain('No changes');
      const only = parse((await api.cli(['org', 'pull', '--only', 'teams,custom-fields'])).stdout);
      expect(Object.keys(only)).toEqual(['version', 'teams', 'customFields']);
      // --json prints the same file as JSON (JSON is YAML: plan reads it); a table, TSV or CSV is refused.
      const asJson = await api.cli(['org', 'pull', '--json']);
      expect(JSON.parse(asJson.stdout)).toEqual(doc);
      const jsonFile = write(asJson.stdout);
      expect((await api.cli(['org', 'plan', '-f', jsonFile, '--exit-code'])).code).toBe(0);
      for (const command of ['pull', 'plan', 'apply', 'schema']) {
        const refused = await api.cli(['org', command, '--output', 'csv']);
        expect(refused.code, command).toBe(2);
        expect(refused.stderr).toContain(`--output csv: \`org ${command}\` prints text, or JSON with --json`);
      }
      const bad = await api.cli(['org', 'pull', '--only', 'temas']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('did you mean "teams"');
    }));

  it('plan: one line per change grouped by kind, --json shape, --exit-code 6, leftovers unmanaged', () =>
    withTestApi(sandboxOpts, async (api) => {
      const doc = await pulled(api, 'translations,custom-fields');
      doc.translations[0].title = 'Français';
      doc.translations.pop();
      doc.customFields.push({ name: 'tier', type: 'text', title: 'Tier' });
      const file = write(stringify(doc));
      const text = await api.cli(['org', 'plan', '-f', file]);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stdout).toMatch(/^custom-fields\n {2}\+ tier {2}name: tier, type: text, title: Tier\ntranslations\n {2}~ Français \(\w+\) {2}title: French → Français\nnot in the file/m);
      expect(text.stdout).toMatch(/^ {2}\? unmanaged translation "German" \(\w+\)$/m);
      const json = await planJson(api, file);
      expect(json.summary).toEqual({ create: 1, update: 1, delete: 0, move: 0 });
      expect(json.changes[1]).toMatchObject({ action: 'update', kind: 'translations', key: 'Français', fields: { title: { from: 'French', to: 'Français' } } });
      const pruned = await planJson(api, file, '--prune');
      expect(pruned.changes.map((c) => `${c.action} ${c.key}`)).toEqual(['create tier', 'update Français', 'delete German']);
      const code = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(code.code).toBe(6);
    }));
});

describe('org apply', () => {
  it('each kind: create, update, rename by id, move, then a second apply is "no changes"', () =>
    withTestApi(sandboxOpts, async (api) => {
      const doc = await pulled(api);
      delete doc.openapi;
      delete doc.sso;
      // Collections: a new one nested under Product, a rename by id, Archive moved under Engineering.
      const product = doc.collections.find((c: any) => c.title === 'Product');
      product.collections.push({ title: 'Tutorials', description: 'Step by step', defaultLevel: 'read' });
      const engineering = doc.collections.find((c: any) => c.title === 'Engineering');
      const archive = doc.collections.find((c: any) => c.title === 'Archive');
      doc.collections = doc.collections.filter((c: any) => c !== archive);
      engineering.collections.push({ ...archive, title: 'Old stuff' });
      // Spaces: one moved into the new collection, renamed, with a custom field value.
      const space = doc.spaces.find((s: any) => s.title === 'Welcome');
      Object.assign(space, { title: 'Hello', collection: 'Product/Tutorials', editMode: 'locked' });
      space.customFields = { ...space.customFields, 'review-days': 7 };
      // Teams: a new one with a roster, a role change, a member removed.
      doc.teams.push({ title: 'Writers', members: { 'ada@acme.example': 'owner', 'bob-not-here@acme.example': undefined } });
      delete doc.teams.at(-1).members['bob-not-here@acme.example'];
      const design = doc.teams.find((t: any) => t.title === 'Design');
      design.title = 'Designers';
      design.members['ada@acme.example'] = 'member';
      delete design.members['donald@acme.example'];
      // Members, custom fields, translations.
      doc.members['tim@acme.example'] = 'edit';
      doc.customFields.push({ name: 'tier', type: 'select:single', title: 'Tier', options: ['gold', 'silver'] });
      doc.customFields.find((f: any) => f.name === 'owner').title = 'Owner (team)';
      doc.translations.push({ title: 'Spanish' });
      const file = write(stringify(doc));

      const plan = await planJson(api, file);
      expect(plan.summary).toEqual({ create: 4, update: 5, delete: 0, move: 2 });
      const applied = await api.cli(['org', 'apply', '-f', file, '--yes']);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toContain('collections Product/Tutorials: created');
      expect(applied.stdout).toContain('spaces Welcome: moved');
      expect(applied.stderr).toContain('applied 11 of 11 changes');

      const again = await api.cli(['org', 'apply', '-f', file, '--yes']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('No changes');
      // What the API says now.
      const now = await pulled(api);
      const tutorials = now.collections.find((c: any) => c.title === 'Product').collections.find((c: any) => c.title === 'Tutorials');
      expect(tutorials).toMatchObject({ description: 'Step by step', defaultLevel: 'read' });
      expect(now.collections.find((c: any) => c.title === 'Engineering').collections.map((c: any) => c.title)).toContain('Old stuff');
      expect(now.spaces.find((s: any) => s.id === space.id)).toMatchObject({ title: 'Hello', collection: 'Product/Tutorials', editMode: 'locked', customFields: { 'review-days': 7 } });
      expect(now.teams.find((t: any) => t.title === 'Writers').members).toEqual({ 'ada@acme.example': 'owner' });
      expect(now.teams.find((t: any) => t.id === design.id)).toEqual({ id: design.id, title: 'Designers', members: { 'ada@acme.example': 'member' } });
      expect(now.members['tim@acme.example']).toBe('edit');
      expect(now.customFields.find((f: any) => f.name === 'tier')).toMatchObject({ type: 'select:single', options: ['gold', 'silver'] });
      expect(now.translations.map((t: any) => t.title)).toContain('Spanish');
    }));

  it('--prune deletes what the file does not name; without a terminal --yes is required; --dry-run sends nothing', () =>
    withTestApi(sandboxOpts, async (api) => {
      const doc = await pulled(api, 'translations,custom-fields');
      doc.translations = doc.translations.filter((t: any) => t.title !== 'German');
      doc.customFields = doc.customFields.filter((f: any) => f.name !== 'platforms');
      const file = write(stringify(doc));
      const noYes = await api.cli(['org', 'apply', '-f', file, '--prune']);
      expect(noYes.code).toBe(2);
      expect(noYes.stderr).toMatch(/--yes/);
      const dry = await api.cli(['org', 'apply', '-f', file, '--prune', '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/^DELETE .*\/custom-fields\/platforms$/m);
      expect(dry.stdout).toMatch(/^DELETE .*\/translations\/\w+$/m);
      expect((await planJson(api, file, '--prune')).summary.delete).toBe(2);
      const applied = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes']);
      expect(applied.code, applied.stderr).toBe(0);
      const now = await pulled(api, 'translations,custom-fields');
      expect(now.translations.map((t: any) => t.title)).toEqual(['French']);
      expect(now.customFields.map((f: any) => f.name)).not.toContain('platforms');
      expect((await planJson(api, file, '--prune')).changes).toEqual([]);
    }));

  it('a saved plan applies as planned, and is refused (exit 1, naming resource and field) once the organization changed', () =>
    withTestApi(sandboxOpts, async (api) => {
      const doc = await pulled(api, 'translations');
      doc.translations[0].title = 'Francais';
      doc.translations[1].title = 'Deutsch';
      const file = write(stringify(doc));
      const saved = join(dir, 'saved-plan.json');
      const plan = await api.cli(['org', 'plan', '-f', file, '--out', saved]);
      expect(plan.code, plan.stderr).toBe(0);
      // Someone renames German meanwhile.
      const renamed = await api.cli(['translations', 'update', doc.translations[1].id, '--title', 'Allemand']);
      expect(renamed.code, renamed.stderr).toBe(0);
      const refused = await api.cli(['org', 'apply', saved, '--yes']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/translations Deutsch: title was "German" when planned, it is "Allemand"; plan again/);
      expect((await pulled(api, 'translations')).translations.map((t: any) => t.title)).toEqual(['Allemand', 'French']);
      // Planned again, it applies.
      expect((await api.cli(['org', 'plan', '-f', file, '--out', saved])).code).toBe(0);
      const ok = await api.cli(['org', 'apply', saved, '--yes']);
      expect(ok.code, ok.stderr).toBe(0);
      expect((await pulled(api, 'translations')).translations.map((t: any) => t.title)).toEqual(['Deutsch', 'Francais']);
      rmSync(saved);
    }));
});

describe('org apply: SSO and OpenAPI', () => {
  it('an SSO provider defaulting to a team the same apply creates, a certificate file, OpenAPI from a file and a URL; renames by id', () =>
    withTestApi({ processingMs: 0 }, async (api) => {
      const doc = await pulled(api, 'sso,openapi,translations');
      writeFileSync(join(dir, 'idp.pem'), DEMO_CERTIFICATE);
      writeFileSync(join(dir, 'pets.yaml'), 'openapi: 3.0.0\ninfo: {title: Pets, version: "2"}\npaths: {}\n');
      const okta = doc.sso.find((s: any) => s.label === 'Okta');
      Object.assign(okta, { label: 'Okta (prod)', defaultTeam: 'Newcomers', defaultRole: 'comment' });
      doc.sso.push({ label: 'Google', entityID: 'https://idp.google.example/C0', ssoURL: 'https://idp.google.example/sso', certificate: './idp.pem', defaultTeam: 'Support' });
      doc.teams = [{ title: 'Newcomers' }];
      // The other teams are left unmanaged on purpose: by pattern.
      doc.ignore = { ...doc.ignore, teams: ['*'] };
      doc.openapi = [{ slug: 'petstore', file: './pets.yaml' }, { slug: 'billing-api', url: 'https://specs.acme.example/billing/v2.yaml' }];
      const file = write(stringify(doc));
      const plan = await api.cli(['org', 'plan', '-f', file]);
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stdout).toMatch(/^ {2}~ Okta \(prod\) \(\w+\) {2}label: Okta → "Okta \(prod\)", defaultRole: read → comment, defaultTeam: \(none\) → Newcomers$/m);
      expect(plan.stdout).toMatch(/^ {2}\+ Google {2}.*certificate: "\(the certificate of the file\)", defaultTeam: Support$/m);
      expect(plan.stdout).not.toContain('MIIB');
      const applied = await api.cli(['org', 'apply', '-f', file, '--yes']);
      expect(applied.code, applied.stderr).toBe(0);
      // The provider waits for the team it names.
      const out = applied.stdout.split('\n');
      expect(out.indexOf('teams Newcomers: created')).toBeLessThan(out.indexOf('sso Okta (prod): updated'));
      const again = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(again.code, again.stdout).toBe(0);
      const now = await pulled(api, 'sso,teams');
      expect(now.sso.find((s: any) => s.id === okta.id)).toMatchObject({ label: 'Okta (prod)', defaultTeam: 'Newcomers', defaultRole: 'comment' });
      expect(now.sso.find((s: any) => s.label === 'Google').certificate).toContain('MIIBtDCCAVmgAwIBAgIU');
      const missing = write(stringify({ version: 1, sso: [{ label: 'X', certificate: './nope.pem' }] }));
      const bad = await api.cli(['org', 'plan', '-f', missing]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/:4:18: sso\[0\]\.certificate: cannot read "\.\/nope\.pem": no such file/);
    }));
});

describe('credentials in URLs', () => {
  it('pull writes them as *** with a warning; plan reads *** as the organization\'s URL (no changes, never sent), refuses it in another URL, and shows none', () =>
    withTestApi({ processingMs: 0 }, async (api) => {
      const secret = 'https://user:hunter2pass@specs.acme.example/billing.yaml?token=s3cr3tvalue&v=2';
      expect((await api.cli(['openapi', 'publish', 'billing', '--url', secret])).code).toBe(0);
      const file = join(dir, 'credentials.yaml');
      const r = await api.cli(['org', 'pull', '--only', 'openapi', '--file', file]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^warning: the URL of OpenAPI specification "billing" holds credentials: written as \*\*\*/m);
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(/hunter2pass|s3cr3tvalue/);
      expect(text).toContain('url: https://***@specs.acme.example/billing.yaml?token=***&v=2');
      // Not compared as written, not sent: the organization keeps its URL.
      const plan = await api.cli(['org', 'plan', '-f', file, '--exit-code']);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect((await api.cli(['org', 'apply', '-f', file, '--yes'])).stderr).toContain('No changes');
      // *** in a URL that is not the organization's cannot be sent: exit 2 with the line.
      const changed = write(text.replace('v=2', 'v=3'));
      const refused = await api.cli(['org', 'apply', '-f', changed, '--yes']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/:\d+:\d+: openapi\[0\]\.url: holds \*\*\* in place of a credential .*write the whole URL/);
      // A new URL: the plan (and the plan saved) shows the old one without its credentials.
      const other = write(text.replace(/url: https:\/\/\*\*\*@\S+/, 'url: https://specs.acme.example/new.yaml'));
      const out = join(dir, 'credentials-plan.json');
      const update = await api.cli(['org', 'plan', '-f', other, '--out', out]);
      expect(update.stdout).toContain('source: "https://***@specs.acme.example/billing.yaml?token=***&v=2" → "https://specs.acme.example/new.yaml"');
      expect(update.stdout + update.stderr + readFileSync(out, 'utf8')).not.toMatch(/hunter2pass|s3cr3tvalue/);
      const live = JSON.parse((await api.cli(['openapi', 'get', 'billing', '--json'])).stdout);
      expect(live.sourceURL).toBe(secret);
    }));
});

describe('org apply: sites', () => {
  it('a new site, a new section with its spaces, a section renamed by id, reordered, a group joined, a share link; prune removes a site space', () =>
    withTestApi(sandboxOpts, async (api) => {
      const doc = await pulled(api, 'sites');
      const help = doc.sites.find((s: any) => s.title === 'Acme Help Center');
      const guides = help.sections.find((s: any) => s.title === 'Guides');
      guides.title = 'How-to';
      help.sections.push({ title: 'Tutorials', path: 'tutorials', icon: 'book', spaces: [{ space: 'Architecture', path: 'arch' }, { space: 'Onboarding' }] });
      // Get started after How-to, within their group.
      const learn = help.sectionGroups.find((g: any) => g.title === 'Learn');
      learn.sections = ['How-to', 'Get started'];
      help.sections = [guides, ...help.sections.filter((s: any) => s !== guides)];
      help.sectionGroups.find((g: any) => g.title === 'Build').sections.push('Tutorials');
      help.shareLinks = [{ name: 'partners', active: false }];
      doc.sites.push({ title: 'New Site', visibility: 'unlisted', spaces: [{ space: 'Welcome', path: 'hello' }] });
      const partners = doc.sites.find((s: any) => s.title === 'Acme Partners');
      partners.spaces.pop();
      const file = write(stringify(doc));
      const plan = await planJson(api, file, '--prune');
      expect(plan.summary).toEqual({ create: 6, update: 2, move: 1, delete: 1 });
      // The first space of a new section is made with it: a create with its path, never an update of a path it never had.
      const text = await api.cli(['org', 'plan', '-f', file]);
      expect(text.stdout).toMatch(/^ {2}\+ Acme Help Center\/Tutorials\/Architecture {2}space: Architecture, path: arch$/m);
      expect(text.stdout).not.toMatch(/~ Acme Help Center\/Tutorials\/\S+ .*\(none\)/);
      expect(plan.changes.find((c) => c.action === 'move')).toMatchObject({ key: 'Acme Help Center/Get started', fields: { position: { from: null, to: 'after How-to' } } });
      const applied = await api.cli(['org', 'apply', '-f', file, '--prune', '--yes']);
      expect(applied.code, applied.stdout + applied.stderr).toBe(0);
      expect((await planJson(api, file, '--prune')).changes).toEqual([]);
      const now = await pulled(api, 'sites');
      const after = now.sites.find((s: any) => s.title === 'Acme Help Center');
      expect(after.sections.map((s: any) => s.title)).toEqual(['How-to', 'Get started', 'API', 'Tutorials']);
      expect(after.sections.find((s: any) => s.title === 'How-to').id).toBe(guides.id);
      expect(after.sections.find((s: any) => s.title === 'Tutorials').spaces.map((x: any) => x.path)).toEqual(['arch', 'onboarding']);
      expect(after.sectionGroups.find((g: any) => g.title === 'Build').sections).toEqual(['API', 'Tutorials']);
      expect(after.shareLinks).toEqual([{ id: expect.any(String), name: 'partners', active: false }]);
      expect(now.sites.find((s: any) => s.title === 'New Site')).toMatchObject({ visibility: 'unlisted', spaces: [{ path: 'hello' }] });
      expect(now.sites.find((s: any) => s.title === 'Acme Partners').spaces).toHaveLength(partners.spaces.length);
      // A new section needs its first space.
      help.sections.push({ title: 'Empty' });
      const bad = await api.cli(['org', 'plan', '-f', write(stringify(doc))]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/sites\[0\]\.sections\[4\]: a new section needs a space/);
    }));
});

describe('bad files and refused changes', () => {
  it('every error at once with line and column, exit 2, before anything is read from the API', async () => {
    const file = write(
      [
        'version: 1',
        'teams:',
        '  - title: Writers',
        '    membres: {}',
        '  - title: Writers',
        'collections:',
        '  - title: ' + 'x'.repeat(60),
        '    defaultLevel: owner',
        'translations:',
        '  - title: French',
        '    title: French again',
        'customFields:',
        '  - name: Tier',
        '    type: select:single',
        'openapi:',
        '  - slug: pets',
        '',
      ].join('\n'),
    );
    // An API that answers nothing: a read would be exit 1, not 2.
    const r = await runInProcess(['org', 'plan', '-f', file], { env: baseEnv({ DOCPLAT_API_URL: 'http://127.0.0.1:9/v1', DOCPLAT_TOKEN: 't', DOCPLAT_ORG: 'o' }) });
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines.slice(0, -1).map((l) => Number(/yaml:(\d+):/.exec(l)![1]))).toEqual([4, 5, 7, 8, 11, 13, 13, 16]);
    expect(lines.at(-1)).toMatch(/^error: 8 errors in .*org-\d+\.yaml \(listed above\)$/);
    expect(r.stderr).toMatch(/:11:5: duplicate key/);
    expect(r.stderr).toMatch(/:4:5: teams\[0\]\.membres: unknown key "membres" \(did you mean "members"\?\)/);
    expect(r.stderr).toMatch(/:7:12: collections\[0\]\.title: must be at most 50 characters/);
    expect(r.stderr).toMatch(/:8:19: collections\[0\]\.defaultLevel: must be one of admin, create, review, edit, comment, read/);
    expect(r.stderr).toMatch(/:13:11: customFields\[0\]\.name: must be lowercase letters, digits, _ and -/);
    expect(r.stderr).toMatch(/:16:5: openapi\[0\]: give either "file" or "url"/);
    expect(r.stderr).toMatch(/:13:5: customFields\[0\]: a select:single field needs "options"/);
    expect(r.stderr).toMatch(/:5:12: teams\[1\]\.title: "Writers" is also the title of teams\[0\]/);
  });

  it('a billion laughs, 600 or 3,000 levels of nesting, an alias of nothing or of itself: exit 2 with the line, nothing read', async () => {
    const laughs = ['version: 1', 'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (let i = 1; i < 10; i++) laughs.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
    let block = 'version: 1\nteams:\n';
    for (let i = 0; i < 600; i++) block += `${' '.repeat(2 + 2 * i)}-\n`; // 600 levels: deeper than the bound, within the 8 MB an org file may have
    const cases: [string, RegExp][] = [
      [laughs.join('\n') + '\n', /^error: .*:7:10: this alias takes the values that aliases repeat past 100000, the most docplat reads \(a "billion laughs"\?\)$/],
      [`version: 1\nteams: ${'['.repeat(3000)}${']'.repeat(3000)}\n`, /^error: .*:2:519: nested deeper than 512 levels, the most docplat reads$/],
      [`{"version": 1, "teams": ${'{"a": '.repeat(3000)}1${'}'.repeat(3000)}}`, /^error: .*:1:\d+: nested deeper than 512 levels, the most docplat reads$/],
      [block, /^error: .*:514:\d+: nested deeper than 512 levels, the most docplat reads$/],
      ['version: 1\nteams: *nope\n', /^error: .*:2:8: the alias \*nope names no anchor \(&nope\) before it$/],
      ['version: 1\nteams: &t [*t]\n', /^error: .*:2:12: the alias \*t is inside the value it names \(a loop\)$/],
    ];
    for (const [text, error] of cases) {
      const started = Date.now();
      const r = await runInProcess(['org', 'plan', '-f', write(text)], { env: baseEnv({ DOCPLAT_API_URL: 'http://127.0.0.1:9/v1', DOCPLAT_TOKEN: 't', DOCPLAT_ORG: 'o' }) });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim()).toMatch(error);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('two resources with one key; references to what neither the file nor the organization has', () =>
    withTestApi(sandboxOpts, async (api) => {
      const dup = write('version: 1\nteams:\n  - title: Writers\n  - title: writers\n');
      const d = await api.cli(['org', 'plan', '-f', dup]);
      expect(d.code).toBe(2);
      const paths = write('version: 1\nsites:\n  - title: S1\n    sections:\n      - title: A\n        path: x\n      - title: B\n        path: x\n');
      const pd = await api.cli(['org', 'plan', '-f', paths]);
      expect(pd.code).toBe(2);
      expect(pd.stderr).toMatch(/:8:15: sites\[0\]\.sections\[1\]\.path: "x" is also the path of sites\[0\]\.sections\[0\]: the platform publishes one thing at a path/);
      expect(d.stderr).toMatch(/^error: .*org-\d+\.yaml:4:12: teams\[1\]\.title: "writers" is also the title of teams\[0\]/);
      const refs = write(
        ['version: 1', 'spaces:', '  - id: nope123', '  - id: ' + (await pulled(api, 'spaces')).spaces[0].id, '    collection: Nowhere/Else', 'teams:', '  - title: X', '    members: { nobody@acme.example: owner }', 'sso:', '  - label: Okta', '    defaultTeam: Ghosts', ''].join('\n'),
      );
      const r = await api.cli(['org', 'plan', '-f', refs]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/:3:9: spaces\[0\]\.id: no space with id "nope123"/);
      expect(r.stderr).toMatch(/:5:17: spaces\[1\]\.collection: no collection "Nowhere\/Else"/);
      expect(r.stderr).toMatch(/:11:18: sso\[0\]\.defaultTeam: no team "Ghosts"/);
      expect(r.stderr).not.toContain('nobody@acme.example');
      // Someone the file names who is not a member is no error: the plan names the invite that makes them one.
      const roster = await api.cli(['org', 'plan', '-f', write('version: 1\nteams:\n  - title: X\n    members: { nobody@acme.example: owner }\n'), '--exit-code']);
      expect(roster.code).toBe(6);
      expect(roster.stdout).toMatch(/^ {2}! members "nobody@acme\.example": not a member of the organization \(the file gives no role, in team X\): invite them, and plan again once they joined: docplat members invite nobody@acme\.example$/m);
    }));

  it('the platform rules are caught at plan time: the last admin, a team an SSO provider defaults to', () =>
    withTestApi(sandboxOpts, async (api) => {
      const doc = await pulled(api, 'members');
      for (const [who, role] of Object.entries(doc.members)) if (role === 'admin') doc.members[who] = 'edit';
      const r = await api.cli(['org', 'plan', '-f', write(stringify(doc))]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('no admin left');

      const teams = await pulled(api, 'teams,sso');
      const okta = teams.sso.find((s: any) => s.label === 'Okta');
      okta.defaultTeam = 'Support';
      expect((await api.cli(['org', 'apply', '-f', write(stringify(teams)), '--yes'])).code).toBe(0);
      const withoutSupport = { version: 1, teams: teams.teams.filter((t: any) => t.title !== 'Support') };
      const p = await api.cli(['org', 'plan', '-f', write(stringify(withoutSupport)), '--prune']);
      expect(p.code).toBe(2);
      expect(p.stderr).toMatch(/"Support" cannot be deleted: the SSO provider "Okta"/);

      // A value the operation refuses (a section's title of one character) is exit 2, named at its place in the file.
      const sites = await pulled(api, 'sites');
      sites.sites[0].sections[1].title = 'G';
      const short = await api.cli(['org', 'plan', '-f', write(stringify(sites))]);
      expect(short.code).toBe(2);
      expect(short.stderr).toMatch(/sites\[0\]\.sections\[1\]\.title: must be 2 to 64 characters, got "G"/);
    }));
});
