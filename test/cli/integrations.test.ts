// docplat integrations: the catalogue and its filters, publish from a
// manifest with files beside it (secrets never printed), unpublish, and
// installations with a user token (refused, with the way out) and with the
// integration's own token.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, startCli, tempDir, tsv, until, useTestApi } from '../helpers.js';

const api = useTestApi();

const SECRET = 'sk_live_do_not_print_me';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A manifest and the files it names, in a folder of their own; the manifest sits in a subfolder to test relative paths. */
function manifest(org: string, extra = ''): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'script.js'), 'export default { fetch() { return new Response("hi"); } };\n');
  writeFileSync(join(dir, 'assets', 'icon.png'), PNG);
  writeFileSync(join(dir, 'assets', 'one.png'), PNG);
  writeFileSync(join(dir, 'assets', 'two.png'), PNG);
  const path = join(dir, 'integration.yaml');
  writeFileSync(
    path,
    `title: Widget
description: A widget for your docs
summary: |
  # Widget
  Shows a widget.
visibility: private
categories: [content]
scopes: [space:content:read]
script: script.js
icon: assets/icon.png
previewImages:
  - assets/one.png
  - assets/two.png
organization: ${org}
secrets:
  API_KEY: ${SECRET}
  OTHER: also-secret
${extra}`,
  );
  return path;
}

const names = (stdout: string) => tsv(stdout).map((row) => row[0]);

describe('integrations list and get', () => {
  it('lists the catalogue with each filter', async () => {
    const all = await api.cli(['integrations', 'list']);
    expect(all.code, all.stderr).toBe(0);
    expect(names(all.stdout).length).toBeGreaterThanOrEqual(12);
    expect(names((await api.cli(['integrations', 'list', '--category', 'visitor-auth'])).stdout)).toEqual(['auth0']);
    expect(names((await api.cli(['integrations', 'list', '--block-domain', 'youtube.com'])).stdout)).toEqual(['youtube']);
    expect(names((await api.cli(['integrations', 'list', '--search', 'figma'])).stdout)).toEqual(['figma']);
    expect(names((await api.cli(['integrations', 'list', '--owner', api.sandbox.defaultOrg!])).stdout)).toEqual(['acme-status', 'acme-changelog']);
    const blocks = names((await api.cli(['integrations', 'list', '--blocks'])).stdout);
    const noBlocks = names((await api.cli(['integrations', 'list', '--no-blocks'])).stdout);
    expect(blocks).toContain('mermaid');
    expect(noBlocks).toContain('auth0');
    expect(blocks.filter((n) => noBlocks.includes(n))).toEqual([]);
    expect(names((await api.cli(['integrations', 'list', '--content-sources'])).stdout)).toEqual(['openapi-pages', 'tps-reports', 'acme-changelog']);
    expect(names((await api.cli(['integrations', 'list', '--no-content-sources', '--blocks', '--category', 'collaboration'])).stdout)).toEqual(['github-files', 'figma', 'jira']);
    const dry = await api.cli(['integrations', 'list', '--no-blocks', '--content-sources', '--dry-run']);
    expect(dry.stdout).toMatch(/\/integrations\?blocks=false&contentSources=true&limit=100\n$|\/integrations\?blocks=false&contentSources=true\n$/);
  });

  it('gets one; 404 is exit 3', async () => {
    const r = await api.cli(['integrations', 'get', 'mermaid', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'mermaid', verified: true, owner: { title: 'Docplat Labs' } });
    expect((await api.cli(['integrations', 'get', 'nope'])).code).toBe(3);
  });

  it('--fields knows the optional fields of an integration; get has --web and takes the app URL', async () => {
    const one = JSON.parse((await api.cli(['integrations', 'get', 'mermaid', '--json'])).stdout);
    expect(one.contentSecurityPolicy).toBeUndefined();
    const r = await api.cli(['integrations', 'list', '--limit', '2', '--fields', 'name,contentSecurityPolicy,summary']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toHaveLength(2);
    const web = await api.cli(['integrations', 'get', 'mermaid', '--web'], { env: { CI: 'true' } });
    expect(web.code, web.stderr).toBe(0);
    expect(web.stdout).toBe(`${one.urls.app}\n`);
    const byUrl = await api.cli(['integrations', 'get', one.urls.app, '--fields', 'name']);
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(byUrl.stdout).toBe('mermaid\n');
    // An id flag that filters (--owner, a query parameter) takes the organization's app URL as well.
    const org = JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout)[0];
    const owned = await api.cli(['integrations', 'list', '--owner', org.urls.app, '--fields', 'name']);
    expect(owned.code, owned.stderr).toBe(0);
    expect(owned.stdout).toBe((await api.cli(['integrations', 'list', '--owner', org.id, '--fields', 'name'])).stdout);
  });

  it('lists of words are comma-separated in a table and in TSV, as in every command (JSON in --json)', async () => {
    const table = await api.cli(['integrations', 'get', 'github-files'], { stdoutTTY: true });
    expect(lines(table.stdout)).toContain('Categories   content,collaboration');
    const piped = await api.cli(['integrations', 'get', 'github-files']);
    expect(lines(piped.stdout)).toContain('categories\tcontent,collaboration');
    expect(JSON.parse((await api.cli(['integrations', 'get', 'github-files', '--json'])).stdout).categories).toEqual(['content', 'collaboration']);
  });
});

