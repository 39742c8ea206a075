// The config store: named profiles, each with an API URL, a token, a default
// org and a default output format, kept by `conf` in one JSON file (0600) in a
// directory of its own (0700).
import Conf from 'conf';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { CONFIG_FILE } from './paths.js';
import type { Profile, Stored } from './profile.js';
import { checkConfigDir, checkConfigFile } from './safety.js';

/** The keys `config get|set|unset` take, and the profile field each maps to. */
export const CONFIG_KEYS = {
  org: 'org',
  'api-url': 'apiUrl',
  format: 'format',
} as const satisfies Record<string, keyof Profile>;

export class ConfigStore {
  private readonly conf: Conf<Stored>;

  constructor(
    readonly dir: string,
    warn: (message: string) => void,
  ) {
    // Created 0700 when missing; never chmodded when it exists (it may be a shared folder); the file is checked before a token goes in.
    checkConfigDir(dir, warn);
    checkConfigFile(join(dir, CONFIG_FILE), warn, true);
    try {
      this.conf = new Conf<Stored>({
        cwd: dir,
        configName: 'config',
        projectName: 'docplat',
        projectSuffix: '',
        configFileMode: 0o600,
        defaults: { profiles: {} },
        clearInvalidConfig: false,
      });
    } catch (err) {
      throw new UsageError(`cannot read the config file in ${dir}: ${(err as Error).message.split('\n')[0]}`);
    }
  }

  get path(): string {
    return this.conf.path;
  }

  profile(name: string): Profile {
    return this.conf.store.profiles?.[name] ?? {};
  }

  profiles(): Record<string, Profile> {
    return this.conf.store.profiles ?? {};
  }

  /** Makes a profile the active one (the one used without --profile or DOCPLAT_PROFILE). */
  activate(name: string): void {
    this.conf.set('profile', name);
  }

  update(name: string, change: (p: Profile) => Profile): void {
    const profiles = { ...this.profiles() };
    const next = change({ ...(profiles[name] ?? {}) });
    for (const k of Object.keys(next) as (keyof Profile)[]) if (next[k] === undefined) delete next[k];
    profiles[name] = next;
    this.conf.set('profiles', profiles);
  }
}

export function configKey(key: string): keyof Profile {
  const field = (CONFIG_KEYS as Record<string, keyof Profile>)[key];
  if (!field) throw new UsageError(`unknown config key "${key}": expected one of ${Object.keys(CONFIG_KEYS).join(', ')}`);
  return field;
}
