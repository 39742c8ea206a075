// Where docplat keeps its files. Computed without loading `conf`, so that
// commands which do not touch the config store do not pay for it.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Where each kind of folder is: the variable that names it, else the platform's place for it. */
const FOLDERS = {
  config: { variable: 'DOCPLAT_CONFIG_DIR', darwin: 'Preferences', windows: ['APPDATA', 'Roaming', 'Config'], xdg: ['XDG_CONFIG_HOME', '.config'] },
  cache: { variable: 'DOCPLAT_CACHE_DIR', darwin: 'Caches', windows: ['LOCALAPPDATA', 'Local', 'Cache'], xdg: ['XDG_CACHE_HOME', '.cache'] },
} as const;

function folder(env: NodeJS.ProcessEnv, kind: keyof typeof FOLDERS): string {
  const f = FOLDERS[kind];
  if (env[f.variable]) return env[f.variable]!;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', f.darwin, 'docplat');
  if (process.platform === 'win32') return join(env[f.windows[0]] ?? join(home, 'AppData', f.windows[1]), 'docplat', f.windows[2]);
  return join(xdgHome(env, f.xdg[0], join(home, f.xdg[1])), 'docplat');
}

/** The config file and the sandbox's state. */
export const configDir = (env: NodeJS.ProcessEnv): string => folder(env, 'config');

/** What docplat can make again (the code cache, src/code-cache.ts): the user's cache folder. */
export const cacheDir = (env: NodeJS.ProcessEnv): string => folder(env, 'cache');

/**
 * An XDG base folder: the variable when it holds an absolute path, else
 * `fallback`. A relative (or empty) value is ignored, as the XDG Base
 * Directory specification says: it would name a folder below wherever the
 * command happens to run.
 */
export function xdgHome(env: NodeJS.ProcessEnv, name: 'XDG_CONFIG_HOME' | 'XDG_DATA_HOME' | 'XDG_CACHE_HOME', fallback: string): string {
  const value = env[name];
  return value && isAbsolute(value) ? value : fallback;
}

export const CONFIG_FILE = 'config.json';
export const SANDBOX_FILE = 'sandbox.json';
