// How the runner names what was given (the flag or the argument, and the kind
// of id it holds) in its messages, and the request of an operation checked
// against the table with a usage error that names the input that broke it.
import { Option } from 'commander';
import { segmentProblem } from '../api/limits.js';
import type { Operation } from '../api/operation.js';
import { OPERATIONS, type OperationId } from '../api/operations/index.js';
import { buildRequest, InputError, type BuiltRequest, type RequestInput } from '../api/request.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { escapeControls } from '../output/format.js';
import type { Arg, Flag } from './define.js';
import type { RefKind } from './resolve.js';

/** Where each input came from, to name the flag or argument in a message: its name, and how an id of it reads. */
export type Sources = Map<string, { name: string; id: string; nullWord?: string }>;

/**
 * For `run` commands: the request of an operation, or a usage error that
 * names the flag or argument (`names`: `param:specSlug` → `slug`,
 * `body:source.url` → `--url`) whose value broke the operation's bounds.
 */
export function checkedRequest(opId: OperationId, input: RequestInput, names: Record<string, string> = {}): BuiltRequest {
  const sources: Sources = new Map(Object.entries(names).map(([key, name]) => [key, { name, id: idName(name) }]));
  return build(OPERATIONS[opId], input, sources);
}

/** The request, or a usage error naming the flag or argument that broke the operation's bounds. */
export function build(op: Operation, input: RequestInput, sources: Sources): BuiltRequest {
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
    if (violation.rule.startsWith(SEGMENT)) throw new UsageError(`invalid ${source.id} ${shownId(violation.value)}: ${violation.rule.slice(SEGMENT.length)}`);
    if (violation.rule.startsWith('an id') || (spec?.type === 'string' && spec.format === 'id')) {
      throw new UsageError(`invalid ${source.id} "${String(violation.value)}": ids have no spaces, slashes, ? or #`);
    }
    // The flag's null word is allowed too, though the operation's enum does not list it.
    const rule = source.nullWord === undefined ? violation.rule : violation.rule.startsWith('one of ') ? `${violation.rule}, ${source.nullWord}` : `${violation.rule} (or ${source.nullWord})`;
    // A secret (the operation's masked fields) is never echoed, even when it is malformed.
    const secret = err.where === 'body' && !!op.masked?.includes(field.split('.')[0]);
    throw new UsageError(`${source.name} must be ${rule}${secret ? '' : describeValue(violation.value)}`);
  }
}

export const longName = (f: Flag): string => new Option(f.flags.replace('...>', '>')).long ?? f.flags;
export const nounOf = (param: string): string => param.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`) + ' id';
/**
 * How an id given to `label` reads: `--to-org` of an organization is
 * "--to-org organization id", `--collection` "--collection id", the
 * argument "space id" itself.
 */
export function idName(label: string, idOf = ''): string {
  const noun = idOf.replace(/ id$/, '');
  if (!noun || label === `--${noun.replace(/ /g, '-')}` || label.endsWith(' id')) return label.endsWith(' id') ? label : `${label} id`;
  return `${label} ${noun} id`;
}

/** `spaceId` → "space id". */
export const idLabel = (name: string): string => (/Id$/.test(name) ? nounOf(name) : name);

export function paramOf(a: Arg, op: Operation): string {
  const param = a.param ?? a.name;
  if (!(param in op.params)) throw new Error(`${op.id}: argument ${a.name} fills no path param`);
  return param;
}

export function describeTarget(argDefs: Arg[], args: string[]): string {
  const last = argDefs.length - 1;
  return last >= 0 ? `${idLabel(argDefs[last].name).replace(/ id$/, '')} ${args[last]}` : 'it';
}

/**
 * A path param's value as soon as it is given (before any other check, and
 * before anything is sent), refused unless it is one path segment;
 * buildRequest checks it again, for every other source.
 */
export function segment(what: string, value: string, kind?: RefKind): string {
  // A page may be named by its path (`guides/configuration`): each of its segments is one.
  const inner = kind === 'page' ? value.replace(/^\/+|\/+$/g, '') : '';
  for (const part of inner ? inner.split('/') : [value]) {
    const problem = segmentProblem(part);
    if (problem) throw new UsageError(`invalid ${what} ${shownId(value)}: ${problem}`);
  }
  return value;
}

/** How buildRequest words a path param that is not one path segment. */
const SEGMENT = 'one path segment: ';

/** An id in a message: quoted, its control characters escaped, cut when long. */
function shownId(value: unknown): string {
  const s = String(value);
  const n = [...s].length;
  return n > 40 ? `"${escapeControls([...s].slice(0, 40).join(''))}…" (${n} characters)` : `"${escapeControls(s)}"`;
}

function describeValue(value: unknown): string {
  if (typeof value !== 'string') return '';
  const n = [...value].length;
  return n > 40 ? ` (got ${n} characters)` : ` (got "${value}")`;
}

/** Asked before a change to a few resources: `section "Guides" (2yrO4…)`, each read by the GET at its path; ids where there is none. */
export async function named(ctx: Context, op: Operation, params: Record<string, string>[], ids: string[], what: string): Promise<{ describe: string; type?: string } | undefined> {
  if (ids.length > 5) return undefined;
  const client = await ctx.client();
  const titles = await Promise.all(
    params.map(async (p) => {
      try {
        const { data } = await client.send(buildRequest(readOf(op), { params: p }), { signal: ctx.signal });
        const d = data as Record<string, unknown> & { user?: { displayName?: string; email?: string } };
        const title = [d.title, d.name, d.label, d.slug, d.user?.displayName ?? d.user?.email].find((t) => typeof t === 'string' && t);
        return title as string | undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const each = ids.map((id, i) => (titles[i] ? `"${titles[i]}" (${id})` : id));
  return { describe: ids.length === 1 ? `${what} ${each[0]}` : `${ids.length} ${what}s: ${each.join(', ')}` };
}

/** The GET at an operation's path: what a bulk `check` reads when it names no operation. */
export function readOf(op: Operation): Operation {
  const read = Object.values(OPERATIONS as Record<string, Operation>).find((o) => o.method === 'GET' && o.path === op.path);
  if (!read) throw new Error(`${op.id}: no GET at ${op.path} to read before the change`);
  return read;
}
