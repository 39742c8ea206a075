// Reading the config file without `conf`: most commands only need to know the
// active profile, and loading `conf` costs more than the rest of start-up.
// Writing always goes through the ConfigStore (src/config/store.ts).
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { ReadRefused, readOwnSync } from '../files/read.js';
import { CONFIG_FILE } from './paths.js';
import { checkConfigFile } from './safety.js';

export interface Profile {
  apiUrl?: string;
  token?: string;
  org?: string;
  format?: string;
}

export interface Stored {
  profile?: string;
  profiles: Record<string, Profile>;
}

export function readStored(dir: string, warn: (message: string) => void): Stored {
  const path = join(dir, CONFIG_FILE);
  // Before reading: a file of another user's (or a link to one) is refused, one others can read is tightened.
  checkConfigFile(path, warn);
  let text: string | undefined;
  try {
    text = readOwnSync(path, 'config', `the config file ${path}`)?.toString('utf8');
  } catch (err) {
    // A missing or unreadable file is no profile yet, as before; a FIFO, a device or a file over the bound is said.
    if (err instanceof ReadRefused && (err.refusal === 'special' || err.refusal === 'bound')) throw new UsageError(`${err.message}: fix or remove it`);
    text = undefined;
  }
  if (text === undefined) return { profiles: {} };
  try {
    const parsed = JSON.parse(text) as Partial<Stored>;
    return { ...parsed, profiles: parsed.profiles ?? {} };
  } catch {
    throw new UsageError(`the config file ${path} is not valid JSON: fix or remove it`);
  }
}

/** The error for a profile name that is not stored; `from` says where the name came from. */
export function noSuchProfile(name: string, stored: Stored, from?: string): UsageError {
  const known = Object.keys(stored.profiles);
  const which = known.length ? `the profiles are ${known.join(', ')}` : 'there is none yet';
  return new UsageError(`no such profile "${name}"${from ? ` (from ${from})` : ''}: ${which}; \`docplat auth login --profile ${name}\` creates it`);
}

/** The profile in use: the one named, else the store's active one, else "default". */
export function activeProfileName(stored: Stored, named?: string): string {
  return named || stored.profile || 'default';
}
