// Stage 1, bind (continued): each given value written where the operation
// takes it (path param, query, body field, or a client-side filter), with the
// name it was given under, so that a message names the flag or argument.
import { idFromAppUrl, paramOfNoun } from '../../api/app-urls.js';
import type { Operation } from '../../api/operation.js';
import { position, type PositionKind } from '../../api/positions.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { getPath } from '../../output/format.js';
import type { CommandDef, Flag } from '../define.js';
import { idLabel, idName, longName, nounOf, paramOf } from '../naming.js';
import type { Sources } from '../requests.js';
import { refKind } from '../resolve.js';
import { segment } from '../segments.js';
import { readUserFile } from '../user-file.js';
import type { Fields, Given, Input, Opts, Ref } from './invocation.js';

type Claim = (where: string, name: string, label: string, idOf?: string, f?: Flag) => void;

export async function bindFields(ctx: Context, def: CommandDef, op: Operation, { args, rest, opts, given }: Given): Promise<Fields> {
  const argDefs = def.args ?? [];
  const sources: Sources = new Map();
  const input: Input = { params: {}, query: { ...def.query }, body: { ...def.body } };
  const filters: ((item: unknown) => boolean)[] = [];
  const refs: Ref[] = [];
  const claimed = new Map<string, Flag>();
  const claim: Claim = (where, name, label, idOf, f) => {
    const key = `${where}:${name}`;
    const other = claimed.get(key);
    if (other && f) throw new UsageError(`${longName(other)} and ${longName(f)} cannot be used together`);
    if (f) claimed.set(key, f);
    sources.set(key, { name: label, id: idName(label, idOf), nullWord: f?.nullWord });
  };

  argDefs.forEach((a, i) => {
    if (def.bulk && i === argDefs.length - 1) return;
    // A variadic argument fills a list body field (`request-review <space> <cr> <member>...` sends `users`), at least one unless optional.
    if (a.variadic && a.body) {
      if (!a.optional && rest.length === 0) throw new UsageError(`missing required argument '${a.name}'`);
      const path = a.body;
      claim('body', path, idLabel(a.name), '');
      setPath(input.body, path, [...rest]);
      const kind = refKind(a.name);
      if (kind) refs.push({ kind, label: idLabel(a.name), get: () => getPath(input.body, path) as string[], set: (v) => setPath(input.body, path, v) });
      return;
    }
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
    const text = f.file ? await readUserFile(ctx, longName(f), opts[key] as string, { use: f.path && 'use' in f.path ? f.path.use : undefined }) : undefined;
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
  return { input, sources, refs, filters };
}

/** A flag's value as sent: its constant, null for its null word or its --no- form, or the value mapped. */
export function flagValue(f: Flag, raw: unknown): unknown {
  if (f.nullWord !== undefined && raw === f.nullWord) return null;
  if (raw === false && /</.test(f.flags)) return null;
  if (typeof raw === 'boolean' && f.value !== undefined) return f.value;
  return f.map ? f.map(raw as never) : raw;
}

/** `{parent?, position?}` from --parent/--root/--before/--after. */
function moveInto(body: Record<string, unknown>, kinds: PositionKind[], opts: Opts, claim: Claim): void {
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

export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}
