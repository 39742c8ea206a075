// Entry point (dist/cli.cjs, CommonJS as bin/docplat.js is: Node starts no ES
// module loader). `--version` and the prebuilt `--help` answer before
// anything else loads; everything else goes through main.ts, bundled on its
// own into dist/main.cjs (bin/build.mjs) and loaded with a code cache
// (code-cache.ts), which loads commander and then only the group it needs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { helpArgv, helpFileName } from './helpfile.js';
import { VERSION } from './version.js';

// A reader that went away (`docplat … --help | head`) ends the output, not the process with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});

const argv = helpArgv(process.argv.slice(2));

/**
 * The help of `docplat [group [verb]] --help` as commander rendered it at
 * build time (src/manifest.ts), when it fits the terminal; else undefined,
 * and commander renders it live.
 */
function prebuiltHelp(): string | undefined {
  const last = argv[argv.length - 1];
  const words = argv.slice(0, -1);
  if ((last !== '--help' && last !== '-h') || words.length > 2 || words.some((w) => !/^[a-z][a-z-]*$/.test(w))) return undefined;
  if (process.env.DOCPLAT_LIVE_HELP) return undefined;
  if (process.stdout.isTTY && (process.stdout.columns ?? 80) < 80) return undefined;
  try {
    return readFileSync(new URL(helpFileName(words), import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

const help = prebuiltHelp();
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else if (help !== undefined) {
  process.stdout.write(help);
} else {
  void (async () => {
    const { loadBundle } = await import('./code-cache.js');
    // The command's words (`spaces get`), for the code cache of its group.
    const command = argv.filter((w) => /^[a-z][a-z-]{0,39}$/.test(w)).slice(0, 2).join(' ');
    const bundle = loadBundle<typeof import('./main.js')>(fileURLToPath(new URL('./main.cjs', import.meta.url)), process.env, command);
    const { main, processIO } = bundle.exports;
    process.exitCode = await main(process.argv.slice(2), processIO());
    await bundle.save();
  })();
}
