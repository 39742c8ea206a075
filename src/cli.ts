// Entry point. `--version` and the top-level `--help` answer before anything
// else loads; everything else goes through main.ts, which loads commander and
// then only the group it needs.
import { readFileSync } from 'node:fs';
import { VERSION } from './version.js';

const argv = process.argv.slice(2);

/** The top-level help as commander rendered it at build time (bin/build.mjs), if it fits. */
function prebuiltHelp(): string | undefined {
  if (argv.length !== 1 || (argv[0] !== '--help' && argv[0] !== '-h') || process.env.DOCPLAT_LIVE_HELP) return undefined;
  if (process.stdout.isTTY && (process.stdout.columns ?? 80) < 80) return undefined;
  try {
    return readFileSync(new URL('./help.txt', import.meta.url), 'utf8');
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
  const { main, processIO } = await import('./main.js');
  process.exitCode = await main(argv, processIO());
}
