// Test helpers: a sandbox on a random loopback port, the CLI run either in
// this process (main(argv, io) with collected streams: the default, a few ms a
// command) or as the built CLI in a child process (for tests of the process
// itself: start-up, signals, pipes, terminals), and a temporary config
// directory per test. In the fast tier (test/README.md) the in-process runs
// reach the sandbox in memory (src/sandbox/memory.ts: no socket); in the
// end-to-end tier (*.e2e.test.ts) over loopback, as a child process does.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dispatcher } from 'undici';
import type { IO } from '../src/context.js';
import { main } from '../src/main.js';
import { MemoryDispatcher } from '../src/sandbox/memory.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../src/sandbox/server.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'bin', 'docplat.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function tempDir(prefix = 'docplat-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A temporary folder for a test file's inputs, removed after its tests, and
 * a writer of files in it (returns the path). Call at the top of a test file.
 */
export function tempFiles(prefix?: string): { dir: string; file(name: string, text: string | Buffer): string } {
  const dir = tempDir(prefix);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
  };
}

/** A clean environment: no token, org, URL or proxy from the machine running the tests. */
/** The code cache of a CLI the tests start: the caller's, else the run's (test/global-setup.ts), never the user's ~/.cache. */
export const withCodeCache = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ DOCPLAT_CACHE_DIR: process.env.DOCPLAT_CACHE_DIR ?? join(tmpdir(), 'docplat-code-cache'), ...env });

export function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  // A config dir of its own, unless the caller brings one (then no stray empty folder is left behind).
  // The code cache (src/code-cache.ts) in the run's temporary folder, one for every test, never the user's.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', DOCPLAT_CONFIG_DIR: 'DOCPLAT_CONFIG_DIR' in extra ? undefined : tempDir(), DOCPLAT_CACHE_DIR: join(tmpdir(), 'docplat-code-cache') };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** A stream that keeps what is written to it, as bytes: text() decodes it once, whole. */
