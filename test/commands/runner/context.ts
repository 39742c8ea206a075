// A real Context for the runner's stage tests: collected streams, no
// terminal, a config folder of its own (removed after the file's tests), and
// optionally the test sandbox as its API.
import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll } from 'vitest';
import { commandTools } from '../../../src/commands/tools.js';
import { Context, type GlobalOptions, type RenderMode } from '../../../src/context.js';
import { collect, tempDir, type TestApi } from '../../helpers.js';

export interface TestContext {
  ctx: Context;
  stdout(): string;
  stderr(): string;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function testContext(api?: TestApi, globals: GlobalOptions = {}, stdin = '', mode: RenderMode = {}): TestContext {
  const dir = tempDir();
  dirs.push(dir);
  const out = collect();
  const err = collect();
  const env = api ? api.env({ DOCPLAT_CONFIG_DIR: dir }) : { DOCPLAT_CONFIG_DIR: dir, NO_COLOR: '1' };
  const io = { stdout: out.stream, stderr: err.stream, stdin: Readable.from([stdin]), stdoutTTY: false, stderrTTY: false, stdinTTY: false, env };
  const ctx = new Context(io, globals, new AbortController().signal, commandTools, mode);
  afterAll(() => ctx.close());
  return { ctx, stdout: out.text, stderr: err.text };
}
