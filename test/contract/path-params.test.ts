// Every path parameter of every command, from an argument, a flag or stdin,
// is one path segment: `.`, `..` and their encoded forms, and `/` encoded,
// are refused (exit 2) before anything is sent, so an id can never turn a
// request into one on the parent resource (`teams rename ..` on the
// organization). The commands are enumerated from dist/manifest.json: a
// command added later is covered without being named here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, ManifestCommand } from '../../src/manifest.js';
import { ROOT, runInProcess } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;

/** What the counting server saw. */
const seen: string[] = [];
let server: Server;
let apiUrl = '';
let dir = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', items: [] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  dir = mkdtempSync(join(tmpdir(), 'docplat-test-'));
  writeFileSync(join(dir, 'doc.json'), '{}');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((r) => server.close(() => r()));
});

/** A clean environment (as baseEnv's) whose config dir is inside this file's folder, removed after it. */
const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', DOCPLAT_CONFIG_DIR: join(dir, 'config'), DOCPLAT_API_URL: apiUrl, DOCPLAT_TOKEN: 't0k3n', DOCPLAT_ORG: 'org1' });

/** A value each required flag accepts, so that the id is what the command refuses. */
function flagValue(long: string, choices?: string[]): string {
  if (choices?.length) return choices[0];
  const known: Record<string, string> = { '--file': join(dir, 'doc.json'), '--manifest': join(dir, 'doc.json'), '--dest': join(dir, 'out'), '--url': 'https://example.com/x', '--to-org': 'org2' };
  return known[long] ?? 'v1';
}

function argValue(a: ManifestCommand['args'][number]): string {
  if (a.choices?.length) return a.choices[0];
  if (a.name === 'values') return 'field=1';
  if (a.name === 'emoji') return '👍';
  return 'ok1';
}

/** A run of one command with one path parameter given `bad`: [label, argv, stdin]. */
function cases(group: string, c: ManifestCommand, bad: string): [string, string[], string | undefined][] {
  const words = group === c.name ? [group] : [group, c.name];
  const required = c.flags.filter((f) => f.description.startsWith('(required)') && f.long);
  const out: [string, string[], string | undefined][] = [];
  const base = (target?: number) => c.args.map((a, i) => (i === target ? bad : argValue(a)));
  const flags = (skip?: string) => required.filter((f) => f.long !== skip).flatMap((f) => [f.long!, flagValue(f.long!, f.choices)]);
  c.args.forEach((a, i) => {
    if (!a.param && !NOT_PARAMS.has(`${group} ${c.name} ${a.name}`)) return;
    out.push([`${a.name}`, [...words, ...base(i), ...flags(), '--yes'], undefined]);
    if (a.variadic) out.push([`${a.name} from stdin`, [...words, ...base(i).map((v, j) => (j === i ? '-' : v)), ...flags(), '--yes'], `${bad}\n`]);
  });
  for (const f of c.flags.filter((f) => f.param && f.long)) out.push([f.long!, [...words, ...base(), ...flags(f.long), f.long!, bad, '--yes'], undefined]);
  return out;
}

/** Id arguments that fill no path param (a body field, a reference resolved first), and why. */
const ID_ARGS_NOT_PARAMS: Record<string, string> = {
  'section-groups add-section sectionId': 'sent in the body',
  'pages get pageId': 'an id or a path, resolved to the id of the page, which is then a path param',
};
/** Of those, the ones still refused: their value ends up in a path. */
const NOT_PARAMS = new Set(['pages get pageId']);

/** Each bad value, and how the error line shows it (escaped, or cut with its length). */
const BAD: [string, string][] = [
  ['.', '"."'],
  ['..', '".."'],
  ['%2E%2E', '"%2E%2E"'],
  ['%2e.', '"%2e."'],
  ['a%2Fb', '"a%2Fb"'],
  ['%5C', '"%5C"'],
  ['a\u0001b', '"a\\x01b"'],
  // Named by the 512 bound, or by the operation's own tighter one (`slug must be 1 to 100 characters`).
  ['y'.repeat(513), ' characters'],
];

const commands = manifest.groups.flatMap((g) => (g.command ? [{ group: g.name, c: g.command }] : g.commands.map((c) => ({ group: g.name, c }))));

