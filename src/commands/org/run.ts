// What the org commands share: reading the file (and the files it names),
// the live state it needs, the plan; saving a plan with what it was computed
// from, and refusing a saved plan once the organization has changed since.
import { dirname, resolve } from 'node:path';
import type { Context } from '../../context.js';
import { DocplatError, UsageError } from '../../errors.js';
import { Confined, ReadRefused, utf8Text, type ReadUse } from '../../files/read.js';
import { documentCheck } from '../openapi/validate.js';
import { pemCertificate } from '../sso/certificate.js';
import { managed, type OrgFile } from './file.js';
import { kindsToRead, readLive } from './live.js';
import { fileErrors, ListedErrors, parseFile, type FileProblem, type Parsed } from './parse.js';
import { makePlan, type Plan } from './plan.js';
import { planJson } from './render.js';

export const DEFAULT_FILE = 'docplat.yaml';
const PLAN_KIND = 'docplat-org-plan';

/** The file, checked (exit 2 with every error), and the certificate and OpenAPI files it names, read. */
export async function loadFile(ctx: Context, path: string): Promise<{ parsed: Parsed; files: Map<string, string> }> {
  return listed(ctx, () => load(ctx, path));
}

/** Writes the lines of several errors on stderr (the JSON error holds them too), then throws. */
async function listed<T>(ctx: Context, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ListedErrors && err.lines.length > 1 && !ctx.jsonErrors) ctx.terminal.line(err.lines);
    throw err;
  }
}

async function load(ctx: Context, path: string): Promise<{ parsed: Parsed; files: Map<string, string> }> {
  const text = await ctx.readUserFile('--file', path, { use: 'org' });
  const parsed = await parseFile(text, path === '-' ? 'stdin' : path);
  const files = new Map<string, string>();
  const problems: FileProblem[] = [];
  // The files it names are read from its folder (the current one for stdin), never from outside it.
  const within = await Confined.open(path === '-' ? process.cwd() : dirname(resolve(path)), path === '-' ? 'the current folder' : `the folder of ${path}`);
  const read = async (name: string, at: FileProblem['path'], use: ReadUse): Promise<string | undefined> => {
    try {
      const text = utf8Text(await within.read(name, use));
      if (text === undefined) problems.push({ path: at, message: `"${name}" is not UTF-8 text (a binary file?)` });
      return text;
    } catch (err) {
      if (!(err instanceof ReadRefused)) throw err;
      problems.push({ path: at, message: err.words() });
      return undefined;
    }
  };
  const reads: Promise<void>[] = [];
  parsed.file.sso?.forEach((s, i) => {
    if (s.certificate === undefined) return;
    const at = ['sso', i, 'certificate'];
    const inline = /^-----BEGIN /.test(s.certificate.trim());
    reads.push(
      (async () => {
        const text = inline ? s.certificate! : await read(s.certificate!, at, 'certificate');
        if (text === undefined) return;
        // A file is checked as `sso create --certificate-file` checks it (one certificate, never a private key); an inline
        // value, as `org pull` writes the platform's, is refused only when it holds a private key.
        const cert = pemCertificate(text);
        if (cert.problem !== undefined && (!inline || cert.key)) problems.push({ path: at, message: inline ? `the certificate ${cert.problem}` : `"${s.certificate}" ${cert.problem}` });
        else if (!inline) files.set(s.certificate!, text);
      })(),
    );
  });
  parsed.file.openapi?.forEach((o, i) => {
    if (o.file === undefined) return;
    const at = ['openapi', i, 'file'];
    reads.push(
      (async () => {
        const text = await read(o.file!, at, 'openapi');
        if (text === undefined) return;
        // Checked as `openapi publish --file` checks it, before anything is sent.
        const check = await documentCheck(o.file!, text);
        if (check.ok) files.set(o.file!, text);
        else for (const line of check.lines) problems.push({ path: at, message: line });
      })(),
    );
  });
  await Promise.all(reads);
  if (problems.length) throw fileErrors(parsed, problems);
  return { parsed, files };
}

