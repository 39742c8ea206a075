// sso, custom-fields and translations: every command and flag, the output
// modes, the certificate shown only as its fingerprint, custom field values of
// every type converted from name=value words (one field read, then one PATCH
// per space), and the admin-only rules (exit 4).
import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CERTIFICATE } from '../../src/sandbox/families/sso/index.js';
import { lines, runInProcess, tempDir, tsv, useTestApi, withTestApi, type TestApi } from '../helpers.js';

const api = useTestApi();
const json = (r: { stdout: string }) => JSON.parse(r.stdout);
const FINGERPRINT = `SHA256 ${new X509Certificate(DEMO_CERTIFICATE).fingerprint256}`;
/** The base64 body of the demo certificate: it must never be printed outside JSON. */
const CERT_BODY = DEMO_CERTIFICATE.split('\n')[3];

/** The CLI with stdout on a terminal: tables. */
const onTerminal = (t: TestApi, args: string[]) => runInProcess(args, { env: t.env({ NO_COLOR: '1' }), stdoutTTY: true });

async function globex(t: TestApi = api): Promise<string> {
  return json(await t.cli(['orgs', 'list', '--json'])).find((o: { title: string }) => o.title === 'Globex').id;
}

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe('sso', () => {
  it('lists providers in every output mode', async () => {
    const rows = tsv((await api.cli(['sso', 'list'])).stdout);
    expect(rows.map((r) => r.slice(1, 4))).toEqual([
      ['Okta', 'active', 'read'],
      ['Azure AD (staging)', 'pending', ''],
    ]);
    const all = json(await api.cli(['sso', 'list', '--json']));
    expect(all.map((p: { id: string }) => p.id)).toEqual(rows.map((r) => r[0]));
    const jl = lines((await api.cli(['sso', 'list', '--jsonl'])).stdout).map((l) => JSON.parse(l));
    expect(jl).toEqual(all);
    const csv = lines((await api.cli(['sso', 'list', '--output', 'csv'])).stdout);
    expect(csv[0]).toBe('ID,LABEL,STATUS,DEFAULT ROLE,SSO URL,CERTIFICATE');
    expect(rows.map((r) => r[5])).toEqual([FINGERPRINT, '']);
    expect((await api.cli(['sso', 'list', '--fields', 'certificate'])).stdout).toBe(`${FINGERPRINT}\n\n`);
    expect((await api.cli(['sso', 'list', '--fields', 'label', '--limit', '1'])).stdout).toBe('Okta\n');
    const table = await onTerminal(api, ['sso', 'list']);
    expect(table.stdout).toMatch(/^ID\s+LABEL\s+STATUS\s+DEFAULT ROLE\s+SSO URL\s+CERTIFICATE\n/);
    expect(table.stdout).not.toContain(CERT_BODY);
    expect(table.stdout).toMatch(/Okta\s+active\s+read/);
  });

  it('shows a provider with its certificate as a SHA-256 fingerprint, never the certificate', async () => {
    const okta = json(await api.cli(['sso', 'list', '--json']))[0];
    const table = await onTerminal(api, ['sso', 'get', okta.id]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(`Certificate        ${FINGERPRINT}\n`);
    expect(table.stdout).not.toContain(CERT_BODY);
    expect(table.stdout).toMatch(/Start URL\s+https:\/\/app\.docplat\.test\/__\/auth\/saml\/.*\/start/);
    const plain = await api.cli(['sso', 'get', okta.id]);
    expect(plain.stdout).toContain(FINGERPRINT);
    expect(plain.stdout).not.toContain(CERT_BODY);
    expect((await api.cli(['sso', 'get', okta.id, '--fields', 'certificate'])).stdout).toBe(`${FINGERPRINT}\n`);
    // JSON is the API's object.
    expect(json(await api.cli(['sso', 'get', okta.id, '--json'])).certificate).toBe(DEMO_CERTIFICATE);
    const missing = await api.cli(['sso', 'get', 'nope']);
    expect(missing.code).toBe(3);
  });

  it('creates a provider from a certificate file, updates it from stdin, and deletes it', async () => {
    // openssl output: text around the block is dropped, the block is sent.
    const pem = file('idp.pem', `Bag Attributes\n    friendlyName: idp\nsubject=CN = idp.acme.example\n${DEMO_CERTIFICATE.replace(/\n/g, '\r\n')}\r\n`);
    const made = await api.cli([
      'sso', 'create', '--label', 'OneLogin', '--entity-id', 'https://app.onelogin.example/saml/metadata/1',
      '--sso-url', 'https://acme.onelogin.example/trust/saml2/http-post/sso/1', '--certificate-file', pem, '--default-role', 'guest', '--json',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const p = json(made);
    expect(p).toMatchObject({ label: 'OneLogin', status: 'active', defaultRole: null, certificate: DEMO_CERTIFICATE });
    const shown = await api.cli(['sso', 'create', '--label', 'Draft', '--default-role', 'edit', '--fields', 'id,label,status,defaultRole']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(tsv(shown.stdout)[0].slice(1)).toEqual(['Draft', 'pending', 'edit']);
    const draft = tsv(shown.stdout)[0][0];
    const upd = await api.cli(['sso', 'update', draft, '--label', 'Draft 2', '--certificate-file', '-', '--fields', 'label,certificate'], { input: DEMO_CERTIFICATE });
    expect(upd.code, upd.stderr).toBe(0);
    expect(upd.stdout).toBe(`Draft 2\t${FINGERPRINT}\n`);
    const more = await api.cli(['sso', 'update', draft, '--entity-id', 'urn:draft', '--sso-url', 'https://idp.example/sso', '--default-role', 'guest', '--json']);
    expect(json(more)).toMatchObject({ label: 'Draft 2', entityID: 'urn:draft', ssoURL: 'https://idp.example/sso', defaultRole: null, status: 'active' });
    await api.cli(['sso', 'update', draft, '--label', 'Draft']);
    const options = json(await api.cli(['sso', 'login-options', '--json']));
    expect(options.map((o: { label: string }) => o.label)).toEqual(['Okta', 'OneLogin', 'Draft']);
    expect(Object.keys(options[0]).sort()).toEqual(['id', 'label', 'startURL']);
    expect(tsv((await api.cli(['sso', 'login-options'])).stdout).map((r) => r[1])).toEqual(['Okta', 'OneLogin', 'Draft']);
    expect(lines((await api.cli(['sso', 'login-options', '--jsonl'])).stdout)).toHaveLength(3);

    const dry = await api.cli(['sso', 'delete', p.id, draft, '--dry-run']);
    expect(lines(dry.stdout)).toEqual([`DELETE ${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/saml/${p.id}`, `DELETE ${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/saml/${draft}`]);
    const del = await api.cli(['sso', 'delete', p.id, draft, 'nope', '--yes']);
    // What is not there is already gone: every delete is safe to re-run (a typo is named as skipped).
    expect(del.code).toBe(0);
    expect(del.stdout).toBe('');
    expect(del.stderr).toContain(`${p.id}: deleted`);
    expect(del.stderr).toContain(`${draft}: deleted`);
    expect(del.stderr).toContain('nope: skipped (not found: already deleted, or never existed)');
    expect(lines(del.stderr).at(-1)).toBe('deleted 2 of 3, 1 skipped');
    expect(tsv((await api.cli(['sso', 'list'])).stdout).map((r) => r[1])).toEqual(['Okta', 'Azure AD (staging)']);
  });

  it('never prints the certificate in a dry run or a --debug trace: the body shows it as ***', async () => {
    const pem = file('okta.pem', DEMO_CERTIFICATE);
    const before = api.sandbox.requestCount;
    const dry = await api.cli(['sso', 'create', '--label', 'Dry', '--certificate-file', pem, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim()).toBe(`POST ${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/saml {"label":"Dry","certificate":"***"}`);
    const dryJson = await api.cli(['sso', 'create', '--label', 'Dry', '--certificate-file', pem, '--dry-run', '--json']);
    expect(dryJson.stdout).toContain('"certificate":"***"');
    expect(api.sandbox.requestCount).toBe(before);
    const made = await api.cli(['sso', 'create', '--label', 'Traced', '--certificate-file', pem, '--debug']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain('"certificate":"***"');
    const id = tsv(made.stdout).find((r) => r[0] === 'id')![1];
    const upd = await api.cli(['sso', 'update', id, '--certificate-file', '-', '--debug', '--dry-run'], { input: DEMO_CERTIFICATE });
    expect(upd.stdout).toContain('"certificate":"***"');
    const traced = await api.cli(['sso', 'update', id, '--certificate-file', '-', '--debug'], { input: DEMO_CERTIFICATE });
    expect(traced.code, traced.stderr).toBe(0);
    expect(traced.stderr).toContain('"certificate":"***"');
    for (const r of [dry, dryJson, made, upd, traced]) expect(r.stdout + r.stderr).not.toContain(CERT_BODY);
    // Sent as read all the same.
    expect(json(await api.cli(['sso', 'get', id, '--json'])).certificate).toBe(DEMO_CERTIFICATE);
    await api.cli(['sso', 'delete', id, '--yes']);
  });

  it('sends the default team as given (dry run), and refuses a non-admin with exit 4', async () => {
    const dry = await api.cli(['sso', 'create', '--label', 'Teams', '--default-team', 'T1', '--default-role', 'read', '--dry-run']);
    expect(dry.stdout.trim()).toBe(`POST ${api.sandbox.url}/orgs/${api.sandbox.defaultOrg}/saml {"label":"Teams","defaultTeam":"T1","defaultRole":"read"}`);
    const before = api.sandbox.requestCount;
    const refused = await api.cli(['sso', 'create', '--label', 'Mine', '--org', await globex()]);
    expect(refused.code).toBe(4);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toMatch(/403.*admin role/);
    expect(api.sandbox.requestCount).toBe(before + 2);
  });
});

describe('custom-fields', () => {
  it('lists and shows fields; options read comma-separated', async () => {
    const rows = tsv((await api.cli(['custom-fields', 'list'])).stdout);
    expect(rows.map((r) => `${r[0]}:${r[1]}`)).toEqual(['audience:select:single', 'owner:text', 'review-days:number', 'deprecated:boolean', 'keywords:tags', 'platforms:select:multi']);
    expect(rows[0][3]).toBe('internal,partners,public');
    expect(json(await api.cli(['custom-fields', 'list', '--json']))[0].options).toEqual(['internal', 'partners', 'public']);
    const table = await onTerminal(api, ['custom-fields', 'get', 'platforms']);
    expect(table.stdout).toMatch(/Options\s+web,ios,android,cli\n/);
    expect((await api.cli(['custom-fields', 'get', 'nope'])).code).toBe(3);
  });

  it('creates fields of every type, updates and deletes them; deleting a field removes its values', async () => {
    await withTestApi({}, async (t) => {
      const space = json(await t.cli(['spaces', 'list', '--json']))[0].id;
      const made = await t.cli(['custom-fields', 'create', '--name', 'tier', '--type', 'select:single', '--option', 'free', '--option', 'pro', '--title', 'Tier', '--description', 'Plan', '--placeholder', 'pick one', '--json']);
      expect(made.code, made.stderr).toBe(0);
      expect(json(made)).toMatchObject({ name: 'tier', type: 'select:single', options: ['free', 'pro'], title: 'Tier', description: 'Plan', placeholder: 'pick one' });
      for (const type of ['text', 'number', 'boolean', 'tags']) {
        const r = await t.cli(['custom-fields', 'create', '--name', `f-${type}`, '--type', type, '--fields', 'name,type']);
        expect(r.stdout).toBe(`f-${type}\t${type}\n`);
      }
      const multi = await t.cli(['custom-fields', 'create', '--name', 'f_multi', '--type', 'select:multi', '--option', 'a', '--option', 'b', '--fields', 'options']);
      expect(multi.stdout).toBe('a,b\n');
      const dup = await t.cli(['custom-fields', 'create', '--name', 'tier', '--type', 'text']);
      expect(dup.code).toBe(1);
      expect(dup.stderr).toMatch(/409.*already exists/);
      const upd = await t.cli(['custom-fields', 'update', 'tier', '--option', 'free', '--option', 'pro', '--option', 'enterprise', '--title', 'Plan tier', '--json']);
      expect(json(upd)).toMatchObject({ title: 'Plan tier', options: ['free', 'pro', 'enterprise'] });
      const text = await t.cli(['custom-fields', 'update', 'f-text', '--description', 'Free text', '--placeholder', 'say it', '--fields', 'description,placeholder']);
      expect(text.stdout).toBe('Free text\tsay it\n');
      const textOptions = await t.cli(['custom-fields', 'update', 'f-text', '--option', 'x']);
      expect(textOptions.code).toBe(1);
      expect(textOptions.stderr).toMatch(/400.*Only select fields have options/);

      expect((await t.cli(['custom-fields', 'set', space, 'tier=enterprise', 'f-text=hello'])).code).toBe(0);
      const dry = await t.cli(['custom-fields', 'delete', 'tier', '--dry-run']);
      expect(dry.stdout.trim()).toBe(`DELETE ${t.sandbox.url}/orgs/${t.sandbox.defaultOrg}/custom-fields/tier`);
      const del = await t.cli(['custom-fields', 'delete', 'tier', 'f-text', '--yes']);
      expect(del.code, del.stderr).toBe(0);
      expect(lines(del.stderr)).toEqual(['tier: deleted', 'f-text: deleted', 'deleted 2 of 2']);
      await t.cli(['custom-fields', 'create', '--name', 'tier', '--type', 'select:single', '--option', 'enterprise']);
      const values = json(await t.cli(['custom-fields', 'values', space, '--json']));
      expect(values.find((v: { customField: { name: string } }) => v.customField.name === 'tier')).not.toHaveProperty('value');
      const again = await t.cli(['custom-fields', 'delete', 'f-text', '--yes']);
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('f-text: skipped (not found: already deleted, or never existed)');
    });
  });

  it('sets values of every type from name=value words, and clears with name=', async () => {
    await withTestApi({}, async (t) => {
      const space = json(await t.cli(['spaces', 'list', '--json']))[3].id;
      const before = t.sandbox.requestCount;
      const r = await t.cli(['custom-fields', 'set', space, 'audience=partners', 'owner=API team', 'review-days=-2.5e1', 'deprecated=true', 'keywords=hooks, events,', 'platforms=web,cli']);
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout)).toEqual([[space, 'ok', 'set']]);
      expect(lines(r.stderr)).toEqual(['set 1 of 1']);
      // One read of the fields, one PATCH.
      expect(t.sandbox.requestCount).toBe(before + 2);
      const values = json(await t.cli(['custom-fields', 'values', space, '--json']));
      expect(Object.fromEntries(values.map((v: { customField: { name: string }; value?: unknown }) => [v.customField.name, v.value]))).toEqual({
        audience: 'partners',
        owner: 'API team',
        'review-days': -25,
        deprecated: true,
        keywords: ['hooks', 'events'],
        platforms: ['web', 'cli'],
      });
      expect(tsv((await t.cli(['custom-fields', 'values', space])).stdout)).toEqual([
        ['audience', 'select:single', 'partners'],
        ['owner', 'text', 'API team'],
        ['review-days', 'number', '-25'],
        ['deprecated', 'boolean', 'true'],
        ['keywords', 'tags', 'hooks,events'],
        ['platforms', 'select:multi', 'web,cli'],
      ]);
      expect(lines((await t.cli(['custom-fields', 'values', space, '--jsonl'])).stdout)).toHaveLength(6);
      const table = await onTerminal(t, ['custom-fields', 'values', space]);
      expect(table.stdout).toMatch(/^NAME\s+TYPE\s+VALUE\n/);
      const cleared = await t.cli(['custom-fields', 'set', space, 'owner=', 'platforms=', 'deprecated=false']);
      expect(cleared.code, cleared.stderr).toBe(0);
      const after = json(await t.cli(['custom-fields', 'values', space, '--json']));
      const by = (n: string) => after.find((v: { customField: { name: string } }) => v.customField.name === n);
      expect(by('owner')).not.toHaveProperty('value');
      expect(by('platforms')).not.toHaveProperty('value');
      expect(by('deprecated').value).toBe(false);
    });
  });

  it('a dry run reads the fields and prints the typed body; a bad value sends no change', async () => {
    const space = json(await api.cli(['spaces', 'list', '--json']))[5].id;
    const before = api.sandbox.requestCount;
    const dry = await api.cli(['custom-fields', 'set', space, 'review-days=30', 'deprecated=false', 'keywords=a,b', 'owner=', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim()).toBe(`PATCH ${api.sandbox.url}/spaces/${space}/custom-fields {"values":{"review-days":{"value":30},"deprecated":{"value":false},"keywords":{"value":["a","b"]},"owner":{"value":null}}}`);
    expect(api.sandbox.requestCount).toBe(before + 1);
    const valuesBefore = (await api.cli(['custom-fields', 'values', space, '--json'])).stdout;
    const start = api.sandbox.requestCount;
    const bad = await api.cli(['custom-fields', 'set', space, 'owner=changed', 'platforms=web,tv']);
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual(['error: platforms=web,tv: the select:multi field "platforms" takes values among web, ios, android, cli']);
    expect(api.sandbox.requestCount).toBe(start + 1);
    expect((await api.cli(['custom-fields', 'values', space, '--json'])).stdout).toBe(valuesBefore);
  });

  it('sends each tag and each choice once (web,web is one choice)', async () => {
    const space = json(await api.cli(['spaces', 'list', '--json']))[5].id;
    const dry = await api.cli(['custom-fields', 'set', space, 'platforms=web, ios,web', 'keywords=a,b,a,,b', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim()).toBe(`PATCH ${api.sandbox.url}/spaces/${space}/custom-fields {"values":{"platforms":{"value":["web","ios"]},"keywords":{"value":["a","b"]}}}`);
  });

  it('sets values of many spaces from stdin lines, one request per space; exit 5 when one fails', async () => {
    await withTestApi({}, async (t) => {
      const [a, b, c] = json(await t.cli(['spaces', 'list', '--json'])).map((s: { id: string }) => s.id);
      const input = `# space  values\n${a} audience=public owner=Docs\n\n${b} review-days=7\n  ${a} "owner=Docs team" keywords="say \\"hi\\", bye"\n${c} keywords=x\n`;
      const before = t.sandbox.requestCount;
      const r = await t.cli(['custom-fields', 'set', '-', '--concurrency', '2'], { input });
      expect(r.code, r.stderr).toBe(0);
      expect(tsv(r.stdout).map((row) => row[0]).sort()).toEqual([a, b, c].sort());
      expect(t.sandbox.requestCount).toBe(before + 4);
      const owner = json(await t.cli(['custom-fields', 'values', a, '--json'])).find((v: { customField: { name: string } }) => v.customField.name === 'owner');
      expect(owner.value).toBe('Docs team');
      const keywords = json(await t.cli(['custom-fields', 'values', a, '--json'])).find((v: { customField: { name: string } }) => v.customField.name === 'keywords');
      expect(keywords.value).toEqual(['say "hi"', 'bye']);
      // The built CLI in its own process, as in the README's pipe.
      const spawned = await t.spawn(['custom-fields', 'set', '-'], { input: `${b} audience=partners\n${c} audience=partners\n` });
      expect(spawned.code, spawned.stderr).toBe(0);
      expect(lines(spawned.stderr)).toEqual(['set 2 of 2']);
      const dry = await t.cli(['custom-fields', 'set', '-', '--dry-run'], { input: `${b} deprecated=true\n${c} deprecated=false\n` });
      expect(lines(dry.stdout)).toHaveLength(2);
      const bad = await t.cli(['custom-fields', 'set', '-'], { input: `${a} owner=x\n${b} deprecated=maybe\n` });
      expect(bad.code).toBe(2);
      expect(lines(bad.stderr)).toEqual(['error: line 2: deprecated=maybe: the boolean field "deprecated" takes true or false']);
      const partial = await t.cli(['custom-fields', 'set', '-', '--json'], { input: `${a} owner=y\nno-such-space owner=y\n` });
      expect(partial.code).toBe(5);
      const results = json(partial);
      expect(results.map((x: { id: string; result: string }) => `${x.id}:${x.result}`).sort()).toEqual([`${a}:ok`, 'no-such-space:failed'].sort());
    });
  });

  it('only admins declare fields (exit 4); an editor sets values', async () => {
    const org = await globex();
    const refused = await api.cli(['custom-fields', 'create', '--name', 'x', '--type', 'text', '--org', org]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/403.*admin role/);
    expect((await api.cli(['custom-fields', 'delete', 'region', '--org', org, '--yes'])).code).toBe(4);
    const space = json(await api.cli(['spaces', 'list', '--org', org, '--json']))[0].id;
    const set = await api.cli(['custom-fields', 'set', space, 'region=apac', '--org', org]);
    expect(set.code, set.stderr).toBe(0);
    expect(tsv((await api.cli(['custom-fields', 'values', space])).stdout)).toEqual([['region', 'select:single', 'apac']]);
  });
});

describe('translations', () => {
  it('lists, creates, shows, renames and deletes; a second delete is skipped', async () => {
    expect(tsv((await api.cli(['translations', 'list'])).stdout).map((r) => r.slice(1, 3))).toEqual([
      ['French', 'fr'],
      ['German', 'de,de-AT'],
    ]);
    const made = json(await api.cli(['translations', 'create', '--title', 'Japanese', '--json']));
    expect(made).toMatchObject({ object: 'translation-settings', title: 'Japanese', languages: [] });
    const table = await onTerminal(api, ['translations', 'get', made.id]);
    expect(table.stdout).toMatch(/^ID\s+\S+\nTitle\s+Japanese\n/);
    const upd = await api.cli(['translations', 'update', made.id, '--title', '日本語', '--fields', 'title']);
    expect(upd.stdout).toBe('日本語\n');
    expect(lines((await api.cli(['translations', 'list', '--jsonl'])).stdout)).toHaveLength(3);
    expect(lines((await api.cli(['translations', 'list', '--output', 'csv'])).stdout)[0]).toBe('ID,TITLE,LANGUAGES,UPDATED');
    const del = await api.cli(['translations', 'delete', made.id, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    const again = await api.cli(['translations', 'delete', made.id, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`${made.id}: skipped (already deleted)`);
    expect((await api.cli(['translations', 'get', made.id])).code).toBe(3);
  });

  it('only admins change translation settings (exit 4)', async () => {
    const r = await api.cli(['translations', 'create', '--title', 'Mine', '--org', await globex()]);
    expect(r.code).toBe(4);
    expect(lines(r.stderr)).toHaveLength(1);
  });
});
