// Loads the CLI bundle (dist/main.cjs) with a code cache in the user's cache
// folder, so that a command does not compile the same JavaScript again on
// every run. On Node 22+ that is Node's own compile cache
// (module.enableCompileCache); Node 20 has none, so the bundle is compiled
// through vm.Script with the cachedData V8 made on an earlier run (as
// v8-compile-cache does for CommonJS modules).
//
// The cache file is a header and V8's bytes: the key (the bundle's hash, made
// by the build, its size and time, Node's version and the architecture) and a
// hash of the bytes. A file whose key differs (another version, an edited
// bundle), whose bytes do not match their hash (a torn or tampered file),
// that is not a regular file (a symbolic link is never opened), or that V8
// rejects is not used: the bundle is compiled from source, and the cache
// written again, after the command, through the one writer (src/files/write.ts:
// an exclusive temporary file renamed over the target, never through a link).
// Whatever goes wrong with the cache, the command runs.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheDir } from './config/paths.js';
import { writeSafely } from './files/write.js';

const MAGIC = 'docplat-code-cache 1\n';
/** A cache file larger than this is not ours (V8's cache of the bundle is well under 10 MB). */
const MAX_BYTES = 64 * 1024 * 1024;

export interface Loaded<T> {
  exports: T;
  /** How the code was compiled: from the cache, from source (the cache is written after the command), or by Node's own cache. */
  compiled: 'cached' | 'source' | 'node';
  /** Writes the cache when it was missing, stale or refused; never throws. */
  save(): Promise<void>;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The cache file of this Node version and architecture in `dir`. */
export function cacheFile(dir: string): string {
  return join(dir, `main-${process.version}-${process.arch}.cache`);
}

declare const __DOCPLAT_BUNDLE_HASH__: string;
/** The hash of dist/main.cjs, computed by the build (bin/build.mjs) so that no run hashes a megabyte of source. */
const BUNDLE_HASH = typeof __DOCPLAT_BUNDLE_HASH__ === 'string' ? __DOCPLAT_BUNDLE_HASH__ : 'dev';

/**
 * What the cache must have been made from: this build of the bundle (its
 * hash), the file as the build left it (an edited bundle has another size or
 * time), Node's version and the architecture.
 */
export function cacheKey(file: string): string {
  const st = statSync(file);
  return `${BUNDLE_HASH} ${st.size} ${st.mtimeMs} ${process.version} ${process.arch}`;
}

/** The cache file's contents: the header (key, hash of the bytes) and V8's bytes. */
export function encodeCache(key: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC}${key}\n${sha256(data)}\n`), data]);
}

/** V8's bytes from a cache file, or undefined when it is missing, not a regular file, made for something else, or torn or tampered with. */
export function readCache(file: string, key: string): Buffer | undefined {
  let fd: number;
  try {
    // O_NOFOLLOW: a symbolic link at the cache's name is refused, never followed.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  let bytes: Buffer;
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_BYTES) return undefined;
    bytes = readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) return undefined;
  const keyEnd = bytes.indexOf(10, MAGIC.length);
  const hashEnd = keyEnd < 0 ? -1 : bytes.indexOf(10, keyEnd + 1);
  if (hashEnd < 0) return undefined;
  const data = bytes.subarray(hashEnd + 1);
  return bytes.subarray(MAGIC.length, keyEnd).toString('latin1') === key && bytes.subarray(keyEnd + 1, hashEnd).toString('latin1') === sha256(data) ? data : undefined;
}

/** Writes the cache through the one writer, replacing only a regular file, never in a folder that is a link; false when it was not written. */
export async function writeCache(dir: string, key: string, data: Buffer): Promise<boolean> {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!lstatSync(dir).isDirectory()) return false;
    await writeSafely(cacheFile(dir), encodeCache(key, data), { replace: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads a CommonJS bundle with the code cache of `env` (DOCPLAT_CACHE_DIR, or
 * the user's cache folder).
 */
export function loadBundle<T>(file: string, env: NodeJS.ProcessEnv): Loaded<T> {
  const dir = cacheDir(env);
  const req = createRequire(file);
  const enable = (nodeModule as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enable === 'function') {
    try {
      enable(join(dir, 'node'));
    } catch {
      /* no cache: the bundle is compiled from source */
    }
    return { exports: req(file) as T, compiled: 'node', save: async () => undefined };
  }
  const source = readFileSync(file, 'utf8');
  const key = cacheKey(file);
  const cached = readCache(cacheFile(dir), key);
  const script = new Script(nodeModule.Module.wrap(source), { filename: file, cachedData: cached });
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;
  const mod = { exports: {} as unknown };
  wrapper.call(mod.exports, mod.exports, req, mod, file, dirname(file));
  const fresh = cached === undefined || script.cachedDataRejected === true;
  return {
    exports: mod.exports as T,
    compiled: fresh ? 'source' : 'cached',
    // After the command: V8's bytes then hold every function the command compiled, not only the top level.
    save: async () => {
      if (fresh) await writeCache(dir, key, script.createCachedData());
    },
  };
}
