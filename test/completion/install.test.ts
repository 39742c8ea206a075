// `docplat completion <shell> --install`: the script lands where that shell
// reads completions for one user (folders created), the same bytes as the
// printed script, with what was done and the rc lines still needed.
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, runInProcess, tempDir } from '../helpers.js';

const homes: string[] = [];
afterAll(() => homes.forEach((h) => rmSync(h, { recursive: true, force: true })));
function home(extra: Record<string, string> = {}): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir('docplat-home-');
  homes.push(dir);
  return { dir, env: baseEnv({ HOME: dir, DOCPLAT_CONFIG_DIR: join(dir, 'config'), ...extra }) };
}

describe('completion --install', () => {
  it.each([
    ['bash', '.local/share/bash-completion/completions/docplat'],
    ['zsh', '.local/share/zsh/site-functions/_docplat'],
    ['fish', '.config/fish/completions/docplat.fish'],
  ])('%s: writes the script into ~/%s, creating the folders', async (shell, path) => {
    const { dir, env } = home();
    const run = await runInProcess(['completion', shell, '--install'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`wrote the ${shell} completion script to ${join(dir, path)}`);
    const printed = await runInProcess(['completion', shell], { env });
    expect(readFileSync(join(dir, path), 'utf8')).toBe(printed.stdout);
  });

  it('follows XDG_DATA_HOME and XDG_CONFIG_HOME', async () => {
    const { dir, env } = home();
    const xdg = { ...env, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'conf') };
    expect((await runInProcess(['completion', 'bash', '--install'], { env: xdg })).stdout).toContain(join(dir, 'data', 'bash-completion', 'completions', 'docplat'));
    expect((await runInProcess(['completion', 'fish', '--install'], { env: xdg })).stdout).toContain(join(dir, 'conf', 'fish', 'completions', 'docplat.fish'));
  });

  it('zsh: prints the fpath and compinit lines for ~/.zshrc, unless it already has the folder', async () => {
    const { dir, env } = home();
    const first = await runInProcess(['completion', 'zsh', '--install'], { env });
    expect(first.stdout).toContain('add these lines to ~/.zshrc');
    expect(first.stdout).toContain('  fpath=(~/.local/share/zsh/site-functions $fpath)\n  autoload -Uz compinit && compinit\n');
    writeFileSync(join(dir, '.zshrc'), 'fpath=(~/.local/share/zsh/site-functions $fpath)\n');
    const again = await runInProcess(['completion', 'zsh', '--install'], { env });
    expect(again.stdout).toContain('~/.zshrc already adds ~/.local/share/zsh/site-functions to fpath');
    expect(again.stdout).not.toContain('autoload');
  });

  it('bash: says the folder is read through the bash-completion package, or gives the source line', async () => {
    const { env } = home();
    const run = await runInProcess(['completion', 'bash', '--install'], { env });
    expect(run.stdout).toMatch(/bash-completion package: open a new shell|source ~\/\.local\/share\/bash-completion\/completions\/docplat/);
  });

  it('a folder that cannot be made is an error, nothing written', async () => {
    const { dir, env } = home();
    mkdirSync(join(dir, '.local'));
    writeFileSync(join(dir, '.local', 'share'), 'a file where the folder should be');
    const run = await runInProcess(['completion', 'bash', '--install'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: cannot write .*share\/bash-completion\/completions\/docplat: /);
  });

  it('goes through the safe writer: a link planted at docplat.tmp (the old temporary name) is never followed', async () => {
    const { dir, env } = home();
    const folder = join(dir, '.local', 'share', 'bash-completion', 'completions');
    mkdirSync(folder, { recursive: true });
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(folder, 'docplat.tmp'));
    const run = await runInProcess(['completion', 'bash', '--install'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(join(folder, 'docplat')).isFile()).toBe(true);
    expect(readFileSync(join(folder, 'docplat'), 'utf8')).toBe((await runInProcess(['completion', 'bash'], { env })).stdout);
    expect(readdirSync(folder).filter((f) => !lstatSync(join(folder, f)).isSymbolicLink())).toEqual(['docplat']);
  });

  it('a link at the script itself is refused (exit 1), not written through', async () => {
    const { dir, env } = home();
    const folder = join(dir, '.config', 'fish', 'completions');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(dir, 'victim'), 'precious');
    symlinkSync(join(dir, 'victim'), join(folder, 'docplat.fish'));
    const run = await runInProcess(['completion', 'fish', '--install'], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: cannot write .*docplat\.fish: .*symbolic link/);
    expect(readFileSync(join(dir, 'victim'), 'utf8')).toBe('precious');
  });

  it('a relative XDG_DATA_HOME or XDG_CONFIG_HOME is ignored, as the XDG specification says', async () => {
    const { dir, env } = home();
    const relative = `docplat-relative-xdg-${process.pid}`;
    try {
      const xdg = { ...env, XDG_DATA_HOME: relative, XDG_CONFIG_HOME: `./${relative}` };
      expect((await runInProcess(['completion', 'bash', '--install'], { env: xdg })).stdout).toContain(`to ${join(dir, '.local', 'share', 'bash-completion', 'completions', 'docplat')}\n`);
      expect((await runInProcess(['completion', 'fish', '--install'], { env: xdg })).stdout).toContain(`to ${join(dir, '.config', 'fish', 'completions', 'docplat.fish')}\n`);
      expect(existsSync(relative)).toBe(false);
    } finally {
      rmSync(relative, { recursive: true, force: true });
    }
  });
});
