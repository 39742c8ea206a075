// docplat openapi: every command and flag against the sandbox (processing
// takes 400 ms of sandbox clock here, so --wait really waits, briefly).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, startCli, tempDir, tempFiles, tsv, until, useTestApi, withTestApi } from '../helpers.js';

const api = useTestApi({ processingMs: 400 });

const DOC = 'openapi: 3.0.3\ninfo:\n  title: Orders\n  version: "1.0"\npaths: {}\n';
const { dir, file } = tempFiles();

describe('openapi list, get, versions, version, content', () => {
  it('lists the demo specs as TSV and JSON', async () => {
    const r = await api.cli(['openapi', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout).map((row) => row.slice(0, 2))).toEqual([
      ['petstore', 'complete'],
      ['billing-api', 'complete'],
    ]);
    const json = JSON.parse((await api.cli(['openapi', 'ls', '--json'])).stdout);
    expect(json.map((s: { slug: string }) => s.slug)).toEqual(['petstore', 'billing-api']);
  });

  it('gets a spec; 404 is exit 3', async () => {
    const r = await api.cli(['openapi', 'get', 'petstore', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ object: 'openapi-spec', slug: 'petstore', processingState: 'complete' });
    const missing = await api.cli(['openapi', 'get', 'nope']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/No OpenAPI specification "nope"/);
  });

  it('lists versions newest first, shows the latest and a given one, and their content', async () => {
    const versions = JSON.parse((await api.cli(['openapi', 'versions', 'petstore', '--json'])).stdout);
    expect(versions).toHaveLength(2);
    const latest = JSON.parse((await api.cli(['openapi', 'version', 'petstore', '--json'])).stdout);
    expect(latest.id).toBe(versions[0].id);
    expect(JSON.parse((await api.cli(['openapi', 'version', 'petstore', 'latest', '--json'])).stdout).id).toBe(versions[0].id);
    const older = JSON.parse((await api.cli(['openapi', 'version', 'petstore', versions[1].id, '--json'])).stdout);
    expect(older.id).toBe(versions[1].id);
    const content = JSON.parse((await api.cli(['openapi', 'content', 'petstore', versions[1].id, '--json'])).stdout);
    expect(content.url).toBe(older.url);
    expect(content.filesystem).toBeTypeOf('object');
    const unknown = await api.cli(['openapi', 'version', 'petstore', 'nope']);
    expect(unknown.code).toBe(3);
  });

  it('content --dest downloads the document atomically, and refuses to overwrite without --force', async () => {
    const dest = join(tempDir(), 'petstore.yaml');
    const r = await api.cli(['openapi', 'content', 'petstore', '--dest', dest]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(dest, 'utf8')).toMatch(/^openapi: 3\.1\.0\ninfo:\n  title: Petstore\n  version: 1\.1\.0/);
    expect(r.stderr).toMatch(/wrote \d+ bytes to .*petstore\.yaml/);
    writeFileSync(dest, 'mine');
    const before = api.sandbox.requestCount;
    const refused = await api.cli(['openapi', 'content', 'petstore', '--dest', dest]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/exists; pass --force/);
    expect(api.sandbox.requestCount).toBe(before);
    expect(readFileSync(dest, 'utf8')).toBe('mine');
    const forced = await api.cli(['openapi', 'content', 'petstore', 'latest', '--dest', dest, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(dest, 'utf8')).toMatch(/title: Petstore/);
  });

  it('content prints the document itself on stdout; --dest F writes it and prints nothing on stdout; --json shows the content object', async () => {
    const published = 'openapi: 3.1.0\ninfo: {title: Printed, version: "2"}\npaths: {}'; // no final newline: printed as it is
    expect((await api.cli(['openapi', 'publish', 'printed', '--file', '-', '--wait'], { input: published })).code).toBe(0);
    const r = await api.cli(['openapi', 'content', 'printed']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(published);
    expect(r.stderr).toBe('');
    const dashed = await api.cli(['openapi', 'content', 'printed', 'latest', '--dest', '-']);
    expect(dashed.stdout).toBe(published);
    const dest = join(dir, 'printed.yaml');
    const written = await api.cli(['openapi', 'content', 'printed', '--dest', dest]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toBe('');
    expect(readFileSync(dest, 'utf8')).toBe(published);
    const object = JSON.parse((await api.cli(['openapi', 'content', 'printed', '--json'])).stdout);
    expect(object).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/_files\/openapi\//), filesystem: { entryPoint: 'openapi.yaml' } });
    expect((await api.cli(['openapi', 'content', 'printed', '--fields', 'url'])).stdout).toBe(`${object.url}\n`);
    const both = await api.cli(['openapi', 'content', 'printed', '--dest', dest, '--json']);
    expect(both.code).toBe(2);
    expect(JSON.parse(both.stderr).error).toMatchObject({ kind: 'usage', message: '--dest writes the document: it cannot be used with --json, --output, --fields or --jq', exitCode: 2 });
  });

  it('content --dest naming a folder is refused (exit 2, nothing sent), with or without --force', async () => {
    const folder = tempDir();
    const before = api.sandbox.requestCount;
    for (const force of [[], ['--force']]) {
      const r = await api.cli(['openapi', 'content', 'petstore', '--dest', folder, ...force]);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)).toEqual([`error: --dest: ${folder} is a folder; give the path of the file to write`]);
    }
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('get and list know every field of the resource (optional ones too), and get has --web', async () => {
    const spec = JSON.parse((await api.cli(['openapi', 'get', 'petstore', '--json'])).stdout);
    expect(spec.lastProcessedErrors).toBeUndefined();
    const r = await api.cli(['openapi', 'list', '--fields', 'slug,lastProcessedErrors,sourceURL']);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)[0]).toEqual(['petstore', '', '']);
    const web = await api.cli(['openapi', 'get', 'petstore', '--web'], { env: { CI: 'true' } });
    expect(web.code, web.stderr).toBe(0);
    expect(web.stdout).toBe(`${spec.urls.app}\n`);
  });

  it('the app URL of a spec (urls.app, as get prints it) is accepted for its slug', async () => {
    const spec = JSON.parse((await api.cli(['openapi', 'get', 'petstore', '--json'])).stdout);
    const r = await api.cli(['openapi', 'get', spec.urls.app, '--fields', 'slug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('petstore\n');
    // Commands that run their own requests (version, content, publish) take it too.
    const version = await api.cli(['openapi', 'version', spec.urls.app, 'latest', '--fields', 'id']);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout).toBe(`${spec.lastVersion}\n`);
    const content = await api.cli(['openapi', 'content', spec.urls.app, '--dry-run']);
    expect(content.stdout).toMatch(/\/openapi\/petstore\/versions\/latest\/content$/m);
    const space = 'https://app.docplat.test/o/x/s/abc/';
    const wrong = await api.cli(['openapi', 'versions', space]);
    expect(wrong.code).toBe(2);
    expect(lines(wrong.stderr)).toEqual([`error: "${space}" is not the app URL of a spec slug (expected …/openapi/<id>/)`]);
    // An id that has no app URL of its own: the message says what is wanted, with no placeholder.
    const member = await api.cli(['members', 'get', 'https://app.docplat.test/o/x/members/abc']);
    expect(member.code).toBe(2);
    expect(lines(member.stderr)).toEqual(['error: "https://app.docplat.test/o/x/members/abc" is a URL, not a user id']);
  });
});

describe('openapi create and publish', () => {
  it('create sends the file as source.text (201); create again is a conflict; publish of that slug updates it (200)', async () => {
    const path = file('orders.yaml', DOC);
    const r = await api.cli(['openapi', 'create', 'orders', '--file', path, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\{"note":"created OpenAPI specification \\"orders\\" \(201\)/);
    expect(JSON.parse(r.stdout)).toMatchObject({ slug: 'orders', processingState: 'pending' });
    const again = await api.cli(['openapi', 'create', 'orders', '--file', path]);
    expect(again.code).toBe(1);
    expect(lines(again.stderr)).toEqual(['error: OpenAPI specification "orders" already exists (409 Conflict): `docplat openapi publish orders` adds a version to it']);
    const republished = await api.cli(['openapi', 'publish', 'orders', '--file', path]);
    expect(republished.code, republished.stderr).toBe(0);
    expect(republished.stderr).toMatch(/updated OpenAPI specification "orders" \(200\)/);
    const waited = await api.cli(['openapi', 'create', 'orders-2', '--url', 'https://elsewhere.example/o.yaml', '--wait', '--fields', 'slug,processingState,lastProcessErrorCode']);
    expect(waited.code).toBe(1);
    expect(tsv(waited.stdout)).toEqual([['orders-2', 'complete', 'FETCH_ERROR']]);
  });

  it('publish --file --wait reaches complete and prints the final spec; republish says updated (200)', async () => {
    const path = file('shop.json', JSON.stringify({ openapi: '3.1.0', info: { title: 'Shop', version: '1' }, paths: {} }));
    const first = await api.cli(['openapi', 'publish', 'shop', '--file', path, '--wait', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^\{"note":"created OpenAPI specification \\"shop\\" \(201\); waiting/m);
    const spec = JSON.parse(first.stdout);
    expect(spec).toMatchObject({ slug: 'shop', processingState: 'complete', lastProcessedErrorCount: 0 });
    expect(spec.lastVersion).toBeTypeOf('string');
    const second = await api.cli(['openapi', 'publish', 'shop', '--file', path, '--wait', '--json']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/updated OpenAPI specification \\"shop\\" \(200\)/);
    const after = JSON.parse(second.stdout);
    expect(after.lastVersion).not.toBe(spec.lastVersion);
    expect(JSON.parse((await api.cli(['openapi', 'versions', 'shop', '--json'])).stdout)).toHaveLength(2);
  });

  it('the built CLI (bundled YAML parser) publishes --file --wait, and refuses a broken file with its line and column', async () => {
    const r = await api.spawn(['openapi', 'publish', 'spawned', '--file', file('spawned.yaml', DOC), '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).processingState).toBe('complete');
    const bad = await api.spawn(['openapi', 'publish', 'spawned', '--file', file('bad.yaml', 'openapi: 3.0.0\ninfo: {title: x\n')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: --file .*bad\.yaml:\d+:\d+: not YAML or JSON: /m);
  });

  it('publish --file - reads stdin; --url is sent as source.url', async () => {
    const r = await api.cli(['openapi', 'publish', 'from-stdin', '--file', '-', '--json'], { input: DOC });
    expect(r.code, r.stderr).toBe(0);
    const dry = await api.cli(['openapi', 'publish', 'remote', '--url', 'https://specs.example.com/a.yaml', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^PUT http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/\w+\/openapi\/remote \{"source":\{"url":"https:\/\/specs\.example\.com\/a\.yaml"\}\}\n$/);
  });

  it('a URL the sandbox will not fetch ends in FETCH_ERROR: --wait exits 1 with the code and the reason', async () => {
    const r = await api.cli(['openapi', 'publish', 'remote', '--url', 'https://specs.example.com/a.yaml', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: the platform could not process "remote": FETCH_ERROR: .*nothing outside loopback/);
  });

  it('a document the platform cannot parse reaches PARSE_ERROR: exit 1, the final spec on stdout', async () => {
    // Valid locally (YAML with an openapi field), but sent with --url from a loopback server that answers broken YAML.
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => res.end('openapi: 3.0.0\npaths: [unclosed\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/openapi.yaml`;
      const r = await api.cli(['openapi', 'publish', 'broken', '--url', url, '--wait', '--json']);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
      expect(r.stderr).toMatch(/"code":1|PARSE_ERROR/);
      // With --json every line on stderr is JSON: the notes as {"note"}, then the error.
      const stderr = lines(r.stderr).map((l) => JSON.parse(l));
      expect(stderr.at(-1)).toMatchObject({ error: { kind: 'processing', code: 'PARSE_ERROR' } });
      expect(stderr[0]).toEqual({ note: expect.stringMatching(/waiting for the platform to process it/) });
      const plain = await api.cli(['openapi', 'publish', 'broken', '--url', url, '--wait']);
      expect(plain.code).toBe(1);
      expect(lines(plain.stderr).filter((l) => l.startsWith('error: '))).toEqual([expect.stringMatching(/could not process "broken": PARSE_ERROR: line \d+, column \d+/)]);
      // On a terminal, the errors read as code and message, not as JSON.
      const shown = await api.cli(['openapi', 'get', 'broken'], { stdoutTTY: true });
      expect(lines(shown.stdout).find((l) => l.startsWith('Errors'))).toMatch(/^Errors +PARSE_ERROR: line \d+, column \d+: not YAML or JSON/);
    } finally {
      server.close();
    }
  });

  it('--wait shows a progress line on a terminal (stderr), and clears it', async () => {
    const r = await runInProcess(['openapi', 'publish', 'watched', '--file', '-', '--wait', '--json'], { env: api.env(), input: DOC, stderrTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\r\x1b\[Kprocessing "watched": (pending|progress) \(\d+s\)/);
    expect(r.stderr.endsWith('\r\x1b[K')).toBe(true);
    expect(JSON.parse(r.stdout).processingState).toBe('complete');
    const piped = await api.cli(['openapi', 'publish', 'watched', '--file', '-', '--wait'], { input: DOC });
    expect(piped.stderr).not.toContain('processing "watched"');
  });

  it('Ctrl-C while waiting exits 130 and says the document is still being processed', async () => {
    await withTestApi({ processingMs: 600_000 }, async (slow) => {
      const run = startCli(['openapi', 'publish', 'long', '--file', '-', '--wait'], { env: slow.env(), input: DOC });
      await until(() => /waiting for the platform/.test(run.stderr()));
      run.child.kill('SIGINT');
      const r = await run.done;
      expect(r.code).toBe(130);
      expect(lines(r.stderr).at(-1)).toMatch(/^error: interrupted while waiting; "long" is still being processed/);
    });
  });

  it('--wait-timeout reached: exit 1, naming the state', async () => {
    const path = file('slow.yaml', DOC);
    const started = Date.now();
    const r = await api.cli(['openapi', 'publish', 'slow', '--file', path, '--wait-timeout', '100ms']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gave up waiting for "slow" after 100ms \(--wait-timeout\): it is still (pending|in progress);/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('--wait-timeout reached while processing says "in progress"', async () => {
    await withTestApi({ processingMs: 3000 }, async (slow) => {
      const r = await runInProcess(['openapi', 'publish', 'midway', '--file', '-', '--wait-timeout', '1500ms'], { env: slow.env(), input: DOC });
      expect(r.code).toBe(1);
      expect(lines(r.stderr).at(-1)).toBe('error: gave up waiting for "midway" after 1500ms (--wait-timeout): it is still in progress; see `docplat openapi get midway`');
    });
  });
});

describe('openapi delete', () => {
  it('needs --yes off a terminal, deletes several slugs, and skips one already gone', async () => {
    await api.cli(['openapi', 'publish', 'tmp-a', '--file', '-'], { input: DOC });
    await api.cli(['openapi', 'publish', 'tmp-b', '--file', '-'], { input: DOC });
    expect((await api.cli(['openapi', 'delete', 'tmp-a'])).code).toBe(2);
    const r = await api.cli(['openapi', 'delete', 'tmp-a', 'tmp-b', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/deleted 2 of 2/);
    const again = await api.cli(['openapi', 'rm', '-', '--yes'], { input: 'tmp-a\n' });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/tmp-a: skipped \(not found: already deleted, or never existed\)/);
    expect((await api.cli(['openapi', 'get', 'tmp-a'])).code).toBe(3);
  });

  it('a slug that never existed (a typo) is skipped as not found, as one deleted before (a repeated delete is a 404)', async () => {
    const one = await api.cli(['openapi', 'delete', 'petstor', '--yes']);
    expect(one.code).toBe(0);
    expect(one.stderr).toContain('petstor: skipped (not found: already deleted, or never existed)');
    await api.cli(['openapi', 'publish', 'tmp-c', '--file', '-'], { input: DOC });
    const two = await api.cli(['openapi', 'delete', 'tmp-c', 'petstor', '--yes']);
    expect(two.code).toBe(0);
    expect(two.stderr).toMatch(/tmp-c: deleted/);
    expect(two.stderr).toContain('petstor: skipped (not found: already deleted, or never existed)');
    // Deleted, then published again and deleted again: the second delete of the new one is skipped.
    await api.cli(['openapi', 'publish', 'tmp-c', '--file', '-'], { input: DOC });
    expect((await api.cli(['openapi', 'delete', 'tmp-c', '--yes'])).code).toBe(0);
    expect((await api.cli(['openapi', 'delete', 'tmp-c', '--yes'])).stderr).toMatch(/tmp-c: skipped \(not found: already deleted, or never existed\)/);
  });
});

describe('openapi with --debug', () => {
  it('publish --debug traces the request without the token', async () => {
    const r = await api.cli(['openapi', 'publish', 'traced', '--file', '-', '--debug'], { input: DOC });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/debug: > PUT .*\/openapi\/traced/);
    expect(r.stderr).not.toContain(api.sandbox.token);
    expect(existsSync(dir)).toBe(true);
  });
});
