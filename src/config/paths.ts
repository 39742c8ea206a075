// Where docplat keeps its files. Computed without loading `conf`, so that
// commands which do not touch the config store do not pay for it.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.DOCPLAT_CONFIG_DIR) return env.DOCPLAT_CONFIG_DIR;
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Preferences', 'docplat');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'docplat', 'Config');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'docplat');
}

export const CONFIG_FILE = 'config.json';
export const SANDBOX_FILE = 'sandbox.json';
