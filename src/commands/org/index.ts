// docplat org: the organization's configuration as a file. `pull` writes it
// from what exists, `plan` shows what `apply` would change, `apply` makes the
// organization match it, `schema` prints its JSON Schema for editors.
import { DocplatError, EXIT, UsageError } from '../../errors.js';
import { ALLOW_MASS_DELETE } from '../deletes.js';
import { defineCommand } from '../define.js';
import { KINDS, type FileKey, type KindName } from './file.js';
import { closest } from '../../output/format.js';
import type { Context } from '../../context.js';

const FILE_FLAG = {
  flags: '-f, --file <path>',
  description: 'the organization file (default docplat.yaml; - reads stdin)',
  nonBlank: true,
  path: { kind: 'names', use: 'org', layout: 'org-file' },
} as const;
const CONCURRENCY = { flags: '--concurrency <n>', description: 'requests in flight at once, 1 to 64 (default 8)' } as const;
const PRUNE = { flags: '--prune', description: 'delete what a managed kind has and the file neither names nor ignores (else shown as unmanaged), and what the platform deletes with it' } as const;

/** These commands print text or JSON: a table, TSV or CSV asked for by name is refused, not ignored. */
function textOrJson(ctx: Context, command: string): void {
  const format = ctx.globals.output;
  if (format !== undefined && !/^(jsonl?|yaml)$/.test(format)) throw new UsageError(`--output ${format}: \`org ${command}\` prints text, or JSON with --json`);
}

/** `--only collections,teams`: the kinds to pull, each checked. */
function onlyKinds(value: string | undefined): Set<FileKey> {
  const names = Object.keys(KINDS) as KindName[];
  if (value === undefined) return new Set(Object.values(KINDS));
  const kinds = new Set<FileKey>();
  for (const word of value.split(',').map((w) => w.trim())) {
    if (!(names as string[]).includes(word)) {
      const near = closest(word, names);
      throw new UsageError(`--only: unknown kind "${word}"${near ? ` (did you mean "${near}"?)` : ''}; kinds: ${names.join(', ')}`);
    }
    kinds.add(KINDS[word as KindName]);
  }
  return kinds;
}