describe('integrations publish', () => {
  it('reads the files the manifest names, sends them as text and base64, and masks secrets in --dry-run', async () => {
    const path = manifest(api.sandbox.defaultOrg!);
    const before = api.sandbox.requestCount;
    const dry = await api.cli(['integrations', 'publish', 'widget', '--manifest', path, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(api.sandbox.requestCount).toBe(before);
    const body = JSON.parse(dry.stdout.slice(dry.stdout.indexOf(' {') + 1));
    expect(body.secrets).toEqual({ API_KEY: '***', OTHER: '***' });
    expect(body.script).toMatch(/^export default/);
    expect(body.icon).toBe(PNG.toString('base64'));
    expect(body.previewImages).toEqual([PNG.toString('base64'), PNG.toString('base64')]);
    expect(dry.stdout + dry.stderr).not.toContain(SECRET);
    expect(dry.stdout + dry.stderr).not.toContain('also-secret');
  });

  it('malformed secrets are refused without being echoed (a secret given as a string, a secret that is not a string)', async () => {
    const path = manifest(api.sandbox.defaultOrg!);
    const text = readFileSync(path, 'utf8');
    const before = api.sandbox.requestCount;
    writeFileSync(path, text.replace(/secrets:\n.*\n.*\n/, `secrets: ${SECRET}\n`));
    const flat = await api.cli(['integrations', 'publish', 'widget', '--manifest', path, '--dry-run', '--debug']);
    expect(flat.code).toBe(2);
    expect(lines(flat.stderr)).toEqual(['error: --manifest "secrets" must be an object']);
    writeFileSync(path, text.replace(/API_KEY: .*\n/, `API_KEY: [${SECRET}]\n`));
    const nested = await api.cli(['integrations', 'publish', 'widget', '--manifest', path]);
    expect(nested.code).toBe(2);
    expect(nested.stdout + nested.stderr).not.toContain(SECRET);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('publishes (secrets absent from --debug), republishes a new version, and unpublishes', async () => {
    const path = manifest(api.sandbox.defaultOrg!);
    const r = await api.cli(['integrations', 'publish', 'widget', '--manifest', path, '--debug', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/debug: > POST .*\/integrations\/widget/);
    // With --json each stderr line is JSON: the trace is in {"note"} lines.
    expect(r.stderr).toMatch(/\\"secrets\\":\{\\"API_KEY\\":\\"\*\*\*\\",\\"OTHER\\":\\"\*\*\*\\"\}/);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
    expect(r.stderr).toMatch(/published integration \\"widget\\" \(version 1\)/);
    const published = JSON.parse(r.stdout);
    expect(published).toMatchObject({ name: 'widget', title: 'Widget', visibility: 'private', version: 1 });
    expect(published.previewImages).toHaveLength(2);
    const again = await api.cli(['integrations', 'publish', 'widget', '--manifest', path, '--json']);
    expect(JSON.parse(again.stdout).version).toBe(2);

    expect((await api.cli(['integrations', 'unpublish', 'widget'])).code).toBe(2); // needs --yes off a terminal
    const gone = await api.cli(['integrations', 'unpublish', 'widget', '--yes']);
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stdout).toBe('');
    // Said, as every destructive verb says what it did (it printed nothing).
    expect(lines(gone.stderr)).toEqual(['widget: unpublished', 'unpublished 1 of 1']);
    expect((await api.cli(['integrations', 'get', 'widget'])).code).toBe(3);
  });

  it("accepts the platform CLI's gitbook-manifest.yaml: its name is the integration's (the argument may be left out, or must match)", async () => {
    const path = manifest(api.sandbox.defaultOrg!, 'name: gb-widget\n');
    const gitbook = join(path, '..', 'gitbook-manifest.yaml');
    writeFileSync(gitbook, readFileSync(path, 'utf8'));
    const r = await api.cli(['integrations', 'publish', '--manifest', gitbook, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/published integration \\"gb-widget\\" \(version 1\)/);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'gb-widget', title: 'Widget' });
    const same = await api.cli(['integrations', 'publish', 'gb-widget', '--manifest', gitbook, '--dry-run']);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/v1\/integrations\/gb-widget \{/);
    expect(same.stdout).not.toContain('"name"'); // not a field of the publish body

    const before = api.sandbox.requestCount;
    const other = await api.cli(['integrations', 'publish', 'other-widget', '--manifest', gitbook]);
    expect(other.code).toBe(2);
    expect(lines(other.stderr)).toEqual([`error: --manifest ${gitbook}: "name" is "gb-widget", but the integration given is "other-widget" (leave the argument out to use the manifest's)`]);
    writeFileSync(join(path, '..', 'nameless.yaml'), readFileSync(path, 'utf8').replace('name: gb-widget\n', ''));
    const noName = await api.cli(['integrations', 'publish', '--manifest', join(path, '..', 'nameless.yaml')]);
    expect(noName.code).toBe(2);
    expect(lines(noName.stderr)).toEqual([`error: give the integration's name: as the argument, or as "name" in --manifest ${join(path, '..', 'nameless.yaml')}`]);
    writeFileSync(join(path, '..', 'bad-name.yaml'), readFileSync(path, 'utf8').replace('name: gb-widget', 'name: has space'));
    const badName = await api.cli(['integrations', 'publish', '--manifest', join(path, '..', 'bad-name.yaml')]);
    expect(badName.code).toBe(2);
    expect(lines(badName.stderr)).toEqual(['error: --manifest "name" must be letters, digits, -, _ and . (got "has space")']);
    // What the platform's CLI also reads but docplat does not: still unknown keys; a TypeScript script it would build first.
    writeFileSync(gitbook, readFileSync(path, 'utf8') + 'envs:\n  staging: {organization: x}\n');
    const envs = await api.cli(['integrations', 'publish', '--manifest', gitbook]);
    expect(envs.code).toBe(2);
    expect(lines(envs.stderr)).toEqual([expect.stringMatching(/^error: --manifest .*gitbook-manifest\.yaml: unknown key "envs" \(the keys are name, icon, runtime, title, /)]);
    writeFileSync(gitbook, readFileSync(path, 'utf8').replace('script: script.js', 'script: ./src/index.tsx'));
    const tsx = await api.cli(['integrations', 'publish', '--manifest', gitbook]);
    expect(tsx.code).toBe(2);
    expect(lines(tsx.stderr)).toEqual([
      `error: --manifest ${gitbook}: "script" names a source file (./src/index.tsx): docplat sends the script as it is; build it into one JavaScript file and name that file`,
    ]);
    expect(api.sandbox.requestCount).toBe(before);
    rmSync(dirname(path), { recursive: true, force: true });
  });

  it('a publish refused by the platform (not an admin there) is exit 4', async () => {
    const globex = JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout).find((o: { title: string }) => o.title === 'Globex').id;
    const r = await api.cli(['integrations', 'publish', 'widget2', '--manifest', manifest(globex)]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/admin role/);
    expect(r.stderr).not.toContain(SECRET);
  });
});

describe('integrations installations', () => {
  it('with a user token: exit 4, and says to pass the integration token', async () => {
    const r = await api.cli(['integrations', 'installations', 'acme-status']);
    expect(r.code).toBe(4);
    const errors = lines(r.stderr).filter((l) => l.startsWith('error: '));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/only for the integration's own token.*403.*pass the integration's token with --token or DOCPLAT_TOKEN/);
  });

  it("with the integration's token (DOCPLAT_TOKEN or --token), and --external-id", async () => {
    const token = api.sandbox.integrationToken('acme-status')!;
    const r = await api.cli(['integrations', 'installations', 'acme-status', '--json'], { env: { DOCPLAT_TOKEN: token } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    const one = await api.cli(['integrations', 'installations', 'acme-status', '--external-id', 'acme-staging', '--token', token]);
    expect(one.code, one.stderr).toBe(0);
    expect(tsv(one.stdout)).toHaveLength(1);
    expect(tsv(one.stdout)[0][3]).toBe('acme-staging');
  });

  it('sandbox serve prints the tokens of your integrations, and one of them lists its installations', async () => {
    const serve = startCli(['sandbox', 'serve', '--port', '0']);
    try {
      await until(() => /Press Ctrl-C/.test(serve.stderr()));
      const [url] = serve.stdout().trim().split('\t');
      const token = /^\s+acme-status\s+(dpi_sandbox_\w+)$/m.exec(serve.stderr())?.[1];
      expect(token, serve.stderr()).toBeDefined();
      expect(serve.stderr()).not.toMatch(/mermaid/); // another publisher's integration
      const r = await runInProcess(['integrations', 'installations', 'acme-status', '--json'], { env: baseEnv({ DOCPLAT_API_URL: url, DOCPLAT_TOKEN: token }) });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toHaveLength(2);
    } finally {
      serve.child.kill('SIGINT');
      await serve.done;
    }
  });
});
