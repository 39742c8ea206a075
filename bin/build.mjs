// Bundles src/ into dist/ with esbuild: one small entry chunk, and a chunk per
// lazily imported module (command groups, HTTP client, output, sandbox), so
// that start-up pays only for what a command uses. Kept in bin/ because it is
// the project's one build tool and needs no folder of its own.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { looserThanNeeded, packageEngines } from './engines.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
rmSync(join(root, 'dist'), { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { cli: 'src/cli.ts', sandbox: 'src/sandbox/server.ts', manifest: 'src/manifest.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minifySyntax: true,
  chunkNames: 'chunks/[name]-[hash]',
  // jq-wasm loads its .wasm file relative to its own folder: leave it in node_modules.
  external: ['jq-wasm'],
  define: { __DOCPLAT_VERSION__: JSON.stringify(pkg.version) },
  // Bundled CommonJS packages (undici, cli-table3, commander) call require().
  banner: { js: "import { createRequire as __docplatRequire } from 'node:module'; const require = __docplatRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
});
// Which source modules each output file holds: the start-up test reads it to
// check that --help loads no heavy dependency.
writeFileSync(join(root, 'dist', 'meta.json'), JSON.stringify(result.metafile));

// The libraries bundled into dist/, each with its license text, shipped with
// the package as their licenses ask (the README lists them too).
const bundled = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (!m || bundled.has(m[1])) continue;
  const dir = join(root, input.slice(0, m.index + m[0].length));
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
  bundled.set(m[1], { version: meta.version, license: meta.license, text: file ? readFileSync(join(dir, file), 'utf8').trim() : `${meta.license} (no license file in the package)` });
}

// The Node versions every bundled package (and every runtime dependency) says
// it needs: package.json's engines.node must be exactly as narrow, or npm,
// which never sees the bundled packages' own engines, would install docplat
// where it cannot run (bin/engines.mjs; bin/docplat.js refuses such a Node).
const engines = packageEngines(root, Object.keys(result.metafile.inputs), pkg.dependencies);
const looser = await looserThanNeeded(pkg.engines?.node, engines);
if (looser) {
  console.error(looser);
  process.exit(1);
}
const licenses = [...bundled].sort(([a], [b]) => a.localeCompare(b)).map(([name, p]) => `## ${name} ${p.version} (${p.license})\n\n${p.text}\n`);
writeFileSync(join(root, 'dist', 'THIRD-PARTY-LICENSES.md'), `# Libraries bundled into docplat's dist/\n\n${licenses.join('\n')}`);

// The command manifest (dist/manifest.json) and the help of every group and
// command, rendered once by commander at 80 columns (dist/help/): `--help`
// prints it without loading commander or a group (src/cli.ts). The shell
// completion scripts (completions/, committed) and the manual page
// (dist/man/docplat.1) are generated from it.
const script = `import { writeManifest, writeCompletions, writeMan } from './dist/manifest.js'; const m = await writeManifest('dist'); writeCompletions('completions', m); writeMan('dist', m);`;
execFileSync(process.execPath, ['--input-type=module', '-e', script], {
  cwd: root,
  env: { ...process.env, COLUMNS: '80' },
  stdio: 'inherit',
});

// The command reference (docs/reference/, committed), from the manifest just written.
execFileSync(process.execPath, [join(root, 'bin', 'reference.mjs')], { cwd: root, stdio: 'inherit' });
