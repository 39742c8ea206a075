// What every command receives: IO streams, the resolved settings, and lazily
// built dependencies (API client, config store, output, prompts). No command
// reads process.env, process.stdout or the config file itself.
import type { Readable, Writable } from 'node:stream';
import type { ApiClient } from './client/http.js';
import type { ConfigStore } from './config/store.js';
import { configDir, SANDBOX_FILE } from './config/paths.js';
import { activeProfileName, readStored, type Profile, type Stored } from './config/profile.js';
import { AuthError, DocplatError, UsageError } from './errors.js';
import { FORMATS, Output, type Format } from './output/format.js';
import { parseInteger, parseSeconds } from './validate.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { VERSION } from './version.js';

export const DEFAULT_API_URL = 'https://api.gitbook.com/v1';

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutTTY: boolean;
  stderrTTY: boolean;
  stdinTTY: boolean;
  env: NodeJS.ProcessEnv;
}

export interface GlobalOptions {
  org?: string;
  token?: string;
  apiUrl?: string;
  profile?: string;
  sandbox?: boolean;
  json?: boolean;
  jsonl?: boolean;
  output?: string;
  fields?: string;
  jq?: string;
  color?: boolean;
  debug?: boolean;
  yes?: boolean;
  quiet?: boolean;
  timeout?: string;
  retries?: string;
  insecureHttp?: boolean;
  /** false with --no-input: never prompt. */
  input?: boolean;
}

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

export class Context {
  readonly output: Output;
  private stored?: Stored;
  private settingsPromise?: Promise<Settings>;
  private clientInstance?: ApiClient;
  private storeInstance?: ConfigStore;
  private sandbox?: Promise<EmbeddedSandbox>;

