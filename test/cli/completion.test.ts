// Shell completion: the scripts in completions/ are the ones generated from the
// command manifest, `docplat completion <shell>` prints them, and the bash one
// completes groups, verbs, flags and values in a real bash.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCRIPT_FILES, SHELLS } from '../../src/completion/files.js';
import { SCRIPTS } from '../../src/completion/scripts.js';
import { buildManifest, type Manifest } from '../../src/manifest.js';
import { baseEnv, BIN, hasCommand, ROOT, runCli, runInProcess, setFaults, tempDir, useTestApi } from '../helpers.js';

const api = useTestApi();

const committed = (shell: (typeof SHELLS)[number]) => readFileSync(join(ROOT, 'completions', SCRIPT_FILES[shell]), 'utf8');
const has = hasCommand;
/** Whether this checkout is a git work tree (a tarball's is not). */
const inGit = has('git') && existsSync(join(ROOT, '.git'));

/** A bash script that prints what the completion offers after these words (the last one is being typed). */
function bashScript(words: string[]): string {
  const quoted = ['docplat', ...words].map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
  return `source ${JSON.stringify(join(ROOT, 'completions', 'docplat.bash'))}
complete -p docplat >/dev/null || exit 9
COMP_WORDS=(${quoted}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _docplat; printf '%s\\n' "\${COMPREPLY[@]}"`;
}

/**
 * The same, run asynchronously: the sandbox that `docplat __ids` asks answers
 * from this very process. Killed (an error) after 10 s: ids come within the
 * 1 s limit of `__ids` or not at all, never after the CLI's usual 30 s.
 */
async function bashIn(env: NodeJS.ProcessEnv, ...words: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)('bash', ['--norc', '--noprofile', '-c', bashScript(words)], { encoding: 'utf8', env, timeout: 10_000 });
  return stdout.split('\n').filter(Boolean);
}
const bash = (...words: string[]): string[] =>
  execFileSync('bash', ['--norc', '--noprofile', '-c', bashScript(words)], { encoding: 'utf8', env: baseEnv() }).split('\n').filter(Boolean);

