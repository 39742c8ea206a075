// content push reads only the folder it was given (src/files/read.ts): a page,
// SUMMARY.md, a subfolder, .gitbook/assets or an asset that is a symbolic
// link out of --src is refused, named with where it was found, before any
// request (a pull request to a docs repository can plant such a link, and CI
// pushes it: the process environment and private keys must never become a
// page or a file of the space); a FIFO, a device or an oversized page stops
// at once; and no error shows what such a file holds.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../../src/files/read.js';
import { spaceId } from '../content-helpers.js';
import { lines, tempFiles, useTestApi } from '../helpers.js';

const api = useTestApi();
const { dir } = tempFiles();

const SECRET = 'DOCPLAT_TOKEN=gb_api_s3cr3t_do_not_print';
// Outside every pushed folder: a dotenv file, a private key, a folder of them.
const outside = join(dir, 'home');
mkdirSync(join(outside, 'keys'), { recursive: true });
writeFileSync(join(outside, '.env'), `---\n${SECRET}\n---\n`);
writeFileSync(join(outside, 'keys', 'id_rsa.png'), '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----\n');
writeFileSync(join(outside, 'keys', 'page.md'), `# Keys\n\n${SECRET}\n`);

const TOC = '# Table of contents\n\n* [Home](README.md)\n';
let n = 0;

/** A folder to push: files (text), symbolic links (name → target), FIFOs. */
function folder(files: Record<string, string>, links: Record<string, string> = {}, fifos: string[] = []): string {
  const root = join(dir, `src-${++n}`);
  mkdirSync(root);
  for (const [path, text] of Object.entries({ 'README.md': '# Home\n', ...files })) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  for (const path of fifos) execFileSync('mkfifo', [join(root, path)]);
  return root;
}

/** Unblocks a reader stuck on a FIFO (a failing run must not hang the file). */
function release(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // nobody waiting
  }
}

/** A push of `src` into the demo space: exit 2, the one error line matching `rule`, no secret shown, nothing sent, at once. */
async function refused(src: string, rule: RegExp, ...more: string[]): Promise<void> {
  const space = await spaceId(api, 'Getting Started');
  const before = api.sandbox.requestCount;
  const started = Date.now();
  const r = await api.cli(['content', 'push', space, '--src', src, ...more]);
  expect(r.code, r.stderr).toBe(2);
  expect(lines(r.stderr)).toHaveLength(1);
  expect(lines(r.stderr)[0]).toMatch(rule);
  for (const leak of [SECRET, 's3cr3t', 'PRIVATE KEY', 'b3BlbnNzaC1rZXk']) expect(r.stderr + r.stdout).not.toContain(leak);
  expect(r.stdout).toBe('');
  expect(api.sandbox.requestCount - before).toBe(0);
  expect(Date.now() - started).toBeLessThan(5000);
}

