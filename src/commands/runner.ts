// The one runner of declared commands (define.ts): it registers a declaration
// with commander, then turns parsed flags into a checked request of the
// operation table, asks for confirmation, prints a dry run, sends it (once,
// or once per id for bulk verbs) and hands the answer to the formatter.
import { Option, type Command } from 'commander';
import type { App } from '../app.js';
import { argsUsage, inheritedFlags } from '../helpfile.js';
import { withBounds } from './help/bounds.js';
import { wrapHelp } from './help/wrap.js';
import { OPERATIONS } from '../api/operations/index.js';
import type { Operation } from '../api/operation.js';
import { idFromAppUrl, paramOfNoun, readsAppResource } from '../api/app-urls.js';
import { position, type PositionKind } from '../api/positions.js';
import { MAX_LIMIT } from '../api/limits.js';
import type { BuiltRequest, RequestInput } from '../api/request.js';
import type { ApiResponse } from '../client/http.js';
import type { Context } from '../context.js';
import { ApiError, Interrupted, UsageError } from '../errors.js';
import { getPath, onePage, type Column, type Shape } from '../output/format.js';
import { dryRun, nothingToDo, parseConcurrency, readIds, runBulk } from './bulk.js';
import type { CommandDef, Flag, Input } from './define.js';
import { DEFAULT_LIMIT, itemsOf, list, listLimit } from './listing.js';
import { fillMissing, flagChoices, flagSpec } from './missing.js';
import { build, describeTarget, idLabel, idName, longName, named, nounOf, paramOf, readOf, segment, type Sources } from './naming.js';
import { refKind, resolveRefs, surelyNotAnId, type RefKind } from './resolve.js';
import { readUserFile } from './user-file.js';