/** `docplat` on the PATH, as the scripts call it for ids: the built CLI. */
function pathWithDocplat(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'docplat'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`, { mode: 0o755 });
  return `${dir}:${process.env.PATH}`;
}

describe('completion scripts', () => {
  // The build rewrites completions/ in the working tree (npm test builds first): what is compared is
  // git's copy (the index: committed or staged), so a change that forgot to commit them fails here.
  it.skipIf(!inGit)('completions/ as committed holds exactly what the manifest generates (run `npm run build` and commit completions/)', async () => {
    const m = await buildManifest();
    for (const shell of SHELLS) {
      const file = `completions/${SCRIPT_FILES[shell]}`;
      expect(execFileSync('git', ['show', `:${file}`], { cwd: ROOT, encoding: 'utf8' }), `${file} as committed (git add it after npm run build)`).toBe(SCRIPTS[shell](m));
    }
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
    expect(bash('spaces', 'list', '--output', '')).toEqual(['table', 'tsv', 'csv', 'json', 'jsonl', 'yaml']);
    expect(bash('spaces', 'list', '--output', '=', 'js')).toEqual(['json', 'jsonl']); // bash splits --output=js
    expect(bash('spaces', 'update', 'S', '--edit-mode', '')).toEqual(['live', 'locked']);
    expect(bash('spaces', 'update', 'S', '--default-level', '')).toContain('none');
    expect(bash('--org', 'O', 'spaces', 'ls', '--li')).toEqual(['--limit']);
    expect(bash('spaces', 'list', '--')).toEqual(expect.arrayContaining(['--limit', '--all', '--cursor', '--json', '--org']));
    expect(bash('completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(bash('sites', 'update', 'S', '--adaptive-content', '')).toEqual(['on', 'off']);
    // bash splits select:multi at ":" and replaces only what follows it
    expect(bash('custom-fields', 'create', '--type', 'sel')).toEqual(['select:multi', 'select:single']);
    expect(bash('custom-fields', 'create', '--type', 'select', ':', 'm')).toEqual(['multi']);
    expect(bash('custom-fields', 'create', '--type', 'select', ':', '')).toEqual(['multi', 'single']);
    expect(bash('custom-fields', 'create', '--type', '=', 'select', ':', 's')).toEqual(['single']);
    expect(bash('api', '-X', 'P')).toEqual(['POST', 'PUT', 'PATCH']);
    expect(bash('api', '/x', '--pag')).toEqual(['--paginate']);
  });

  it('bash: every group and verb of the manifest, with no edit to the generator', async () => {
    const m: Manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8'));
    expect(bash('')).toEqual(m.groups.filter((g) => !g.hidden).map((g) => g.name));
    for (const g of m.groups.filter((x) => x.commands.length)) {
      expect(bash(g.name, ''), g.name).toEqual(g.commands.flatMap((c) => [c.name, ...c.aliases]));
      const c = g.commands[0];
      const long = c.flags.find((f) => f.long)?.long;
      if (long) expect(bash(g.name, c.name, long), `${g.name} ${c.name}`).toContain(long);
    }
  });

  it('bash: ids from the API through the hidden `docplat __ids`, only with a token, within about 1 s, silently', async () => {
    const PATH = pathWithDocplat();
    const spaces = JSON.parse((await api.cli(['spaces', 'list', '--all', '--json'])).stdout).map((x: { id: string }) => x.id);
    const offered = await bashIn({ ...api.env(), PATH }, 'spaces', 'get', '');
    expect(offered.sort()).toEqual([...spaces].sort());
    expect(await bashIn({ ...api.env(), PATH }, 'spaces', 'restore', spaces[0], '')).toEqual(expect.arrayContaining(spaces)); // every id of a variadic argument
    expect(await bashIn({ ...api.env({ DOCPLAT_TOKEN: '' }), PATH }, 'spaces', 'get', '')).toEqual([]);
    await setFaults(api, 'hang=1');
    try {
      // A server that never answers: nothing offered, within bashIn's bound (the CLI's usual limit is 30 s).
      expect(await bashIn({ ...api.env(), PATH }, 'spaces', 'get', '')).toEqual([]);
    } finally {
      await setFaults(api, '');
    }
    const help = await runInProcess(['--help']);
    expect(help.stdout).not.toContain('__ids');
    expect(bash('')).not.toContain('__ids');
  });

  it('bash: words from the API are offered as they are, never expanded by the shell ($(...), globs)', async () => {
    // A `docplat` whose `__ids` answers what a hostile API could send as ids.
    const dir = tempDir();
    const marker = join(dir, 'ran');
    const hostile = ['$(touch ' + marker + ')', '`touch ' + marker + '`', '*', 'ok-id'];
    writeFileSync(join(dir, 'docplat'), `#!/bin/sh\nprintf '%s\\n' ${hostile.map((h) => `'${h}'`).join(' ')}\n`, { mode: 0o755 });
    const PATH = `${dir}:${process.env.PATH}`;
    const offered = await bashIn({ ...baseEnv(), PATH }, 'sites', 'tree', '');
    expect(offered.sort()).toEqual([...hostile].sort());
    expect(existsSync(marker)).toBe(false);
    expect(await bashIn({ ...baseEnv(), PATH }, 'sites', 'tree', 'o')).toEqual(['ok-id']);
    expect(await bashIn({ ...baseEnv(), PATH }, 'sites', 'tree', '*')).toEqual(['*']);
  });

  for (const shell of ['zsh', 'fish'] as const) {
    const installed = has(shell);
    if (!installed) console.warn(`notice: ${shell} is not installed: the ${shell} completion script is not syntax-checked`);
    it.skipIf(!installed)(`${shell} -n accepts the ${shell} script${installed ? '' : ` (skipped: ${shell} is not installed)`}`, () => {
      execFileSync(shell, ['-n', join(ROOT, 'completions', SCRIPT_FILES[shell])], { encoding: 'utf8' });
    });
  }
});
