// Where docplat keeps its files. Computed without loading `conf`, so that
// commands which do not touch the config store do not pay for it.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.DOCPLAT_CONFIG_DIR) return env.DOCPLAT_CONFIG_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'docplat');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'docplat', 'Config');
  return join(xdgHome(env, 'XDG_CONFIG_HOME', join(home, '.config')), 'docplat');
}

/**
 * An XDG base folder: the variable when it holds an absolute path, else
 * `fallback`. A relative (or empty) value is ignored, as the XDG Base
 * Directory specification says: it would name a folder below wherever the
 * command happens to run.
 */
export function xdgHome(env: NodeJS.ProcessEnv, name: 'XDG_CONFIG_HOME' | 'XDG_DATA_HOME', fallback: string): string {
  const value = env[name];
  return value && isAbsolute(value) ? value : fallback;
}

export const CONFIG_FILE = 'config.json';
export const SANDBOX_FILE = 'sandbox.json';
