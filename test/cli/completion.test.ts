// Shell completion: the scripts in completions/ are the ones generated from the
// command manifest, `docplat completion <shell>` prints them, and the bash one
// completes groups, verbs, flags and values in a real bash.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCRIPT_FILES, SHELLS } from '../../src/completion/files.js';
import { SCRIPTS } from '../../src/completion/scripts.js';
import { buildManifest, type Manifest } from '../../src/manifest.js';
import { ROOT, runCli, runInProcess } from '../helpers.js';

const committed = (shell: (typeof SHELLS)[number]) => readFileSync(join(ROOT, 'completions', SCRIPT_FILES[shell]), 'utf8');
const has = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** What the bash script offers after these words (the last one is being typed). */
function bash(...words: string[]): string[] {
  const quoted = ['docplat', ...words].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `source ${JSON.stringify(join(ROOT, 'completions', 'docplat.bash'))}
complete -p docplat >/dev/null || exit 9
COMP_WORDS=(${quoted}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _docplat; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('completion scripts', () => {
  it('completions/ holds exactly what the manifest generates (run `npm run build` and commit completions/)', async () => {
    const m = await buildManifest();
    for (const shell of SHELLS) expect(committed(shell), SCRIPT_FILES[shell]).toBe(SCRIPTS[shell](m));
  });

  it('docplat completion <shell> prints the same text, in this process and from the built CLI', async () => {
    for (const shell of SHELLS) {
      const r = await runInProcess(['completion', shell]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(committed(shell));
    }
    const built = await runCli(['completion', 'bash']);
    expect(built.stdout).toBe(committed('bash'));
  });

  it('bash: groups, verbs, flags and enum values', () => {
    expect(bash('spa')).toEqual(['spaces']);
    expect(bash('spaces', '')).toEqual(expect.arrayContaining(['list', 'ls', 'create', 'get', 'delete', 'restore']));
    expect(bash('spaces', 'list', '--out')).toEqual(['--output']);
    expect(bash('spaces', 'list', '--output', '')).toEqual(['table', 'tsv', 'csv', 'json', 'jsonl']);
    expect(bash('spaces', 'list', '--output', '=', 'js')).toEqual(['json', 'jsonl']); // bash splits --output=js
    expect(bash('spaces', 'update', 'S', '--edit-mode', '')).toEqual(['live', 'locked']);
    expect(bash('spaces', 'update', 'S', '--default-level', '')).toContain('none');
    expect(bash('--org', 'O', 'spaces', 'ls', '--li')).toEqual(['--limit']);
    expect(bash('spaces', 'list', '--')).toEqual(expect.arrayContaining(['--limit', '--all', '--cursor', '--json', '--org']));
    expect(bash('completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bash('api', '-X', 'P')).toEqual(['POST', 'PUT', 'PATCH']);
    expect(bash('api', '/x', '--pag')).toEqual(['--paginate']);
  });

  it('bash: every group and verb of the manifest, with no edit to the generator', async () => {
    const m: Manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8'));
    expect(bash('')).toEqual(m.groups.map((g) => g.name));
    for (const g of m.groups.filter((x) => x.commands.length)) {
      expect(bash(g.name, ''), g.name).toEqual(g.commands.flatMap((c) => [c.name, ...c.aliases]));
      const c = g.commands[0];
      const long = c.flags.find((f) => f.long)?.long;
      if (long) expect(bash(g.name, c.name, long), `${g.name} ${c.name}`).toContain(long);
    }
  });

  for (const shell of ['zsh', 'fish'] as const) {
    const installed = has(shell);
    if (!installed) console.warn(`notice: ${shell} is not installed: the ${shell} completion script is not syntax-checked`);
    it.skipIf(!installed)(`${shell} -n accepts the ${shell} script${installed ? '' : ` (skipped: ${shell} is not installed)`}`, () => {
      execFileSync(shell, ['-n', join(ROOT, 'completions', SCRIPT_FILES[shell])], { encoding: 'utf8' });
    });
  }
});
