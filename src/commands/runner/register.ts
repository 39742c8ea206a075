// Registers a declaration (define.ts) with commander: its arguments, flags
// (bounds from the operation table in their help), the flags the runner adds
// (paging, --concurrency, --web, --dry-run, move flags), and the action that
// hands what was typed to the road (pipeline.ts).
import { Option, type Command } from 'commander';
import type { App } from '../../app.js';
import { inheritedFlags } from '../../helpfile.js';
import { argsUsage, AskedArgument } from '../help/usage.js';
import { withBounds } from '../help/bounds.js';
import { wrapHelp } from '../help/wrap.js';
import { OPERATIONS } from '../../api/operations/index.js';
import type { Operation } from '../../api/operation.js';
import { readsAppResource } from '../../api/app-urls.js';
import { MAX_LIMIT } from '../../api/limits.js';
import { UsageError } from '../../errors.js';
import type { CommandDef } from '../define.js';
import { DEFAULT_LIMIT } from '../listing.js';
import { flagSpec } from '../missing.js';
import type { Opts } from './invocation.js';
import { execute } from './pipeline.js';

export function registerCommands(group: Command, app: App, defs: CommandDef[]): void {
  for (const def of defs) registerCommand(group, app, def);
}

function registerCommand(group: Command, app: App, def: CommandDef): void {
  const op = def.operation ? OPERATIONS[def.operation] : undefined;
  const cmd = group.command(def.name).description(def.summary);
  for (const alias of def.aliases ?? []) cmd.alias(alias);
  const args = def.args ?? [];
  args.forEach((a, i) => {
    const many = !!def.bulk && i === args.length - 1;
    // A variadic argument that fills a body list needs one value at least (`request-review ... <member...>`): asked for as a required one.
    const needsOne = !!a.variadic && !!a.body && !a.optional;
    if (a.variadic && !needsOne) cmd.argument(`[${a.name}...]`, a.description ?? '');
    else if (a.optional) cmd.argument(`[${a.name}]`, a.description ?? '');
    // A required argument that is missing is the runner's to ask for (bind), or to refuse: commander takes it as optional.
    else cmd.addArgument(new AskedArgument(many || needsOne ? `${a.name}...` : a.name, a.description ?? (many ? `${def.bulk!.what} ids, or - to read them from stdin` : '')));
  });
  const required = Object.values(def.flags ?? {}).filter((f) => f.required).map((f) => f.flags.replace('...>', '>'));
  // Required flags are in the usage line: `docplat spaces create --title <title> [flags]`.
  cmd.usage([...argsUsage(cmd), ...required, '[flags]'].join(' '));
  for (const [key, f] of Object.entries(def.flags ?? {})) {
    const repeated = /\.\.\.>/.test(f.flags);
    // The field's bounds come from the operation table (help/bounds.ts), never from the description.
    const description = withBounds(f.description, flagSpec(def, key));
    const option = new Option(f.flags.replace('...>', '>'), f.required ? `(required) ${description}` : description);
    if (option.attributeName() !== key) throw new Error(`${group.name()} ${def.name}: flag ${f.flags} must be declared as "${option.attributeName()}"`);
    if (repeated) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    if (f.hidden) option.hideHelp();
    cmd.addOption(option);
    if (f.negatable) {
      const name = option.long!.slice(2);
      cmd.addOption(new Option(`--no-${name}`, f.negatable));
      // Commander lets the last of --x and --no-x win; both given is a contradiction.
      const given = new Set<string>();
      for (const form of [name, `no-${name}`]) cmd.on(`option:${form}`, () => given.add(form));
      cmd.hook('preAction', () => {
        if (given.size === 2) throw new UsageError(`--${name} and --no-${name} cannot be used together`);
      });
    }
  }
  if (def.move) {
    const [kind, ...others] = def.move;
    const prefixes = others.length ? ` (prefix ${others.map((o) => `${o}:`).join(' or ')} for ${others.length > 1 ? 'another kind' : `a ${others[0]}`})` : '';
    if (op?.body && 'parent' in op.body) {
      cmd.option('--parent <collectionId>', 'move into this collection').option('--root', 'move to the top level of the organization');
    }
    cmd.option('--before <id>', `place before this ${kind}${prefixes}`).option('--after <id>', `place after this ${kind}${prefixes}`);
  }
  // A list the API answers in one piece (no cursor) has no paging flags.
  if (def.output !== 'none' && def.output && 'list' in def.output && op?.paginated !== false) {
    cmd
      .option('--limit <n>', `most items to return (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT} per request)`)
      .option('--all', 'follow the cursor to the last page')
      .option('--cursor <page>', 'start from this cursor (a next.page value)');
  }
  // The runner's own bulk runs honour it; a `run` handler declares what it takes.
  if (def.bulk && !def.run) cmd.option('--concurrency <n>', 'requests in flight at once (default 8)');
  if (op && opensInBrowser(def, op)) cmd.option('--web', 'open it in the browser instead (prints the URL under CI or when no browser can be opened)');
  if (op) cmd.option('--dry-run', `print the request${def.bulk ? 's' : ''} that would be sent, and send none`);
  for (const option of cmd.options) if (option.required && !/\.\.\.>/.test(def.flags?.[option.attributeName()]?.flags ?? '')) onceOnly(cmd, option.long!);
  // Made when the help is shown, not for every command a run registers.
  // Paragraphs wrapped at the 80 columns the help is rendered at, whatever the source's line breaks (help/wrap.ts).
  if (def.help) cmd.addHelpText('after', () => `\n${wrapHelp(def.help!)}`);
  cmd.addHelpText('after', () => inheritedFlags(group.parent ?? group));

  if (def.examples?.length) {
    // On the program itself (a one-command group such as `api`), the examples follow the command's name.
    const prefix = group.parent ? group.name() : def.name;
    cmd.addHelpText('after', () => `\nExamples:\n${def.examples!.map((e) => `  $ docplat ${prefix} ${e}`).join('\n')}`);
  }
  cmd.action(
    app.handler((ctx, processed, opts, command) => {
      // Only what was typed counts as given: commander defaults a lone --no-x flag to true.
      const typed: Opts = {};
      for (const [key, value] of Object.entries(opts)) if (command.getOptionValueSource(key) !== 'default') typed[key] = value;
      return execute(ctx, def, processed as (string | string[] | undefined)[], typed);
    }),
  );
}

/** A flag that takes one value, given twice, is refused: commander would keep the last one silently. */
function onceOnly(cmd: Command, long: string): void {
  let times = 0;
  cmd.on(`option:${long.slice(2)}`, () => times++);
  cmd.hook('preAction', () => {
    if (times > 1) throw new UsageError(`${long} was given ${times} times: it takes one value`);
  });
}

/** A `get` of a resource the app shows (its object has `urls.app`) has `--web`: derived from the resource, not declared. */
function opensInBrowser(def: CommandDef, op: Operation): boolean {
  const one = def.run ? def.output === undefined || (typeof def.output === 'object' && 'item' in def.output) : typeof def.output === 'object' && 'item' in def.output;
  return op.method === 'GET' && one && readsAppResource(op.path);
}
