// Help topics: `docplat help environment|exit-codes|output|sandbox`, listed in
// the root help. The environment variables and exit codes are declared here
// once: the root help, the topics and the manual page (src/man.ts) print them.

import { wrap, wrapHelp } from './wrap.js';

export const ENVIRONMENT: readonly [name: string, meaning: string][] = [
  ['DOCPLAT_TOKEN', 'API token (the way for CI: nothing is written to disk)'],
  ['DOCPLAT_ORG', 'organization to act on'],
  ['DOCPLAT_API_URL', 'API base URL (default https://api.gitbook.com/v1)'],
  ['DOCPLAT_PROFILE', 'config profile'],
  ['DOCPLAT_CONFIG_DIR', 'where the config file (0600) and the sandbox state live (default ~/.config/docplat)'],
  ['DOCPLAT_CACHE_DIR', 'where the code cache lives, made again when missing (default ~/.cache/docplat)'],
  ['DOCPLAT_TIMEOUT', 'time limit of each request, its retries included, in seconds (default 30)'],
  ['DOCPLAT_RETRIES', 'retries of a failed request when repeating it is safe (default 3)'],
  ['DOCPLAT_SANDBOX_FAULTS', 'faults for the embedded sandbox, as sandbox serve --faults'],
  ['DOCPLAT_SANDBOX_ALLOW_PRIVATE_FILE_URLS', '1: the embedded sandbox fetches file urls on this machine, as sandbox serve --allow-private-file-urls'],
  ['DOCPLAT_NO_INPUT', 'never prompt (as --no-input): a missing argument or flag is a usage error'],
  ['NO_COLOR', 'no colour'],
  ['HTTPS_PROXY', 'proxy for https URLs'],
  ['HTTP_PROXY', 'proxy for http URLs'],
  ['NO_PROXY', 'hosts reached without the proxy'],
];

export const EXIT_CODES: readonly [code: number, short: string, meaning: string][] = [
  [0, 'ok', 'success'],
  [1, 'API or network failure', 'API or network failure'],
  [2, 'usage', 'usage or validation error (nothing was sent), an empty value for any flag included'],
  [3, 'not found', 'not found (404)'],
  [4, 'auth', 'authentication or permission (401, 403, no token)'],
  [5, 'some items failed', 'some items of a bulk command failed'],
  [6, 'changes', 'changes found: org plan --exit-code found the organization differs from the file'],
  [130, 'interrupted', 'interrupted (Ctrl-C, at a prompt too; SIGTERM)'],
];

/** Rows as `  name  meaning` lines, the meanings in one column, wrapped at 80. */
function rows(list: readonly (readonly [string | number, string])[]): string {
  const width = Math.max(...list.map(([k]) => String(k).length)) + 4;
  return list.map(([k, v]) => `  ${String(k).padEnd(width - 2)}${wrap(v, 80 - width).join(`\n${' '.repeat(width)}`)}`).join('\n');
}

/** Paragraphs wrapped at 80 columns (an indented one is kept as written). */
const text = (...paragraphs: string[]): string => wrapHelp(paragraphs.join('\n\n'));

export interface Topic {
  summary: string;
  text: () => string;
}

