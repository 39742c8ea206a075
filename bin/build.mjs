// Bundles src/ into dist/ with esbuild:
// - dist/cli.cjs, the entry (CommonJS, as bin/docplat.js: no ES module loader
//   starts): --version and the prebuilt help, else it loads dist/main.cjs with
//   a code cache (src/code-cache.ts);
// - dist/main.cjs, the CLI, and dist/sandbox.cjs, the sandbox: CommonJS, one
//   file each, so that V8 can cache the compiled bundle (Node 20 caches no ES
//   module) and no command pays for resolving and linking dozens of chunks; a
//   module that only some commands need is evaluated when first imported;
// - dist/group-NAME.cjs: the largest command groups (org, content...), each a
//   bundle of its own that takes the modules it shares with the CLI from
//   main.cjs (one copy of each), so that the other commands never load them;
// - dist/vendor/*.cjs: the large libraries only some commands use (undici,
//   yaml, the OpenAPI validator, conf, prompts), each in a file of its own, so
//   that the CLI bundle (and its code cache) holds what most commands run;
// - dist/manifest.js, which the build runs below to write the manifest and help.
// Kept in bin/ because it is the project's one build tool and needs no folder of its own.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import engines from './engines.cjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
rmSync(join(root, 'dist'), { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minifySyntax: true,
  // jq-wasm loads its .wasm file relative to its own folder: leave it in node_modules.
  external: ['jq-wasm'],
  define: { __DOCPLAT_VERSION__: JSON.stringify(pkg.version) },
  metafile: true,
  logLevel: 'warning',
};
// Bundled CommonJS packages (commander, cli-table3) call require().
const esmBanner = { js: "import { createRequire as __docplatRequire } from 'node:module'; const require = __docplatRequire(import.meta.url);" };

/** The libraries in dist/vendor/ (file name: package). */
const VENDOR = { undici: 'undici', yaml: 'yaml', redocly: '@redocly/openapi-core', conf: 'conf', prompts: '@inquirer/prompts' };
/**
 * The packages whose default export is what src/ imports (`import Conf from 'conf'`): with "type": "module",
 * esbuild reads a default import of CommonJS as Node does (module.exports), so their file exports that value.
 */
const DEFAULT_EXPORT = new Set(['conf']);
/**
 * The parts of a package docplat uses, where its main module loads much more. undici's index.js loads fetch, its
 * cookies (whose brand check reads globalThis.Headers: Node's own copy of undici), WebSocket, caches, mocks, zlib,
 * worker_threads and perf_hooks: ~25 ms of every command that sends through undici (profile of `org plan`). docplat
 * uses its Agent, EnvHttpProxyAgent and header parser, and Dispatcher (the sandbox's in-memory dispatcher), with
 * the request API on every dispatcher as index.js sets it (`dispatcher.request()`).
 */
const PARTS = {
  undici: `const Dispatcher = require('undici/lib/dispatcher/dispatcher.js');
Object.assign(Dispatcher.prototype, require('undici/lib/api/index.js'));
const { parseHeaders } = require('undici/lib/core/util.js');
module.exports = {
  Dispatcher,
  Agent: require('undici/lib/dispatcher/agent.js'),
  EnvHttpProxyAgent: require('undici/lib/dispatcher/env-http-proxy-agent.js'),
  util: { parseHeaders },
};`,
};
const vendorOf = new Map(Object.entries(VENDOR).map(([file, name]) => [name, file]));

/**
 * In the CommonJS bundles: a vendor library is required from dist/vendor/, the sandbox from dist/sandbox.cjs;
 * commander's node:child_process (for executable subcommands, which docplat has none of) is required on first use,
 * not when commander loads (it would load child_process, dgram and their bindings for every command).
 */
const split = {
  name: 'docplat-split',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) => (/node_modules\/commander\//.test(args.importer) ? { path: 'child_process', namespace: 'lazy' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      contents: `module.exports = new Proxy({}, { get: (_, key) => require('node:${args.path}')[key] });`,
      loader: 'js',
    }));
    b.onResolve({ filter: /^[@a-z]/ }, (args) => (vendorOf.has(args.path) ? { path: `./vendor/${vendorOf.get(args.path)}.cjs`, external: true } : undefined));
    b.onResolve({ filter: /sandbox\/server\.js$/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: './sandbox.cjs', external: true }));
  },
};

