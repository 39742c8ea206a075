// The code cache of dist/main.cjs (src/code-cache.ts): written after the
// first command, used by the next; a stale or torn cache, one another
// account could write, or a symbolic link at its name, is refused and the command still works; the
// cache is never written through a link.
import { chmodSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheFile, cacheKey, encodeCache, readCache, writeCache } from '../../src/code-cache.js';
import { baseEnv, ROOT, runCli, tempDir } from '../helpers.js';

const dirs: string[] = [];
const fresh = () => {
  const dir = tempDir('docplat-cache-');
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const bundle = join(ROOT, 'dist', 'main.cjs');

describe('the bundles of command groups (bin/build.mjs)', () => {
  it('are ASCII, each of them, as the loader reads them as latin1', () => {
    const bundles = [...readdirSync(join(ROOT, 'dist')).map((f) => join(ROOT, 'dist', f)), ...readdirSync(join(ROOT, 'dist', 'vendor')).map((f) => join(ROOT, 'dist', 'vendor', f))].filter((f) => f.endsWith('.cjs'));
    expect(bundles.length).toBeGreaterThan(8);
    // eslint-disable-next-line no-control-regex
    for (const file of bundles) expect(/[^\x00-\x7f]/.test(readFileSync(file, 'utf8')), file).toBe(false);
  });

  it('hold no copy of a module of src/ that main.cjs holds: they take it from main.cjs, evaluated once', () => {
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
    const inMain = new Set(Object.keys(meta.outputs['dist/main.cjs'].inputs).filter((input) => input.startsWith('src/')));
    const groups = Object.keys(meta.outputs).filter((out) => /^dist\/group-[a-z-]+\.cjs$/.test(out));
    expect(groups).toContain('dist/group-org.cjs');
    for (const group of groups) expect(Object.keys(meta.outputs[group].inputs).filter((input) => inMain.has(input)), group).toEqual([]);
  });
});
const key = cacheKey(bundle);
const bytes = Buffer.from('V8 code cache bytes, as V8 made them');

describe('reading the cache', () => {
  it('gives back the bytes written for the same key', async () => {
    const dir = fresh();
    expect(await writeCache(dir, key, bytes, cacheFile(dir), ['spaces get', 'spaces list'])).toBe(true);
    expect(readCache(cacheFile(dir), key)).toEqual({ data: bytes, commands: ['spaces get', 'spaces list'] });
  });

  it('refuses a cache made for another version or bundle (stale)', async () => {
    const dir = fresh();
    await writeCache(dir, `${key} edited`, bytes, cacheFile(dir));
    expect(readCache(cacheFile(dir), key)).toBeUndefined();
  });

  it('refuses a cache another account could have written (group or others may write it or its folder), and writes its own for the user alone', async () => {
    const dir = fresh();
    const file = cacheFile(dir);
    expect(await writeCache(dir, key, bytes, file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    chmodSync(file, 0o620);
    expect(readCache(file, key)).toBeUndefined();
    chmodSync(file, 0o600);
    expect(readCache(file, key)?.data).toEqual(bytes);
    chmodSync(dir, 0o777);
    expect(readCache(file, key)).toBeUndefined();
    chmodSync(dir, 0o700);
    expect(readCache(file, key)?.data).toEqual(bytes);
  });

  it('refuses bytes not as long as the header says (torn), and a file that is not a cache', () => {
    const dir = fresh();
    const file = cacheFile(dir);
    const good = encodeCache(key, bytes);
    writeFileSync(file, good.subarray(0, good.length - 3), { mode: 0o600 });
    expect(readCache(file, key)).toBeUndefined();
    writeFileSync(file, Buffer.concat([good, Buffer.from('more')]));
    expect(readCache(file, key)).toBeUndefined();
    writeFileSync(file, 'not a cache');
    expect(readCache(file, key)).toBeUndefined();
    writeFileSync(file, good);
    expect(readCache(file, key)?.data).toEqual(bytes);
  });

  it('never follows a symbolic link at the cache name, to read or to write', async () => {
    const dir = fresh();
    const elsewhere = join(fresh(), 'valid.cache');
    writeFileSync(elsewhere, encodeCache(key, bytes));
    symlinkSync(elsewhere, cacheFile(dir));
    expect(readCache(cacheFile(dir), key)).toBeUndefined();
    expect(await writeCache(dir, key, Buffer.from('other bytes'), cacheFile(dir))).toBe(false);
    expect(readlinkSync(cacheFile(dir))).toBe(elsewhere);
    expect(readFileSync(elsewhere)).toEqual(encodeCache(key, bytes));
  });
});

/** The key the built CLI wrote (its entry knows the bundles' hashes; these tests run from source). */
const writtenKey = (file: string) => readFileSync(file, 'latin1').split('\n')[1];

describe('the built CLI', () => {
  const env = (dir: string) => baseEnv({ DOCPLAT_CACHE_DIR: dir });
  const run = async (dir: string, args: string[]) => {
    const r = await runCli(args, { env: env(dir) });
    expect(r.code, r.stderr).toBe(0);
    return r;
  };
  const configPath = async (dir: string) => expect((await run(dir, ['config', 'path'])).stdout).toMatch(/config\.json\n$/);
  /** The config group's cache of main.cjs. */
  const configCache = (dir: string) => cacheFile(dir, 'main.cjs', 'config');
  // Node 22+ keeps its own compile cache in <dir>/node; Node 20 has none, and docplat keeps one.
  const own = !('enableCompileCache' in nodeModule);

  it.runIf(own)('writes the cache after the first command and uses it after', async () => {
    const dir = fresh();
    await configPath(dir);
    const written = readFileSync(configCache(dir));
    expect(writtenKey(configCache(dir))).toMatch(/^[0-9a-f]{64} \d+ [\d.]+ v\d/);
    const cached = readCache(configCache(dir), writtenKey(configCache(dir)));
    expect(cached?.data.length).toBeGreaterThan(1000);
    expect(cached?.commands).toEqual(['config path']);
    await configPath(dir);
    // Used, not written again.
    expect(readFileSync(configCache(dir))).toEqual(written);
  });

  it.runIf(own)('a command that sets V8 flags while it runs (content export) leaves a cache the next run uses', async () => {
    const dir = fresh();
    const space = (await run(dir, ['--sandbox', 'spaces', 'list', '--output', 'tsv', '--fields', 'id'])).stdout.split('\n')[1];
    const exportTo = (dest: string) => run(dir, ['--sandbox', 'content', 'export', space, '--dest', join(dir, dest), '--quiet']);
    await exportTo('one');
    const contentCache = cacheFile(dir, 'main.cjs', 'content');
    const written = readFileSync(contentCache);
    await exportTo('two');
    // Made under the flags the next run starts with: used, not refused and written again.
    expect(readFileSync(contentCache)).toEqual(written);
  });

  it.runIf(own)("a group's cache learns each of its verbs once; another group has a cache of its own", async () => {
    const dir = fresh();
    await configPath(dir);
    await run(dir, ['config', 'list']);
    const key = writtenKey(configCache(dir));
    expect(readCache(configCache(dir), key)?.commands).toEqual(['config path', 'config list']);
    const learnt = readFileSync(configCache(dir));
    await run(dir, ['config', 'list']);
    expect(readFileSync(configCache(dir))).toEqual(learnt);
    await run(dir, ['orgs', '--help', '--no-input']);
    await run(dir, ['completion', 'bash']);
    expect(readCache(cacheFile(dir, 'main.cjs', 'completion'), key)?.commands).toEqual(['completion bash']);
  });

  it.runIf(own)('a bundle the CLI requires when a command needs it (the sandbox, undici) has a cache of its own', async () => {
    const dir = fresh();
    await run(dir, ['--sandbox', 'orgs', 'list', '--output', 'tsv']);
    const sandbox = cacheFile(dir, 'sandbox.cjs');
    expect(readCache(sandbox, writtenKey(sandbox))?.data.length).toBeGreaterThan(1000);
    expect(writtenKey(sandbox)).not.toBe(writtenKey(cacheFile(dir, 'main.cjs', 'orgs')));
  });

  it.runIf(own)('a torn, stale or group-writable cache is refused, the command works, and the cache is made again, for the user alone', async () => {
    const dir = fresh();
    await configPath(dir);
    const good = readFileSync(configCache(dir));
    const written = writtenKey(configCache(dir));
    const remade = async (change: () => void) => {
      change();
      expect(readCache(configCache(dir), written)).toBeUndefined();
      await configPath(dir);
      expect(readCache(configCache(dir), written)?.data.length).toBeGreaterThan(1000);
      expect(statSync(configCache(dir)).mode & 0o077).toBe(0);
    };
    // Torn: cut short.
    await remade(() => writeFileSync(configCache(dir), good.subarray(0, good.length - 100)));
    // Made for another build of the bundle: stale.
    const cached = readCache(configCache(dir), written)!;
    await remade(() => writeFileSync(configCache(dir), encodeCache(written.replace(/^\w+/, 'another'), cached.data, cached.commands)));
    // Another account of the group could have written it.
    await remade(() => chmodSync(configCache(dir), 0o660));
  });

  it.runIf(own)('a symbolic link at the cache name is left as it is, and what it points to untouched', async () => {
    const dir = fresh();
    const target = join(fresh(), 'target');
    writeFileSync(target, 'not yours');
    symlinkSync(target, configCache(dir));
    await configPath(dir);
    expect(lstatSync(configCache(dir)).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('not yours');
  });

  it.runIf(own)('a group in a bundle of its own runs from it, with a cache of its own; a spaces command loads no such bundle', async () => {
    const dir = fresh();
    expect((await run(dir, ['--sandbox', 'sites', 'list', '--output', 'tsv'])).stdout).toMatch(/\t/);
    const sites = cacheFile(dir, 'group-sites.cjs');
    expect(readCache(sites, writtenKey(sites))?.commands).toEqual(['sites list']);
    const other = fresh();
    await run(other, ['--sandbox', 'spaces', 'list', '--output', 'tsv']);
    expect(readdirSync(other).filter((f) => f.startsWith('group-'))).toEqual([]);
  });

  it('a cache folder that cannot be made does not stop the command', async () => {
    const dir = fresh();
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    await configPath(join(file, 'cache'));
    expect(existsSync(join(file, 'cache'))).toBe(false);
  });
});