/** Reads what the file's kinds need and plans. */
export async function planFor(ctx: Context, parsed: Pick<Parsed, 'file' | 'name' | 'where'>, files: Map<string, string>, opts: { prune: boolean; concurrency?: string }): Promise<Plan> {
  const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
  const org = await ctx.org();
  const kinds = managed(parsed.file);
  // The values of the spaces the file sets values of (all of them when one is named by title).
  const valued = (parsed.file.spaces ?? []).filter((s) => s.customFields);
  const spaceValues = valued.some((s) => s.id === undefined) ? 'all' : new Set(valued.map((s) => s.id!));
  const read = kindsToRead(kinds);
  // With --prune, what a delete takes with it is known: a collection's spaces, a field's values, a member's teams.
  const values = opts.prune && kinds.includes('customFields');
  const rosters = kinds.includes('teams') || (opts.prune && kinds.includes('members'));
  if ((opts.prune && read.has('collections')) || values) read.add('spaces');
  if (rosters) read.add('teams');
  const live = await readLive(ctx, org, read, {
    concurrency,
    rosters,
    spaceValues: values || spaceValues === 'all' ? 'all' : spaceValues.size ? spaceValues : undefined,
    openapiTexts: !!parsed.file.openapi?.some((o) => o.file !== undefined),
  });
  return listed(ctx, async () => makePlan(parsed, live, { prune: opts.prune, files }));
}

/** A saved plan: the file and files it was made from, and the changes as computed then. */
interface Saved {
  kind: typeof PLAN_KIND;
  version: 1;
  org: string;
  prune: boolean;
  name: string;
  file: OrgFile;
  files: Record<string, string>;
  plan: ReturnType<typeof planJson>;
}

export async function savePlan(ctx: Context, out: string, parsed: Parsed, files: Map<string, string>, plan: Plan, prune: boolean): Promise<void> {
  const saved: Saved = { kind: PLAN_KIND, version: 1, org: await ctx.org(), prune, name: parsed.name, file: parsed.file, files: Object.fromEntries(files), plan: planJson(plan) };
  const { writePlan } = await import('./files.js');
  // A plan saved before is replaced; any other file is kept.
  await writePlan(out, JSON.stringify(saved, null, 2) + '\n', async () => !!savedPlan(await ctx.readUserFile('--out', out, { stdin: false, use: 'plan' }).catch(() => '')));
  ctx.output.note(`plan saved to ${out}: apply it with \`docplat org apply ${out}\``);
}

/** Whether a file given to apply is a saved plan (JSON of the plan kind), and the plan in it. */
export function savedPlan(text: string): Saved | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const data = JSON.parse(text) as Saved;
    return data && data.kind === PLAN_KIND ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The plan of a saved plan, computed again from today's organization: the
 * same changes, or exit 1 naming the first resource and field that changed.
 */
export async function replan(ctx: Context, saved: Saved, concurrency: string | undefined): Promise<Plan> {
  if (saved.version !== 1 || !saved.file || typeof saved.file !== 'object') throw new UsageError('the saved plan is not one this version of docplat reads: plan again');
  const org = await ctx.org();
  if (saved.org !== org) throw new DocplatError(`the plan was made for organization ${saved.org}, not ${org}: plan again`);
  const parsed = { file: saved.file, name: saved.name, where: () => '-' };
  const plan = await planFor(ctx, parsed, new Map(Object.entries(saved.files ?? {})), { prune: saved.prune, concurrency });
  const now = planJson(plan).changes;
  const then = saved.plan.changes;
  const key = (c: (typeof now)[number]) => `${c.action} ${c.kind} ${c.key}`;
  for (const c of then) {
    const current = now.find((n) => key(n) === key(c));
    if (!current) throw drift(`${c.kind} ${c.key}: the planned ${c.action} is no longer needed or possible (the organization changed since the plan)`);
    for (const [field, { from }] of Object.entries(c.fields)) {
      const cur = current.fields[field];
      if (!cur || JSON.stringify(cur.from) !== JSON.stringify(from)) throw drift(`${c.kind} ${c.key}: ${field} was ${JSON.stringify(from)} when planned, it is ${cur ? JSON.stringify(cur.from) : 'now as the file wants'}`);
    }
    if (Object.keys(current.fields).length !== Object.keys(c.fields).length) throw drift(`${c.kind} ${c.key}: other fields changed since the plan`);
    // What the platform deletes with it is what the plan showed, or the saved plan is not applied.
    const gone = (x: { cascades?: unknown[] }) => JSON.stringify((x.cascades ?? []).map((g) => JSON.stringify(g)).sort());
    if (c.action === 'delete' && gone(current) !== gone(c)) throw drift(`${c.kind} ${c.key}: what its delete takes with it changed since the plan`);
  }
  const extra = now.find((n) => !then.some((c) => key(c) === key(n)));
  if (extra) throw drift(`${extra.kind} ${extra.key}: changed since the plan (now needs ${extra.action}${Object.keys(extra.fields).length ? ` of ${Object.keys(extra.fields).join(', ')}` : ''})`);
  return plan;
}

const drift = (what: string) => new DocplatError(`the organization changed since the plan was made: ${what}; plan again`);