/** By name: the names are helpfile.ts's TOPIC_NAMES (test/help/topics.test.ts). */
export const TOPICS: Record<string, Topic> = {
  environment: {
    summary: 'environment variables, and the order settings are taken in',
    text: () =>
      text(
        'Environment variables:',
        rows(ENVIRONMENT),
        'Each setting comes from, in order: the flag, the environment, the profile in the config store (docplat config get <key> says which), the default. A flag given an empty value (--org "$UNSET") is an error (exit 2), never a fall-back.',
      ),
  },
  'exit-codes': {
    summary: 'what each exit code means',
    text: () =>
      text(
        'Exit codes:',
        rows(EXIT_CODES.map(([c, , m]) => [String(c), m])),
        'Errors are one line on stderr, "error: ..."; with --json or --jsonl they are one JSON object, {"error": {"message": ..., "exitCode": ..., ...}}.',
      ),
  },
  output: {
    summary: 'formats, --fields, --jq, terminal and pipe',
    text: () =>
      text(
        'Formats (--output): table on a terminal, tsv when piped; csv (with a header row), json (--json: the API objects, a list as one array), jsonl (--jsonl: one object per line as pages arrive), yaml.',
        '  terminal  a table fitted to its width (long cells cut with …, ids never),\n            ages as "3d ago", sizes as "2.5 MB", at most 500 rows; one object as\n            label/value\n  piped     tab-separated values without a header, times in ISO 8601, sizes\n            in bytes, lists of plain values a,b; one object as key<TAB>value\n            lines',
        '--fields a,b.c picks fields: a column key, a header as the table shows it, or a dotted path into the resource (urls.app). An unknown field is exit 2 before anything is sent.',
        '--jq <expr> filters the JSON with jq (strings print raw). As with gh\'s --json and --jq, --jq runs over the fields --fields selected: name every field the filter reads (--fields id,title --jq \'.[] | select(.title | test("^tmp-")) | .id\'). --jq prints JSON, or YAML with --output yaml; with tsv, csv or table it is refused (exit 2).',
        'Data goes to stdout; notes, progress and errors to stderr. Control characters in API data are shown escaped in tables, TSV, CSV and messages; JSON and YAML carry the data unchanged. When --limit stops before the end, the next cursor goes to stderr: --cursor <it> continues.',
      ),
  },
  sandbox: {
    summary: 'the local emulator of the API: --sandbox, sandbox serve, faults',
    text: () =>
      text(
        '--sandbox runs any command against a local emulator of the whole API, whose state lives in the config directory: a change made by one command is seen by the next. docplat sandbox reset starts it over (the commands: docplat sandbox --help).',
        'docplat sandbox serve [--port N] runs it as a server on 127.0.0.1 and prints its URL, token and the line that points docplat at it (DOCPLAT_API_URL, DOCPLAT_TOKEN, DOCPLAT_ORG); --json prints {url, token, org, integrationTokens, users} (users: the demo organization\'s other people, each with a token).',
        'The demo organization "Acme Docs" has collections, 26 spaces (one locked, two deleted), 25 members of every role, teams, sites, page trees with files and change requests 1 and 2, comments, SSO providers, custom fields, translations, OpenAPI specifications and an integrations catalogue.',
        'Faults: sandbox serve --faults "429=0.1,503=0.05,reset=0.02,latency=5,seed=1" (or DOCPLAT_SANDBOX_FAULTS for --sandbox) injects errors, resets, cut bodies and latency, reproducibly from the seed.',
        'File URLs: a change request\'s insert_files by url is fetched by the sandbox as the platform fetches it, and a url that resolves to a private or reserved address (127.0.0.1, a private network) is refused with a 400, as the platform refuses it; sandbox serve --allow-private-file-urls (or DOCPLAT_SANDBOX_ALLOW_PRIVATE_FILE_URLS=1 for --sandbox) fetches them, to rehearse content restore --files-url with a backup served on this machine. revert_page takes a page back from any of the last 20 revisions of its space.',
        'Where the API description is silent, the sandbox decides: a repeated delete (of what was deleted before) is 404 with the error body, as a delete of what never existed, in every family; a move without a position, or with neither "before" nor "after", puts the resource at the end, and with both, "before" places it; a space created with "empty": true has no page.',
      ),
  },
};

/** `docplat help <topic>` lines for the root help. */
export function topicsHelp(): string {
  const names = Object.keys(TOPICS);
  const width = Math.max(...names.map((n) => n.length)) + 4;
  return `Help topics (docplat help <topic>):\n${names.map((n) => `  ${n.padEnd(width - 2)}${TOPICS[n].summary}`).join('\n')}`;
}
