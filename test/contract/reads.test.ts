// Every path docplat reads goes through the one reader (src/files/read.ts),
// for every command, found from dist/manifest.json (a flag's or argument's
// `path`): a typed path (`--file F`, `-F key=@F`) is run with /dev/zero and a
// file one byte over its bound; a file or folder whose paths are read
// (an organization file, an integration manifest, a pushed folder, an export
// folder) is run with each path it names or holds made a symbolic link out of
// it, a FIFO, a link to /dev/zero and a file over its bound. Each run: exit 2
// naming the file, nothing sent (a server counting requests), nothing of the
// file outside shown, in bounded time and memory. A new command that reads a
// path is covered once it declares it; a new layout needs its fixture here.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PathLayout } from '../../src/commands/define.js';
import { BOUNDS, type ReadUse } from '../../src/files/read.js';
import type { Manifest, ManifestCommand, ManifestPath } from '../../src/manifest.js';
import { ROOT, runInProcess, tempDir } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;
const SECRET = 'DOCPLAT_TOKEN=t0k3n_never_shown';

const seen: string[] = [];
let server: Server;
let apiUrl = '';
let dir = '';
let secretFile = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', items: [] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  dir = tempDir();
  secretFile = join(dir, 'secret.env');
  writeFileSync(secretFile, `${SECRET}\n`);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((r) => server.close(() => r()));
});

const env = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', DOCPLAT_CONFIG_DIR: join(dir, 'config'), DOCPLAT_API_URL: apiUrl, DOCPLAT_TOKEN: 't0k3n', DOCPLAT_ORG: 'org1' });

/**
 * What a file of paths or a folder holds, per layout: each path it names (the
 * one the case makes hostile, relative to the folder) and the use of its
 * bound; `make` writes the rest of a valid file or folder naming it, and
 * returns the value given to the flag.
 */
interface Slot {
  entry: string;
  use: ReadUse;
  make(folder: string): string;
}

const orgFile = (folder: string, yaml: string) => {
  writeFileSync(join(folder, 'docplat.yaml'), `version: 1\n${yaml}`);
  return join(folder, 'docplat.yaml');
};
const integrationManifest = (folder: string, keys: Record<string, string>) => {
  writeFileSync(join(folder, 'script.js'), 'export default {};\n');
  writeFileSync(join(folder, 'icon.png'), 'PNG');
  const all = { title: 'Widget', description: 'A widget', organization: 'org1', script: 'script.js', icon: 'icon.png', ...keys };
  writeFileSync(join(folder, 'integration.yaml'), Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\n') + '\n');
  return join(folder, 'integration.yaml');
};
const gitSync = (folder: string, files: Record<string, string> = {}) => {
  for (const [path, text] of Object.entries({ 'SUMMARY.md': '# Table of contents\n\n* [Home](README.md)\n* [Page](page.md)\n', 'README.md': '# Home\n', 'page.md': '# Page\n', ...files })) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
};

const LAYOUTS: Record<PathLayout, Slot[]> = {
  'org-file': [
    { entry: 'spec.yaml', use: 'openapi', make: (f) => orgFile(f, 'openapi:\n  - slug: petstore\n    file: spec.yaml\n') },
    { entry: 'idp.pem', use: 'certificate', make: (f) => orgFile(f, 'sso:\n  - label: Google\n    certificate: ./idp.pem\n') },
  ],
  'integration-manifest': [
    { entry: 'main.js', use: 'script', make: (f) => integrationManifest(f, { script: 'main.js' }) },
    { entry: 'logo.png', use: 'icon', make: (f) => integrationManifest(f, { icon: 'logo.png' }) },
    { entry: 'shot.png', use: 'image', make: (f) => integrationManifest(f, { previewImages: '[shot.png]' }) },
  ],
  'git-sync': [
    { entry: 'SUMMARY.md', use: 'summary', make: (f) => gitSync(f) },
    { entry: 'page.md', use: 'page', make: (f) => gitSync(f) },
    { entry: 'sub/nested.md', use: 'page', make: (f) => gitSync(f, { 'SUMMARY.md': '# Table of contents\n\n* [Nested](sub/nested.md)\n' }) },
    { entry: '.gitbook/assets/a.png', use: 'asset', make: (f) => gitSync(f, { '.gitbook/assets/b.png': 'PNG' }) },
    { entry: '.docplat-export.json', use: 'export', make: (f) => gitSync(f) },
  ],
  export: [
    { entry: '.docplat-export.json', use: 'export', make: (f) => f },
    { entry: '.docplat-export.json.lock', use: 'lock', make: (f) => f },
  ],
};

/** The hostile files a slot's entry is made into, and how the refusal reads. */
const HOSTILE: { name: string; rule: RegExp; make(path: string, use: ReadUse): void }[] = [
  { name: 'a symbolic link out', rule: /leads outside/, make: (path) => symlinkSync(secretFile, path) },
  { name: 'a FIFO', rule: /is a FIFO \(named pipe\), not a regular file/, make: (path) => execFileSync('mkfifo', [path]) },
  { name: 'a link to /dev/zero', rule: /leads outside/, make: (path) => symlinkSync('/dev/zero', path) },
  { name: 'a file over its bound', rule: /is over \d+ (MB|KB)/, make: (path, use) => oversized(path, use) },
];

/** A sparse file one byte over the bound of `use`. */
function oversized(path: string, use: ReadUse): void {
  writeFileSync(path, '');
  truncateSync(path, BOUNDS[use].bytes + 1);
}

/** Unblocks a reader stuck on a FIFO (a failing run must not hang the suite). */
function release(path: string): void {
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // nobody waiting, or not a FIFO
  }
}

