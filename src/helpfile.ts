// Where the help prerendered at build time lives (dist/help/, written by
// src/manifest.ts): `docplat spaces list --help` is dist/help/spaces.list.txt.
export const helpFileName = (words: string[]): string => `help/${words.join('.') || 'docplat'}.txt`;

/**
 * The arguments as the help sees them: bare `docplat` is `docplat --help` (exit
 * 0, as gh), and `docplat help spaces list` is `docplat spaces list --help`.
 */
export function helpArgv(argv: string[]): string[] {
  if (argv.length === 0) return ['--help'];
  if (argv[0] === 'help' && argv.slice(1).every((w) => !w.startsWith('-'))) return [...argv.slice(1), '--help'];
  return argv;
}
