// The one runner of declared commands (define.ts): it registers a declaration
// with commander, then turns parsed flags into a checked request of the
// operation table, asks for confirmation, prints a dry run, sends it (once,
// or once per id for bulk verbs) and hands the answer to the formatter.
import { readFile } from 'node:fs/promises';
import { Option, type Command } from 'commander';
import type { App } from '../app.js';
import { OPERATIONS } from '../api/operations/index.js';
import type { Operation } from '../api/operation.js';
import { position, type PositionKind } from '../api/positions.js';
import { buildRequest, InputError, type BuiltRequest, type RequestInput } from '../api/request.js';
import type { Context } from '../context.js';
import { Interrupted, UsageError } from '../errors.js';
import type { Column } from '../output/format.js';
import { parseInteger } from '../validate.js';
import { dryRun, readIds, runBulk } from './bulk.js';
import type { Arg, CommandDef, Flag, Input } from './define.js';

export const DEFAULT_LIMIT = 100;

type Opts = Record<string, unknown>;

// ---- registration ----------------------------------------------------------------------

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
    cmd.argument(many ? `<${a.name}...>` : `<${a.name}>`, a.description ?? (many ? `${def.bulk!.what} ids, or - to read them from stdin` : ''));
  });
  for (const [key, f] of Object.entries(def.flags ?? {})) {
    const repeated = /\.\.\.>/.test(f.flags);
    const option = new Option(f.flags.replace('...>', '>'), f.description);
    if (option.attributeName() !== key) throw new Error(`${group.name()} ${def.name}: flag ${f.flags} must be declared as "${option.attributeName()}"`);
    if (repeated) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    if (f.hidden) option.hideHelp();
    cmd.addOption(option);
    if (f.negatable) cmd.addOption(new Option(`--no-${option.long!.slice(2)}`, f.negatable));
  }
  if (def.move) {
    const [kind, ...others] = def.move;
    const prefixes = others.length ? ` (prefix ${others.map((o) => `${o}:`).join(' or ')} for ${others.length > 1 ? 'another kind' : `a ${others[0]}`})` : '';
    if (op?.body && 'parent' in op.body) {
      cmd.option('--parent <collectionId>', 'move into this collection').option('--root', 'move to the top level of the organization');
    }
    cmd.option('--before <id>', `place before this ${kind}${prefixes}`).option('--after <id>', `place after this ${kind}${prefixes}`);
  }
  if (def.output !== 'none' && def.output && 'list' in def.output) {
    cmd
      .option('--limit <n>', `most items to return (default ${DEFAULT_LIMIT}, at most 1000 per request)`)
      .option('--all', 'follow the cursor to the last page')
      .option('--cursor <page>', 'start from this cursor (a next.page value)');
  }
  if (def.bulk) cmd.option('--concurrency <n>', 'requests in flight at once (default 8)');
  if (op) cmd.option('--dry-run', `print the request${def.bulk ? 's' : ''} that would be sent, and send none`);
  if (def.help) cmd.addHelpText('after', `\n${def.help}`);
  if (def.examples?.length) {
    cmd.addHelpText('after', `\nExamples:\n${def.examples.map((e) => `  $ docplat ${group.name()} ${e}`).join('\n')}`);
  }
  cmd.action(
    app.handler((ctx, processed, opts, command) => {
      // Only what was typed counts as given: commander defaults a lone --no-x flag to true.
      const typed: Opts = {};
      for (const [key, value] of Object.entries(opts)) if (command.getOptionValueSource(key) !== 'default') typed[key] = value;
      return execute(ctx, def, processed as (string | string[])[], typed);
    }),
  );
}

// ---- execution ---------------------------------------------------------------------------

/** Where each input came from, to name the flag or argument in a message: its name, and how an id of it reads. */
type Sources = Map<string, { name: string; id: string }>;

