// No escape sequence from the API reaches the terminal, for every command of
// the manifest (dist/manifest.json), none named here: each command's examples
// (ids filled in from the sandbox) run against a proxy that poisons every
// string of every answer (test/poison.ts), with stdout and stderr terminals
// (table, notes, progress lines, warnings, error lines), then piped (TSV),
// then with --json (the error objects on stderr); every byte is checked.
// The prompts (pickers, the type-to-confirm of a collection delete, the
// organization picker of auth login) run on a real pseudo-terminal.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest.js';
import { escapeControls, terminalJson } from '../../src/output/terminal.js';
import { converse, ROOT, runInProcess, tempDir, testApi, type TestApi } from '../helpers.js';
import { expectClean, POISON, startPoisonProxy, unclean, type PoisonProxy } from '../poison.js';
import { exampleRuns } from './examples.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;

/** Commands not run, and why: none may be left out only because its output is hard to check. */
const NOT_RUN: Record<string, string> = {
  'sandbox serve': 'serves the sandbox until Ctrl-C: it reads no API',
};

/** Output options whose piped stdout is the API's data unchanged: JSON, jq's output, a file's bytes. */
const DATA_AS_IS = / --json | --jsonl | --jq | --output jsonl? | --dest - /;

/** Verbs whose run changes what later commands find: they run last. */
const LAST = /^(delete|remove|remove-section|unpublish|transfer|logout)$/;

let api: TestApi;
let proxy: PoisonProxy;
let work: string;
const home = process.cwd();
const ids: Record<string, string> = {};

/** The environment of a run against the sandbox itself (no proxy), to find ids. */
function directEnv(config: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', DOCPLAT_CONFIG_DIR: config, DOCPLAT_API_URL: api.sandbox.url, DOCPLAT_TOKEN: api.sandbox.token, DOCPLAT_ORG: api.sandbox.defaultOrg };
}

/** The environment of a run: the poisoning proxy, a config folder of its own, colour on as on a terminal. */
function envFor(config: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', DOCPLAT_CONFIG_DIR: config, DOCPLAT_API_URL: proxy.url, DOCPLAT_TOKEN: api.sandbox.token, DOCPLAT_ORG: api.sandbox.defaultOrg };
}

async function json<T = { id: string }[]>(args: string[]): Promise<T> {
  const config = tempDir();
  try {
    const r = await runInProcess([...args, '--json'], { env: directEnv(config) });
    return r.code === 0 ? (JSON.parse(r.stdout) as T) : ([] as T);
  } finally {
    rmSync(config, { recursive: true, force: true });
  }
}

/** The invocations of a command: its examples without pipes, ids filled in, files put in the work folder; stdin from `< file`. */
function invocations(group: string, name: string, help: string, args: { name: string }[]): { argv: string[]; input?: string }[] {
  const runs = exampleRuns(help, `${group} ${name}`, fill, file);
  // No example to run: the arguments alone, each an id of its kind.
  if (!runs.length) runs.push({ argv: [group, name, ...args.map((a) => fill(`<${a.name.replace(/\.\.\.$/, '')}>`))] });
  return runs;
}

function fill(word: string): string {
  const filled = word.replace(/<(\w+)>/g, (all, key: string) => ids[key] ?? all);
  return /^\.\/|\.(json|ya?ml|pem|md|txt|png|bin)$/.test(filled) ? file(filled) : filled;
}

/** A file of an example, in the work folder (never in the repository). */
function file(name: string): string {
  return join(work, basename(name.replace(/\/+$/, '')) || 'x');
}

