// The manual page (man docplat), made at build time from the command manifest:
// every group, command, argument and flag, the environment variables and the
// exit codes (src/commands/help/topics.ts), and the help topics. package.json's
// `man` installs it with the package.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENVIRONMENT, EXIT_CODES, TOPICS } from './commands/help/topics.js';
import type { Manifest, ManifestCommand, ManifestFlag } from './manifest.js';
import { VERSION } from './version.js';

/** Text for roff: backslashes, and a `.` or `'` that would start a request at the start of a line. */
function esc(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((l) => (/^[.']/.test(l) ? `\\&${l}` : l))
    .join('\n');
}

const bold = (s: string) => `\\fB${esc(s)}\\fR`;

function flagItem(f: ManifestFlag): string {
  const values = f.choices ? ` (${f.choices.join(', ')})` : '';
  return `.TP\n${bold(f.flags)}\n${esc(f.description.replace(/\s*\n\s*/g, ' '))}${esc(values)}\n`;
}

function commandSection(path: string, c: ManifestCommand): string {
  const args = c.args.map((a) => `<${a.name}${a.variadic ? '...' : ''}>`).join(' ');
  let s = `.SS ${esc(`docplat ${path}${args ? ` ${args}` : ''}`)}\n${esc(c.summary)}${c.aliases.length ? esc(` (alias: ${c.aliases.join(', ')})`) : ''}\n`;
  const flags = c.flags.filter((f) => f.long !== '--help');
  if (flags.length) s += `.RS\n${flags.map(flagItem).join('')}.RE\n`;
  return s;
}

export function manPage(m: Manifest): string {
  const date = new Date().toISOString().slice(0, 10);
  let s = `.\\" Generated from the command manifest by \`npm run build\` (src/man.ts): do not edit.\n`;
  s += `.TH DOCPLAT 1 "${date}" "docplat ${VERSION}" "User Commands"\n`;
  s += `.SH NAME\ndocplat \\- administer an organization on the documentation platform from the terminal\n`;
  s += `.SH SYNOPSIS\n${bold('docplat')} [\\fIglobal flags\\fR] \\fIgroup\\fR \\fIcommand\\fR [\\fIarguments\\fR] [\\fIflags\\fR]\n.br\n${bold('docplat help')} [\\fItopic\\fR | \\fIgroup\\fR [\\fIcommand\\fR]]\n`;
  s += `.SH DESCRIPTION\n${esc('docplat administers an organization on the documentation platform through its REST API: collections, spaces and their content, members, teams, sites and more, for people at a terminal, shell scripts that read --json, and CI jobs. --sandbox runs any command against a local emulator of the API.')}\n`;
  s += `.SH GLOBAL FLAGS\n${m.globalFlags.map(flagItem).join('')}`;
  s += `.SH COMMANDS\n`;
  for (const g of m.groups.filter((x) => !x.hidden)) {
    if (g.command) {
      s += commandSection(g.name, g.command);
      continue;
    }
    s += `.PP\n${bold(`docplat ${g.name}`)}: ${esc(g.summary)}\n`;
    for (const c of g.commands) s += commandSection(`${g.name} ${c.name}`, c);
  }
  s += `.SH HELP TOPICS\n`;
  for (const [name, topic] of Object.entries(TOPICS)) s += `.TP\n${bold(`docplat help ${name}`)}\n${esc(topic.summary)}\n`;
  s += `.SH ENVIRONMENT\n${ENVIRONMENT.map(([name, meaning]) => `.TP\n${bold(name)}\n${esc(meaning)}\n`).join('')}`;
  s += `.SH EXIT STATUS\n${EXIT_CODES.map(([code, , meaning]) => `.TP\n${bold(String(code))}\n${esc(meaning)}\n`).join('')}`;
  s += `.SH FILES\n.TP\n${bold('~/.config/docplat/')}\n${esc('the config file (0600) and the sandbox state (DOCPLAT_CONFIG_DIR moves them)')}\n`;
  s += `.SH SEE ALSO\n${esc('docplat --help, docplat <group> <command> --help, and the README of the package.')}\n`;
  return s;
}

/** Writes dist/man/docplat.1. */
export function writeMan(dist: string, m: Manifest): void {
  mkdirSync(join(dist, 'man'), { recursive: true });
  writeFileSync(join(dist, 'man', 'docplat.1'), manPage(m));
}
