// Where the completion scripts live: completions/ at the package root (next
// to dist/), written by the build and printed by `docplat completion <shell>`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocplatError } from '../errors.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export const SCRIPT_FILES: Record<Shell, string> = { bash: 'docplat.bash', zsh: '_docplat', fish: 'docplat.fish' };

/** The package root: the first folder up from this module's file with a package.json (dist/chunks/x.js or src/completion/x.ts). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++, dir = dirname(dir)) if (existsSync(join(dir, 'package.json'))) return dir;
  throw new DocplatError('cannot find the completions/ folder of docplat');
}

export function readScript(shell: Shell): string {
  const file = join(packageRoot(), 'completions', SCRIPT_FILES[shell]);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new DocplatError(`cannot read ${file}: run \`npm run build\``);
  }
}
