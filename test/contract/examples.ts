// The commands of the manifest (dist/manifest.json) as runs against the
// demo sandbox: each command's examples without a pipe (then its arguments
// alone), with the demo's ids filled in and its files in a work folder. For
// the contract tests that walk every command.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Manifest, ManifestCommand } from '../../src/manifest.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { ROOT, runInProcess, testApi, withTestApi, type Run, type TestApi } from '../helpers.js';

export const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;

/** Every command of the manifest, with its group (`sites tree`, `api`). */
export function allCommands(): (ManifestCommand & { group: string; path: string })[] {
  return manifest.groups
    .filter((g) => !g.hidden)
    .flatMap((g) => (g.command ? [{ ...g.command, group: g.name, path: g.name }] : g.commands.map((c) => ({ ...c, group: g.name, path: `${g.name} ${c.name}` }))));
}

/** The demo's ids, by the names the examples use (`<spaceId>`), read from the sandbox. */
export async function demoIds(api: TestApi): Promise<Record<string, string>> {
  const json = async <T = { id: string }[]>(args: string[]): Promise<T> => {
    const r = await runInProcess([...args, '--json'], { env: api.env() });
    return r.code === 0 ? (JSON.parse(r.stdout) as T) : ([] as T);
  };
  const spaces = await json<{ id: string; title: string }[]>(['spaces', 'list', '--all']);
  const space = (spaces.find((s) => s.title === 'Getting Started') ?? spaces[0]).id;
  const sites = await json(['sites', 'list']);
  const site = sites[0]?.id;
  // The share links are on another site of the demo than its first.
  let linkSite: string | undefined;
  let shareLinkId: string | undefined;
  for (const s of sites) {
    shareLinkId ??= (await json(['share-links', 'list', '--site', s.id]))[0]?.id;
    linkSite ??= shareLinkId ? s.id : undefined;
  }
  const groups = await json(['section-groups', 'list', '--site', site]);
  // A comment with replies, for the replies' commands.
  const comments = await json<{ id: string; replies?: number }[]>(['comments', 'list', space, '--all']);
  const comment = (comments.find((c) => (c.replies ?? 0) > 0) ?? comments[0])?.id;
  const files = await json<{ id: string; name: string }[]>(['files', 'list', space, '--all']);
  const ids: Record<string, string | undefined> = {
    spaceId: space,
    orgId: api.sandbox.defaultOrg,
    fileId: files[0]?.id,
    pageId: (await json(['pages', 'list', space]))[0]?.id,
    collectionId: (await json(['collections', 'list']))[0]?.id,
    siteId: site,
    sectionId: (await json(['sections', 'list', '--site', site]))[0]?.id,
    groupId: groups[0]?.id,
    otherGroupId: groups[1]?.id,
    linkSiteId: linkSite,
    siteSpaceId: (await json(['site-spaces', 'list', '--site', site]))[0]?.id,
    shareLinkId,
    userId: (await json(['members', 'list', '--all'])).at(-1)?.id,
    teamId: (await json(['teams', 'list']))[0]?.id,
    providerId: (await json(['sso', 'list']))[0]?.id,
    translationId: (await json(['translations', 'list']))[0]?.id,
    versionId: (await json(['openapi', 'versions', 'petstore']))[0]?.id,
    changeRequestId: (await json<{ number?: number; id: string }[]>(['change-requests', 'list', space]))[0]?.number?.toString(),
    commentId: comment,
    replyId: comment ? (await json(['replies', 'list', space, comment]))[0]?.id : undefined,
    slug: 'petstore',
    key: 'k1',
    nodeId: 'n1',
  };
  return Object.fromEntries(Object.entries(ids).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Shell words of an example (quotes honoured; `|`, `<`, `>` as words of their own). */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** Output options of an example, left out so that a test adds its own. */
const OUTPUT_FLAGS = new Set(['--json', '--jsonl']);
const OUTPUT_VALUED = new Set(['--output', '--jq', '--fields']);

/**
 * The runs of a command's examples (`path` is `group verb`): those without a
 * pipe, each word through `fill`, stdin from `< file` (read through `file`),
 * output to `> file` dropped; with `withoutOutput`, output options taken out.
 */
export function exampleRuns(help: string, path: string, fill: (word: string) => string, file: (name: string) => string, withoutOutput = false): { argv: string[]; input?: string }[] {
  const examples = (help.split('Examples:\n')[1] ?? '').split('\n').map((l) => l.trim().replace(/^\$ docplat /, '')).filter((l) => l.startsWith(`${path} `) || l === path);
  const runs: { argv: string[]; input?: string }[] = [];
  for (const example of examples) {
    const w = words(example);
    if (w.includes('|')) continue;
    let input: string | undefined;
    const argv: string[] = [];
    for (let i = 0; i < w.length; i++) {
      if (w[i] === '>') { i++; continue; }
      if (w[i] === '<') { input = readFileSync(file(w[++i]), 'utf8'); continue; }
      if (withoutOutput && OUTPUT_FLAGS.has(w[i])) continue;
      if (withoutOutput && OUTPUT_VALUED.has(w[i])) { i++; continue; }
      argv.push(fill(w[i]));
    }
    runs.push({ argv, input });
  }
  return runs;
}

/**
 * The runs of a command without output options: its examples (ids filled in,
 * files in `work`, see exampleFiles), then its arguments alone, each an id.
 */
export function invocations(c: ManifestCommand & { group: string; path: string }, ids: Record<string, string>, work: string): { argv: string[]; input?: string }[] {
  const file = (name: string) => join(work, basename(name.replace(/\/+$/, '')) || 'x');
  const fill = (word: string) => {
    const filled = word.replace(/<(\w+)>/g, (all, key: string) => ids[key] ?? all);
    return /^\.\/|\.(json|ya?ml|pem|md|txt|png|bin)$/.test(filled) ? file(filled) : filled;
  };
  return [...exampleRuns(c.help, c.path, fill, file, true), { argv: [...c.path.split(' '), ...c.args.map((a) => fill(`<${a.name.replace(/\.\.\.$/, '')}>`))] }];
}

/** The files the examples read, in the work folder. */
export function exampleFiles(work: string, ids: Record<string, string>, token: string): void {
  const file = (name: string, text: string) => writeFileSync(join(work, name), text);
  file('schema.json', JSON.stringify({ type: 'object', properties: { beta: { type: 'boolean', description: 'In the beta programme' } }, additionalProperties: false }));
  file('openapi.yaml', 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: {}\n');
  file('openapi.json', JSON.stringify({ openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: {} }));
  file('integration.yaml', 'name: my-widget\ntitle: Widget\nscript: ./index.js\n');
  for (const f of ['review.md', 'note.md', 'body.md', 'reply.md']) file(f, 'A note\n');
  file('token.txt', `${token}\n`);
  for (const f of ['leavers.txt', 'emails.txt', 'deleted-ids.txt', 'names.txt', 'values.txt']) file(f, `${ids.userId ?? 'x'}\n`);
  file('okta.pem', 'not a certificate\n');
  file('new-okta.pem', 'not a certificate\n');
}

/** Runs for commands whose examples do not fit the demo (tried before the examples). */
export const RUNS: Record<string, (ids: Record<string, string>, work: string) => string[]> = {
  'collections move': (ids) => ['collections', 'move', ids.collectionId, '--root'],
  'section-groups move': (ids) => ['section-groups', 'move', ids.otherGroupId, '--site', ids.siteId, '--before', ids.groupId],
  'share-links update': (ids) => ['share-links', 'update', ids.shareLinkId, '--site', ids.linkSiteId, '--inactive'],
  'custom-fields create': () => ['custom-fields', 'create', '--name', 'contract-test', '--type', 'text', '--title', 'Contract test'],
  'openapi create': (_ids, work) => ['openapi', 'create', 'contract-test', '--file', join(work, 'openapi.yaml')],
  'org apply': () => ['org', 'apply'],
};

/** A run on a fresh demo sandbox (`--yes` added), with the home and XDG folders in `work`. */
export function runFresh(argv: string[], input: string | undefined, extra: string[], work: string, tty = false): Promise<Run> {
  return withTestApi({}, (api) =>
    runInProcess([...argv, '--yes', ...extra], { env: api.env({ HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work, NO_COLOR: '1' }), input, stdoutTTY: tty }));
}

/** The first run of a command that succeeds as it is (RUNS, then its examples, then its arguments alone); a test failure naming each tried, if none does. */
export async function firstRun(c: ManifestCommand & { group: string; path: string }, ids: Record<string, string>, work: string): Promise<{ argv: string[]; input?: string }> {
  const tried: string[] = [];
  for (const inv of [...(RUNS[c.path] ? [{ argv: RUNS[c.path](ids, work) }] : []), ...invocations(c, ids, work)] as { argv: string[]; input?: string }[]) {
    const base = await runFresh(inv.argv, inv.input, [], work);
    if (base.code === 0) return inv;
    tried.push(`${inv.argv.join(' ')}: exit ${base.code}, ${base.stderr.trim().split('\n')[0]}`);
  }
  expect.fail(`no run of ${c.path} succeeds (list it in NOT_RUN with a reason):\n${tried.join('\n')}`);
}

/**
 * For a test file: a work folder holding the examples' files, in which the
 * runs run (commands that write where they run, or in the home folder, write
 * there), and the demo's ids; made before its tests, removed after them.
 */
export function useDemo(prefix: string): { work: string; ids: Record<string, string> } {
  const demo = { work: '', ids: {} as Record<string, string> };
  const home = process.cwd();
  beforeAll(async () => {
    demo.work = mkdtempSync(join(tmpdir(), prefix));
    const api = await testApi();
    try {
      demo.ids = await demoIds(api);
      exampleFiles(demo.work, demo.ids, api.sandbox.token);
      // The organization file `org plan` and `org apply` read (docplat.yaml, where they run): the demo's own.
      const pulled = await runInProcess(['org', 'pull'], { env: api.env() });
      if (pulled.code === 0) writeFileSync(join(demo.work, 'docplat.yaml'), pulled.stdout);
    } finally {
      await api.close();
    }
    process.chdir(demo.work);
  }, 60_000);
  afterAll(() => {
    process.chdir(home);
    if (demo.work) rmSync(demo.work, { recursive: true, force: true });
  });
  return demo;
}
