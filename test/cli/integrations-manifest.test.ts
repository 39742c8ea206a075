// integrations publish --manifest: the files it names (`script`, `icon`,
// `previewImages`) are read from the manifest's folder only, through the one
// reader (src/files/read.ts): an absolute path, `..` or a symbolic link out
// is refused, named with its key, as are a FIFO and a file over its bound;
// exit 2 before any request, nothing of the file shown. The manifest itself
// is bounded as a typed path is.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOUNDS } from '../../src/files/read.js';
import { lines, tempFiles, useTestApi } from '../helpers.js';

const api = useTestApi();
const { dir } = tempFiles();

const SECRET = 'ghp_s3cr3tTokenOfTheCiRunner';
const outside = join(dir, 'home');
mkdirSync(join(outside, '.ssh'), { recursive: true });
writeFileSync(join(outside, '.ssh', 'id_ed25519'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n-----END OPENSSH PRIVATE KEY-----\n`);
writeFileSync(join(outside, 'env.js'), `export const token = "${SECRET}";\n`);
const repo = join(dir, 'repo');
mkdirSync(join(repo, 'assets'), { recursive: true });
writeFileSync(join(repo, 'script.js'), 'export default {};\n');
writeFileSync(join(repo, 'assets', 'icon.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
symlinkSync(join(outside, '.ssh', 'id_ed25519'), join(repo, 'assets', 'key.png'));
symlinkSync(join(outside, 'env.js'), join(repo, 'linked.js'));
execFileSync('mkfifo', [join(repo, 'assets', 'pipe.png')]);
writeFileSync(join(repo, 'huge.js'), '');
truncateSync(join(repo, 'huge.js'), BOUNDS.script.bytes + 1);

let n = 0;
/** A manifest in the repository folder with these keys over a valid one's. */
function manifest(keys: Record<string, string>): string {
  const path = join(repo, `integration-${++n}.yaml`);
  const all = { title: 'Widget', description: 'A widget', organization: 'org1', script: 'script.js', icon: 'assets/icon.png', ...keys };
  writeFileSync(path, Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\n') + '\n');
  return path;
}

/** Exit 2 before any request, one error line matching `rule`, nothing of the secret, at once. */
async function refused(args: string[], rule: RegExp): Promise<void> {
  const before = api.sandbox.requestCount;
  const started = Date.now();
  const r = await api.cli(args);
  expect(r.code, r.stderr).toBe(2);
  expect(lines(r.stderr)).toHaveLength(1);
  expect(lines(r.stderr)[0]).toMatch(rule);
  expect(r.stderr + r.stdout).not.toContain(SECRET);
  expect(api.sandbox.requestCount - before).toBe(0);
  expect(Date.now() - started).toBeLessThan(5000);
}

const publish = (path: string) => ['integrations', 'publish', 'widget', '--manifest', path, '--dry-run'];

describe('integrations publish: the files a manifest names stay in its folder', () => {
  it('icon: a link to a private key, an absolute path, `..`', async () => {
    await refused(publish(manifest({ icon: 'assets/key.png' })), /^error: --manifest .*integration-\d+\.yaml: "icon": "assets\/key\.png" leads outside the folder of .* \(a symbolic link\)$/);
    await refused(publish(manifest({ icon: join(outside, '.ssh', 'id_ed25519') })), /"icon": ".*id_ed25519" leads outside the folder of /);
    await refused(publish(manifest({ icon: '../home/.ssh/id_ed25519' })), /"icon": "\.\.\/home\/\.ssh\/id_ed25519" leads outside the folder of /);
  });

  it('script: a link out, /proc/self/environ', async () => {
    await refused(publish(manifest({ script: 'linked.js' })), /"script": "linked\.js" leads outside the folder of .* \(a symbolic link\)/);
    await refused(publish(manifest({ script: '/proc/self/environ' })), /"script": "\/proc\/self\/environ" leads outside the folder of /);
  });

  it('a FIFO preview image and an oversized script: refused at once, naming the bound', async () => {
    try {
      await refused(publish(manifest({ previewImages: '[assets/pipe.png]' })), /"previewImages\.0": "assets\/pipe\.png" is a FIFO \(named pipe\), not a regular file/);
    } finally {
      try {
        closeSync(openSync(join(repo, 'assets', 'pipe.png'), constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // nobody waiting
      }
    }
    await refused(publish(manifest({ script: 'huge.js' })), /"script": "huge\.js" is over 10 MB, the most docplat reads for an integration's script/);
  });

  it('the manifest itself: /dev/zero is stopped at its bound', async () => {
    await refused(publish('/dev/zero'), /^error: --manifest: "\/dev\/zero" is over 1 MB, the most docplat reads for an integration manifest$/);
  });

  it('files in its folder are read', async () => {
    const r = await api.cli(publish(manifest({})));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('iVBORw0KGgo');
  });
});
