// `docplat completion <shell> --install`: writes the script where that shell
// reads completions for one user (no root needed), creating the folder, and
// says what it did and the line the shell's rc file needs, if any. The file
// goes through the one safe writer (src/files/write.ts): nothing planted in
// the folder (a link at a temporary name, or at the script's) is followed.
import { existsSync, mkdirSync } from 'node:fs';
import { readTyped } from '../files/read.js';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { xdgHome } from '../config/paths.js';
import { DocplatError } from '../errors.js';
import { writeSafely } from '../files/write.js';
import type { Shell } from './files.js';

export interface Installed {
  /** The file written. */
  path: string;
  /** What to tell the user beside the path (already one line each). */
  notes: string[];
}

/** `~/x` for a path below HOME: what the user would type. */
function tilde(path: string, home: string): string {
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** The bash-completion package, which loads ~/.local/share/bash-completion/completions/ on demand. */
const BASH_COMPLETION = ['/usr/share/bash-completion/bash_completion', '/etc/bash_completion', '/opt/homebrew/etc/profile.d/bash_completion.sh', '/usr/local/etc/profile.d/bash_completion.sh'];

export async function installScript(shell: Shell, script: string, env: NodeJS.ProcessEnv): Promise<Installed> {
  const home = env.HOME || homedir();
  const data = xdgHome(env, 'XDG_DATA_HOME', join(home, '.local', 'share'));
  const config = xdgHome(env, 'XDG_CONFIG_HOME', join(home, '.config'));
  const path = {
    bash: join(data, 'bash-completion', 'completions', 'docplat'),
    // Not ${fpath[1]} (a system folder, root's): a folder of the user's own, added to fpath below.
    zsh: join(data, 'zsh', 'site-functions', '_docplat'),
    fish: join(config, 'fish', 'completions', 'docplat.fish'),
  }[shell];
  try {
    mkdirSync(dirname(path), { recursive: true });
    // Written whole, then renamed (a shell starting meanwhile never reads half a script); a previous install is replaced, a link never.
    await writeSafely(path, script, { replace: true });
  } catch (err) {
    throw new DocplatError(`cannot write ${path}: ${(err as Error).message}`);
  }
  const shown = tilde(path, home);
  const notes: string[] = [];
  if (shell === 'bash') {
    if (BASH_COMPLETION.some((f) => existsSync(f))) notes.push('bash reads it through the bash-completion package: open a new shell');
    else notes.push(`the bash-completion package (which reads that folder) is not installed: install it, or add this line to ~/.bashrc:`, `  source ${shown}`);
  } else if (shell === 'zsh') {
    const rc = join(env.ZDOTDIR || home, '.zshrc');
    const folder = tilde(dirname(path), home);
    let text = '';
    try {
      text = (await readTyped(rc, 'rc')).toString('utf8');
    } catch {
      // no .zshrc yet (or not one docplat reads: a folder, a device, over 1 MB)
    }
    if (text.includes(folder) || text.includes(dirname(path))) notes.push(`${tilde(rc, home)} already adds ${folder} to fpath: open a new shell`);
    else notes.push(`add these lines to ${tilde(rc, home)} (the fpath line before any compinit), then open a new shell:`, `  fpath=(${folder} $fpath)`, '  autoload -Uz compinit && compinit');
  } else {
    notes.push('fish reads it in every new shell');
  }
  return { path, notes };
}
