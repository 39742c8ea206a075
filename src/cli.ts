// Entry point. `--version` answers before anything else loads; everything else
// goes through main.ts, which loads commander and then only the group it needs.
import { VERSION } from './version.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { main, processIO } = await import('./main.js');
  process.exitCode = await main(argv, processIO());
}