/** Runs a declaration with commander's parsed arguments and the typed flags (a `run` may call it with a declaration it derives). */
export async function execute(ctx: Context, def: CommandDef, processed: (string | string[])[], opts: Opts): Promise<void> {
  const flags = def.flags ?? {};
  const argDefs = def.args ?? [];
  const rest = def.bulk ? ((processed[argDefs.length - 1] as string[] | undefined) ?? []) : [];
  const args = processed.slice(0, def.bulk ? argDefs.length - 1 : argDefs.length) as string[];

  const given = Object.entries(flags).filter(([key]) => opts[key] !== undefined);
  for (const [key, f] of Object.entries(flags)) {
    if (f.required && opts[key] === undefined) throw new UsageError(`${longName(f)} is required`);
  }
  const selecting = given.filter(([, f]) => f.selects);
  if (selecting.length > 1) throw new UsageError(`${longName(selecting[0][1])} and ${longName(selecting[1][1])} cannot be used together`);

  if (def.run) {
    await def.run(ctx, { args, rest, opts } as Input<Record<string, Flag>>);
    return;
  }
  const selected = selecting[0]?.[1].selects;
  const op: Operation = OPERATIONS[selected?.operation ?? def.operation!];
  const output = selected?.list ? { list: selected.list } : (def.output ?? 'none');
  const isList = output !== 'none' && 'list' in output;
  const limit = isList ? listLimit(opts) : undefined;

  const sources: Sources = new Map();
  const input: Required<Pick<RequestInput, 'params' | 'query'>> & { body: Record<string, unknown> } = { params: {}, query: { ...def.query }, body: { ...def.body } };
  const claimed = new Map<string, Flag>();
  const claim = (where: string, name: string, label: string, idOf?: string, f?: Flag) => {
    const key = `${where}:${name}`;
    const other = claimed.get(key);
    if (other && f) throw new UsageError(`${longName(other)} and ${longName(f)} cannot be used together`);
    if (f) claimed.set(key, f);
    sources.set(key, { name: label, id: idName(label, idOf) });
  };

  argDefs.forEach((a, i) => {
    if (def.bulk && i === argDefs.length - 1) return;
    const value = args[i];
    if (a.nonBlank && !value.trim()) throw new UsageError(`${a.name} is empty`);
    if (a.query) {
      claim('query', a.query, a.name);
      input.query[a.query] = value;
    } else {
      const param = paramOf(a, op);
      claim('param', param, idLabel(a.name), '');
      input.params[param] = value;
    }
  });

  // Two flags for one body field (`--body` and `--body-file`): refused before a file is read.
  for (const [i, [, f]] of given.entries()) {
    const twin = given.slice(i + 1).find(([, g]) => f.body && g.body === f.body);
    if (twin) throw new UsageError(`${longName(f)} and ${longName(twin[1])} cannot be used together`);
  }
  for (const [key, f] of given) {
    const value = flagValue(f, f.file ? await readFileFlag(ctx, f, opts[key] as string) : opts[key]);
    if (f.param) {
      claim('param', f.param, longName(f), f.idOf ?? nounOf(f.param), f);
      input.params[f.param] = value as string;
    } else if (f.query) {
      claim('query', f.query, longName(f), f.idOf, f);
      input.query[f.query] = value as never;
    } else if (f.body) {
      claim('body', f.body, longName(f), f.idOf, f);
      setPath(input.body, f.body, value);
    }
  }
  if (def.move) moveInto(input.body, def.move, opts, claim);
  // A required body field that flags fill (`--body` or `--body-file`): name them.
  for (const [field, spec] of Object.entries(op.body ?? {})) {
    const fillers = Object.values(flags).filter((f) => f.body === field || f.body?.startsWith(`${field}.`));
    if (spec.required && input.body[field] === undefined && fillers.length) throw new UsageError(`${fillers.map(longName).join(' or ')} is required`);
  }

  if (op.params.organizationId && input.params.organizationId === undefined) input.params.organizationId = await ctx.org();
  const hasBody = Object.keys(input.body).length > 0;
  if (op.bodyRequired && !hasBody) {
    if (def.move) throw new UsageError(`nothing to do: give ${op.body && 'parent' in op.body ? '--parent, --root, --before or --after' : '--before or --after'}`);
    const names = Object.values(flags).filter((f) => f.body).map(longName);
    throw new UsageError(`nothing to change: give at least one of ${names.join(', ')}`);
  }
  const base: RequestInput = { params: input.params, query: input.query, body: op.body ? input.body : undefined };

  if (def.bulk) {
    const idArg = argDefs[argDefs.length - 1];
    const param = paramOf(idArg, op);
    const label = idLabel(idArg.name);
    sources.set(`param:${param}`, { name: label, id: label });
    const ids = await readIds(ctx, rest, def.bulk.what);
    const requests = ids.map((id) => build(op, { ...base, params: { ...base.params, [param]: id } }, sources));
    const read = def.bulk.skipIf ? readOf(op) : undefined;
    const reads = read && ids.map((id) => build(read, { params: { ...base.params, [param]: id } }, sources));
    if (opts.dryRun) return dryRun(ctx, requests);
    const concurrency = parseInteger('--concurrency', opts.concurrency as string | undefined, 8, 1, 64);
    if (def.confirm) await ctx.confirm(`${def.confirm} ${ids.length === 1 ? `${def.bulk.what} ${ids[0]}` : `${ids.length} ${def.bulk.what}s`}?`);
    await runBulk(ctx, ids, requests, concurrency, def.bulk, reads);
    return;
  }

  const request = build(op, base, sources);
  if (opts.dryRun) return dryRun(ctx, [request]);
  for (const [key, f] of given) if (f.resolve && f.body) setPath(request.body!, f.body, await f.resolve(ctx, opts[key] as string, { params: input.params, operation: op }));
  if (def.confirm) await ctx.confirm(`${def.confirm} ${describeTarget(argDefs, args)}?`);
  if (isList) return list(ctx, request, (output as { list: Column[] }).list, { limit, cursor: opts.cursor as string | undefined });
  const client = await ctx.client();
  const { data } = await client.request(request.method, request.path, {
    query: request.query,
    body: request.body,
    idempotency: request.safe ? 'safe' : 'create',
    signal: ctx.signal,
  });
  if (output !== 'none') await ctx.output.item(data ?? {}, (output as { item: Column[] }).item);
}

