// The command reference in docs/reference/, made at build time from the
// command manifest (as gh's generated reference is): a page per command group,
// every command with its usage, arguments, flags, details, examples and exit
// codes, and an index (README.md) with the global flags, the environment and
// the exit codes. The build writes the pages (bin/reference.mjs);
// test/readme/reference.test.ts fails when the committed pages differ from
// what the build writes.
import { ENVIRONMENT, EXIT_CODES, TOPICS } from './commands/help/topics.js';
import type { Manifest, ManifestCommand, ManifestFlag, ManifestGroup } from './manifest.js';

const GENERATED = '<!-- Generated from the command manifest by `npm run build` (src/reference.ts): do not edit. -->';

/**
 * Commands that never call the API (they read or write local settings and
 * files, or run the sandbox): their exit codes leave out 1, 3 and 4.
 */
const LOCAL = new Set(['auth logout', 'auth switch', 'auth token', 'config get', 'config set', 'config unset', 'config list', 'config path', 'completion', 'sandbox serve', 'sandbox reset', 'openapi validate', 'org schema']);

/** The guide of docs/ that tells a group's story, linked from its page (test/readme/links.test.ts checks the links). */
const GUIDES: Record<string, string> = {
  auth: 'setup.md#log-in-against-the-real-api',
  config: 'setup.md#log-in-against-the-real-api',
  completion: 'setup.md#shell-completion',
  api: 'scripting.md#any-api-call-docplat-api',
  spaces: 'scripting.md#bulk-commands',
  content: 'content.md',
  pages: 'content.md',
  files: 'content.md',
  members: 'administration.md#members',
  teams: 'administration.md#teams',
  sso: 'administration.md#sso',
  'custom-fields': 'administration.md#custom-fields',
  translations: 'administration.md#translations',
  orgs: 'administration.md',
  sites: 'sites.md',
  sections: 'sites.md',
  'section-groups': 'sites.md',
  'site-spaces': 'sites.md',
  'share-links': 'sites.md',
  comments: 'change-requests.md#comments',
  replies: 'change-requests.md#comments',
  'change-requests': 'change-requests.md#change-requests',
  openapi: 'openapi.md',
  integrations: 'openapi.md#integrations',
  org: 'org-as-code.md',
  sandbox: 'sandbox.md',
};

/**
 * Text for Markdown, outside code spans: `<` and `>` (an `<id>` would be read
 * as HTML and vanish), `*` and `_` at a word's edge (emphasis), `\` and `|`
 * in a table cell.
 */
export function md(text: string, cell = false): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => {
      if (i % 2 === 1) return cell ? part.replace(/\|/g, '\\|') : part;
      // An `_` inside a word (DOCPLAT_ORG) is no emphasis on GitHub: only one at a word's edge is escaped.
      const escaped = part.replace(/[\\*<>]|(?<!\w)_|_(?!\w)/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`));
      return cell ? escaped.replace(/\|/g, '\\|') : escaped;
    })
    .join('');
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** A GitHub heading anchor: lowercase, spaces to `-`, punctuation but `-` and `_` dropped. */
export const anchor = (heading: string) => heading.toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');

function flagRows(flags: ManifestFlag[]): string {
  const rows = flags.map((f) => {
    const values = f.choices ? ` (one of ${f.choices.map((c) => `\`${c}\``).join(', ')})` : '';
    const repeated = f.repeated && !/repeat/i.test(f.description) ? ' (repeat it for several)' : '';
    return `| \`${f.flags.replace(/\|/g, '\\|')}\` | ${md(oneLine(f.description), true)}${values}${repeated} |`;
  });
  return `| flag | meaning |\n|---|---|\n${rows.join('\n')}\n`;
}