export const COMMANDS = [
  defineCommand({
    name: 'pull',
    summary: "Write the organization's configuration as a file (YAML)",
    help: 'Deterministic: the same organization gives the same bytes. No secret is written (no token, no share link; credentials in a URL become ***, with a warning). Everything --prune could delete is in it: an OpenAPI specification published from a file is written beside --file (openapi/<slug>.yaml; to stdout the file ignores it, with a warning), a space\'s visibility read-only (the API cannot set it). `docplat org plan` of what was pulled says "no changes". --portable keys every resource by title, slug, name or e-mail, never by id, so the file plans and applies in another organization (the plan names what cannot move: a space\'s content, people to invite). After a transfer (`spaces transfer`, `collections transfer`) the space has left the sites of the organization it left (their site spaces are removed), so it is pulled as a plain space of its new organization.',
    examples: ['pull --only teams,members', 'pull --file docplat.yaml', 'pull --portable --file acme.yaml'],
    flags: {
      only: { flags: '--only <kinds>', description: `the kinds to write, comma-separated: ${Object.keys(KINDS).join(', ')} (default all)`, nonBlank: true },
      file: { flags: '-f, --file <path>', description: 'write the file here, atomically (default: stdout)', nonBlank: true },
      force: { flags: '--force', description: 'with --file, replace the files that exist (the file and the documents beside it)' },
      portable: { flags: '--portable', description: 'key every resource by title, slug, name or e-mail, never by id: the file plans and applies in another organization' },
      concurrency: CONCURRENCY,
    },
    async run(ctx, { opts }) {
      textOrJson(ctx, 'pull');
      const { pull } = await import('./pull.js');
      await pull(ctx, { kinds: onlyKinds(opts.only), file: opts.file, force: !!opts.force, portable: !!opts.portable, concurrency: opts.concurrency });
    },
  }),
  defineCommand({
    name: 'plan',
    summary: 'Show what `org apply` would change to make the organization match the file',
    help: 'One line per change, grouped by kind: + create, ~ update (field: old → new), → move, - delete (with --prune), each delete with what the platform deletes with it (a collection\'s spaces, a site\'s sections), deletes after every other change. Within the kinds the file lists, what the organization has and the file neither names nor ignores (`ignore:`, per kind, by key or glob pattern) is drift: `? unmanaged team "Shadow IT"`. What apply cannot do through the API is named with how to do it (`! members "a@b.c": … docplat members invite …`). Exit 6 with --exit-code when there are changes, such things, or unmanaged resources (a nightly drift check). A site space whose space the organization\'s list lacks (in the trash, or in another organization) is kept as the site has it: plan never refuses a file pull wrote.',
    examples: ['plan -f docplat.yaml --exit-code', 'plan --out plan.json', 'plan --json'],
    flags: {
      file: FILE_FLAG,
      out: { flags: '--out <plan>', description: 'save the plan, with the live values it was computed from, for `org apply <plan>`', nonBlank: true },
      exitCode: { flags: '--exit-code', description: 'exit 6 when there are changes, 0 when none' },
      prune: PRUNE,
      concurrency: CONCURRENCY,
    },
    async run(ctx, { opts }) {
      textOrJson(ctx, 'plan');
      ctx.api.bulk.concurrency(opts.concurrency);
      const [{ loadFile, planFor, savePlan, DEFAULT_FILE }, { printPlan, differences }] = await Promise.all([import('./run.js'), import('./render.js')]);
      const { parsed, files } = await loadFile(ctx, opts.file ?? DEFAULT_FILE);
      const plan = await planFor(ctx, parsed, files, { prune: !!opts.prune, concurrency: opts.concurrency });
      await printPlan(ctx, plan);
      if (opts.out) await savePlan(ctx, opts.out, parsed, files, plan, !!opts.prune);
      const differ = differences(plan);
      if (opts.exitCode && differ) throw new DocplatError(`the organization differs from the file: ${differ}`, EXIT.changes, { kind: 'changes' });
    },
  }),
  defineCommand({
    name: 'apply',
    summary: 'Make the organization match the file (or apply a saved plan)',
    help: 'Shows the plan and asks on a terminal; without one, pass --yes. Changes run in dependency order, independent ones concurrently, deletes last; one result per change. Exit 5 when some failed (the rest are applied: apply again to converge). A saved plan is refused (exit 1) when the organization changed since it was made. Deleting more than half of a kind (or all of it), cascades counted, needs --allow-mass-delete (exit 2 without it). A space the file keeps is moved out of a collection --prune deletes; one the file places in such a collection is refused (exit 2).',
    examples: ['apply -f docplat.yaml --yes', 'apply plan.json --yes', 'apply --prune --dry-run'],
    args: [{ name: 'plan', optional: true, description: 'a plan saved by `org plan --out`', path: { kind: 'typed', use: 'plan' } }],
    flags: {
      file: FILE_FLAG,
      prune: PRUNE,
      allowMassDelete: ALLOW_MASS_DELETE,
      dryRun: { flags: '--dry-run', description: 'print the plan (stderr) and the requests (stdout) instead of sending them' },
      concurrency: CONCURRENCY,
    },
    async run(ctx, { args, opts }) {
      textOrJson(ctx, 'apply');
      const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
      if (args[0] !== undefined && opts.file !== undefined) throw new UsageError('give a saved plan or --file, not both');
      const [run, { planText, wantsJson }, { applyPlan, dryRunPlan }, { deletePlanOf }, { gateDeletes }] = await Promise.all([
        import('./run.js'), import('./render.js'), import('./apply.js'), import('./plan-cascades.js'), import('../deletes.js'),
      ]);
      let plan;
      if (args[0] !== undefined) {
        const saved = run.savedPlan(await ctx.readUserFile('plan', args[0], { use: 'plan' }));
        if (!saved) throw new UsageError(`${args[0]} is not a plan saved by \`docplat org plan --out\` (for an organization file, use --file)`);
        if (opts.prune) throw new UsageError('--prune is decided when the plan is made: `docplat org plan --prune --out …`');
        plan = await run.replan(ctx, saved, opts.concurrency);
      } else {
        const { parsed, files } = await run.loadFile(ctx, opts.file ?? run.DEFAULT_FILE);
        plan = await run.planFor(ctx, parsed, files, { prune: !!opts.prune, concurrency: opts.concurrency });
      }
      if (!plan.changes.length) {
        // What is unmanaged is shown (apply leaves it be without --prune), then that there is nothing to apply.
        const text = planText(plan).replace(/\n$/, '').split('\n');
        if ((plan.unmanaged.length || plan.manual.length) && !wantsJson(ctx)) ctx.terminal.line(text.slice(0, -1));
        ctx.output.note(text.at(-1)!);
        if (wantsJson(ctx)) await ctx.output.list((async function* () { yield { items: [] }; })(), []);
        return;
      }
      // The plan is shown to the person asked, and with a dry run (on stderr: stdout holds the results, or the requests).
      const text = planText(plan).replace(/\n$/, '');
      if (text && (ctx.willPrompt || opts.dryRun || !wantsJson(ctx))) ctx.terminal.line(text.split('\n'));
      if (opts.dryRun) return dryRunPlan(ctx, plan);
      // The delete gate asks the one question: a mass delete needs --allow-mass-delete, deletes are named with what goes with them.
      const question = `Apply ${plan.changes.length} change${plan.changes.length === 1 ? '' : 's'} to organization ${await ctx.org()}`;
      const permit = await gateDeletes(ctx, deletePlanOf(plan), { allowMassDelete: !!opts.allowMassDelete, question, shown: true });
      await applyPlan(ctx, plan, concurrency, permit);
      if (plan.manual.length) ctx.output.note(`${plan.manual.length} not applied through the API, as the plan said (\`!\` lines): each names how to do it`);
    },
  }),
  defineCommand({
    name: 'schema',
    summary: 'Print the JSON Schema of the organization file, for editors',
    help: 'Save it beside the file and point the YAML language server at it: `# yaml-language-server: $schema=./docplat.schema.json`.',
    examples: ['schema > docplat.schema.json'],
    async run(ctx) {
      textOrJson(ctx, 'schema');
      const [{ jsonSchema }, { wantsJson }] = await Promise.all([import('./schema.js'), import('./render.js')]);
      if (wantsJson(ctx)) await ctx.output.item(jsonSchema(), []);
      else await ctx.output.text(JSON.stringify(jsonSchema(), null, 2));
    },
  }),
];