  constructor(
    readonly io: IO,
    readonly globals: GlobalOptions,
    readonly signal: AbortSignal,
  ) {
    this.output = new Output(io.stdout, io.stderr, {
      format: this.format(),
      fields: globals.fields ? globals.fields.split(',').map((f) => f.trim()).filter(Boolean) : undefined,
      jq: globals.jq,
      color: this.color(io.stdoutTTY),
      interactive: io.stdoutTTY,
      quiet: !!globals.quiet,
    });
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

  warn(message: string): void {
    this.io.stderr.write(message + '\n');
  }

  debug(line: string): void {
    if (this.globals.debug) this.io.stderr.write(`debug: ${line}\n`);
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

  profile(): Profile {
    return this.storedConfig().profiles[this.profileName()] ?? {};
  }

  private format(): Format {
    const g = this.globals;
    const chosen = g.output ?? (g.json ? 'json' : g.jsonl ? 'jsonl' : undefined);
    if (chosen !== undefined) {
      if (!(FORMATS as readonly string[]).includes(chosen)) {
        throw new UsageError(`--output must be one of ${FORMATS.join(', ')}, got "${chosen}"`);
      }
      return this.fitFormat(chosen as Format);
    }
    if (g.jq) return 'json';
    let configured: string | undefined;
    try {
      configured = this.profile().format;
    } catch {
      configured = undefined;
    }
    if (configured && (FORMATS as readonly string[]).includes(configured)) return this.fitFormat(configured as Format);
    return this.io.stdoutTTY ? 'table' : 'tsv';
  }

  /** A table is for a terminal: piped, it becomes TSV. */
  private fitFormat(format: Format): Format {
    return format === 'table' && !this.io.stdoutTTY ? 'tsv' : format;
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
      if (g.apiUrl || g.token) throw new UsageError(`--sandbox brings its own API URL and token: drop ${g.apiUrl ? '--api-url' : '--token'}`);
      const sb = await this.embeddedSandbox();
      const org = pick([g.org, 'flag'], [env.DOCPLAT_ORG, 'env'], [sb.defaultOrg, 'sandbox']);
      return { profile, apiUrl: sb.url, apiUrlSource: 'sandbox', token: sb.token, tokenSource: 'sandbox', org: org?.[0], orgSource: org?.[1] };
    }
    const p = this.profile();
    const apiUrl = pick([g.apiUrl, 'flag'], [env.DOCPLAT_API_URL, 'env'], [p.apiUrl, 'profile']) ?? [DEFAULT_API_URL, 'default'];
    const token = pick([g.token, 'flag'], [env.DOCPLAT_TOKEN, 'env'], [p.token, 'profile']);
    const org = pick([g.org, 'flag'], [env.DOCPLAT_ORG, 'env'], [p.org, 'profile']);
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
    const { org } = await this.settings();
    if (!org) {
      throw new UsageError('no organization: pass --org <id>, set DOCPLAT_ORG, or run `docplat config set org <id>` (see `docplat orgs list`)');
    }
    return org;
  }

  /** The API client, with a token (exit 4 when there is none). */
  async client(opts: { auth?: boolean } = {}): Promise<ApiClient> {
    if (this.clientInstance) return this.clientInstance;
    const s = await this.settings();
    if (opts.auth !== false && !s.token) {
      throw new AuthError('not logged in: run `docplat auth login`, set DOCPLAT_TOKEN, or pass --token (try --sandbox for a local demo)');
    }
    this.clientInstance = await this.makeClient(s.apiUrl, s.token);
    return this.clientInstance;
  }

  /** A client for a given URL and token (auth login checks a token before storing it); `limits` overrides the time limit and retries. */
  async makeClient(apiUrl: string, token: string | undefined, limits: { timeoutMs?: number; retries?: number } = {}): Promise<ApiClient> {
    const { ApiClient } = await import('./client/http.js');
    return new ApiClient({
      baseUrl: apiUrl,
      token,
      userAgent: `docplat/${VERSION}`,
      timeoutMs: parseSeconds('--timeout', this.globals.timeout ?? this.env.DOCPLAT_TIMEOUT, 30) * 1000,
      retries: parseInteger('--retries', this.globals.retries ?? this.env.DOCPLAT_RETRIES, 3, 0, 10),
      insecureHttp: !!this.globals.insecureHttp,
      debug: this.globals.debug ? (line) => this.debug(line) : undefined,
      signal: this.signal,
      env: this.env,
      ...limits,
    });
  }

  private embeddedSandbox(): Promise<EmbeddedSandbox> {
    this.sandbox ??= (async () => {
      const { startSandbox } = await import('./sandbox/server.js');
      mkdirSync(this.configDir, { recursive: true, mode: 0o700 });
      // DOCPLAT_SANDBOX_FAULTS injects faults into the embedded sandbox too (see `sandbox serve --faults`).
      return startSandbox({ dataFile: join(this.configDir, SANDBOX_FILE), port: 0, faults: this.env.DOCPLAT_SANDBOX_FAULTS }).catch((err: Error) => {
        throw new DocplatError(`cannot start the embedded sandbox: ${err.message}`);
      });
    })();
    return this.sandbox;
  }

  /** All of stdin as text (ids for `-`, a token for --with-token). */
  async readStdin(): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Whether a person can answer a prompt (stdin and stderr are terminals, and neither --no-input nor DOCPLAT_NO_INPUT says no). */
  get canPrompt(): boolean {
    const noInput = this.globals.input === false || !['', '0', 'false', undefined].includes(this.env.DOCPLAT_NO_INPUT);
    return this.io.stdinTTY && this.io.stderrTTY && !noInput;
  }

  /** Prompts on the context's streams (questions on stderr), cancelled by an interrupt. */
  async prompter() {
    const p = await import('@inquirer/prompts');
    const streams = { input: this.io.stdin, output: this.io.stderr, signal: this.signal };
    return {
      password: (message: string) => p.password({ message, mask: '*' }, streams),
      select: <T>(message: string, choices: { name: string; value: T }[]) => p.select<T>({ message, choices }, streams),
      confirm: (message: string) => p.confirm({ message, default: false }, streams),
    };
  }

  /** Asks before a destructive action; without a terminal, --yes is required. */
  async confirm(question: string): Promise<void> {
    if (this.globals.yes) return;
    if (!this.canPrompt) {
      throw new UsageError(`${question.replace(/\?$/, '')}: needs confirmation; pass --yes when not on a terminal`);
    }
    if (!(await (await this.prompter()).confirm(question))) throw new UsageError('cancelled');
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

function pick(...candidates: [string | undefined, Source][]): [string, Source] | undefined {
  for (const [value, source] of candidates) if (value) return [value, source];
  return undefined;
}
