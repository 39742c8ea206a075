// What the completion scripts offer in each shell, run for real (bash, zsh,
// fish): ids come from the API with the --sandbox, --org and --profile typed
// on the line, with their titles (bash offers the id, zsh and fish show the
// title beside it); zsh shows descriptions of commands and flags; --version is
// offered only before a group.
import { execFile, execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { baseEnv, BIN, hasCommand, ROOT, tempDir, useTestApi } from '../helpers.js';

const api = useTestApi();
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const has = hasCommand;

/** A PATH whose `docplat` is the built CLI, as the scripts call it. */
function pathWithDocplat(): string {
  const dir = tempDir();
  dirs.push(dir);
  writeFileSync(join(dir, 'docplat'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`, { mode: 0o755 });
  return `${dir}:${process.env.PATH}`;
}
const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
const script = (file: string) => join(ROOT, 'completions', file);

/** What bash offers after these words (the last one is being typed). */
async function bash(env: NodeJS.ProcessEnv, ...words: string[]): Promise<string[]> {
  const code = `source ${quote(script('docplat.bash'))}
COMP_WORDS=(docplat ${words.map(quote).join(' ')}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _docplat; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await run('bash', ['--norc', '--noprofile', '-c', code], { encoding: 'utf8', env });
  return stdout.split('\n').filter(Boolean);
}

/** What zsh's _docplat hands to the completion system: `word:description` entries (_describe) and plain words (compadd). */
async function zsh(env: NodeJS.ProcessEnv, ...words: string[]): Promise<string[]> {
  const code = `compdef() { :; }
_describe() { local name=\${@[-1]}; print -rl -- "described "\${(P)^name}; }
compadd() { [[ $1 == -- ]] && shift; print -rl -- "plain "$^@; }
compset() { :; }
source ${quote(script('_docplat'))}
words=(docplat ${words.map(quote).join(' ')}); CURRENT=\${#words}
_docplat`;
  const { stdout } = await run('zsh', ['-f', '-c', code], { encoding: 'utf8', env });
  return stdout.split('\n').filter(Boolean);
}

/** What fish offers for this command line: `word<TAB>description` lines. */
async function fish(env: NodeJS.ProcessEnv, line: string): Promise<string[]> {
  const { stdout } = await run('fish', ['--no-config', '-c', `source ${quote(script('docplat.fish'))}; complete -C ${quote(line)}`], { encoding: 'utf8', env });
  return stdout.split('\n').filter(Boolean);
}

const ids = (text: string) => text.split('\n').filter(Boolean).map((l) => l.split('\t')[0]).sort();

describe('ids offered with the global flags of the command line', () => {
  it('bash: --sandbox, --org and --profile reach `docplat __ids`', async () => {
    const PATH = pathWithDocplat();
    // No token in the environment: only --sandbox can list anything.
    const config = tempDir();
    dirs.push(config);
    const noToken = { ...baseEnv({ DOCPLAT_CONFIG_DIR: config }), PATH };
    expect(await bash(noToken, 'spaces', 'get', '')).toEqual([]);
    const sandboxIds = ids(execFileSync(process.execPath, [BIN, '--sandbox', '__ids', 'spaceId'], { encoding: 'utf8', env: noToken }));
    expect(sandboxIds.length).toBeGreaterThan(5);
    expect((await bash(noToken, '--sandbox', 'spaces', 'get', '')).sort()).toEqual(sandboxIds);
    // --org after the group too, and --org=value.
    const orgs = JSON.parse((await api.cli(['orgs', 'list', '--json'])).stdout) as { id: string; title: string }[];
    const globex = orgs.find((o) => o.title === 'Globex')!.id;
    const globexIds = ids((await api.cli(['__ids', 'spaceId', '--org', globex])).stdout);
    const acmeIds = ids((await api.cli(['__ids', 'spaceId'])).stdout);
    expect(globexIds).not.toEqual(acmeIds);
    const env = { ...api.env(), PATH };
    expect((await bash(env, 'spaces', 'get', '')).sort()).toEqual(acmeIds);
    expect((await bash(env, '--org', globex, 'spaces', 'get', '')).sort()).toEqual(globexIds);
    expect((await bash(env, 'spaces', 'get', `--org=${globex}`, '')).sort()).toEqual(globexIds);
    // --profile: the profile's org (DOCPLAT_ORG unset, or it would win over the profile).
    const profiled: NodeJS.ProcessEnv = { ...api.env({ DOCPLAT_ORG: undefined }), PATH };
    expect((await api.cli(['config', 'set', 'org', globex, '--profile', 'work'], { env: { DOCPLAT_CONFIG_DIR: profiled.DOCPLAT_CONFIG_DIR, DOCPLAT_ORG: undefined } })).code).toBe(0);
    expect((await bash(profiled, '--profile', 'work', 'spaces', 'get', '')).sort()).toEqual(globexIds);
  });

  it('__ids prints each id with its title after a tab, the title escaped', async () => {
    const out = (await api.cli(['__ids', 'spaceId'])).stdout;
    expect(out).toMatch(/^uKsCPULeNA6b7rWQ1WdX\tWelcome$/m);
  });
});

describe('bash', () => {
  it('offers ids alone, and --version only before a group', async () => {
    const env = { ...api.env(), PATH: pathWithDocplat() };
    const offered = await bash(env, 'spaces', 'get', '');
    expect(offered).toContain('uKsCPULeNA6b7rWQ1WdX');
    expect(offered.some((w) => w.includes('\t') || w.includes('Welcome'))).toBe(false);
    expect(await bash(env, '--ver')).toEqual(['--version']);
    expect(await bash(env, 'spaces', '--ver')).toEqual([]);
    expect(await bash(env, 'spaces', 'list', '--ver')).toEqual([]);
    expect((await bash(env, 'spaces', 'l')).sort()).toEqual(['links', 'list', 'lock', 'ls']);
  });
});

describe.skipIf(!has('zsh'))('zsh', () => {
  it('shows descriptions for groups, verbs and flags, and titles beside ids', async () => {
    const env = { ...api.env(), PATH: pathWithDocplat() };
    expect(await zsh(env, 'spa')).toContain('described spaces:Manage spaces: list, create, lock, delete, restore, move, transfer');
    expect(await zsh(env, 'spaces', 'li')).toEqual(expect.arrayContaining(["described list:list the organization's spaces, or those of a collection or a member"]));
    expect(await zsh(env, 'spaces', 'list', '--lim')).toEqual(expect.arrayContaining([expect.stringMatching(/^described --limit:most items to return/)]));
    expect(await zsh(env, 'spaces', 'get', '')).toContain('described uKsCPULeNA6b7rWQ1WdX:Welcome');
    // Values of a fixed set have no description: offered as they are.
    expect(await zsh(env, 'spaces', 'list', '--output', '')).toEqual(['plain table', 'plain tsv', 'plain csv', 'plain json', 'plain jsonl', 'plain yaml']);
    expect((await zsh(env, 'spaces', '--')).some((l) => l.startsWith('described --version'))).toBe(false);
  });
});

describe.skipIf(!has('fish'))('fish', () => {
  it('shows titles beside ids, honours --sandbox, and offers --version only before a group', async () => {
    const env = { ...api.env(), PATH: pathWithDocplat() };
    expect(await fish(env, 'docplat spaces get ')).toContain('uKsCPULeNA6b7rWQ1WdX\tWelcome');
    const config = tempDir();
    dirs.push(config);
    const noToken = { ...baseEnv({ DOCPLAT_CONFIG_DIR: config }), PATH: env.PATH };
    expect(await fish(noToken, 'docplat spaces get ')).toEqual([]);
    expect(await fish(noToken, 'docplat --sandbox spaces get ')).toContain('uKsCPULeNA6b7rWQ1WdX\tWelcome');
    expect(await fish(env, 'docplat --ver')).toEqual(['--version\tprint the version']);
    expect(await fish(env, 'docplat spaces --ver')).toEqual([]);
  });
});