export { checkedRequest } from './naming.js';
export { DEFAULT_LIMIT, flagChoices, flagSpec, readUserFile };

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
    if (a.variadic) cmd.argument(`[${a.name}...]`, a.description ?? '');
    else {
      const name = many ? `${a.name}...` : a.name;
      cmd.argument(a.optional ? `[${name}]` : `<${name}>`, a.description ?? (many ? `${def.bulk!.what} ids, or - to read them from stdin` : ''));
    }
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
  // Missing arguments are the runner's to check: it may ask for them (fillMissing).
  const missingArgs: string[] = [];
  (cmd as unknown as { missingArgument(name: string): void }).missingArgument = (name) => missingArgs.push(name);
  // Paragraphs wrapped at the 80 columns the help is rendered at, whatever the source's line breaks (help/wrap.ts).
  if (def.help) cmd.addHelpText('after', `\n${wrapHelp(def.help)}`);
  cmd.addHelpText('after', inheritedFlags(group.parent ?? group));

  if (def.examples?.length) {
    // On the program itself (a one-command group such as `api`), the examples follow the command's name.
    const prefix = group.parent ? group.name() : def.name;
    cmd.addHelpText('after', `\nExamples:\n${def.examples.map((e) => `  $ docplat ${prefix} ${e}`).join('\n')}`);
  }
  cmd.action(
    app.handler((ctx, processed, opts, command) => {
      // Only what was typed counts as given: commander defaults a lone --no-x flag to true.
      const typed: Opts = {};
      for (const [key, value] of Object.entries(opts)) if (command.getOptionValueSource(key) !== 'default') typed[key] = value;
      return execute(ctx, def, processed as (string | string[])[], typed, missingArgs.splice(0));
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

// ---- execution ---------------------------------------------------------------------------

/** Runs a declaration with commander's parsed arguments and the typed flags (a `run` may call it with a declaration it derives). */
export async function execute(ctx: Context, def: CommandDef, processed: (string | string[])[], opts: Opts, missingArgs: string[] = []): Promise<void> {
  const flags = def.flags ?? {};
  const argDefs = def.args ?? [];
  const many = !!def.bulk || !!argDefs[argDefs.length - 1]?.variadic;
  const rest = many ? ((processed[argDefs.length - 1] as string[] | undefined) ?? []) : [];
  const args = processed.slice(0, many ? argDefs.length - 1 : argDefs.length) as string[];

  await fillMissing(ctx, def, args, rest, opts, missingArgs);
  const given = Object.entries(flags).filter(([key]) => opts[key] !== undefined);
  for (const [key, f] of Object.entries(flags)) {
    if (f.required && opts[key] === undefined) throw new UsageError(`${longName(f)} is required`);
  }
  // An empty value is a mistake (`--org "$UNSET"`), never "leave it out"; text that must say something cannot be blank.
  for (const [key, f] of given) {
    for (const value of [opts[key]].flat()) {
      if (value === '') throw new UsageError(`${longName(f)} is empty`);
      if (typeof value === 'string' && f.nonBlank && !value.trim()) throw new UsageError(`${longName(f)} is blank`);
    }
  }
  const selecting = given.filter(([, f]) => f.selects);
  if (selecting.length > 1) throw new UsageError(`${longName(selecting[0][1])} and ${longName(selecting[1][1])} cannot be used together`);
  def.checkFlags?.(opts);

  if (opts.web) openInstead(ctx);
  if (def.run) {
    // An id argument may be given as its app URL here too, as on the declarative path below.
    argDefs.forEach((a, i) => {
      if (a.nonBlank && typeof args[i] === 'string' && !args[i].trim()) throw new UsageError(`${a.name} is ${args[i] ? 'blank' : 'empty'}`);
      if (a.param && typeof args[i] === 'string') args[i] = idFromAppUrl(a.param, args[i]);
      // Checked again where its request is built; here too, so that nothing is sent before (a lookup the handler makes first).
      if (a.param && typeof args[i] === 'string') segment(idLabel(a.name), args[i], refKind(a.param));
    });
    await def.run(ctx, { args, rest, opts } as Input<Record<string, Flag>>);
    return;
  }
  const selected = selecting[0]?.[1].selects;
  const op: Operation = OPERATIONS[selected?.operation ?? def.operation!];
  const output = selected?.list ? { list: selected.list, ...selected.shape } : (def.output ?? 'none');
  // A list the API answers whole (no cursor) is one request, printed as one page.
  const isList = output !== 'none' && 'list' in output && op.paginated;
  const limit = isList ? listLimit(opts) : undefined;
  // --fields is checked before anything is sent.
  if (output !== 'none') ctx.output.checkFields('list' in output ? output.list : output.item, output);

  const sources: Sources = new Map();
  const input: Required<Pick<RequestInput, 'params' | 'query'>> & { body: Record<string, unknown> } = { params: {}, query: { ...def.query }, body: { ...def.body } };
  const filters: ((item: unknown) => boolean)[] = [];
  // Values that name a page or a member: resolved to ids in one stage, before the request is built.
  const refs: Ref[] = [];
  const claimed = new Map<string, Flag>();
  const claim = (where: string, name: string, label: string, idOf?: string, f?: Flag) => {
    const key = `${where}:${name}`;
    const other = claimed.get(key);
    if (other && f) throw new UsageError(`${longName(other)} and ${longName(f)} cannot be used together`);
    if (f) claimed.set(key, f);
    sources.set(key, { name: label, id: idName(label, idOf), nullWord: f?.nullWord });
  };

  argDefs.forEach((a, i) => {
    if (def.bulk && i === argDefs.length - 1) return;
    const value = args[i];
    if (a.nonBlank && !value.trim()) throw new UsageError(`${a.name} is empty`);
    if (a.query) {
      claim('query', a.query, a.name);
      input.query[a.query] = value;
    } else if (a.body) {
      claim('body', a.body, idLabel(a.name), '');
      setPath(input.body, a.body, value);
    } else {
      const param = paramOf(a, op);
      claim('param', param, idLabel(a.name), '');
      input.params[param] = segment(idLabel(a.name), idFromAppUrl(param, value), refKind(param));
      const kind = refKind(param);
      if (kind) refs.push({ kind, label: idLabel(a.name), get: () => input.params[param], set: (v) => (input.params[param] = v as string) });
    }
  });

  // Two flags for one body field (`--body` and `--body-file`): refused before a file is read.
  for (const [i, [, f]] of given.entries()) {
    const twin = given.slice(i + 1).find(([, g]) => f.body && g.body === f.body);
    if (twin) throw new UsageError(`${longName(f)} and ${longName(twin[1])} cannot be used together`);
  }
  for (const [key, f] of given) {
    const text = f.file ? await readUserFile(ctx, longName(f), opts[key] as string) : undefined;
    // A file (or stdin) of white space says nothing, as a blank value does.
    if (text !== undefined && f.nonBlank && !text.trim()) throw new UsageError(`${longName(f)} is empty`);
    const value = flagValue(f, text ?? opts[key]);
    const kind = refKind(f.idOf ?? f.param);
    if (f.param) {
      const param = f.param;
      claim('param', param, longName(f), f.idOf ?? nounOf(param), f);
      input.params[param] = segment(idName(longName(f), f.idOf ?? nounOf(param)), idFromAppUrl(param, value as string), kind);
      if (kind) refs.push({ kind, label: longName(f), get: () => input.params[param], set: (v) => (input.params[param] = v as string) });
    } else if (f.query) {
      const name = f.query;
      claim('query', name, longName(f), f.idOf, f);
      input.query[name] = (f.idOf && typeof value === 'string' ? idFromAppUrl(paramOfNoun(f.idOf), value) : value) as never;
      if (kind) refs.push({ kind, label: longName(f), get: () => input.query[name] as string | string[], set: (v) => (input.query[name] = v) });
    } else if (f.body) {
      const path = f.body;
      claim('body', path, longName(f), f.idOf, f);
      setPath(input.body, path, f.idOf && typeof value === 'string' ? idFromAppUrl(paramOfNoun(f.idOf), value) : value);
      if (kind) refs.push({ kind, label: longName(f), get: () => getPath(input.body, path) as string | string[], set: (v) => setPath(input.body, path, v) });
    } else if (f.filter) {
      filters.push(f.filter(value as never, Date.now()));
    }
  }
  if (def.move) moveInto(input.body, def.move, opts, claim);
  // A required body field that flags fill (`--body` or `--body-file`): name them.
  for (const [field, spec] of Object.entries(op.body ?? {})) {
    const fillers = Object.values(flags).filter((f) => f.body === field || f.body?.startsWith(`${field}.`));
    if (spec.required && input.body[field] === undefined && fillers.length) throw new UsageError(`${fillers.map(longName).join(' or ')} is required`);
  }

  // Ids from stdin (`-`) are read before the org is looked up, which starts --sandbox's embedded sandbox: in
  // `docplat --sandbox x list | docplat --sandbox x delete -` the list must get the sandbox first.
  const bulkIds = def.bulk ? await readIds(ctx, rest, def.bulk.what) : [];
  if (op.params.organizationId && input.params.organizationId === undefined) input.params.organizationId = await ctx.org();
  // Every local check comes before the reads that resolve references: a path or an e-mail stands in as an id meanwhile.
  if (refs.length) {
    const given = refs.map((ref) => ref.get());
    refs.forEach((ref, i) => ref.set(placeholders(ref.kind, given[i])));
    build(op, { params: input.params, query: input.query, body: op.body ? input.body : undefined }, sources);
    refs.forEach((ref, i) => ref.set(given[i]));
  }
  for (const ref of refs) {
    const value = ref.get();
    const ids = await lookUp(ctx, ref.kind, [value].flat(), input.params, ref.label, !!opts.dryRun);
    ref.set(Array.isArray(value) ? ids : ids[0]);
  }
  const hasBody = Object.keys(input.body).length > 0;
  if (op.bodyRequired && !hasBody) {
    if (def.move) throw new UsageError(`nothing to do: give ${op.body && 'parent' in op.body ? '--parent, --root, --before or --after' : '--before or --after'}`);
    const names = Object.values(flags).filter((f) => f.body).flatMap((f) => (f.negatable ? [longName(f), `--no-${longName(f).slice(2)}`] : [longName(f)]));
    throw new UsageError(`nothing to change: give at least one of ${names.join(', ')}`);
  }
  const base: RequestInput = { params: input.params, query: input.query, body: op.body ? input.body : undefined };

  if (def.bulk) {
    const idArg = argDefs[argDefs.length - 1];
    const param = paramOf(idArg, op);
    const label = idLabel(idArg.name);
    sources.set(`param:${param}`, { name: label, id: label });
    let ids = [...new Set(bulkIds.map((id) => idFromAppUrl(param, id)))];
    if (nothingToDo(ctx, ids, def.bulk.what)) return;
    const kind = refKind(param);
    if (kind) {
      for (const id of placeholders(kind, ids)) build(op, { ...base, params: { ...base.params, [param]: id } }, sources);
      ids = [...new Set(await lookUp(ctx, kind, ids, input.params, label, !!opts.dryRun))];
    }
    const check = def.bulk.check && (def.bulk.check.operation ? OPERATIONS[def.bulk.check.operation] : readOf(op));
    const requests = ids.map((id) => {
      const params = { ...base.params, [param]: id };
      return { request: build(op, { ...base, params }, sources), check: check ? build(check, { params, query: {} }, sources) : undefined };
    });
    // A dry run makes every local check the real run makes.
    const concurrency = parseConcurrency(opts.concurrency as string | undefined);
    if (opts.dryRun) return dryRun(ctx, requests.map((r) => r.request));
    if (def.confirm) {
      // Only when a person will be asked: what the verb takes with it, or at least the titles of what it acts on.
      const impact = ctx.willPrompt ? await (def.impact?.(ctx, ids) ?? named(ctx, op, ids.map((id) => ({ ...base.params, [param]: id })), ids, def.bulk.what)) : undefined;
      await ctx.confirm(`${def.confirm} ${impact?.describe ?? (ids.length === 1 ? `${def.bulk.what} ${ids[0]}` : `${ids.length} ${def.bulk.what}s`)}?`, impact?.type);
    }
    await runBulk(ctx, ids, requests, concurrency, def.bulk);
    return;
  }

  const request = build(op, base, sources);
  if (opts.dryRun) return dryRun(ctx, [request]);
  if (def.confirm) await ctx.confirm(`${def.confirm} ${describeTarget(argDefs, args)}?`);
  const keep = filters.length ? (item: unknown) => filters.every((f) => f(item)) : undefined;
  try {
    if (isList) return await list(ctx, request, output as { list: Column[] } & Shape, { limit, cursor: opts.cursor as string | undefined, keep });
    const { data } = await send(ctx, request);
    if (output !== 'none' && 'list' in output) await ctx.output.list(onePage(itemsOf(data)), output.list, output);
    else if (output !== 'none') await ctx.output.item(data ?? {}, (output as { item: Column[] }).item, output);
    // Asked for data (--json, --output csv, ...), a command that shows none prints the API's answer, or that it was done.
    else if (ctx.output.dataAsked) await ctx.output.item(data !== null && typeof data === 'object' ? data : { result: 'ok' }, []);
  } catch (err) {
    throw (err instanceof ApiError && (def.explain?.(err) ?? inFlagTerms(err, flags))) || err;
  }
}

/**
 * The API names its fields (`give a "shareKey"`); the person typed flags: a
 * field that a flag of the command fills is named by that flag too
 * (`give a "shareKey" (--share-key)`).
 */
function inFlagTerms(err: ApiError, flags: Record<string, Flag>): ApiError | undefined {
  let message = err.message;
  for (const f of Object.values(flags)) {
    const field = f.query ?? f.body;
    if (field && message.includes(`"${field}"`) && !message.includes(longName(f))) message = message.replace(`"${field}"`, `"${field}" (${longName(f)})`);
  }
  return message === err.message ? undefined : new ApiError(message, err.status, err.method, err.path, err.apiMessage, err.response);
}

interface Ref {
  kind: RefKind;
  label: string;
  get(): string | string[];
  set(value: string | string[]): void;
}

/** The values with those that are surely references (a path, an e-mail) replaced by an id, to check the rest. */
function placeholders<T extends string | string[]>(kind: RefKind, value: T): T {
  const one = (v: string) => (surelyNotAnId(kind, v) ? 'placeholder' : v);
  return (Array.isArray(value) ? value.map(one) : one(value)) as T;
}

/**
 * The ids of references (resolve.ts). A dry run sends no request, except the
 * reads that turn a value that cannot be an id (a path, an e-mail) into one,
 * so that it prints the request a real run sends.
 */
async function lookUp(ctx: Context, kind: RefKind, values: string[], scope: Record<string, string>, label: string, dry: boolean): Promise<string[]> {
  const wanted = dry ? values.filter((v) => surelyNotAnId(kind, v)) : values;
  if (wanted.length === 0) return values;
  const ids = await resolveRefs(ctx, kind, wanted, scope, label);
  const idOf = new Map(wanted.map((v, i) => [v, ids[i]]));
  return values.map((v) => idOf.get(v) ?? v);
}

/** Sends a built request once (retried as its operation allows), with its secrets masked in the --debug trace. */
export async function send(ctx: Context, request: BuiltRequest): Promise<ApiResponse> {
  const client = await ctx.client();
  return client
    .send(request, { signal: ctx.signal })
    .catch((err: unknown) => {
      // A change sent and not answered by the interrupt may have been applied, as bulk runs say of each id.
      if (err instanceof Interrupted && request.method !== 'GET') {
        throw new Interrupted(`${err.message}: ${request.method} ${request.path} was sent but not answered, its outcome is unknown (check before running it again)`);
      }
      throw err;
    });
}

/** A flag's value as sent: its constant, null for its null word or its --no- form, or the value mapped. */
function flagValue(f: Flag, raw: unknown): unknown {
  if (f.nullWord !== undefined && raw === f.nullWord) return null;
  if (raw === false && /</.test(f.flags)) return null;
  if (typeof raw === 'boolean' && f.value !== undefined) return f.value;
  return f.map ? f.map(raw as never) : raw;
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

/** A `get` of a resource the app shows (its object has `urls.app`) has `--web`: derived from the resource, not declared. */
function opensInBrowser(def: CommandDef, op: Operation): boolean {
  const one = def.run ? def.output === undefined || (typeof def.output === 'object' && 'item' in def.output) : typeof def.output === 'object' && 'item' in def.output;
  return op.method === 'GET' && one && readsAppResource(op.path);
}

/** With --web, the one resource a command prints (through ctx.output.item) is opened in the browser instead. */
function openInstead(ctx: Context): void {
  ctx.output.item = async (value: unknown) => {
    const { openInBrowser } = await import('../web.js');
    await openInBrowser(ctx, getPath(value, 'urls.app'));
  };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}