export function collect(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

export interface RunOptions {
  /** The whole environment of the run (default: baseEnv()); the tests' own process.env is never used. */
  env?: NodeJS.ProcessEnv;
  /** All of stdin; it ends after this (empty when not given). */
  input?: string;
}

export interface InProcessOptions extends RunOptions {
  /** Whether each stream is a terminal (all false by default, as when piped). */
  stdinTTY?: boolean;
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** How the run's requests travel (the in-memory sandbox); default: real connections. */
  dispatcher?: Dispatcher;
}

/**
 * Runs the command entry in this process: main(argv, io) with streams that
 * collect its output. Same result as runCli, without starting node.
 */
export async function runInProcess(args: string[], opts: InProcessOptions = {}): Promise<Run> {
  const stdout = collect();
  const stderr = collect();
  const io: IO = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from(opts.input ? [Buffer.from(opts.input)] : []),
    stdoutTTY: opts.stdoutTTY ?? false,
    stderrTTY: opts.stderrTTY ?? false,
    stdinTTY: opts.stdinTTY ?? false,
    env: opts.env ?? baseEnv(),
    dispatcher: opts.dispatcher ?? memoryFor(opts.env?.DOCPLAT_API_URL),
  };
  const alone = inProcessRuns++ === 0;
  const before = signalListeners();
  let code: number;
  try {
    code = await main(args, io);
  } finally {
    inProcessRuns--;
  }
  // main() adds SIGINT and SIGTERM listeners to this process for the run: a run
  // that leaves one behind would change how later runs (and vitest) handle signals.
  const after = signalListeners();
  if (alone && inProcessRuns === 0 && after !== before) throw new Error(`docplat ${args.join(' ')} left signal listeners behind (${before} before, ${after} after)`);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** In-process runs under way; the listener check needs a run that had the process to itself. */
let inProcessRuns = 0;

/**
 * The lasting SIGINT and SIGTERM listeners of this process. One-off listeners
 * (process.once) do not count: `conf` (through atomically and when-exit) hooks
 * every signal once, for good, when it is first loaded.
 */
function signalListeners(): string {
  const lasting = (signal: NodeJS.Signals) => process.rawListeners(signal).filter((l) => !('listener' in l)).length;
  return `SIGINT ${lasting('SIGINT')}, SIGTERM ${lasting('SIGTERM')}`;
}

export interface Started {
  child: ChildProcessWithoutNullStreams;
  /** Output so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited and its streams are closed. */
  done: Promise<Run>;
}

/** Starts the built CLI as a child process; stdin gets `input`, then ends. */
export function startCli(args: string[], opts: RunOptions & { nodeArgs?: string[] } = {}): Started {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...args], {
    env: withCodeCache(opts.env ?? baseEnv()),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  // A command that never reads stdin (help, --version) may be gone before it is written: that is no error.
  child.stdin.on('error', () => undefined);
  child.stdin.end(opts.input ?? '');
  return { child, stdout: () => stdout, stderr: () => stderr, done };
}

/** Runs the built CLI as a child process, to its end. */
export function runCli(args: string[], opts: RunOptions & { nodeArgs?: string[] } = {}): Promise<Run> {
  return startCli(args, opts).done;
}

export interface CliOptions {
  input?: string;
  /** Variables set (or, with '', emptied) over the sandbox's environment. */
  env?: Record<string, string | undefined>;
  /** Whether stdin is a terminal (in-process runs only). */
  stdinTTY?: boolean;
  /** Whether stdout / stderr are terminals (in-process runs only). */
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
}

export interface TestApi {
  sandbox: Sandbox;
  /** Environment that points the CLI at this sandbox, with a fresh config dir. */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  /** The CLI run in this process against the sandbox. */
  cli(args: string[], opts?: CliOptions): Promise<Run>;
  /** The built CLI as a child process: for tests where the process itself is under test. */
  spawn(args: string[], opts?: Omit<CliOptions, 'stdinTTY' | 'stdoutTTY' | 'stderrTTY'>): Promise<Run>;
  close(): Promise<void>;
}

/** Whether this test file is of the end-to-end tier (the vitest project `e2e` says so: test/vitest.config.ts). */
export const END_TO_END = process.env.DOCPLAT_TEST_TIER === 'e2e';

/** The in-memory way to each test sandbox, by its API URL (runInProcess finds it from DOCPLAT_API_URL). */
const memory = new Map<string, MemoryDispatcher>();

/**
 * How in-process runs and the sandbox tests' calls reach a sandbox: in the
 * fast tier, in memory (its handlers, no socket); end to end, undefined (a
 * real loopback connection).
 */
export function transportOf(sandbox: Sandbox): Dispatcher | undefined {
  if (END_TO_END) return undefined;
  let dispatcher = memory.get(sandbox.url);
  if (dispatcher?.sandbox !== sandbox) memory.set(sandbox.url, (dispatcher = new MemoryDispatcher(sandbox)));
  return dispatcher;
}

/** The in-memory way to the open test sandbox at this API URL, if any. */
function memoryFor(url: string | undefined): Dispatcher | undefined {
  const dispatcher = url === undefined ? undefined : memory.get(url);
  return dispatcher && !dispatcher.sandbox.handlers.api.closed ? dispatcher : undefined;
}

/** Forgets a closed sandbox's in-memory way (a later sandbox may get its port). */
export function forget(sandbox: Sandbox): Promise<void> {
  const dispatcher = memory.get(sandbox.url);
  memory.delete(sandbox.url);
  return dispatcher?.close() ?? Promise.resolve();
}

/** A sandbox for in-process runs (in memory in the fast tier) and spawned ones (over loopback). */
export async function testApi(opts: SandboxOptions = {}): Promise<TestApi> {
  const sandbox = await startSandbox({ port: 0, ...opts });
  transportOf(sandbox);
  const env = (extra: Record<string, string | undefined> = {}) =>
    baseEnv({ DOCPLAT_API_URL: sandbox.url, DOCPLAT_TOKEN: sandbox.token, DOCPLAT_ORG: sandbox.defaultOrg, ...extra });
  return {
    sandbox,
    env,
    cli: (args, o = {}) => runInProcess(args, { env: env(o.env), input: o.input, stdinTTY: o.stdinTTY, stdoutTTY: o.stdoutTTY, stderrTTY: o.stderrTTY }),
    spawn: (args, o = {}) => runCli(args, { env: env(o.env), input: o.input }),
    close: async () => {
      await forget(sandbox);
      await sandbox.close();
    },
  };
}

/** A sandbox of its own for one test (a state no other test changes), closed after it. */
export async function withTestApi<T>(opts: SandboxOptions, fn: (api: TestApi) => Promise<T>): Promise<T> {
  const api = await testApi(opts);
  try {
    return await fn(api);
  } finally {
    await api.close();
  }
}

/** One sandbox for a whole test file: started before its tests, closed after them. */
export function useTestApi(opts: SandboxOptions = {}): TestApi {
  let current: TestApi | undefined;
  beforeAll(async () => {
    current = await testApi(opts);
  });
  afterAll(async () => current?.close());
  const live = () => {
    if (!current) throw new Error('the test sandbox is not started yet (use it inside a test)');
    return current;
  };
  return {
    get sandbox() {
      return live().sandbox;
    },
    env: (extra) => live().env(extra),
    cli: (args, o) => live().cli(args, o),
    spawn: (args, o) => live().spawn(args, o),
    close: () => live().close(),
  };
}

/** The ids of the first `n` spaces of the sandbox's organization, in listing order (the demo's first has 19, then the extra ones). */
export async function spaceIds(api: TestApi, n: number): Promise<string[]> {
  const r = await api.cli(['spaces', 'list', '--limit', String(n), '--fields', 'id']);
  expect(r.code, r.stderr).toBe(0);
  return lines(r.stdout);
}

/** The id of the space with this title ('' when there is none). */
export async function spaceId(api: TestApi, title: string): Promise<string> {
  const r = await api.cli(['spaces', 'list', '--all', '--jq', `.[] | select(.title == "${title}") | .id`]);
  return r.stdout.trim();
}

/** Sets the sandbox's fault spec (see src/sandbox/core/faults.ts); '' clears it. */
export async function setFaults(api: TestApi, spec: string): Promise<void> {
  const res = await fetch(new URL(api.sandbox.url).origin + '/_sandbox/faults', {
    method: 'POST',
    headers: { authorization: `Bearer ${api.sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ spec }),
  });
  expect(res.status).toBe(200);
}

/**
 * Resolves once `ready()` holds, checking every 10 ms; fails (naming `what`)
 * when it still does not after `withinMs`, well before the test's own time
 * limit, so a condition that never comes says which one it was.
 */
export function until(ready: () => boolean, what = 'the condition', withinMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (ready()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > withinMs) {
        clearInterval(timer);
        reject(new Error(`until: ${what} did not hold within ${withinMs / 1000} s`));
      }
    }, 10);
  });
}

/** Whether a program is on this machine's PATH (zsh, fish, man: some checks need them). */
export function hasCommand(cmd: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.length > 0);
}

/** Rows of TSV output, split into cells. */
export function tsv(text: string): string[][] {
  return lines(text).map((l) => l.split('\t'));
}

/** `script` quoting: each word in single quotes. */
function shellWords(words: string[]): string {
  return words.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
}

/**
 * Runs the built CLI on a real pseudo-terminal (`script`), to its end: what
 * the terminal showed (stdout and stderr mixed) and the exit code.
 * Asynchronous, so a sandbox in this very process can answer it.
 */
export async function onTerminal(args: string[], env: NodeJS.ProcessEnv, columns = 160): Promise<Run> {
  return converse(args, env, [], columns);
}

/**
 * Drives the built CLI on a pseudo-terminal like a person: waits for each
 * pattern on the screen, then types its keys (`\r` is Enter, `\x03` Ctrl-C).
 */
export async function converse(args: string[], env: NodeJS.ProcessEnv, steps: [RegExp, string][], columns = 120): Promise<Run & { screen: string }> {
  const child = spawn('script', ['-qfec', shellWords([process.execPath, BIN, ...args]), '/dev/null'], {
    env: withCodeCache({ ...env, TERM: 'xterm', COLUMNS: String(columns) }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let step = 0;
  child.stdout.on('data', (d) => {
    screen += d;
    while (step < steps.length && steps[step][0].test(screen)) child.stdin.write(steps[step++][1]);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout: screen, stderr: '', screen };
}

/** expectRefused(args, rule, env): exit 2, one line naming the rule, nothing on stdout, no request sent to `api`. */
export function refusedBy(api: TestApi) {
  return async (args: string[], rule: RegExp, env: Record<string, string | undefined> = {}): Promise<void> => {
    const before = api.sandbox.requestCount;
    const r = await api.cli(args, { env });
    expect(r.code, r.stderr).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(lines(r.stderr)[0]).toMatch(rule);
    expect(r.stdout).toBe('');
    expect(api.sandbox.requestCount).toBe(before);
  };
}
