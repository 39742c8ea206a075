// --version and --help load nothing heavy: no undici, chalk, cli-table3,
// @inquirer/prompts, conf, and no group's code. Checked by tracing the modules
// the process loads and mapping each bundle chunk to its sources (dist/meta.json).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseEnv, ROOT, runCli, tempDir } from '../helpers.js';

const HEAVY = [/node_modules\/@redocly\//, /node_modules\/undici\//, /node_modules\/chalk\//, /node_modules\/cli-table3\//, /node_modules\/@inquirer\//, /node_modules\/conf\//, /node_modules\/jq-wasm\//, /src\/commands\/(?!index)/, /src\/sandbox\//, /src\/client\//];

async function loadedSources(args: string[], builtins?: string[]): Promise<string[]> {
  const dir = tempDir();
  const trace = join(dir, 'trace.txt');
  const list = join(dir, 'builtins.txt');
  const r = await runCli(args, {
    env: baseEnv({ IMPORT_TRACE_FILE: trace, MODULE_LIST_FILE: list }),
    nodeArgs: ['--import', join(ROOT, 'test', 'fixtures', 'import-trace.mjs'), '--require', join(ROOT, 'test', 'fixtures', 'module-list.cjs')],
  });
  expect(r.code, r.stderr).toBe(0);
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const urls = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
  const sources: string[] = [];
  for (const url of urls) {
    if (!url.startsWith('file:')) continue;
    const file = relative(ROOT, fileURLToPath(url));
    if (file.startsWith('dist/')) sources.push(...Object.keys(meta.outputs[file]?.inputs ?? {}));
    else sources.push(file);
  }
  builtins?.push(...readFileSync(list, 'utf8').split('\n'));
  rmSync(dir, { recursive: true, force: true });
  return sources;
}

describe('start-up', () => {
  for (const args of [['--version'], ['--help']]) {
    it(`docplat ${args.join(' ')} loads no heavy module`, async () => {
      const sources = await loadedSources(args);
      expect(sources.length).toBeGreaterThan(0);
      const heavy = sources.filter((s) => HEAVY.some((h) => h.test(s)));
      expect(heavy).toEqual([]);
    });
  }

  it('only the commands that check an OpenAPI document load the validator', async () => {
    const dir = tempDir();
    const doc = join(dir, 'openapi.yaml');
    writeFileSync(doc, 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\n');
    const validator = (s: string) => /node_modules\/@redocly\//.test(s);
    try {
      expect((await loadedSources(['openapi', 'validate', doc])).some(validator)).toBe(true);
      for (const args of [['openapi', 'publish', '--help'], ['--sandbox', 'openapi', 'get', 'petstore'], ['--sandbox', 'integrations', 'list']]) {
        expect((await loadedSources(args)).filter(validator), args.join(' ')).toEqual([]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a command that sends through undici loads the parts docplat uses, not its fetch, WebSocket or caches', async () => {
    const dir = tempDir();
    const builtins: string[] = [];
    try {
      // org pull reads every kind at once: its requests overlap, so they go through undici.
      const sources = await loadedSources(['--sandbox', 'org', 'pull', '--file', join(dir, 'docplat.yaml')], builtins);
      expect(sources.some((s) => /node_modules\/undici\/lib\/dispatcher\/agent\.js/.test(s))).toBe(true);
      expect(sources.filter((s) => /node_modules\/undici\/(index\.js|lib\/(mock|cache|interceptor|web\/(websocket|cookies|eventsource|cache))\/)/.test(s))).toEqual([]);
      // Node's own copy of undici (globalThis.fetch, Headers) and zlib, which undici's index.js loads.
      expect(builtins.filter((m) => /^NativeModule (internal\/deps\/undici\/undici|zlib)$/.test(m))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the trace does see heavy modules when a command needs them (the check can fail)', async () => {
    const sources = await loadedSources(['config', 'path']);
    expect(sources.some((s) => /src\/commands\/config/.test(s))).toBe(true);
  });
});

describe('a reader that goes away', () => {
  it('`docplat … --help | head -1` ends quietly: no EPIPE stack trace, exit 0', async () => {
    const { execFile } = await import('node:child_process');
    const { BIN } = await import('../helpers.js');
    for (let i = 0; i < 3; i++) {
      const script = `"${process.execPath}" "${BIN}" --sandbox spaces links --help | head -1; echo "rc=\${PIPESTATUS[0]}" >&2`;
      const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve) =>
        execFile('bash', ['-c', script], { env: baseEnv({ DOCPLAT_CONFIG_DIR: tempDir() }) }, (_err, stdout, stderr) => resolve({ stdout, stderr })),
      );
      expect(stdout).toMatch(/^Usage: docplat spaces links/);
      expect(stderr).not.toMatch(/EPIPE|Unhandled/);
      expect(stderr.trim()).toBe('rc=0');
    }
  });
});