/** The GET at an operation's path: what a bulk `skipIf` reads. */
function readOf(op: Operation): Operation {
  const read = Object.values(OPERATIONS as Record<string, Operation>).find((o) => o.method === 'GET' && o.path === op.path);
  if (!read) throw new Error(`${op.id}: no GET at ${op.path} to read before the change`);
  return read;
}

/**
 * For a command with `run`: the checked request, or a usage error naming the
 * flag or argument that broke a bound. `names` maps `param:spaceId`,
 * `query:format`, ... to how the input reads in a message (`id`: how an id of it reads).
 */
export function checkedRequest(op: Operation, input: RequestInput, names: Record<string, { name: string; id?: string }> = {}): BuiltRequest {
  const sources: Sources = new Map(Object.entries(names).map(([key, n]) => [key, { name: n.name, id: n.id ?? idName(n.name) }]));
  return build(op, input, sources);
}

/** The request, or a usage error naming the flag or argument that broke the operation's bounds. */
function build(op: Operation, input: RequestInput, sources: Sources): BuiltRequest {
  try {
    return buildRequest(op, input);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    const { field, violation } = err;
    const key = `${err.where}:${field}`;
    let source = sources.get(key);
    for (const [k, v] of sources) if (source === undefined && key.startsWith(`${k}.`)) source = v;
    source ??= { name: field, id: `${field} id` };
    const spec = err.where === 'param' ? op.params[field] : undefined;
    if (violation.rule.startsWith('an id') || (spec?.type === 'string' && spec.format === 'id')) {
      throw new UsageError(`invalid ${source.id} "${String(violation.value)}": ids have no spaces, slashes, ? or #`);
    }
    throw new UsageError(`${source.name} must be ${violation.rule}${describeValue(violation.value)}`);
  }
}

/** A flag's value as sent: its constant, null for its null word or its --no- form, or the value mapped. */
function flagValue(f: Flag, raw: unknown): unknown {
  if (typeof raw === 'string' && f.nonBlank && !raw.trim()) throw new UsageError(`${longName(f)} is empty`);
  if (f.nullWord !== undefined && raw === f.nullWord) return null;
  if (raw === false && /</.test(f.flags)) return null;
  if (typeof raw === 'boolean' && f.value !== undefined) return f.value;
  return f.map ? f.map(raw as never) : raw;
}

