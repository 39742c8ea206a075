// What every command receives: IO streams, the resolved settings, and lazily
// built dependencies (API client, config store, output, prompts). No command
// reads process.env, process.stdout or the config file itself.
import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { ApiClient } from './client/http.js';
import type { ConfigStore } from './config/store.js';
import { configDir, SANDBOX_FILE } from './config/paths.js';
import { activeProfileName, noSuchProfile, readStored, type Profile, type Stored } from './config/profile.js';
import { AuthError, DocplatError, UsageError } from './errors.js';
import { FORMATS, isStructured, Output, type Format } from './output/format.js';
import { escapeControls, Terminal } from './output/terminal.js';
import { checkId, parseInteger, parseSeconds } from './validate.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { VERSION } from './version.js';
import { VALUE_FLAGS, type GlobalOptions } from './globals.js';
import type { Tools } from './commands/tools.js';
import { readStream, type ReadUse } from './files/read.js';

const NOT_LOGGED_IN = 'not logged in: run `docplat auth login`, set DOCPLAT_TOKEN, or pass --token (try --sandbox for a local demo)';

export const DEFAULT_API_URL = 'https://api.gitbook.com/v1';

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutTTY: boolean;
  stderrTTY: boolean;
  stdinTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** How requests reach the network; default: connections of the client's own. The fast tests give the in-memory sandbox here (src/sandbox/memory.ts). */
  dispatcher?: Dispatcher;
}

export type { GlobalOptions };

export type Source = 'flag' | 'env' | 'profile' | 'sandbox' | 'default';

export interface Settings {
  profile: string;
  apiUrl: string;
  apiUrlSource: Source;
  token?: string;
  tokenSource?: Source;
  org?: string;
  orgSource?: Source;
}

interface EmbeddedSandbox {
  url: string;
  token: string;
  defaultOrg?: string;
  save(): Promise<void>;
  close(): Promise<void>;
}

/** How the context gets its tools (`ctx.api`, `ctx.resolve`, ...): given by whoever makes it (app.ts: commands/tools.ts). */
export type ToolsOf = (ctx: Context) => Tools;

/** How the command's answer is shown: `web`, with --web, opens the resource an item is in the browser instead of printing it. */
export interface RenderMode {
  web?: boolean;
}

// The tools are the context's own fields: `ctx.api`, `ctx.resolve`, `ctx.readUserFile` (declared in commands/tools.ts).
export interface Context extends Tools {}

