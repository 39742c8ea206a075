// config: get, set, unset, list, path, and the configured output format.
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baseEnv, lines, runInProcess, tempDir, useTestApi } from '../helpers.js';

const api = useTestApi();


describe('config', () => {
  it('set, get, list, unset, path', async () => {
    const env = baseEnv();
    expect((await runInProcess(['config', 'set', 'org', 'o-123'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'set', 'format', 'json'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'get', 'org'], { env })).stdout).toBe('o-123\n');
    const list = await runInProcess(['config', 'list', '--output', 'tsv'], { env });
    expect(list.stdout).toContain('o-123');
    expect((await runInProcess(['config', 'unset', 'org'], { env })).code).toBe(0);
    expect((await runInProcess(['config', 'get', 'org'], { env })).stdout).toBe('');
    const path = await runInProcess(['config', 'path'], { env });
    expect(path.stdout.trim()).toBe(join(env.DOCPLAT_CONFIG_DIR!, 'config.json'));
  });

  it('the configured format is the default output', async () => {
    const env = api.env();
    await runInProcess(['config', 'set', 'format', 'jsonl'], { env });
    const r = await runInProcess(['spaces', 'list', '--limit', '2'], { env });
    expect(lines(r.stdout).map((l) => JSON.parse(l).object)).toEqual(['space', 'space']);
  });

  it('refuses unknown keys and bad values', async () => {
    const env = baseEnv();
    const r1 = await runInProcess(['config', 'set', 'colour', 'x'], { env });
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/unknown config key "colour"/);
    const r2 = await runInProcess(['config', 'set', 'format', 'xml'], { env });
    expect(r2.code).toBe(2);
    const r3 = await runInProcess(['config', 'set', 'api-url', 'not a url'], { env });
    expect(r3.code).toBe(2);
  });

  it('an empty or blank value is named as such, with the way to remove a value', async () => {
    const env = baseEnv();
    const empty = await runInProcess(['config', 'set', 'org', ''], { env });
    expect(empty.code).toBe(2);
    expect(lines(empty.stderr)).toEqual(['error: the value of org is empty: `docplat config unset org` removes it']);
    const blank = await runInProcess(['config', 'set', 'api-url', '  '], { env });
    expect(lines(blank.stderr)).toEqual(['error: the value of api-url is blank: `docplat config unset api-url` removes it']);
  });
});

describe('the config folder and file are the user\'s, and only what docplat owns is chmodded', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** A temporary folder with, inside, a folder shared as /tmp is (1777) and a config dir that is a symlink to it. */
  function sharedFolder() {
    const root = tempDir();
    made.push(root);
    const shared = join(root, 'world-writable');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const link = join(root, 'config');
    symlinkSync(shared, link);
    return { root, shared, link, env: envWith(link) };
  }
  const mode = (path: string) => statSync(path).mode & 0o7777;
  /** The tests' environment with the config dir given (baseEnv's own temporary one removed after the test). */
  function envWith(dir: string): NodeJS.ProcessEnv {
    const env = baseEnv();
    made.push(env.DOCPLAT_CONFIG_DIR!);
    return { ...env, DOCPLAT_CONFIG_DIR: dir };
  }
  const root = process.getuid?.() === 0;

  it('DOCPLAT_CONFIG_DIR a symlink to a shared 1777 folder: config set writes the file (0600) and leaves the folder\'s mode alone', async () => {
    const { shared, env } = sharedFolder();
    const r = await runInProcess(['config', 'set', 'org', 'o-1'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(mode(shared)).toBe(0o1777);
    expect(r.stderr).toMatch(/the config folder .* is open to other users \(mode 777\); docplat did not create it and leaves it alone/);
    expect(mode(join(shared, 'config.json'))).toBe(0o600);
    expect((await runInProcess(['config', 'get', 'org'], { env })).stdout).toBe('o-1\n');
  });

  it.skipIf(!root)('a config folder (or the folder a symlink points to) of another user is refused, untouched', async () => {
    const { shared, env } = sharedFolder();
    chownSync(shared, 65534, 65534);
    const r = await runInProcess(['config', 'set', 'org', 'o-1'], { env });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^error: the config folder .* \(through a symlink\) belongs to another user/)]);
    expect(mode(shared)).toBe(0o1777);
    expect(readdirSync(shared)).toEqual([]);
  });

  it('config.json a symlink to a file others can read: read with a warning, writing refused, the target never chmodded', async () => {
    const root = tempDir();
    made.push(root);
    const target = join(root, 'dotfiles-config.json');
    writeFileSync(target, JSON.stringify({ profiles: { default: { org: 'o-9' } } }));
    chmodSync(target, 0o644);
    const dir = join(root, 'config');
    mkdirSync(dir, { mode: 0o700 });
    symlinkSync(target, join(dir, 'config.json'));
    const env = envWith(dir);
    const get = await runInProcess(['config', 'get', 'org'], { env });
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).toBe('o-9\n');
    expect(get.stderr).toMatch(/is a symlink to a file other users can read \(mode 644\); docplat does not change the mode of a file it links to/);
    const set = await runInProcess(['config', 'set', 'org', 'o-2'], { env });
    expect(set.code).toBe(2);
    expect(mode(target)).toBe(0o644);
    expect(JSON.parse(readFileSync(target, 'utf8')).profiles.default.org).toBe('o-9');
    // Once its owner made it private, the link is used as it is: the write goes to the target, still 0600.
    chmodSync(target, 0o600);
    expect((await runInProcess(['config', 'set', 'org', 'o-2'], { env })).code).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8')).profiles.default.org).toBe('o-2');
    expect(mode(target)).toBe(0o600);
  });

  it.skipIf(!root)('config.json a symlink to a file of another user is refused, and the file is not chmodded', async () => {
    const root = tempDir();
    made.push(root);
    const target = join(root, 'theirs.json');
    writeFileSync(target, JSON.stringify({ profiles: {} }));
    chmodSync(target, 0o644);
    chownSync(target, 65534, 65534);
    const dir = join(root, 'config');
    mkdirSync(dir, { mode: 0o700 });
    symlinkSync(target, join(dir, 'config.json'));
    const r = await runInProcess(['config', 'get', 'org'], { env: envWith(dir) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a symlink to a file of another user/);
    expect(mode(target)).toBe(0o644);
  });
});
