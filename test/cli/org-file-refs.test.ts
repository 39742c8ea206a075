// The files an organization file names (`openapi[].file`, `sso[].certificate`)
// are read from its folder only, through the one reader (src/files/read.ts):
// an absolute path, `..` or a symbolic link out is refused, as are a FIFO and
// a file over its bound; an OpenAPI file is checked by the same check as
// `openapi publish --file`, a certificate by the same check as `sso create`
// (a private key is refused). Each is exit 2 with the file's line, before any
// request; the organization file itself is bounded as a typed path is.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BOUNDS } from '../../src/files/read.js';
import { DEMO_CERTIFICATE } from '../../src/sandbox/families/sso/index.js';
import { lines, tempFiles, useTestApi } from '../helpers.js';

const api = useTestApi();
const { dir } = tempFiles();

const SECRET = 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI_s3cr3t';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
const outside = join(dir, 'outside');
mkdirSync(outside);
writeFileSync(join(outside, 'secrets.yaml'), `openapi: 3.0.0\ninfo: {title: "${SECRET}", version: "1"}\npaths: {}\n`);
writeFileSync(join(outside, 'idp.pem'), DEMO_CERTIFICATE);
const repo = join(dir, 'repo');
mkdirSync(repo);
writeFileSync(join(repo, 'pets.yaml'), 'openapi: 3.0.0\ninfo: {title: Pets, version: "2"}\npaths: {}\n');
writeFileSync(join(repo, 'not-openapi.yaml'), `hello: world\nsecret: ${SECRET}\n`);
writeFileSync(join(repo, 'key.pem'), KEY);
writeFileSync(join(repo, 'idp.pem'), DEMO_CERTIFICATE);
symlinkSync(join(outside, 'secrets.yaml'), join(repo, 'linked.yaml'));
symlinkSync('/dev/zero', join(repo, 'zero.yaml'));
execFileSync('mkfifo', [join(repo, 'pipe.yaml')]);
writeFileSync(join(repo, 'huge.yaml'), '');
truncateSync(join(repo, 'huge.yaml'), BOUNDS.openapi.bytes + 1);

let n = 0;
/** An organization file in the repository folder. */
function orgFile(doc: Record<string, unknown>): string {
  const file = join(repo, `org-${++n}.yaml`);
  writeFileSync(file, stringify({ version: 1, ...doc }));
  return file;
}
const spec = (file: string) => orgFile({ openapi: [{ slug: 'petstore', file }] });
const sso = (certificate: string) => orgFile({ sso: [{ label: 'Google', certificate }] });

/** `args` exits 2 before any request, with these error lines (a refusal never shows the secret), at once. */
async function refused(args: string[], rule: RegExp, opts: { input?: string } = {}): Promise<string> {
  const before = api.sandbox.requestCount;
  const started = Date.now();
  const r = await api.cli(args, opts);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toMatch(rule);
  expect(r.stderr + r.stdout).not.toContain('s3cr3t');
  expect(r.stderr).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
  expect(api.sandbox.requestCount - before).toBe(0);
  expect(Date.now() - started).toBeLessThan(5000);
  return r.stderr;
}

