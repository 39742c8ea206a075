// The global flags, declared once: commander's options (main.ts), the flags
// that take a value (to find the group word in argv, and to refuse an empty
// value: context.ts), the manifest's globalFlags and the "Inherited flags"
// help all come from this table. Kept free of imports: main.ts loads it at
// start-up.

export interface GlobalFlag {
  /** Commander's spec: `--org <id>` takes a value, `--json` is a switch, `--no-color` a negated switch. */
  flags: string;
  description: string;
  /** The option's key in GlobalOptions (commander's attribute name, checked where the program is built). */
  key: string;
}

export const GLOBAL_FLAGS = [
  { key: 'org', flags: '--org <id>', description: "organization to act on (default: DOCPLAT_ORG, then the profile's org)" },
  { key: 'token', flags: '--token <token>', description: 'API token (prefer DOCPLAT_TOKEN or `auth login`: flags show up in process lists)' },
  { key: 'apiUrl', flags: '--api-url <url>', description: "API base URL (default: DOCPLAT_API_URL, the profile's, then https://api.gitbook.com/v1)" },
  { key: 'profile', flags: '--profile <name>', description: 'config profile to use (default: DOCPLAT_PROFILE, then the active one)' },
  { key: 'sandbox', flags: '--sandbox', description: 'run against the embedded local sandbox (state kept in the config dir)' },
  { key: 'json', flags: '--json', description: 'print JSON (short for --output json)' },
  { key: 'jsonl', flags: '--jsonl', description: 'print one JSON object per line (short for --output jsonl)' },
  { key: 'output', flags: '--output <format>', description: 'output format: table, tsv, csv, json, jsonl, yaml (default: table on a terminal, else tsv)' },
  { key: 'fields', flags: '--fields <list>', description: 'fields to show, comma-separated; dotted paths reach into objects (urls.app)' },
  { key: 'jq', flags: '--jq <expr>', description: 'filter the JSON output with a jq expression' },
  { key: 'color', flags: '--no-color', description: 'no colour (also NO_COLOR)' },
  { key: 'debug', flags: '--debug', description: 'trace HTTP requests on stderr (the token is never shown)' },
  { key: 'yes', flags: '-y, --yes', description: 'do not ask for confirmation' },
  { key: 'quiet', flags: '-q, --quiet', description: 'print no notes or summaries on stderr' },
  { key: 'timeout', flags: '--timeout <seconds>', description: 'time limit of each request, retries included, in seconds (default: DOCPLAT_TIMEOUT, then 30)' },
  { key: 'retries', flags: '--retries <n>', description: 'retries of a failed request when it is safe (default: 3)' },
  { key: 'insecureHttp', flags: '--insecure-http', description: 'allow sending the token over plain http to a host that is not loopback' },
  // false with --no-input: never prompt.
  { key: 'input', flags: '--no-input', description: 'never prompt: a missing argument or flag is an error, as when not on a terminal (also DOCPLAT_NO_INPUT)' },
] as const satisfies readonly GlobalFlag[];

type Entry = (typeof GLOBAL_FLAGS)[number];

/** The parsed global flags: a string for those that take a value, a boolean for switches (false for a given --no- form). */
export type GlobalOptions = { [E in Entry as E['key']]?: E['flags'] extends `${string}<${string}>` ? string : boolean };

/** The long name of each global flag that takes a value, by key (`apiUrl` → `--api-url`). */
export const VALUE_FLAGS = Object.fromEntries(
  GLOBAL_FLAGS.filter((f) => f.flags.includes('<')).map((f) => [f.key, f.flags.replace(/ <.*/, '').replace(/^-\w, /, '')]),
) as { [E in Entry as E['flags'] extends `${string}<${string}>` ? E['key'] : never]: string };
