import type { Command } from 'commander';
// Where the help prerendered at build time lives (dist/help/, written by
// src/manifest.ts): `docplat spaces list --help` is dist/help/spaces.list.txt.
export const helpFileName = (words: string[]): string => `help/${words.join('.') || 'docplat'}.txt`;

/**
 * The global flags, named in one wrapped paragraph for the help of groups
 * and commands (`docplat --help` describes each).
 */
export function inheritedFlags(program: Command): string {
  const names = program.options.filter((o) => o.long && o.long !== '--version').map((o) => (o.short ? `${o.short}/${o.long}` : o.long!));
  const lines: string[] = [];
  let line = ' ';
  for (const name of names) {
    const word = ` ${name}${name === names[names.length - 1] ? '' : ','}`;
    if (line.length + word.length > 78) {
      lines.push(line);
      line = ' ';
    }
    line += word;
  }
  lines.push(line);
  return `\nInherited flags (see docplat --help):\n${lines.join('\n')}`;
}

/** The help topics (`docplat help <topic>`, commands/help/topics.ts), named here for the entry point, which loads no topic. */
export const TOPIC_NAMES: readonly string[] = ['environment', 'exit-codes', 'output', 'sandbox'];

/**
 * The arguments as the help sees them: bare `docplat` is `docplat --help` (exit
 * 0, as gh), and `docplat help spaces list` is `docplat spaces list --help`;
 * `docplat help <topic>` stays as it is, also when a group has the topic's
 * name (`docplat help sandbox` is the topic; `docplat sandbox --help` the group).
 */
export function helpArgv(argv: string[]): string[] {
  if (argv.length === 0) return ['--help'];
  if (argv[0] === 'help' && argv.length === 2 && TOPIC_NAMES.includes(argv[1])) return argv;
  if (argv[0] === 'help' && argv.slice(1).every((w) => !w.startsWith('-'))) return [...argv.slice(1), '--help'];
  return argv;
}