describe('org apply: the files the organization file names stay in its folder', () => {
  for (const [what, file, reason] of [
    ['an absolute path', '/proc/self/environ', 'leads outside the folder of '],
    ['`..`', '../outside/secrets.yaml', 'leads outside the folder of '],
    ['a symbolic link out', './linked.yaml', 'leads outside the folder of .*\\(a symbolic link\\)'],
    ['a link to /dev/zero', 'zero.yaml', 'leads outside the folder of '],
    ['a FIFO', 'pipe.yaml', 'is a FIFO \\(named pipe\\), not a regular file'],
    ['a file over its bound', 'huge.yaml', 'is over 32 MB, the most docplat reads for an OpenAPI document'],
  ] as const) {
    it(`openapi[].file: ${what}`, async () => {
      const shown = file.replace(/[.*()/\\[\]]/g, '\\$&');
      try {
        await refused(['org', 'apply', '-f', spec(file), '--yes'], new RegExp(`^error: .*org-\\d+\\.yaml:4:11: openapi\\[0\\]\\.file: "${shown}" ${reason}`, 'm'));
      } finally {
        if (file === 'pipe.yaml') releaseFifo(join(repo, 'pipe.yaml'));
      }
    });
  }

  it('sso[].certificate: an absolute path and `..` out of the folder, even to a real certificate', async () => {
    await refused(['org', 'plan', '-f', sso(join(outside, 'idp.pem'))], /sso\[0\]\.certificate: ".*idp\.pem" leads outside the folder of /);
    await refused(['org', 'apply', '-f', sso('../outside/idp.pem'), '--yes'], /sso\[0\]\.certificate: "\.\.\/outside\/idp\.pem" leads outside the folder of /);
  });

  it('a file in the folder or below is read (the same certificate, through a path inside)', async () => {
    const r = await api.cli(['org', 'plan', '-f', orgFile({ openapi: [{ slug: 'petstore', file: './pets.yaml' }], sso: [{ label: 'Google', certificate: 'idp.pem' }] })]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/[+~] petstore/);
    expect(r.stdout).toMatch(/\+ Google/);
  });
});

describe('org apply checks what it reads as the commands for one resource do', () => {
  it('an OpenAPI file that is not OpenAPI: the errors of `openapi publish --file`, at its line in the organization file', async () => {
    const alone = await api.cli(['openapi', 'validate', join(repo, 'not-openapi.yaml')]);
    expect(alone.code).toBe(2);
    // Its errors: one in the error line, or several above a count.
    const own = lines(alone.stderr)
      .filter((l) => !/ errors \(above\)/.test(l))
      .map((l) => l.replace(/^error: /, ''));
    expect(own.length).toBeGreaterThan(0);
    const err = await refused(['org', 'apply', '-f', spec('not-openapi.yaml'), '--yes'], /openapi\[0\]\.file: /);
    for (const line of own) expect(err).toContain(`openapi[0].file: ${line.replace(join(repo, 'not-openapi.yaml'), 'not-openapi.yaml')}`);
  });

  it('a private key as a certificate, from a file or inline: refused with the words of `sso create --certificate-file`', async () => {
    const alone = await api.cli(['sso', 'create', '--label', 'Google', '--certificate-file', join(repo, 'key.pem')]);
    expect(alone.code).toBe(2);
    const words = /--certificate-file (.*)$/m.exec(alone.stderr)![1];
    expect(words).toMatch(/^holds a private key/);
    await refused(['org', 'apply', '-f', sso('key.pem'), '--yes'], new RegExp(`:4:18: sso\\[0\\]\\.certificate: "key\\.pem" ${words.replace(/[.*()'?]/g, '\\$&')}$`, 'm'));
    await refused(['org', 'apply', '-f', sso(KEY), '--yes'], /sso\[0\]\.certificate: the certificate holds a private key/);
  });
});

describe('the organization file itself is bounded', () => {
  it('-f /dev/zero, -f /dev/urandom and an oversized file: exit 2 naming the bound, at once', async () => {
    await refused(['org', 'plan', '-f', '/dev/zero'], /^error: --file: "\/dev\/zero" is over 8 MB, the most docplat reads for an organization file$/m);
    await refused(['org', 'apply', '-f', '/dev/urandom', '--yes'], /--file: "\/dev\/urandom" is over 8 MB/);
    const big = join(dir, 'big.yaml');
    writeFileSync(big, '');
    truncateSync(big, 50 * 1024 * 1024);
    await refused(['org', 'plan', '-f', big], /--file: ".*big\.yaml" is over 8 MB, the most docplat reads for an organization file/);
    await refused(['org', 'plan', '-f', '-'], /--file: stdin is over 8 MB/, { input: 'x'.repeat(BOUNDS.org.bytes + 1) });
  });
});

function releaseFifo(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // nobody waiting
  }
}