describe('content push: links out of --src are refused before anything is sent', () => {
  it('a page that is a link to the process environment or to a dotenv file', async () => {
    await refused(folder({ 'SUMMARY.md': `${TOC}* [Env](env.md)\n` }, { 'env.md': '/proc/self/environ' }), /^error: --src: SUMMARY\.md:4: "Env" names env\.md, which leads outside the folder \(a symbolic link\); nothing was sent$/);
    await refused(folder({ 'SUMMARY.md': `${TOC}* [Env](env.md)\n` }, { 'env.md': join(outside, '.env') }), /SUMMARY\.md:4: "Env" names env\.md, which leads outside the folder/);
  });

  it('a page in a linked subfolder', async () => {
    await refused(folder({ 'SUMMARY.md': `${TOC}* [Keys](keys/page.md)\n` }, { keys: join(outside, 'keys') }), /SUMMARY\.md:4: "Keys" names keys\/page\.md, which leads outside the folder \(a symbolic link\)/);
  });

  it('.gitbook/assets linked to a folder outside, or to /proc/self, even for --dry-run', async () => {
    await refused(folder({ 'SUMMARY.md': TOC }, { '.gitbook/assets': join(outside, 'keys') }), /^error: --src: \.gitbook\/assets leads outside the folder \(a symbolic link\); nothing was sent$/, '--dry-run');
    await refused(folder({ 'SUMMARY.md': TOC }, { '.gitbook/assets': '/proc/self' }), /\.gitbook\/assets leads outside the folder/, '--dry-run');
    await refused(folder({ 'SUMMARY.md': TOC }, { '.gitbook': outside }), /\.gitbook\/assets leads outside the folder/);
  });

  it('an asset that is a link to a private key outside', async () => {
    await refused(folder({ 'SUMMARY.md': TOC }, { '.gitbook/assets/logo.png': join(outside, 'keys', 'id_rsa.png') }), /^error: --src: \.gitbook\/assets\/logo\.png leads outside the folder \(a symbolic link\); nothing was sent$/);
  });

  it('SUMMARY.md that is a link to a dotenv file: refused, its lines never quoted', async () => {
    await refused(folder({}, { 'SUMMARY.md': join(outside, '.env') }), /^error: --src: SUMMARY\.md leads outside the folder \(a symbolic link\); nothing was sent$/);
  });

  it('links that stay inside the folder are read (a page and an asset under another name)', async () => {
    const space = await spaceId(api, 'Getting Started');
    const src = folder({ 'SUMMARY.md': `${TOC}* [Guide](guide.md)\n`, 'docs/guide.md': '# Guide\n\n![logo](.gitbook/assets/logo.png)\n', 'images/logo.png': 'PNG' }, { 'guide.md': 'docs/guide.md', '.gitbook/assets/logo.png': '../../images/logo.png' });
    const r = await api.cli(['content', 'push', space, '--src', src, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/add page .*guide/i);
    expect(r.stdout).toMatch(/add file \.gitbook\/assets\/logo\.png \(3 bytes\)/);
  });
});

describe('content push: special and oversized files are refused at once', () => {
  it('a FIFO page, and a FIFO asset: refused without waiting for a writer', async () => {
    const src = folder({ 'SUMMARY.md': `${TOC}* [Pipe](pipe.md)\n` }, {}, ['pipe.md']);
    try {
      await refused(src, /^error: --src: SUMMARY\.md:4: "Pipe" names pipe\.md, which is a FIFO \(named pipe\), not a regular file; nothing was sent$/);
    } finally {
      release(join(src, 'pipe.md'));
    }
    const assets = folder({ 'SUMMARY.md': TOC, '.gitbook/assets/.keep': '' }, {}, ['.gitbook/assets/pipe.png']);
    try {
      await refused(assets, /\.gitbook\/assets\/pipe\.png is a FIFO \(named pipe\), not a regular file/, '--dry-run');
    } finally {
      release(join(assets, '.gitbook/assets/pipe.png'));
    }
  });

  it('a page linked to /dev/zero or /dev/urandom', async () => {
    await refused(folder({ 'SUMMARY.md': `${TOC}* [Zero](zero.md)\n` }, { 'zero.md': '/dev/zero' }), /"Zero" names zero\.md, which leads outside the folder/);
    await refused(folder({ 'SUMMARY.md': `${TOC}* [Random](random.md)\n` }, { 'random.md': '/dev/urandom' }), /"Random" names random\.md, which leads outside the folder/);
  });

  it('a page over its bound, named with the bound, before a byte of it is read', async () => {
    const src = folder({ 'SUMMARY.md': `${TOC}* [Big](big.md)\n`, 'big.md': '' });
    truncateSync(join(src, 'big.md'), BOUNDS.page.bytes + 1);
    await refused(src, /^error: --src: SUMMARY\.md:4: "Big" names big\.md, which is over 4 MB, the most docplat reads for a page's Markdown file; nothing was sent$/);
  });

  it('a page that is a folder', async () => {
    await refused(folder({ 'SUMMARY.md': `${TOC}* [Dir](dir.md)\n`, 'dir.md/x': '' }), /"Dir" names dir\.md, which is a folder, not a file/);
  });

  it('the secret stays where it was: nothing of the outside files was read into the sandbox', () => {
    expect(readFileSync(join(outside, '.env'), 'utf8')).toContain(SECRET);
  });
});
