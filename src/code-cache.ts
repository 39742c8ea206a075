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
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';
import { cacheDir } from './config/paths.js';

const MAGIC = 'docplat-code-cache 1\n';
/** A cache file larger than this is not ours (V8's cache of the bundle is well under 10 MB). */
const MAX_BYTES = 64 * 1024 * 1024;

export interface Loaded<T> {
  exports: T;
  /** Writes the cache of each bundle loaded whose cache was missing, stale or refused; never throws. */
  save(): Promise<void>;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The cache file of a bundle (`vendor/undici.cjs`) for this Node version and architecture in `dir`. */
export function cacheFile(dir: string, name = 'main.cjs'): string {
  return join(dir, `${name.replace(/\.cjs$/, '').replace(/[^a-z0-9]+/gi, '-')}-${process.version}-${process.arch}.cache`);
}

declare const __DOCPLAT_BUNDLES__: string;
/** The bundles of dist/ (main.cjs, sandbox.cjs, vendor/*.cjs) and their hashes, computed by the build (bin/build.mjs): no run hashes megabytes of source. */
const BUNDLES: Record<string, string> = typeof __DOCPLAT_BUNDLES__ === 'string' ? (JSON.parse(__DOCPLAT_BUNDLES__) as Record<string, string>) : {};

/**
 * What the cache must have been made from: this build of the bundle (its
 * hash), the file as the build left it (an edited bundle has another size or
 * time), Node's version and the architecture.
 */
export function cacheKey(file: string, name = 'main.cjs'): string {
  const st = statSync(file);
  return `${BUNDLES[name] ?? 'dev'} ${st.size} ${st.mtimeMs} ${process.version} ${process.arch}`;
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
export async function writeCache(dir: string, key: string, data: Buffer, name = 'main.cjs'): Promise<boolean> {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!lstatSync(dir).isDirectory()) return false;
    // Loaded only to write: a run that finds its cache never loads the writer.
    const { writeSafely } = await import('./files/write.js');
    await writeSafely(cacheFile(dir, name), encodeCache(key, data), { replace: true });
    return true;
  } catch {
    return false;
  }
}

type Wrapper = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

/**
 * Loads a CommonJS bundle of dist/ (main.cjs) with the code cache of `env`
 * (DOCPLAT_CACHE_DIR, or the user's cache folder), and through it each bundle
 * it requires (sandbox.cjs, vendor/undici.cjs), when the command needs it.
 */
export function loadBundle<T>(file: string, env: NodeJS.ProcessEnv): Loaded<T> {
  const dir = cacheDir(env);
  const enable = (nodeModule as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enable === 'function') {
    try {
      enable(join(dir, 'node'));
    } catch {
      /* no cache: the bundles are compiled from source */
    }
    return { exports: createRequire(file)(file) as T, save: async () => undefined };
  }
  const root = dirname(file);
  const modules = new Map<string, { exports: unknown }>();
  const writes: (() => Promise<unknown>)[] = [];
  const load = (name: string): unknown => {
    const path = join(root, name);
    const key = cacheKey(path, name);
    const cached = readCache(cacheFile(dir, name), key);
    const script = new Script(nodeModule.Module.wrap(readFileSync(path, 'utf8')), { filename: path, cachedData: cached });
    const mod = { exports: {} as unknown };
    modules.set(name, mod);
    const req = createRequire(path);
    // A bundle of dist/ required by another comes through here too, with its own cache.
    const local = Object.assign((id: string) => {
      const other = id.startsWith('.') ? relative(root, join(dirname(path), id)).split(sep).join('/') : undefined;
      if (other === undefined || !Object.hasOwn(BUNDLES, other)) return req(id);
      return (modules.get(other) ?? { exports: load(other) }).exports;
    }, req);
    (script.runInThisContext() as Wrapper).call(mod.exports, mod.exports, local, mod, path, dirname(path));
    // After the command: V8's bytes then hold every function the command compiled, not only the top level.
    if (cached === undefined || script.cachedDataRejected === true) writes.push(() => writeCache(dir, key, script.createCachedData(), name));
    return mod.exports;
  };
  const exports = load(relative(root, file)) as T;
  return { exports, save: async () => void (await Promise.all(writes.splice(0).map((write) => write()))) };
}