export class Context {
  readonly output: Output;
  /** The one writer of stderr for people: notes, warnings, progress, prompts (see src/output/terminal.ts). */
  readonly terminal: Terminal;
  private stored?: Stored;
  private settingsPromise?: Promise<Settings>;
  private clientInstance?: ApiClient;
  private clientPromise?: Promise<ApiClient>;
  private storeInstance?: ConfigStore;
  private sandbox?: Promise<EmbeddedSandbox>;

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    readonly signal: AbortSignal,
    tools: ToolsOf,
    mode: RenderMode = {},
  ) {
    // `--org "$TARGET"` with $TARGET unset must not fall back to another org.
    for (const [key, flag] of Object.entries(VALUE_FLAGS)) {
      const value = globals[key as keyof typeof VALUE_FLAGS];
      if (typeof value === 'string' && !value.trim()) throw new UsageError(`${flag} is ${value === '' ? 'empty' : 'blank'}`);
    }
    this.terminal = new Terminal(io.stderr, { tty: io.stderrTTY, quiet: !!globals.quiet, json: this.jsonErrors });
    this.output = new Output(io.stdout, this.terminal, {
      format: this.format(),
      fields: globals.fields ? fieldList(globals.fields) : undefined,
      jq: globals.jq,
      color: this.color(io.stdoutTTY),
      interactive: io.stdoutTTY,
      explicit: !!(globals.json || globals.jsonl || globals.output),
      quiet: !!globals.quiet,
      width: io.stdoutTTY ? ((io.stdout as { columns?: number }).columns ?? 80) : undefined,
      open: mode.web ? (url) => import('./web.js').then(({ openInBrowser }) => openInBrowser(this, url)) : undefined,
    });
    Object.assign(this, tools(this));
  }

  get env(): NodeJS.ProcessEnv {
    return this.io.env;
  }

  /** Whether errors should be written as JSON (scripts asked for JSON). */
  get jsonErrors(): boolean {
    const g = this.globals;
    return !!(g.json || g.jsonl || (g.output && /^jsonl?$/.test(g.output)));
  }

  color(isTTY: boolean): boolean {
    return isTTY && this.globals.color !== false && !this.env.NO_COLOR && this.env.TERM !== 'dumb';
  }

  get configDir(): string {
    return configDir(this.env);
  }

  /** A warning on stderr (even with --quiet), through the terminal writer. */
  warn(message: string | readonly string[]): void {
    this.terminal.line(message);
  }

  debug(line: string): void {
    if (this.globals.debug) this.terminal.line(`debug: ${line}`);
  }

  /** The config file as it is on disk, read once, without `conf`. */
  storedConfig(): Stored {
    return (this.stored ??= readStored(this.configDir, (m) => this.warn(m)));
  }

  /** The config store, for commands that write it. */
  async store(): Promise<ConfigStore> {
    if (!this.storeInstance) {
      const { ConfigStore } = await import('./config/store.js');
      this.storeInstance = new ConfigStore(this.configDir, (m) => this.warn(m));
    }
    return this.storeInstance;
  }

  profileName(): string {
    return this.globals.profile || this.env.DOCPLAT_PROFILE || activeProfileName(this.storedConfig());
  }

  /** Set by the commands that create the profile they are given (auth login, config set). */
  createsProfile = false;

  /** The profile in use; one named by --profile or DOCPLAT_PROFILE must exist (exit 2 listing those that do). */
  profile(): Profile {
    const name = this.profileName();
    const profiles = this.storedConfig().profiles;
    const named = this.globals.profile ? '--profile' : this.env.DOCPLAT_PROFILE ? 'DOCPLAT_PROFILE' : undefined;
    if (named && !this.createsProfile && !Object.hasOwn(profiles, name)) throw noSuchProfile(name, this.storedConfig(), named);
    return profiles[name] ?? {};
  }

  private format(): Format {
    const g = this.globals;
    const shorthands = [g.json && '--json', g.jsonl && '--jsonl'].filter(Boolean) as string[];
    if (shorthands.length > 1) throw new UsageError('--json and --jsonl cannot be used together');
    if (g.output !== undefined && !(FORMATS as readonly string[]).includes(g.output)) {
      throw new UsageError(`--output must be one of ${FORMATS.join(', ')}, got "${g.output}"`);
    }
    if (g.output !== undefined && shorthands.length && g.output !== shorthands[0].slice(2)) {
      throw new UsageError(`${shorthands[0]} and --output ${g.output} cannot be used together`);
    }
    const chosen = (g.output ?? shorthands[0]?.slice(2)) as Format | undefined;
    if (g.jq && chosen && !isStructured(chosen)) throw new UsageError(`--jq prints JSON: it cannot be used with --output ${chosen}`);
    // Asked for by name, a table is printed even when piped.
    if (chosen !== undefined) return chosen;
    if (g.jq) return 'json';
    let configured: string | undefined;
    try {
      configured = this.profile().format;
    } catch {
      configured = undefined;
    }
    // A configured table is for a terminal: piped, it becomes TSV.
    if (configured && (FORMATS as readonly string[]).includes(configured)) return configured === 'table' && !this.io.stdoutTTY ? 'tsv' : (configured as Format);
    return this.io.stdoutTTY ? 'table' : 'tsv';
  }

  /** API URL, token and org, each from flag > environment > profile > default. */
  settings(): Promise<Settings> {
    return (this.settingsPromise ??= this.resolveSettings());
  }

  private async resolveSettings(): Promise<Settings> {
    const g = this.globals;
    const env = this.env;
    const profile = this.profileName();
    if (g.sandbox) {
      this.profile();
      if (g.apiUrl || g.token) throw new UsageError(`--sandbox brings its own API URL and token: drop ${g.apiUrl ? '--api-url' : '--token'}`);
      const sb = await this.embeddedSandbox();
      const org = checkedOrg(pick([g.org, 'flag'], [env.DOCPLAT_ORG, 'env'], [sb.defaultOrg, 'sandbox']));
      return { profile, apiUrl: sb.url, apiUrlSource: 'sandbox', token: sb.token, tokenSource: 'sandbox', org: org?.[0], orgSource: org?.[1] };
    }
    const p = this.profile();
    const apiUrl = pick([g.apiUrl, 'flag'], [env.DOCPLAT_API_URL, 'env'], [p.apiUrl, 'profile']) ?? [DEFAULT_API_URL, 'default'];
    const token = pick([g.token, 'flag'], [env.DOCPLAT_TOKEN, 'env'], [p.token, 'profile']);
    const org = checkedOrg(pick([g.org, 'flag'], [env.DOCPLAT_ORG, 'env'], [p.org, 'profile']));
    return {
      profile,
      apiUrl: apiUrl[0],
      apiUrlSource: apiUrl[1],
      token: token?.[0],
      tokenSource: token?.[1],
      org: org?.[0],
      orgSource: org?.[1],
    };
  }

  /** The organization a command is scoped to; exit 2 with a hint when none is known. */
  async org(): Promise<string> {
    const { org, token } = await this.settings();
    if (!org) {
      // Logging in comes first: `orgs list`, which the hint names, needs a token too.
      if (!token) throw new AuthError(NOT_LOGGED_IN);
      throw new UsageError('no organization: pass --org <id>, set DOCPLAT_ORG, or run `docplat config set org <id>` (see `docplat orgs list`)');
    }
    return org;
  }

  /** The API client, with a token (exit 4 when there is none). */
  async client(opts: { auth?: boolean } = {}): Promise<ApiClient> {
    if (this.clientInstance) return this.clientInstance;
    const s = await this.settings();
    if (opts.auth !== false && !s.token) {
      throw new AuthError(NOT_LOGGED_IN);
    }
    // Requests started at once (org plan's eight lists) share one client: one keep-alive pool, one undici.
    this.clientPromise ??= this.newClient(s).catch((err: unknown) => {
      this.clientPromise = undefined;
      throw err;
    });
    return this.clientPromise;
  }

  private async newClient(s: Settings): Promise<ApiClient> {
    // Not sendable in a header (a line break read from a file with it): said here, not as "cannot reach" the API.
    if (s.token && /[\s\x00-\x1f\x7f]/.test(s.token)) {
      const where = { flag: '--token', env: 'DOCPLAT_TOKEN', profile: `the token stored in profile "${s.profile}"` }[s.tokenSource as 'flag' | 'env' | 'profile'] ?? 'the token';
      throw new UsageError(`${where} has a space or a control character in it (a line break copied with it?): tokens have none`);
    }
    this.clientInstance = await this.makeClient(s.apiUrl, s.token);
    return this.clientInstance;
  }

  /** A client for a given URL and token (auth login checks a token before storing it); `limits` overrides the time limit and retries. */
  async makeClient(apiUrl: string, token: string | undefined, limits: { timeoutMs?: number; retries?: number } = {}): Promise<ApiClient> {
    // Whatever a server answers, this token is never shown (masked on stderr and stdout: Terminal.hide()).
    this.terminal.hide(token);
    const { ApiClient } = await import('./client/http.js');
    return new ApiClient({
      baseUrl: apiUrl,
      token,
      userAgent: `docplat/${VERSION}`,
      // A bad value is named where it was given: the flag, or the variable (empty, it is unset, as DOCPLAT_ORG is).
      timeoutMs: parseSeconds(this.globals.timeout !== undefined ? '--timeout' : 'DOCPLAT_TIMEOUT', this.globals.timeout ?? (this.env.DOCPLAT_TIMEOUT || undefined), 30) * 1000,
      retries: parseInteger(this.globals.retries !== undefined ? '--retries' : 'DOCPLAT_RETRIES', this.globals.retries ?? (this.env.DOCPLAT_RETRIES || undefined), 3, 0, 10),
      insecureHttp: !!this.globals.insecureHttp,
      debug: this.globals.debug ? (line) => this.debug(line) : undefined,
      signal: this.signal,
      env: this.env,
      dispatcher: this.io.dispatcher,
      ...limits,
    });
  }

  private embeddedSandbox(): Promise<EmbeddedSandbox> {
    this.sandbox ??= (async () => {
      const { startSandbox } = await import('./sandbox/server.js');
      mkdirSync(this.configDir, { recursive: true, mode: 0o700 });
      // DOCPLAT_SANDBOX_FAULTS injects faults into the embedded sandbox too (see `sandbox serve --faults`).
      // DOCPLAT_SANDBOX_ALLOW_PRIVATE_FILE_URLS=1: its insert_files may fetch from this machine (`sandbox serve --allow-private-file-urls`).
      const allowPrivateFileUrls = this.env.DOCPLAT_SANDBOX_ALLOW_PRIVATE_FILE_URLS === '1';
      return startSandbox({ dataFile: join(this.configDir, SANDBOX_FILE), port: 0, faults: this.env.DOCPLAT_SANDBOX_FAULTS, allowPrivateFileUrls }).catch((err: Error) => {
        throw new DocplatError(`cannot start the embedded sandbox: ${err.message}`);
      });
    })();
    return this.sandbox;
  }

  /** All of stdin as text (ids for `-`, a token for --with-token), within the bound of `use` (src/files/read.ts). */
  async readStdin(use: ReadUse = 'stdin'): Promise<string> {
    return (await this.readStdinBytes(use)).toString('utf8');
  }

  /** All of stdin, as bytes (a body read from `-` is checked to be text before it is decoded), within the bound of `use`. */
  async readStdinBytes(use: ReadUse = 'stdin'): Promise<Buffer> {
    return readStream(this.io.stdin, use);
  }

  /** Whether a person can answer a prompt (stdin and stderr are terminals, and neither --no-input nor DOCPLAT_NO_INPUT says no). */
  get canPrompt(): boolean {
    const noInput = this.globals.input === false || !['', '0', 'false', undefined].includes(this.env.DOCPLAT_NO_INPUT);
    return this.io.stdinTTY && this.io.stderrTTY && !noInput;
  }

  /** Prompts on the context's streams (questions on stderr), cancelled by an interrupt. */
  prompter() {
    return this.terminal.prompter(this.io.stdin, this.signal);
  }

  /** Whether a destructive command will ask a person (a terminal, and no --yes). */
  get willPrompt(): boolean {
    return !this.globals.yes && this.canPrompt;
  }

  /**
   * Asks before a destructive action; without a terminal, --yes is required.
   * With `type`, the person types that text instead of answering y/N.
   */
  async confirm(question: string, type?: string): Promise<void> {
    if (this.globals.yes) return;
    if (!this.canPrompt) {
      throw new UsageError(`${question.replace(/\?$/, '')}: needs confirmation; pass --yes when not on a terminal`);
    }
    const prompter = await this.prompter();
    if (type === undefined) {
      if (!(await prompter.confirm(question))) throw new UsageError('cancelled');
      return;
    }
    this.terminal.line(question);
    // What is asked is what is shown: a title with control characters is typed as its escaped form (the text itself is accepted too).
    const shown = escapeControls(type.trim());
    const typed = (await prompter.input(`Type ${shown} to confirm:`)).trim();
    if (typed !== shown && typed !== type.trim()) throw new UsageError('cancelled: what was typed does not match');
  }

  /** Saves the embedded sandbox and closes connections. */
  async close(): Promise<void> {
    const tasks: Promise<unknown>[] = [];
    if (this.clientInstance) tasks.push(this.clientInstance.close().catch(() => undefined));
    await Promise.all(tasks);
    if (this.sandbox) {
      const sb = await this.sandbox.catch(() => undefined);
      if (sb) {
        await sb.save();
        await sb.close();
      }
    }
  }
}

/** An organization id is a path segment: checked here, before anything is sent, naming where it came from. */
function checkedOrg(org: [string, Source] | undefined): [string, Source] | undefined {
  if (org) checkId(`${SOURCE_NAMES[org[1]]} organization id`, org[0]);
  return org;
}

const SOURCE_NAMES: Record<Source, string> = { flag: '--org', env: 'DOCPLAT_ORG', profile: "the profile's", sandbox: "the sandbox's", default: 'default' };

function pick(...candidates: [string | undefined, Source][]): [string, Source] | undefined {
  for (const [value, source] of candidates) if (value) return [value, source];
  return undefined;
}

/** `--fields a,b`: the names, at least one (`--fields ,` names none: a mistake, not "print nothing"). */
function fieldList(raw: string): string[] {
  const names = raw.split(',').map((f) => f.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError(`--fields names no field (got "${raw}"): give names separated by commas`);
  return names;
}
