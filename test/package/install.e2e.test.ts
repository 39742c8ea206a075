// docplat installed as npm users install it: the package is packed (with the
// package.json that `npm pack` ships: bin/pack.mjs strips `prepare`), installed
// from the tarball into a temporary global prefix without dev dependencies
// (from npm's cache when it has them: no network but the registry), and run
// from another folder. The tarball holds only what runs, the install runs no
// script and warns about none, and it installs only what is loaded at run time.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, ROOT, tempDir } from '../helpers.js';

const run = promisify(execFile);
const work = tempDir('docplat-pack-');
const source = join(work, 'source');
const prefix = join(work, 'prefix');
const elsewhere = join(work, 'elsewhere');
let tarball = '';
let files: string[] = [];
let installLog = '';

afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  // A copy of what `npm pack` reads, so the pack does not rebuild dist/ under the other tests' feet (npm test built it).
  for (const f of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'bin', 'dist', 'completions']) cpSync(join(ROOT, f), join(source, f), { recursive: true });
  await run(process.execPath, [join(source, 'bin', 'pack.mjs'), 'strip'], { cwd: source });
  const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: source, encoding: 'utf8' });
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info.filename);
  files = info.files.map((f) => f.path).sort();
  const npmEnv = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
  const installed = await run('npm', ['install', '--global', '--prefix', prefix, '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: work, encoding: 'utf8', env: npmEnv });
  installLog = installed.stdout + installed.stderr;
  mkdirSync(elsewhere);
}, 120_000);

const docplat = (args: string[]) =>
  run(join(prefix, 'bin', 'docplat'), args, { cwd: elsewhere, encoding: 'utf8', env: baseEnv({ DOCPLAT_CONFIG_DIR: join(work, 'config') }) });

describe('the packed package', () => {
  it('ships only what runs, and its licenses', () => {
    expect(files).toContain('bin/docplat.js');
    expect(files).toContain('dist/cli.cjs');
    expect(files).toContain('bin/package.json');
    expect(files).toContain('dist/man/docplat.1');
    expect(files).toContain('dist/THIRD-PARTY-LICENSES.md');
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'README.md', 'completions/docplat.bash', 'completions/_docplat', 'completions/docplat.fish']));
    for (const f of ['bin/build.mjs', 'bin/pack.mjs', 'dist/meta.json', 'dist/manifest.js', 'dist/manifest.json', 'completions/.gitkeep']) expect(files).not.toContain(f);
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/'))).toEqual([]);
  });

  it('has no install script in the package.json it ships', async () => {
    const pkg = JSON.parse(readFileSync(join(prefix, 'lib', 'node_modules', 'docplat', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts[s], s).toBeUndefined();
    // ... while the project's own keeps `prepare`: npm ci in a clone builds dist/.
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.prepare).toBe('node bin/build.mjs');
  });
});

describe('installed from the tarball with --omit=dev', () => {
  it('installs silently: no install-script warning', () => {
    expect(installLog).not.toMatch(/install-scripts|allowScripts|npm warn/i);
  });

  it('installs only jq-wasm beside docplat: the rest is bundled', () => {
    const modules = readdirSync(join(prefix, 'lib', 'node_modules', 'docplat', 'node_modules')).filter((n) => !n.startsWith('.'));
    expect(modules).toEqual(['jq-wasm']);
  });

  it('runs from another folder: --version, --sandbox spaces list, completion bash, --jq', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await docplat(['--version'])).stdout).toBe(`${pkg.version}\n`);
    const list = await docplat(['--sandbox', 'spaces', 'list']);
    expect(list.stdout).toMatch(/^\S+\tWelcome\t/m);
    expect((await docplat(['completion', 'bash'])).stdout).toMatch(/complete -o default -F _docplat docplat/);
    // jq-wasm, the one dependency loaded at run time, resolves from the installed package.
    expect((await docplat(['--sandbox', 'spaces', 'list', '--limit', '2', '--jq', 'length'])).stdout).toBe('2\n');
  });

  it('installs the manual page where man finds it', () => {
    expect(existsSync(join(prefix, 'share', 'man', 'man1', 'docplat.1'))).toBe(true);
  });
});

describe('the README', () => {
  it('points to the licenses of every library bundled into dist/, which the build lists', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('`dist/THIRD-PARTY-LICENSES.md`');
    const licenses = readFileSync(join(ROOT, 'dist', 'THIRD-PARTY-LICENSES.md'), 'utf8');
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta.json'), 'utf8')) as { inputs: Record<string, unknown> };
    const bundled = new Set(Object.keys(meta.inputs).map((i) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(i)?.[1]).filter((n): n is string => !!n));
    expect(bundled.size).toBeGreaterThan(10);
    for (const name of bundled) expect(licenses, name).toMatch(new RegExp(`^## ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\S+ \\(`, 'm'));
  });
});
