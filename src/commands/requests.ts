// The requests of the operation table as a command builds them: checked
// against the operation's bounds, a value that breaks one refused with a usage
// error naming the flag or argument it came from (not the API's field).
import type { Operation } from '../api/operation.js';
import { OPERATIONS, type OperationId } from '../api/operations/index.js';
import { buildRequest, InputError, type BuiltRequest, type RequestInput } from '../api/request.js';
import { UsageError } from '../errors.js';
import { idName } from './naming.js';
import { shownId } from './segments.js';

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

/** How buildRequest words a path param that is not one path segment. */
const SEGMENT = 'one path segment: ';

function describeValue(value: unknown): string {
  if (typeof value !== 'string') return '';
  const n = [...value].length;
  return n > 40 ? ` (got ${n} characters)` : ` (got "${value}")`;
}

/** The GET at an operation's path: what a bulk `check` reads when it names no operation, and what names a resource before a change. */
export function readOf(op: Operation): Operation {
  const read = Object.values(OPERATIONS as Record<string, Operation>).find((o) => o.method === 'GET' && o.path === op.path);
  if (!read) throw new Error(`${op.id}: no GET at ${op.path} to read before the change`);
  return read;
}
