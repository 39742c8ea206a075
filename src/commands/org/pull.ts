// `org pull`: reads what the kinds need, and writes the file (pull-file.ts)
// to stdout or to --file, with the OpenAPI documents it names beside it
// (files.ts); to stdout, where there is no beside, the file ignores them
// (`ignore:`), said in a warning. What pull writes, plan reads as "no
// changes".
import { cjsExports } from '../../cjs.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FileKey, OrgFile } from './file.js';
import { writeOrgFile } from './files.js';
import { kindsToRead, readLive } from './live.js';
import { fileOf } from './pull-file.js';
import { wantsJson } from './render.js';

export interface PullOptions {
  kinds: Set<FileKey>;
  /** --file: where the file goes (undefined or '-': stdout). */
  file?: string;
  force: boolean;
  /** Keys, never ids (--portable). */
  portable: boolean;
  concurrency?: string;
}

/** `org pull`: reads what the kinds need, and writes the file (and the documents beside it). */
export async function pull(ctx: Context, opts: PullOptions): Promise<void> {
  const toStdout = opts.file === undefined || opts.file === '-';
  if (opts.force && toStdout) throw new UsageError('--force only applies with --file');
  const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
  const { kinds } = opts;
  const org = await ctx.org();
  const live = await readLive(ctx, org, kindsToRead([...kinds]), {
    concurrency,
    rosters: kinds.has('teams'),
    spaceValues: kinds.has('spaces') ? 'all' : undefined,
    openapiTexts: kinds.has('openapi') && !toStdout,
  });
  const { file, beside } = fileOf(live, kinds, { beside: !toStdout, portable: opts.portable, warn: (m) => ctx.warn(m) });
  // JSON is YAML too: --json prints the same file as JSON (to stdout, or to --file).
  // --output yaml (where the formatter has it) is the file as pull writes it.
  const json = wantsJson(ctx) && String(ctx.output.opts.format) !== 'yaml';
  if (json && toStdout) return ctx.output.item(file, []);
  const text = json ? `${JSON.stringify(file, null, 2)}\n` : await toYaml(file);
  if (toStdout) return ctx.output.text(text);
  const { unchanged } = await writeOrgFile(opts.file!, text, beside, opts.force);
  const docs = beside.map((b) => b.path);
  const said = (f: string) => (unchanged.includes(f) ? `${f} (unchanged)` : f);
  ctx.output.note(`wrote ${said(opts.file!)}${docs.length ? ` and ${docs.map(said).join(', ')} beside it` : ''}`);
}

/** The file as YAML text, with the schema comment editors read. */
export async function toYaml(file: OrgFile): Promise<string> {
  const { stringify } = cjsExports(await import('yaml'));
  const header = '# docplat organization file: `docplat org plan` shows what `docplat org apply` would change.\n# JSON Schema: `docplat org schema > docplat.schema.json`\n# yaml-language-server: $schema=./docplat.schema.json\n';
  return header + stringify(file, { lineWidth: 0 });
}
