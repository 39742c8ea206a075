// docplat sso: SAML providers listed, shown (the certificate as a SHA-256
// fingerprint, never printed), created, updated and deleted; only admins change
// them.
import { X509Certificate } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CERTIFICATE } from '../../src/sandbox/families/sso/index.js';
import { lines, runInProcess, tempDir, tsv, useTestApi, type TestApi } from '../helpers.js';

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