/** Each vendor library as a CommonJS file whose exports are the package's. */
const vendorEntries = {
  name: 'docplat-vendor',
  setup(b) {
    b.onResolve({ filter: /^vendor:/ }, (args) => ({ path: args.path.slice('vendor:'.length), namespace: 'vendor' }));
    b.onLoad({ filter: /.*/, namespace: 'vendor' }, (args) => ({
      contents: PARTS[args.path] ?? `module.exports = require(${JSON.stringify(args.path)})${DEFAULT_EXPORT.has(args.path) ? '.default' : ''};`,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

/**
 * The operation table (src/api/operations/table.ts) as data: the build runs the module once, and in every bundle
 * it becomes the table it made, each operation parsed from JSON on first use, where running its ~160 builder
 * calls took each command ~4 ms of start-up. The table holds data and RegExps only (test/api/operations-data.test.ts).
 */
const TABLE = join(root, 'src', 'api', 'operations', 'table.ts');
const tableBuild = await build({ ...common, entryPoints: [TABLE], format: 'esm', write: false, metafile: false, outdir: undefined });
const { OPERATIONS } = await import(`data:text/javascript;base64,${Buffer.from(tableBuild.outputFiles[0].text).toString('base64')}`);
/**
 * The table as a module: each operation's JSON, parsed when the operation is first used (a command uses one or
 * a few: parsing the whole table cost ~1 ms of every command's start-up), with an assignment for each RegExp (a
 * spec's `pattern`), which JSON cannot hold. The table's keys and their order are the source's.
 */
function tableModule(table) {
  const ops = [];
  for (const [id, op] of Object.entries(table)) {
    const patterns = [];
    const walk = (value, path) => {
      if (value instanceof RegExp) return void patterns.push(`o${path.map((k) => `[${JSON.stringify(k)}]`).join('')} = ${value};`);
      if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error(`the operation table holds a ${typeof value} at ${[id, ...path].join('.')}: only data and RegExps`);
      if (value !== null && typeof value === 'object') {
        if (![Object.prototype, Array.prototype].includes(Object.getPrototypeOf(value))) throw new Error(`the operation table holds a ${value.constructor?.name} at ${[id, ...path].join('.')}: only data and RegExps`);
        for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
      }
    };
    walk(op, []);
    const json = JSON.stringify(op, (_, v) => (v instanceof RegExp ? null : v));
    ops.push(`lazy(${JSON.stringify(id)}, ${JSON.stringify(json)}${patterns.length ? `, (o) => { ${patterns.join(' ')} }` : ''});`);
  }
  return [
    'export const OPERATIONS = {};',
    'function lazy(id, json, patterns) {',
    '  Object.defineProperty(OPERATIONS, id, { enumerable: true, configurable: true, get() {',
    '    const o = JSON.parse(json);',
    '    if (patterns) patterns(o);',
    '    Object.defineProperty(OPERATIONS, id, { value: o, enumerable: true, configurable: true, writable: true });',
    '    return o;',
    '  } });',
    '}',
    ...ops,
    '',
  ].join('\n');
}
const operationsData = {
  name: 'docplat-operations-data',
  setup(b) {
    const contents = tableModule(OPERATIONS);
    b.onLoad({ filter: /src[\\/]api[\\/]operations[\\/]table\.ts$/ }, () => ({ contents, loader: 'js' }));
  },
};

const cjs = { format: 'cjs', outExtension: { '.js': '.cjs' }, supported: { 'dynamic-import': false } };
const cjsCommon = {
  ...common,
  ...cjs,
  // import.meta.url is the bundle's own file URL (the one-shot transport's require, the completion scripts' folder).
  define: { ...common.define, 'import.meta.url': '__docplatUrl' },
  banner: { js: 'var __docplatUrl = require("node:url").pathToFileURL(__filename).href;' },
};

/**
 * The command groups in bundles of their own (dist/group-NAME.cjs), the largest, that the commands typed most never
 * load: in the one bundle, each function of theirs would be an object in every run (7 MB of peak RSS at 100k items).
 * Each requires the modules of src/ it shares with the CLI from dist/main.cjs (one copy, evaluated once), through
 * the table of them main.cjs exports (`__core`); what only the group uses is in its own bundle.
 */
const OWN = ['org', 'content', 'change-requests', 'openapi', 'files', 'sites'];
const groupIndex = (name) => join(root, 'src', 'commands', name, 'index.ts');
const ownGroup = new Map(OWN.map((name) => [groupIndex(name), name]));
/** In main.cjs, a group of OWN is required from its bundle when first imported. */
const groupsOut = {
  name: 'docplat-groups-out',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z-]+\/index\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const name = ownGroup.get(join(args.resolveDir, args.path).replace(/\.js$/, '.ts'));
      return name ? { path: `./group-${name}.cjs`, external: true } : undefined;
    });
  },
};
// The CLI without those groups: the modules of src/ it holds are the ones the groups take from it.
const core = await build({ ...cjsCommon, entryPoints: { main: 'src/main.ts' }, write: false, plugins: [split, groupsOut, operationsData] });
const coreModules = new Set(Object.keys(core.metafile.inputs).filter((input) => input.startsWith('src/')));
const used = new Set();
/** In a group's bundle: a module of src/ that main.cjs holds is main.cjs's (`__core`), not a copy. */
const fromCore = {
  name: 'docplat-from-core',
  setup(b) {
    b.onResolve({ filter: /^\.\/main\.cjs$/ }, () => ({ path: './main.cjs', external: true }));
    b.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === 'core' || args.kind === 'entry-point') return undefined;
      const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'core' });
      const rel = r.path ? relative(root, r.path).split(sep).join('/') : '';
      if (!coreModules.has(rel)) return r.errors.length ? { errors: r.errors } : { path: r.path, external: r.external };
      used.add(rel);
      return { path: rel, namespace: 'core' };
    });
    b.onLoad({ filter: /.*/, namespace: 'core' }, (args) => ({ contents: `module.exports = require('./main.cjs').__core[${JSON.stringify(args.path)}]();`, loader: 'js', resolveDir: join(root, 'dist') }));
  },
};
const groups = await build({ ...cjsCommon, entryPoints: Object.fromEntries(OWN.map((name) => [`group-${name}`, `src/commands/${name}/index.ts`])), plugins: [split, fromCore, operationsData] });
/** main.cjs's entry: src/main.ts, and the table of the modules the groups take from it (each evaluated on first use). */
const mainEntry = {
  name: 'docplat-main-entry',
  setup(b) {
    b.onResolve({ filter: /^docplat:main$/ }, () => ({ path: 'main', namespace: 'docplat' }));
    b.onLoad({ filter: /.*/, namespace: 'docplat' }, () => ({
      contents: `export * from './src/main.ts';\nexport const __core = {\n${[...used].sort().map((rel) => `  ${JSON.stringify(rel)}: () => require(${JSON.stringify(`./${rel}`)}),`).join('\n')}\n};\n`,
      resolveDir: root,
      loader: 'ts',
    }));
  },
};
const bundles = Promise.all([
  build({ ...cjsCommon, entryPoints: { main: 'docplat:main', sandbox: 'src/sandbox/server.ts' }, plugins: [split, groupsOut, mainEntry, operationsData] }),
]).then(([b]) => ({ metafile: { inputs: { ...groups.metafile.inputs, ...b.metafile.inputs }, outputs: { ...groups.metafile.outputs, ...b.metafile.outputs } } }));
const vendor = build({ ...common, ...cjs, entryPoints: Object.fromEntries(Object.entries(VENDOR).map(([file, name]) => [`vendor/${file}`, `vendor:${name}`])), plugins: [vendorEntries] });
// The entry knows the hash of each bundle it loads: their code cache is keyed by it, and no run hashes a bundle.
// The loader reads each bundle as latin1 (src/code-cache.ts: a third of the time of decoding UTF-8), which is only
// right for ASCII: what esbuild leaves outside ASCII (in comments) is written as \u escapes.
const asciiOnly = (file) => {
  const text = readFileSync(file, 'utf8');
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(text)) writeFileSync(file, text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
};
const entry = Promise.all([bundles, vendor]).then(([b, v]) => {
  for (const out of [...Object.keys(b.metafile.outputs), ...Object.keys(v.metafile.outputs)]) if (out.endsWith('.cjs')) asciiOnly(join(root, out));
  const hashes = {};
  for (const out of [...Object.keys(b.metafile.outputs), ...Object.keys(v.metafile.outputs)]) {
    if (out.endsWith('.cjs')) hashes[out.slice('dist/'.length)] = createHash('sha256').update(readFileSync(join(root, out))).digest('hex');
  }
  return build({
    ...common,
    ...cjs,
    entryPoints: { cli: 'src/cli.ts' },
    external: ['./main.cjs'],
    // The hashes as a string, parsed when a command loads the bundle.
    define: { ...common.define, 'import.meta.url': '__docplatUrl', __DOCPLAT_BUNDLES__: JSON.stringify(JSON.stringify(hashes)) },
    banner: { js: 'var __docplatUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
});
const results = await Promise.all([
  bundles,
  entry,
  vendor,
  build({ ...common, entryPoints: { manifest: 'src/manifest.ts' }, format: 'esm', banner: esmBanner }),
]);
const result = { metafile: { inputs: {}, outputs: {} } };
for (const r of results) {
  Object.assign(result.metafile.inputs, r.metafile.inputs);
  Object.assign(result.metafile.outputs, r.metafile.outputs);
}
// Which source modules each output file holds (the four builds' together): the
// start-up test reads it to check that --help loads no heavy dependency.
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
// where it cannot run (bin/engines.cjs; bin/docplat.js refuses such a Node).
const needs = engines.packageEngines(root, Object.keys(result.metafile.inputs), pkg.dependencies);
const looser = await engines.looserThanNeeded(pkg.engines?.node, needs);
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
