// The runner's flag shapes that the next families need, proven on test-only
// declarations of real operations (sites, sections): nested body paths, null
// from a --no- form, switch pairs, repeated flags, file inputs, required
// fields of the table, moves of another resource kind. Each prints its
// request with --dry-run, so nothing is sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app.js';
import { defineCommand, type CommandDef } from '../../src/commands/define.js';
import { registerCommands } from '../../src/commands/runner.js';
import { UsageError } from '../../src/errors.js';
import { buildProgram } from '../../src/main.js';
import { collect, tempDir } from '../helpers.js';

const API = 'http://127.0.0.1:9/v1';

const onOff = (v: string) => {
  if (v !== 'on' && v !== 'off') throw new UsageError(`--adaptive-content must be on or off (got "${v}")`);
  return v === 'on';
};
const json = (text: string) => {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--file is not JSON: ${(err as Error).message}`);
  }
};

const DEFS: CommandDef[] = [
  defineCommand({
    name: 'update',
    summary: 'test',
    args: [{ name: 'siteId' }],
    operation: 'sites.update',
    flags: {
      title: { flags: '--title <title>', description: 't', body: 'title' },
      adaptiveContent: { flags: '--adaptive-content <state>', description: 'on or off', body: 'adaptiveContent.enabled', map: onOff },
      proxy: { flags: '--proxy <proxy>', description: 'host and path', body: 'proxy', negatable: 'remove the proxy' },
    },
    output: { item: [] },
  }),
  defineCommand({
    name: 'list',
    summary: 'test',
    operation: 'sites.list',
    flags: {
      published: { flags: '--published', description: 'only published', query: 'published', value: true },
      unpublished: { flags: '--unpublished', description: 'only unpublished', query: 'published', value: false },
    },
    output: { list: [] },
  }),
  defineCommand({
    name: 'create',
    summary: 'test',
    operation: 'sites.create',
    flags: {
      title: { flags: '--title <title>', description: 't', body: 'title', required: true },
      space: { flags: '--space <spaceId...>', description: 'repeat', body: 'spaces' },
    },
    output: { item: [] },
  }),
  defineCommand({
    name: 'set-schema',
    summary: 'test',
    args: [{ name: 'siteId' }],
    operation: 'sites.setAdaptiveSchema',
    flags: { file: { flags: '--file <path>', description: 'JSON Schema', body: 'jsonSchema', file: true, map: json } },
    output: { item: [] },
  }),
  defineCommand({
    name: 'move-section',
    summary: 'test',
    args: [{ name: 'siteSectionId' }],
    flags: { site: { flags: '--site <siteId>', description: 'site', param: 'siteId', required: true } },
    operation: 'sections.move',
    move: ['site-section'],
    output: { item: [] },
  }),
];

/** Runs `docplat sites <args> --dry-run` against the test declarations; the request printed, or the error thrown. */
async function dry(args: string[], input = ''): Promise<string> {
  const out = collect();
  const stdin = new PassThrough();
  stdin.end(input);
  const io = { stdout: out.stream, stderr: collect().stream, stdin, stdoutTTY: false, stderrTTY: false, stdinTTY: false, env: { DOCPLAT_API_URL: API, DOCPLAT_TOKEN: 't', DOCPLAT_ORG: 'O', DOCPLAT_CONFIG_DIR: tempDir() } };
  const program = buildProgram(io);
  const app = new App(io, new AbortController().signal);
  registerCommands(program.command('sites'), app, DEFS);
  try {
    await program.parseAsync(['sites', ...args, '--dry-run'], { from: 'user' });
  } finally {
    await app.context?.close();
  }
  return out.text().trim();
}

describe('declared flags become the request', () => {
  it('writes a nested body path, and sends null for the --no- form', async () => {
    expect(await dry(['update', 'S', '--adaptive-content', 'on'])).toBe(`PATCH ${API}/orgs/O/sites/S {"adaptiveContent":{"enabled":true}}`);
    expect(await dry(['update', 'S', '--no-proxy'])).toBe(`PATCH ${API}/orgs/O/sites/S {"proxy":null}`);
    expect(await dry(['update', 'S', '--proxy', 'docs.example.com/help'])).toBe(`PATCH ${API}/orgs/O/sites/S {"proxy":"docs.example.com/help"}`);
    await expect(dry(['update', 'S', '--adaptive-content', 'maybe'])).rejects.toThrow(/--adaptive-content must be on or off/);
    await expect(dry(['update', 'S', '--title', 'x'])).rejects.toThrow(/--title must be 2 to 128 characters \(got "x"\)/);
    await expect(dry(['update', 'S'])).rejects.toThrow(/nothing to change: give at least one of --title, --adaptive-content, --proxy/);
  });

  it('sends a switch pair as one boolean query, and refuses both', async () => {
    expect(await dry(['list', '--published'])).toBe(`GET ${API}/orgs/O/sites?published=true`);
    expect(await dry(['list', '--unpublished'])).toBe(`GET ${API}/orgs/O/sites?published=false`);
    expect(await dry(['list'])).toBe(`GET ${API}/orgs/O/sites`);
    await expect(dry(['list', '--published', '--unpublished'])).rejects.toThrow(/--published and --unpublished cannot be used together/);
  });

  it('collects a repeated flag into an array, and checks each item', async () => {
    expect(await dry(['create', '--title', 'Docs', '--space', 'a', '--space', 'b'])).toBe(`POST ${API}/orgs/O/sites {"title":"Docs","spaces":["a","b"]}`);
    await expect(dry(['create', '--title', 'Docs', '--space', 'a', '--space', 'b/c'])).rejects.toThrow(/invalid --space id "b\/c"/);
    await expect(dry(['create'])).rejects.toThrow(/--title is required/);
  });

  it('reads a file flag, or stdin for -, and maps its text', async () => {
    const file = join(tempDir(), 'schema.json');
    writeFileSync(file, '{"type":"object","properties":{}}');
    expect(await dry(['set-schema', 'S', '--file', file])).toBe(`PUT ${API}/orgs/O/sites/S/adaptive-schema {"jsonSchema":{"type":"object","properties":{}}}`);
    expect(await dry(['set-schema', 'S', '--file', '-'], '{"a":1}')).toBe(`PUT ${API}/orgs/O/sites/S/adaptive-schema {"jsonSchema":{"a":1}}`);
    await expect(dry(['set-schema', 'S', '--file', join(tempDir(), 'none.json')])).rejects.toThrow(/--file: cannot read ".*none.json": no such file/);
    writeFileSync(file, '{not json');
    await expect(dry(['set-schema', 'S', '--file', file])).rejects.toThrow(/--file is not JSON/);
  });

  it('builds the position of the resource kind, with its own reference key', async () => {
    expect(await dry(['move-section', 'X', '--site', 'S', '--after', 'Y'])).toBe(
      `POST ${API}/orgs/O/sites/S/sections/X/move {"position":{"after":{"type":"site-section","siteSection":"Y"}}}`,
    );
    // Neither: to the end (the description: "when not provided, moved at the end of the site").
    expect(await dry(['move-section', 'X', '--site', 'S'])).toBe(`POST ${API}/orgs/O/sites/S/sections/X/move {}`);
  });
});
