// Every example of the README and of every page of docs/ runs: each line of
// their code blocks that runs docplat (see examples.ts for what counts, and
// the markers that skip a line or expect another exit code) runs against a
// fresh sandbox per section, in the file's order, in a folder of its own that
// holds the files the examples read (below), and must end with the exit code
// expected (0 unless marked). A section, or a page of docs/, added is picked
// up without an edit here; a placeholder this file does not know (`<fooId>`)
// fails its line, naming it.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CERTIFICATE } from '../../src/sandbox/families/sso/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { baseEnv, ROOT, tempDir } from '../helpers.js';
import { readmeExamples, type Example } from './examples.js';
import { runLine } from './shell.js';

/** The README, then every page of docs/ (in name order). */
const PAGES = ['README.md', ...(existsSync(join(ROOT, 'docs')) ? readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`) : [])];
const examples = PAGES.flatMap((page) => readmeExamples(readFileSync(join(ROOT, page), 'utf8'), page));

/** Files the examples read, as a reader of the README would have them at hand. */
const FILES: Record<string, string> = {
  'okta.pem': DEMO_CERTIFICATE,
  'new-okta.pem': DEMO_CERTIFICATE,
  'emails.txt': 'grace@acme.example\nada@acme.example\n',
  'values.txt': 'XMTcnou4GLQ44FZ3SWYg audience=public review-days=30   # reviewed monthly\njpU8E3Wl0zkRo8b9U7fX keywords="install guide",setup\n',
  'body.json': '{"title": "Scratch"}\n',
  'review.md': 'Looks good, **one** question below.\n',
  'reply.md': 'Done, thanks.\n',
  'openapi.yaml': 'openapi: 3.0.3\ninfo:\n  title: Petstore\n  version: 1.0.0\npaths: {}\n',
  'orders.yaml': 'openapi: 3.0.0\ninfo:\n  title: Orders\n  version: "1.0"\npaths: 5\ncomponents:\n  schemas:\n    Order:\n      $ref: "#/components/schemas/Missing"\n',
  'gitbook-manifest.yaml': 'name: status-badge\ntitle: Status badge\ndescription: Shows the status of a service\nscopes: [space:content:read]\norganization: KUuJaV0ael5rKkqG9i1c\nscript: ./status-badge.js\n',
  'status-badge.js': 'export default {};\n',
};

/**
 * What the README's placeholders stand for in the demo organization (its seed
 * is deterministic, but for the token): values for the whole README, then for
 * a section, then for the lines of a section that contain a text.
 */
type Values = Record<string, string | ((s: Sandbox) => string)>;
const VALUES: Values = {
  '<orgId>': (s) => s.defaultOrg ?? '',
  '<token>': (s) => s.token,
  'http://127.0.0.1:4010/v1': (s) => s.url,
  'http://127.0.0.1:4010': (s) => new URL(s.url).origin, // the sandbox's own endpoints, /_sandbox/
  'dpi_sandbox_...': (s) => s.integrationTokens()['acme-status'], // as `sandbox serve` prints it
  '<margaretToken>': (s) => s.userTokens().find((u) => u.email === 'margaret@acme.example')?.token ?? '', // as `sandbox serve` prints it
  '<spaceId>': 'XMTcnou4GLQ44FZ3SWYg', // Getting Started: pages, files, comments, change requests 1 and 2
  '<otherSpaceId>': 'jpU8E3Wl0zkRo8b9U7fX',
  '<collectionId>': 'GDMDTaEgQ17xkfj4jd6D',
  '<userId>': 'W8vX71RMT1I3HI5t751O', // Ken Thompson, a reader
  '<otherUserId>': 'dFoa2tAk3VpY1c1LseWU',
  '<teamId>': '7UWd95gUXpwfpRBkvKoy', // Docs Guild
  '<providerId>': 'u9o9dkOjGgDUTSixk3aY', // Okta
  '<translationId>': 'ZQyip7Evii4aO9657j9t',
  '<siteId>': 'sIr4pIYT46eudxIY8Zj4', // Acme Help Center
  '<groupId>': '72YtI72N3CyR63M3Ou9B', // its group "Learn"
  '<sectionId>': '1UzqUUat4DxsmtFt29BM', // its section "Guides"
  '<otherSectionId>': 'Tvvtnq4vQySoDe5t8AFg',
  '<commentId>': 'CZUdfCjDuTdt65rAXLHE', // an open comment of Getting Started
  '<pageId>': 'pg00e2ad98', // its page "FAQ", which has an open comment
  '<fileId>': 'fl007c4ead', // its diagram.png
  // docs/review.md's other editor and reviewer, as `sandbox serve` prints their tokens.
  '<edsgerToken>': (s) => s.userTokens().find((u) => u.email === 'edsger@acme.example')?.token ?? '',
  '<linusToken>': (s) => s.userTokens().find((u) => u.email === 'linus@acme.example')?.token ?? '',
};
const SECTION_VALUES: Record<string, Values> = {};
const SHARE_LINK_SITE: Values = {
  '<siteId>': 'vC6lU68VSuigNnPj0JIl', // Acme Partners, read through share links
  '<shareLinkId>': '8vufQkJUGEdoBOBu6Ygi',
  '<key>': 'DVPyIUI4eWaJURJhUpX6Vakhck4ADjEVLFy2kfa4',
};
const LINE_VALUES: { section: string; match: string; values: Values }[] = [
  { section: 'Sites', match: 'share-link', values: SHARE_LINK_SITE },
  { section: 'Sites', match: '--share-key', values: SHARE_LINK_SITE },
];

function substitute(example: Example, sandbox: Sandbox): string {
  const tables = [VALUES, SECTION_VALUES[example.section] ?? {}, ...LINE_VALUES.filter((l) => l.section === example.section && example.command.includes(l.match)).map((l) => l.values)];
  let command = example.command;
  for (const table of tables.reverse()) {
    for (const [key, value] of Object.entries(table)) command = command.split(key).join(typeof value === 'function' ? value(sandbox) : value);
  }
  // `<userId>...`: one id stands for several; `[--flag <value>]`: the optional part is given.
  command = command.replace(/\.\.\.(?=\s|$)/g, '').replace(/\[(--[^\]]+)\]/g, '$1');
  return command;
}

/** A section of a page: `README.md` sections by their heading, a page of docs/ as `docs/x.md: heading`. */
const sectionOf = (e: Example) => (e.file === 'README.md' ? e.section : `${e.file}: ${e.section}`);
const sections = [...new Set(examples.map(sectionOf))];
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('finds the examples of every section, and of every page of docs/', () => {
  expect(examples.filter((e) => e.file === 'README.md').length).toBeGreaterThan(15);
  expect(examples.length).toBeGreaterThan(200);
  expect(sections).toEqual(
    expect.arrayContaining(['Five minutes with the sandbox', 'docs/scripting.md: Bulk commands', 'docs/administration.md: Members', 'docs/sites.md: Sites', 'docs/ci.md: Rehearse the jobs against the sandbox', 'docs/setup.md: Shell completion']),
  );
  // docs/README.md is the index of the pages: it links, it does not show.
  for (const page of PAGES.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md')) expect(examples.some((e) => e.file === page), `${page} has no example`).toBe(true);
});

describe.each(sections)('section "%s"', (section) => {
  it('runs every example as written', async () => {
    const home = tempDir('docplat-readme-');
    dirs.push(home);
    const cwd = join(home, 'work');
    mkdirSync(cwd);
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(cwd, name), text);
    // As docs/restore.md starts it: files over 1 MB restored by url may come from this machine.
    const sandbox = await startSandbox({ port: 0, allowPrivateFileUrls: true });
    const env = baseEnv({
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      DOCPLAT_CONFIG_DIR: join(home, '.config', 'docplat'),
      DOCPLAT_API_URL: sandbox.url,
      DOCPLAT_TOKEN: sandbox.token,
      DOCPLAT_ORG: sandbox.defaultOrg,
      TOKEN: sandbox.token,
      WORK_TOKEN: sandbox.token,
      SHELL: '/bin/bash',
    });
    const before = process.cwd();
    process.chdir(cwd);
    const failures: string[] = [];
    try {
      for (const example of examples.filter((e) => sectionOf(e) === section && !e.skip)) {
        const command = substitute(example, sandbox);
        const unknown = /<[A-Za-z]+>/.exec(command);
        if (unknown) {
          failures.push(`${example.file}:${example.line}: no value for the placeholder ${unknown[0]} in: ${command}`);
          continue;
        }
        const run = await runLine(command, { cwd, env });
        if (run.code !== example.exit) {
          failures.push(`${example.file}:${example.line}: exit ${run.code}, expected ${example.exit}: ${command}\n  ${run.stderr.trim().split('\n').slice(-3).join('\n  ')}`);
        }
        // The output the README shows after a `$ ` line, with the demo's ids, is what the command prints.
        else if (example.output !== undefined && run.stdout !== example.output) {
          failures.push(`${example.file}:${example.line}: the output differs from the page's: ${command}\n--- ${example.file}\n${example.output}--- printed\n${run.stdout}`);
        }
      }
    } finally {
      process.chdir(before);
      await sandbox.close();
    }
    expect(failures.join('\n')).toBe('');
  });
});
