// Test helpers: a sandbox on a random loopback port, the built CLI run as a
// child process, and a temporary config directory per test.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
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

/** A clean environment: no token, org, URL or proxy from the machine running the tests. */
export function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', DOCPLAT_CONFIG_DIR: tempDir() };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export function runCli(args: string[], opts: { env?: NodeJS.ProcessEnv; input?: string; nodeArgs?: string[]; onSpawn?: (pid: number) => void } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...args], {
      env: opts.env ?? baseEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (child.pid && opts.onSpawn) opts.onSpawn(child.pid);
    child.stdin.end(opts.input ?? '');
  });
}

export interface TestApi {
  sandbox: Sandbox;
  /** Environment that points the CLI at this sandbox, with a fresh config dir. */
  env(extra?: Record<string, string | undefined>): NodeJS.ProcessEnv;
  cli(args: string[], opts?: { input?: string; env?: Record<string, string | undefined> }): Promise<Run>;
  close(): Promise<void>;
}

export async function testApi(opts: SandboxOptions = {}): Promise<TestApi> {
  const sandbox = await startSandbox({ port: 0, ...opts });
  const env = (extra: Record<string, string | undefined> = {}) =>
    baseEnv({ DOCPLAT_API_URL: sandbox.url, DOCPLAT_TOKEN: sandbox.token, DOCPLAT_ORG: sandbox.defaultOrg, ...extra });
  return {
    sandbox,
    env,
    cli: (args, o = {}) => runCli(args, { env: env(o.env), input: o.input }),
    close: () => sandbox.close(),
  };
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
    close: () => live().close(),
  };
}

export function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.length > 0);
}

/** Rows of TSV output, split into cells. */
export function tsv(text: string): string[][] {
  return lines(text).map((l) => l.split('\t'));
}