describe('every path parameter of every command is one path segment', () => {
  const all = commands.flatMap(({ group, c }) => cases(group, c, '..').map(([label]) => `${group} ${c.name} ${label}`));

  it('every id argument fills a path param (declared `param`, in the manifest), or is listed with the reason it does not', () => {
    for (const { group, c } of commands) {
      for (const a of c.args) if (/Id$/.test(a.name) && !a.param) expect(ID_ARGS_NOT_PARAMS, `${group} ${c.name} ${a.name}`).toHaveProperty([`${group} ${c.name} ${a.name}`]);
    }
  });

  it(`covers the commands with a path parameter (${new Set(all.map((l) => l.split(' ').slice(0, 2).join(' '))).size} commands, ${all.length} parameters)`, () => {
    expect(all.length).toBeGreaterThan(100);
    for (const must of ['teams rename teamId', 'members remove userId', 'spaces delete spaceId from stdin', 'sections update --site', 'pages get spaceId']) expect(all).toContain(must);
  });

  for (const { group, c } of commands) {
    const targets = cases(group, c, '..');
    if (targets.length === 0) continue;
    it(`${group} ${c.name}: ${targets.map(([l]) => l).join(', ')}`, async () => {
      for (const [bad, shown] of BAD) {
        for (const [label, argv, input] of cases(group, c, bad)) {
          seen.length = 0;
          const r = await runInProcess(argv, { env: env(), input });
          const what = `docplat ${argv.join(' ').slice(0, 200)} (${label} = ${bad.slice(0, 20)})`;
          expect(seen, what).toEqual([]);
          expect(r.code, `${what}: ${r.stderr}`).toBe(2);
          expect(r.stderr, what).toContain(shown);
          expect(r.stdout, what).toBe('');
        }
      }
    });
  }
});

describe('the URL sent is the URL shown', () => {
  it('--dry-run and --debug print the URL the server receives', async () => {
    const id = "ü:@!$'()*";
    seen.length = 0;
    const dry = await runInProcess(['spaces', 'get', id, '--dry-run'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(seen).toEqual([]);
    const debug = await runInProcess(['spaces', 'get', id, '--debug'], { env: env() });
    expect(debug.code, debug.stderr).toBe(0);
    expect(seen).toHaveLength(1);
    const sent = `${new URL(apiUrl).origin}${seen[0].split(' ')[1]}`;
    expect(dry.stdout.trim()).toBe(`GET ${sent}`);
    expect(debug.stderr).toContain(`> GET ${sent}\n`);
  });

  it.each([
    ['spaces get', ['spaces', 'get', 'S1']],
    ['sites published', ['sites', 'published', 'X1']],
    ['sections list', ['sections', 'list', '--site', 'X1']],
  ])('%s --share-key: the key is sent, and shown as *** by --dry-run and --debug', async (_, args) => {
    const dry = await runInProcess([...args, '--share-key', 'sekrit-key-42', '--dry-run'], { env: env() });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('shareKey=***');
    expect(dry.stdout + dry.stderr).not.toContain('sekrit-key-42');
    seen.length = 0;
    const debug = await runInProcess(['--debug', ...args, '--share-key', 'sekrit-key-42'], { env: env() });
    expect(seen[0]).toContain('shareKey=sekrit-key-42');
    expect(debug.stderr).toMatch(/^debug: > GET \S+shareKey=\*\*\*/m);
    expect(debug.stdout + debug.stderr).not.toContain('sekrit-key-42');
  });

  it('the issue cases: teams rename, members remove and spaces delete of ".." send nothing', async () => {
    for (const argv of [['teams', 'rename', '..', '--title', 'X'], ['members', 'remove', '..', '--yes'], ['teams', 'delete', '..', '--yes'], ['spaces', 'delete', '..', '--yes'], ['spaces', 'get', '..'], ['pages', 'get', 'S', '..']]) {
      seen.length = 0;
      const r = await runInProcess(argv, { env: env() });
      expect(seen, argv.join(' ')).toEqual([]);
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/^error: invalid .*"\.\.": it cannot be "\.\." \(it would change the path\)$/m);
    }
  });
});