/** The exit codes a command may end with, each with its meaning. */
export function exitCodes(path: string, c: ManifestCommand): [code: number, meaning: string][] {
  const local = LOCAL.has(path);
  const codes: [number, string][] = EXIT_CODES.filter(([code]) => ![5, 6].includes(code) && !(local && [1, 3, 4].includes(code))).map(([code, short]) => [code, short]);
  // Several ids (or names, or `-` for stdin), a result each: some may fail.
  const several = c.args.some((a) => a.variadic);
  // Other codes the command's own text names: "exit 6 when there are changes", "the exit code is 5".
  const texts = [c.summary, c.details ?? '', ...c.flags.map((f) => `${f.long ?? f.flags}: ${f.description}`)];
  const named = new Map<number, string>();
  for (const t of texts) {
    // Each sentence that names a code explains it; a flag's description is the better one.
    for (const sentence of oneLine(t).split(/(?<=\.) (?=[A-Z`])/)) {
      for (const m of sentence.matchAll(/\bexit(?:s| code(?: is)?)? (\d+)\b/gi)) {
        const code = Number(m[1]);
        if (!named.get(code) || /^--[\w-]+:/.test(t)) named.set(code, sentence);
      }
    }
  }
  if (several || named.has(5)) codes.push([5, EXIT_CODES.find(([code]) => code === 5)![1]]);
  for (const [code, why] of named) {
    if (codes.some(([k]) => k === code) || code === 5) continue;
    codes.push([code, why]);
  }
  return codes.sort(([a], [b]) => (a === 130 ? 1 : b === 130 ? -1 : a - b));
}

/** The declaration's help as Markdown: paragraphs joined, indented lines (a command, a list of paths) as a code block. */
function detailsMd(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const parts: string[] = [];
      let prose: string[] = [];
      let code: string[] = [];
      const flush = () => {
        if (prose.length) parts.push(md(oneLine(prose.join(' '))));
        if (code.length) parts.push(`\`\`\`\n${code.join('\n')}\n\`\`\``);
        prose = [];
        code = [];
      };
      for (const line of paragraph.split('\n')) {
        if (/^\s{2,}\S/.test(line)) {
          if (prose.length) flush();
          code.push(line.trim());
        } else {
          if (code.length) flush();
          prose.push(line);
        }
      }
      flush();
      return parts.join('\n\n');
    })
    .join('\n\n')
    .concat('\n\n');
}

function commandSection(path: string, c: ManifestCommand): string {
  let s = `## docplat ${path}\n\n${md(c.summary)}\n\n`;
  if (c.aliases.length) s += `Alias: ${c.aliases.map((a) => `\`${a}\``).join(', ')}\n\n`;
  s += `\`\`\`\n${c.usage}\n\`\`\`\n\n`;
  if (c.args.length) {
    s += `Arguments:\n\n${c.args
      .map((a) => {
        // Commander takes every argument as optional (the runner checks them): the usage line says which are.
        const optional = c.usage.includes(`[${a.name}`);
        const what = a.variadic ? (optional ? 'any number' : 'one or more') : optional ? 'optional' : 'required';
        const values = a.choices ? `; one of ${a.choices.map((v) => `\`${v}\``).join(', ')}` : '';
        return `- \`${a.name}\` (${what}${values})${a.description ? `: ${md(oneLine(a.description))}` : ''}`;
      })
      .join('\n')}\n\n`;
  }
  const flags = c.flags.filter((f) => f.long !== '--help');
  if (flags.length) s += `${flagRows(flags)}\n`;
  if (c.details) s += detailsMd(c.details);
  if (c.examples?.length) s += `Examples:\n\n\`\`\`sh\n${c.examples.join('\n')}\n\`\`\`\n\n`;
  const meaningOf = (meaning: string) => md(meaning.replace(/^(--[\w-]+):\s*/, 'with `$1`: '));
  s += `Exit codes: ${exitCodes(path, c).map(([code, meaning]) => `\`${code}\` ${meaningOf(meaning)}`).join('; ')}. [All exit codes](README.md#exit-codes).\n\n`;
  return s;
}

/** The page of one group: `docs/reference/<group>.md`. */
export function groupPage(g: ManifestGroup): string {
  const guide = GUIDES[g.name] ? ` The guide: [${GUIDES[g.name].split('#')[0]}](../${GUIDES[g.name]}).` : '';
  const inherited = `Every command also takes the [global flags](README.md#global-flags).${guide}`;
  if (g.command) return `${GENERATED}\n\n# docplat ${g.name}\n\n${md(g.summary)}. ${inherited}\n\n${commandSection(g.name, g.command)}`.trimEnd() + '\n';
  const list = g.commands.map((c) => `- [\`${c.name}\`](#${anchor(`docplat ${g.name} ${c.name}`)}): ${md(c.summary)}`).join('\n');
  const sections = g.commands.map((c) => commandSection(`${g.name} ${c.name}`, c)).join('');
  return `${GENERATED}\n\n# docplat ${g.name}\n\n${md(g.summary)}. ${inherited}\n\n${list}\n\n${sections}`.trimEnd() + '\n';
}

/** The index: `docs/reference/README.md`. */
export function indexPage(m: Manifest): string {
  const groups = m.groups.filter((g) => !g.hidden);
  let s = `${GENERATED}\n\n# Command reference\n\n`;
  s += 'Every command of `docplat`, a page per group: usage, arguments, flags, details, examples and exit codes, as `docplat <group> <command> --help` prints them. `docplat help <topic>` and `man docplat` hold the same.\n\n';
  s += `| group | what it does |\n|---|---|\n${groups.map((g) => `| [\`${g.name}\`](${g.name}.md) | ${md(g.summary, true)} |`).join('\n')}\n\n`;
  s += `## Global flags\n\nEvery command takes them (\`docplat --help\`).\n\n${flagRows(m.globalFlags.filter((f) => f.long !== '--help'))}\n`;
  s += `## Environment\n\n| variable | meaning |\n|---|---|\n${ENVIRONMENT.map(([name, meaning]) => `| \`${name}\` | ${md(meaning, true)} |`).join('\n')}\n\n`;
  s += `## Exit codes\n\n| code | meaning |\n|---|---|\n${EXIT_CODES.map(([code, , meaning]) => `| ${code} | ${md(meaning, true)} |`).join('\n')}\n\n`;
  s += 'A command that names another code says so on its page (`org plan --exit-code` exits 6 when the organization differs from the file).\n\n';
  s += `## Help topics\n\n${Object.entries(TOPICS).map(([name, t]) => `- \`docplat help ${name}\`: ${md(t.summary)}`).join('\n')}\n`;
  return s;
}

/** Every page, by file name. */
export function referencePages(m: Manifest): Map<string, string> {
  const pages = new Map<string, string>([['README.md', indexPage(m)]]);
  for (const g of m.groups.filter((x) => !x.hidden)) pages.set(`${g.name}.md`, groupPage(g));
  return pages;
}
