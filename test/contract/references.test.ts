// Contract over the command manifest: every argument or flag that names a
// page takes its id or its path, and every one that names a member takes the
// user id or the e-mail (commands/resolve.ts). Each is run against the
// sandbox with the reference that is not an id; the request sent (--debug,
// or the --dry-run line) must carry the resolved id, and a reference that
// names nothing is exit 3 naming it, never an empty result.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/manifest.js';
import { ROOT, useTestApi } from '../helpers.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'manifest.json'), 'utf8')) as Manifest;
const api = useTestApi();

const REF = { page: 'guides/configuration', member: 'dana@acme.example' } as const;
const MISSING = { page: 'guides/no-such-page', member: 'nobody@acme.example' } as const;

interface Case {
  command: string[];
  /** The argument's position, or the flag. */
  at: number | string;
  kind: 'page' | 'member';
  dryRun: boolean;
}

const cases: Case[] = manifest.groups.flatMap((g) =>
  g.commands.flatMap((c) => {
    const dryRun = c.flags.some((f) => f.long === '--dry-run');
    return [
      ...c.args.flatMap((a, i) => (a.ref ? [{ command: [g.name, c.name], at: i, kind: a.ref, dryRun }] : [])),
      ...c.flags.flatMap((f) => (f.ref ? [{ command: [g.name, c.name], at: f.long!, kind: f.ref, dryRun }] : [])),
    ];
  }),
);

async function ids() {
  const json = async (args: string[]) => JSON.parse((await api.cli([...args, '--json'])).stdout);
  const space = (await json(['spaces', 'list', '--all'])).find((s: { title: string }) => s.title === 'Getting Started').id as string;
  const pages = (await json(['pages', 'list', space])) as { id: string; path: string }[];
  const flat = (ps: { id: string; path: string; pages?: unknown[] }[]): { id: string; path: string }[] => ps.flatMap((p) => [p, ...flat((p.pages ?? []) as never)]);
  const page = flat(pages).find((p) => p.path === REF.page)!.id;
  const member = (await json(['members', 'list', '--all'])).find((m: { user: { email: string } }) => m.user.email === REF.member).id as string;
  const team = (await json(['teams', 'list']))[0].id as string;
  return { spaceId: space, teamId: team, userId: member, pageId: page, page, member };
}

/** The required flags of the commands under test, filled. */
const REQUIRED: Record<string, string[]> = { 'members update': ['--role', 'read'], 'teams set-role': ['--role', 'owner'], 'comments create': ['--body', 'hi'], 'teams create': ['--title', 'T'] };

/** The command line: every argument filled with a demo id, the one under test with `value`. */
function line(c: Case, args: { name: string }[], known: Record<string, string>, value: string): string[] {
  const words = args.map((a, i) => (i === c.at ? value : (known[a.name] ?? 'x1')));
  const flag = typeof c.at === 'string' ? [c.at, value] : [];
  const extra = REQUIRED[c.command.join(' ')] ?? [];
  return [...c.command, ...words, ...flag, ...extra, ...(c.dryRun ? ['--dry-run', '--yes'] : []), '--debug'];
}

describe('references by kind, for every command that takes one', () => {
  it(`covers each page and member argument and flag of the manifest (${cases.length})`, async () => {
    expect(cases.filter((c) => c.kind === 'page').length).toBeGreaterThanOrEqual(3);
    expect(cases.filter((c) => c.kind === 'member').length).toBeGreaterThanOrEqual(8);
    const known = await ids();
    const wrong: string[] = [];
    for (const c of cases) {
      const args = manifest.groups.find((g) => g.name === c.command[0])!.commands.find((x) => x.name === c.command[1])!.args;
      const r = await api.cli(line(c, args, known, REF[c.kind]));
      const sent = (r.stderr + '\n' + r.stdout).split('\n').filter((l) => /^(debug: > )?(GET|POST|PUT|PATCH|DELETE) /.test(l));
      const last = sent.at(-1) ?? '';
      const id = known[c.kind];
      if (r.code !== 0 || !last.includes(id) || last.includes(encodeURIComponent(REF[c.kind])) || last.includes(REF[c.kind])) {
        wrong.push(`${c.command.join(' ')} ${c.at}: exit ${r.code}, last request "${last}" ${r.stderr.split('\n').find((l) => l.startsWith('error')) ?? ''}`);
      }
      const missing = await api.cli(line(c, args, known, MISSING[c.kind]));
      if (missing.code !== 3 || !missing.stderr.includes(MISSING[c.kind])) wrong.push(`${c.command.join(' ')} ${c.at} (unknown): exit ${missing.code}, ${missing.stderr.trim()}`);
    }
    expect(wrong).toEqual([]);
  });
});