function argValue(a: ManifestCommand['args'][number]): string {
  if (a.choices?.length) return a.choices[0];
  if (a.name === 'path') return '/orgs/{org}/spaces';
  return 'ok1';
}

/** The argv of a run with `value` for the flag `long` or the argument at `argAt`; required flags and the arguments before get plain values. */
function argv(group: string, c: ManifestCommand, target: { long?: string; argAt?: number }, value: string): string[] {
  const words = group === c.name ? [group] : [group, c.name];
  // An optional argument is given too (`content export [spaceId]` needs it without --all-spaces), unless it is a path of its own (`org apply [plan]` goes without --file).
  const args = c.args.flatMap((a, i) => (i === target.argAt ? [value] : a.variadic || (a.optional && a.path) ? [] : [argValue(a)]));
  const required = c.flags.filter((f) => f.description.startsWith('(required)') && f.long && f.long !== target.long);
  const flags = required.flatMap((f) => [f.long!, f.choices?.[0] ?? 'v1']);
  return [...words, ...args, ...flags, ...(target.long ? [target.long, value] : []), '--yes'];
}

interface Case {
  label: string;
  argv(): string[];
  rule: RegExp;
  /** The name the error must give. */
  names(): string;
  /** The bound of what is read (for the memory allowed). */
  bound: number;
  after?(): void;
}