/** The text of the file a flag names; `-` reads stdin. */
async function readFileFlag(ctx: Context, f: Flag, path: string): Promise<string> {
  if (path === '-') {
    if (ctx.io.stdinTTY) throw new UsageError(`${longName(f)} - reads stdin, but stdin is a terminal: pipe the content in`);
    return ctx.readStdin();
  }
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${longName(f)}: cannot read "${path}": ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message}`);
  }
}

/** `{parent?, position?}` from --parent/--root/--before/--after. */
function moveInto(body: Record<string, unknown>, kinds: PositionKind[], opts: Opts, claim: (where: string, name: string, label: string, idOf?: string) => void): void {
  if (opts.parent && opts.root) throw new UsageError('--parent and --root cannot be used together');
  if (opts.before && opts.after) throw new UsageError('--before and --after cannot be used together');
  if (opts.parent !== undefined) {
    claim('body', 'parent', '--parent', 'collection');
    body.parent = opts.parent;
  }
  if (opts.root) body.parent = null;
  for (const side of ['before', 'after'] as const) {
    const raw = opts[side] as string | undefined;
    if (raw === undefined) continue;
    const m = /^([a-z-]+):(.+)$/.exec(raw);
    const kind = m && (kinds as string[]).includes(m[1]) ? (m[1] as PositionKind) : kinds[0];
    claim('body', 'position', `--${side}`, '');
    body.position = position(kind, side, m && kind === m[1] ? m[2] : raw);
  }
}

function listLimit(opts: Opts): number | undefined {
  if (opts.all && opts.limit !== undefined) throw new UsageError('--all and --limit cannot be used together');
  return opts.all ? undefined : parseInteger('--limit', opts.limit as string | undefined, DEFAULT_LIMIT, 1, Number.MAX_SAFE_INTEGER);
}

/** Lists through the formatter, honouring --limit, --all and --cursor. */
async function list(ctx: Context, request: BuiltRequest, columns: Column[], page: { limit?: number; cursor?: string }): Promise<void> {
  const client = await ctx.client();
  const pages = client.pages(request.path, { query: request.query, limit: page.limit, cursor: page.cursor, signal: ctx.signal });
  let received = 0;
  async function* counted() {
    for await (const p of pages) {
      received += p.items.length;
      yield p;
    }
  }
  try {
    await ctx.output.list(counted(), columns, { limit: page.limit });
  } catch (err) {
    if (ctx.signal.aborted) throw new Interrupted(`interrupted after ${received} items; the rest were not fetched`);
    throw err;
  }
}

// ---- names in messages ---------------------------------------------------------------------

const longName = (f: Flag): string => new Option(f.flags.replace('...>', '>')).long ?? f.flags;
const nounOf = (param: string): string => param.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`) + ' id';
/**
 * How an id given to `label` reads: `--to-org` of an organization is
 * "--to-org organization id", `--collection` "--collection id", the
 * argument "space id" itself.
 */
function idName(label: string, idOf = ''): string {
  const noun = idOf.replace(/ id$/, '');
  if (!noun || label === `--${noun.replace(/ /g, '-')}` || label.endsWith(' id')) return label.endsWith(' id') ? label : `${label} id`;
  return `${label} ${noun} id`;
}

/** `spaceId` → "space id". */
const idLabel = (name: string): string => (/Id$/.test(name) ? nounOf(name) : name);

function paramOf(a: Arg, op: Operation): string {
  const param = a.param ?? a.name;
  if (!(param in op.params)) throw new Error(`${op.id}: argument ${a.name} fills no path param`);
  return param;
}

function describeTarget(argDefs: Arg[], args: string[]): string {
  const last = argDefs.length - 1;
  return last >= 0 ? `${idLabel(argDefs[last].name).replace(/ id$/, '')} ${args[last]}` : 'it';
}

function describeValue(value: unknown): string {
  if (typeof value !== 'string') return '';
  const n = [...value].length;
  return n > 40 ? ` (got ${n} characters)` : ` (got "${value}")`;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}
