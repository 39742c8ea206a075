// Loads the CLI bundle (dist/main.cjs) with a code cache in the user's cache
// folder, so that a command does not compile the same JavaScript again on
// every run. On Node 22+ that is Node's own compile cache
// (module.enableCompileCache); Node 20 has none, so the bundle is compiled
// through vm.Script with the cachedData V8 made on an earlier run (as
// v8-compile-cache does for CommonJS modules).
//
// The cache file is a header and V8's bytes: the key (the bundle's hash, made
// by the build, its size and time, Node's version and the architecture), the
// commands whose code it holds, and the length of the bytes. A file whose key
// differs (another version, an edited bundle), whose bytes are not as long as
// its header says (torn), that another account could have written (it or its
// folder not the user's, or writable by group or others), that is not a
// regular file (a symbolic link is never opened), or that V8 rejects is not
// used: the bundle is compiled from source, and the cache written again,
// after the command, through the one writer (src/files/write.ts: an exclusive
// temporary file, its bytes on disk (fsync) before it is renamed over the
// target, never through a link). No hash of the bytes: V8 checks its own
// header (its version, flags, the source's length, the bytes' length) and no
// more, so a file changed on purpose is kept out by its owner and mode (a
// hash stored beside the bytes would be made again by whoever changed them),
// and a torn one by the length and the fsync; the sha256 this checked before
// cost every command 4 ms of loading node:crypto and 2 MB. V8's bytes
// hold the functions that ran: the CLI keeps a cache per command group
// (`main-spaces-…`), made again, with what it had, the first time a verb of
// the group runs, so that each command finds its own code. Whatever goes
// wrong with the cache, the command runs.
import { lstatSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as nodeModule from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';
import { cacheDir } from './config/paths.js';
import { readOwnSync } from './files/read.js';

const MAGIC = 'docplat-code-cache 2\n';
/** The commands one cache learns, at most: past that it is used as it is. */
const MAX_COMMANDS = 32;

export interface Loaded<T> {
  exports: T;
  /** Writes the cache of each bundle loaded whose cache was missing, stale or refused; never throws. */
  save(): Promise<void>;
}


/** The cache file of a bundle (`vendor/undici.cjs`), or of a command group's use of it (`main.cjs`, `spaces`), for this Node version and architecture in `dir`. */
export function cacheFile(dir: string, name = 'main.cjs', group = ''): string {
  const base = `${name.replace(/\.cjs$/, '')}${group ? `-${group}` : ''}`.replace(/[^a-z0-9]+/gi, '-');
  return join(dir, `${base}-${process.version}-${process.arch}.cache`);
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

/** A cache as read: V8's bytes, and the commands whose code they hold. */
export interface Cached {
  data: Buffer;
  commands: string[];
}

/** The cache file's contents: the header (key, commands, length of the bytes) and V8's bytes. */
export function encodeCache(key: string, data: Buffer, commands: string[] = []): Buffer {
  return Buffer.concat([Buffer.from(`${MAGIC}${key}\n${commands.join(',')}\n${data.length}\n`), data]);
}

/**
 * Nobody but the user (or root) can have written it: it belongs to the user
 * and neither its group nor others may write it (as ssh asks of its files).
 * Code from a cache runs as the user: a cache another account could change
 * is not read. (No such check where there are no user ids: Windows.)
 */
function onlyUserWrites(st: { uid: number; mode: number }): boolean {
  const uid = process.getuid?.();
  return uid === undefined || ((st.uid === uid || st.uid === 0) && (st.mode & 0o022) === 0);
}

/** A cache file's bytes and commands, or undefined when it is missing, not a regular file, writable by another account, made for something else, or torn or damaged. */
export function readCache(file: string, key: string): Cached | undefined {
  let bytes: Buffer | undefined;
  try {
    // Through the one reader: a symbolic link at the cache's name is refused, never followed.
    bytes = readOwnSync(file, 'code cache', file, { noFollow: true, trusted: (st) => onlyUserWrites(st) && onlyUserWrites(statSync(dirname(file))) });
  } catch {
    return undefined;
  }
  if (!bytes) return undefined;
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) return undefined;
  const lines: number[] = [MAGIC.length - 1];
  for (let i = 0; i < 3 && lines[i] >= 0; i++) lines.push(bytes.indexOf(10, lines[i] + 1));
  if (lines[3] === undefined || lines[3] < 0) return undefined;
  const field = (i: number) => bytes.subarray(lines[i] + 1, lines[i + 1]).toString('latin1');
  const data = bytes.subarray(lines[3] + 1);
  if (field(0) !== key || field(2) !== String(data.length)) return undefined;
  return { data, commands: field(1).split(',').filter(Boolean) };
}

/** Writes the cache through the one writer, replacing only a regular file, never in a folder that is a link; false when it was not written. */
export async function writeCache(dir: string, key: string, data: Buffer, file: string, commands: string[] = []): Promise<boolean> {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!lstatSync(dir).isDirectory()) return false;
    // Loaded only to write: a run that finds its cache never loads the writer.
    const { writeSafely } = await import('./files/write.js');
    await writeSafely(file, encodeCache(key, data, commands), { replace: true, mode: 0o600, durable: true });
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
 * `command` is the command's words (`spaces get`): the first names the
 * group whose cache of main.cjs is used.
 */
export function loadBundle<T>(file: string, env: NodeJS.ProcessEnv, command = ''): Loaded<T> {
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
  const main = relative(root, file);
  const modules = new Map<string, { exports: unknown }>();
  const writes: (() => Promise<unknown>)[] = [];
  const load = (name: string): unknown => {
    const path = join(root, name);
    const key = cacheKey(path, name);
    const where = cacheFile(dir, name, name === main ? command.split(' ')[0] : '');
    const found = readCache(where, key);
    // latin1: the build leaves every bundle ASCII (bin/build.mjs), and latin1 reads it three times as fast as UTF-8.
    const script = new Script(nodeModule.Module.wrap(readFileSync(path, 'latin1')), { filename: path, cachedData: found?.data });
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
    const covered = found && script.cachedDataRejected !== true ? found.commands : undefined;
    const learns = covered !== undefined && command !== '' && !covered.includes(command) && covered.length < MAX_COMMANDS;
    // After the command: V8's bytes then hold every function it compiled (and those the cache had), not only the top level.
    if (covered === undefined || learns) writes.push(() => writeCache(dir, key, script.createCachedData(), where, [...(covered ?? []), ...(command ? [command] : [])]));
    return mod.exports;
  };
  const exports = load(main) as T;
  return { exports, save: async () => void (await Promise.all(writes.splice(0).map((write) => write()))) };
}