beforeAll(async () => {
  api = await testApi({ largeFileMB: 2 });
  proxy = await startPoisonProxy(api.sandbox.url);
  work = tempDir();
  // Commands that write where they are run (`files download S F` writes the file here) write into the work folder.
  process.chdir(work);
  const space = (await json(['spaces', 'list', '--all']))[0].id;
  const files = await json<{ id: string; name: string }[]>(['files', 'list', space, '--all']);
  const site = (await json(['sites', 'list']))[0]?.id;
  const comment = (await json(['comments', 'list', space]))[0]?.id;
  const members = await json(['members', 'list', '--all']);
  Object.assign(ids, {
    spaceId: space,
    orgId: api.sandbox.defaultOrg!,
    fileId: (files.find((f) => f.name === 'large.bin') ?? files[0])?.id,
    pageId: (await json(['pages', 'list', space]))[0]?.id,
    collectionId: (await json(['collections', 'list']))[0]?.id,
    siteId: site,
    sectionId: (await json(['sections', 'list', '--site', site]))[0]?.id,
    groupId: (await json(['section-groups', 'list', '--site', site]))[0]?.id,
    siteSpaceId: (await json(['site-spaces', 'list', '--site', site]))[0]?.id,
    shareLinkId: (await json(['share-links', 'list', '--site', site]))[0]?.id,
    userId: members.at(-1)?.id,
    teamId: (await json(['teams', 'list']))[0]?.id,
    providerId: (await json(['sso', 'list']))[0]?.id,
    translationId: (await json(['translations', 'list']))[0]?.id,
    versionId: (await json(['openapi', 'versions', 'petstore']))[0]?.id,
    commentId: comment,
    replyId: comment ? (await json(['replies', 'list', space, comment]))[0]?.id : undefined,
    key: 'k1',
    nodeId: 'n1',
  });
  for (const k of Object.keys(ids)) if (ids[k] === undefined) delete ids[k];
  mkdirSync(join(work, 'docs'));
  mkdirSync(join(work, 'assets'));
  writeFileSync(file('schema.json'), JSON.stringify({ type: 'object', properties: { plan: { type: 'string' } } }));
  writeFileSync(file('openapi.yaml'), 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: {}\n');
  writeFileSync(file('openapi.json'), JSON.stringify({ openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: {} }));
  writeFileSync(file('integration.yaml'), 'name: my-widget\ntitle: Widget\nscript: ./index.js\n');
  for (const f of ['review.md', 'note.md', 'body.md', 'reply.md']) writeFileSync(file(f), 'A note\n');
  writeFileSync(file('token.txt'), `${api.sandbox.token}\n`);
  for (const f of ['leavers.txt', 'emails.txt', 'deleted-ids.txt', 'names.txt', 'values.txt']) writeFileSync(file(f), `${ids.userId ?? 'x'}\n`);
  writeFileSync(file('okta.pem'), 'not a certificate\n');
  writeFileSync(file('new-okta.pem'), 'not a certificate\n');
}, 60_000);

afterAll(async () => {
  process.chdir(home);
  await proxy?.close();
  await api?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('no escape sequence from the API reaches the terminal', () => {
  it('the progress lines show API text escaped: a download\'s file name, an OpenAPI document\'s processing state, export failure lines', async () => {
    const config = tempDir();
    // Kinds left as they are, so that the export finds its pages; ids, paths, names, states and messages poisoned.
    const typed = await startPoisonProxy(api.sandbox.url, (key) => !/^(type|kind|object|id)$/.test(key));
    try {
      const run = (args: string[]) => runInProcess([...args, '--retries', '0'], { env: { ...envFor(config), DOCPLAT_API_URL: typed.url }, stdoutTTY: true, stderrTTY: true });
      const download = await run(['files', 'download', ids.spaceId, ids.fileId, '--dest', join(work, 'assets') + '/', '--force']);
      expect(download.stderr).toMatch(/\r\x1b\[K\\x1b\]52;c;cG9pc29uZWQ=\\x07.*large\.bin.* MB /);
      expectClean('files download', download.stderr);
      const publish = await run(['openapi', 'publish', 'petstore', '--file', file('openapi.yaml'), '--wait', '--wait-timeout', '700ms']);
      expect(publish.stderr).toMatch(/\r\x1b\[Kprocessing "petstore": \\x1b\]52;c;cG9pc29uZWQ=\\x07/);
      expectClean('openapi publish --wait', publish.stderr);
      const dest = join(work, 'export');
      const exported = await run(['content', 'export', ids.spaceId, '--dest', dest]);
      expect(exported.stderr).toMatch(/^failed: page \S+ \(.*\): .*\\x1b\]52;c;cG9pc29uZWQ=\\x07.*this page is poisoned/m);
      expectClean('content export', exported.stderr);
    } finally {
      await typed.close();
      rmSync(config, { recursive: true, force: true });
    }
  }, 60_000);

  it('files download --dest - refuses a terminal as stdout before anything is sent (a file\'s bytes could drive it)', async () => {
    const config = tempDir();
    try {
      const before = api.sandbox.requestCount;
      const r = await runInProcess(['files', 'download', ids.spaceId, ids.fileId, '--dest', '-'], { env: envFor(config), stdoutTTY: true, stderrTTY: true });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("error: --dest - writes the file's bytes to stdout, which is a terminal: redirect it (> file) or give --dest <path>\n");
      expect(r.stdout).toBe('');
      expect(api.sandbox.requestCount).toBe(before);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });

  it('the hidden __ids of shell completion offers no id with control characters (the shell shows them)', async () => {
    const config = tempDir();
    try {
      const r = await runInProcess(['__ids', 'spaceId'], { env: envFor(config) });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expectClean('__ids', r.stdout);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });

  it('--json error objects escape C1 codes and bidi overrides as \\u escapes (the same JSON value)', async () => {
    const config = tempDir();
    try {
      const r = await runInProcess(['spaces', 'get', 'missing-space', '--json'], { env: envFor(config), stderrTTY: true });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('\\u009b6n');
      expect(r.stderr).toContain('\\u202e');
      expect(r.stderr).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(JSON.parse(r.stderr).error.message).toContain(POISON);
      expect(terminalJson({ m: '\u009b\u202e\u2028\x7f"' })).toBe('{"m":"\\u009b\\u202e\\u2028\\u007f\\""}');
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  });
});

describe('prompts on a pseudo-terminal, against the poisoning server', () => {
  const screenEnv = () => {
    const config = tempDir();
    dirs.push(config);
    return envFor(config);
  };
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a missing space id: the picker shows the poisoned titles escaped', async () => {
    const { screen } = await converse(['spaces', 'get', '--no-color'], screenEnv(), [[/space id \(type to search\)[\s\S]*❯/, '\r']]);
    // What happens to the picked (poisoned) id is the request layer's; the screen is this test's.
    expect(screen).toContain('\\x1b]52;c;cG9pc29uZWQ=\\x07');
    expectClean('spaces get picker', screen, true);
  });

  it('collections delete: the title to type is shown escaped, and typing that escaped form confirms', async () => {
    // Only the texts poisoned: the delete must find what is inside the collection by its ids to ask for the title.
    const texts = await startPoisonProxy(api.sandbox.url, (key) => /^(title|name|displayName|message)$/.test(key));
    const env = { ...screenEnv(), DOCPLAT_API_URL: texts.url } as NodeJS.ProcessEnv;
    const collections = await json<{ id: string; title: string; parent?: string }[]>(['collections', 'list']);
    const spaces = await json<{ parent?: string }[]>(['spaces', 'list', '--all']);
    const collection = collections.find((c) => spaces.some((s) => s.parent === c.id))!;
    const title = `${POISON}${collection.title}${POISON}`;
    const shown = escapeControls(title);
    const { code, screen } = await converse(['collections', 'delete', collection.id, '--no-color'], env, [[/to confirm:/, `${shown}\r`]], 2000);
    // As read on the screen: the prompt's styling and line wraps aside.
    const flat = screen.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r?\n/g, '');
    expect(flat).toContain(`Type ${shown} to confirm:`);
    expectClean('collections delete confirmation', screen, true);
    expect(code, screen).toBe(0);
    expect((await runInProcess(['collections', 'get', collection.id], { env: directEnv(env.DOCPLAT_CONFIG_DIR!) })).code).toBe(3);
    await texts.close();
  });

  it('auth login: the organization picker shows the poisoned titles escaped', async () => {
    const env = screenEnv();
    delete env.DOCPLAT_TOKEN;
    delete env.DOCPLAT_ORG;
    const { code, screen } = await converse(['auth', 'login', '--no-color'], env, [
      [/API token/, `${api.sandbox.token}\r`],
      [/Default organization[\s\S]*❯/, '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Default organization/);
    expect(screen).toContain('\\x1b]52;c;cG9pc29uZWQ=\\x07');
    expectClean('auth login organization picker', screen, true);
  });
});

describe('lists on a pseudo-terminal', () => {
  it('the list of every group that has one, on a real terminal (its width, colour, the "Showing" note), shows no raw sequence', async () => {
    const lists = manifest.groups.flatMap((g) => g.commands.filter((c) => c.name === 'list').map((c) => invocations(g.name, c.name, c.help, c.args)[0]));
    expect(lists.length).toBeGreaterThan(15);
    const config = tempDir();
    try {
      const failures: string[] = [];
      let shown = 0;
      // Four at a time: each is a node process on a pty.
      for (let i = 0; i < lists.length; i += 4) {
        await Promise.all(
          lists.slice(i, i + 4).map(async ({ argv }) => {
            const { screen } = await converse([...argv, '--retries', '0'], envFor(config), [], 100);
            failures.push(unclean(`docplat ${argv.join(' ')} on a pty`, screen));
            if (screen.includes('\\x1b]52')) shown++;
          }),
        );
      }
      expect(failures.filter(Boolean)).toEqual([]);
      // The poisoned titles were on screen, escaped, for most of them.
      expect(shown).toBeGreaterThan(lists.length / 2);
    } finally {
      rmSync(config, { recursive: true, force: true });
    }
  }, 60_000);
});

// Last: its deletes and transfers change the sandbox the tests above read.
describe('every command against the poisoning server', () => {
  it('every command of the manifest, on terminals, piped and with --json, against a server that poisons every string', async () => {
    const commands = manifest.groups.flatMap((g) => g.commands.map((c) => ({ group: g.name, ...c }))).filter((c) => !NOT_RUN[`${c.group} ${c.name}`]);
    commands.sort((a, b) => Number(LAST.test(a.name)) - Number(LAST.test(b.name)));
    expect(commands.length).toBeGreaterThan(100);
    const seen = { runs: 0, ok: 0, poisonShown: 0 };
    const failures: string[] = [];
    for (const c of commands) {
      for (const { argv, input } of invocations(c.group, c.name, c.help, c.args)) {
        // Bounded: no retries, a short time limit, a short wait for OpenAPI processing (the poisoned state never completes).
        const bounded = [...argv, '--retries', '0', '--timeout', '5', ...(argv.includes('--wait') ? ['--wait-timeout', '700ms'] : [])];
        for (const mode of ['terminal', 'piped', 'json'] as const) {
          const config = tempDir();
          try {
            const r = await runInProcess(mode === 'json' ? [...bounded, '--json'] : bounded, {
              env: envFor(config),
              input,
              stdoutTTY: mode === 'terminal',
              stderrTTY: mode !== 'piped',
            });
            seen.runs++;
            if (r.code === 0) seen.ok++;
            if (r.stdout.includes('\\x1b]52') || r.stderr.includes('\\x1b]52') || r.stderr.includes('\\u001b]52')) seen.poisonShown++;
            const what = `docplat ${bounded.join(' ')} (${mode}, exit ${r.code})`;
            // stdout too: on a terminal whatever it holds (tables, and JSON when an example asks for it); piped, the TSV
            // (piped JSON, --jq and bytes are the data as the API gave it, for programs).
            const checkOut = mode === 'terminal' || (mode === 'piped' && !DATA_AS_IS.test(` ${bounded.join(' ')} `));
            failures.push(unclean(`${what} stderr`, r.stderr), checkOut ? unclean(`${what} stdout`, r.stdout) : '');
          } finally {
            rmSync(config, { recursive: true, force: true });
          }
        }
      }
    }
    expect(failures.filter(Boolean)).toEqual([]);
    // The poison was met and shown escaped, and most commands did their work (not only failed early).
    expect(seen.poisonShown).toBeGreaterThan(seen.runs / 3);
    expect(seen.ok).toBeGreaterThan(seen.runs / 3);
  }, 240_000);
});