function casesOf(group: string, c: ManifestCommand): Case[] {
  const targets: { label: string; long?: string; argAt?: number; path: ManifestPath }[] = [
    ...c.flags.filter((f) => f.path && f.long).map((f) => ({ label: f.long!, long: f.long, path: f.path! })),
    ...c.args.flatMap((a, argAt) => (a.path ? [{ label: a.name, argAt, path: a.path }] : [])),
  ];
  const out: Case[] = [];
  for (const t of targets) {
    const form = (p: string) => ('form' in t.path && t.path.form ? t.path.form.replace('PATH', p) : p);
    if (t.path.kind !== 'folder') {
      const bound = t.path.bound!;
      out.push({ label: `${t.label} /dev/zero`, argv: () => argv(group, c, t, form('/dev/zero')), rule: /is over \d+ (MB|KB)/, names: () => '/dev/zero', bound });
      let big = '';
      out.push({
        label: `${t.label} a file over its bound`,
        argv: () => {
          big = join(mkdtempSync(join(dir, 'typed-')), 'big');
          writeFileSync(big, '');
          truncateSync(big, bound + 1);
          return argv(group, c, t, form(big));
        },
        rule: /is over \d+ (MB|KB)/,
        names: () => big,
        bound,
      });
    }
    if (t.path.kind === 'typed') continue;
    const slots = LAYOUTS[t.path.layout];
    for (const slot of slots) {
      for (const hostile of HOSTILE) {
        let folder = '';
        out.push({
          label: `${t.label}: ${slot.entry} ${hostile.name}`,
          argv: () => {
            folder = mkdtempSync(join(dir, 'named-'));
            const value = slot.make(folder);
            const entry = join(folder, slot.entry);
            mkdirSync(join(entry, '..'), { recursive: true });
            rmSync(entry, { force: true });
            hostile.make(entry, slot.use);
            return argv(group, c, t, form(value));
          },
          rule: hostile.rule,
          names: () => slot.entry,
          bound: BOUNDS[slot.use].bytes,
          after: () => release(join(folder, slot.entry)),
        });
      }
    }
  }
  return out;
}

const commands = manifest.groups.flatMap((g) => (g.command ? [{ group: g.name, c: g.command }] : g.commands.map((c) => ({ group: g.name, c }))));
const all = commands.flatMap(({ group, c }) => casesOf(group, c).map((k) => `${group} ${c.name} ${k.label}`));

describe('every path a command reads is read by the one reader: confined, regular files only, bounded', () => {
  it(`covers every command that reads a path (${new Set(all.map((l) => l.split(' ').slice(0, 2).join(' '))).size} commands, ${all.length} cases)`, () => {
    for (const must of [
      'content push --src: page.md a symbolic link out',
      'content push --src: .gitbook/assets/a.png a FIFO',
      'content export --dest: .docplat-export.json a link to /dev/zero',
      'org apply --file: spec.yaml a file over its bound',
      'org plan --file /dev/zero',
      'org apply plan /dev/zero',
      'integrations publish --manifest: logo.png a symbolic link out',
      'openapi validate file /dev/zero',
      'openapi publish --file a file over its bound',
      'sso create --certificate-file /dev/zero',
      'api api --input /dev/zero',
      'api api --field /dev/zero',
    ]) {
      expect(all).toContain(must);
    }
  });

  it('every layout a command declares has its fixture here', () => {
    for (const { c } of commands) {
      for (const p of [...c.flags.map((f) => f.path), ...c.args.map((a) => a.path)]) if (p && 'layout' in p) expect(Object.keys(LAYOUTS)).toContain(p.layout);
    }
  });

  for (const { group, c } of commands) {
    const cases = casesOf(group, c);
    if (cases.length === 0) continue;
    it(`${group} ${c.name}: ${[...new Set(cases.map((k) => k.label.split(/[: ]/)[0]))].join(', ')}`, async () => {
      for (const k of cases) {
        const args = k.argv();
        const what = `docplat ${args.join(' ').slice(0, 240)} (${k.label})`;
        seen.length = 0;
        const rssBefore = process.resourceUsage().maxRSS;
        const started = Date.now();
        try {
          const r = await runInProcess(args, { env: env() });
          expect(r.code, `${what}: ${r.stderr}`).toBe(2);
          expect(r.stderr, what).toMatch(k.rule);
          expect(r.stderr, what).toContain(k.names());
          expect(r.stderr + r.stdout, what).not.toContain(SECRET);
          expect(seen, what).toEqual([]);
        } finally {
          k.after?.();
        }
        expect(Date.now() - started, what).toBeLessThan(10_000);
        // The peak of this process rises by no more than what the bound lets a read hold (in KB), and some room.
        expect(process.resourceUsage().maxRSS - rssBefore, what).toBeLessThan((2 * k.bound) / 1024 + 200 * 1024);
      }
    });
  }
});
