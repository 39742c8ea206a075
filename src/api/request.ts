// From an operation and its inputs to a request (the CLI), and from a request
// back to checked inputs (the sandbox). Both sides check the same specs, so a
// value the CLI lets through is one the sandbox accepts.
import type { Operation } from './operation.js';
import { OPERATIONS, type OperationId } from './operations/index.js';
import { deeperThan, MAX_DEPTH, segmentProblem } from './limits.js';
import { check, type Spec, type Violation } from './schema.js';

export type Where = 'param' | 'query' | 'body';

/** An input that breaks the operation's declared bounds. */
export class InputError extends Error {
  constructor(
    readonly where: Where,
    readonly violation: Violation,
  ) {
    super(`${where} ${violation.path || '(value)'} must be ${violation.rule}`);
  }
  /** The dotted name of the input, e.g. `title` or `position.before`. */
  get field(): string {
    return this.violation.path;
  }
}

export type QueryValue = string | number | boolean | string[];

export interface RequestInput {
  params?: Record<string, string>;
  query?: Record<string, QueryValue | undefined>;
  body?: Record<string, unknown>;
}

export interface BuiltRequest {
  operation: Operation;
  method: Operation['method'];
  /** Path below the API URL, params encoded, without the query. */
  path: string;
  query: Record<string, string | string[]>;
  body?: Record<string, unknown>;
  safe: boolean;
}

/**
 * Checks the inputs against the operation and builds its request; throws
 * InputError naming the first bad input. Every path param, wherever it came
 * from (an argument, a flag, stdin, a prompt, another request's answer), is
 * one path segment here (see segmentProblem), so the path sent is the
 * operation's path: never its parent, never another resource.
 */
export function buildRequest(op: Operation, input: RequestInput = {}): BuiltRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${op.id}: no value for the path param ${name}`);
    const v = check(op.params[name], value, name);
    if (v) throw new InputError('param', v);
    const problem = segmentProblem(value);
    if (problem) throw new InputError('param', { path: name, rule: `one path segment: ${problem}`, value });
    return encodeURIComponent(value);
  });
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value === undefined) continue;
    const spec = op.query[name];
    if (!spec) throw new Error(`${op.id}: no query parameter ${name}`);
    const v = check(spec, value, name);
    if (v) throw new InputError('query', v);
    query[name] = Array.isArray(value) ? value : String(value);
  }
  for (const [name, spec] of Object.entries(op.query)) {
    if (spec.required && query[name] === undefined) throw new InputError('query', { path: name, rule: 'given (it is required)', value: undefined });
  }
  let body: Record<string, unknown> | undefined;
  if (input.body !== undefined) {
    if (!op.body) throw new Error(`${op.id} takes no body`);
    for (const name of Object.keys(input.body)) if (!(name in op.body)) throw new Error(`${op.id}: no body field ${name}`);
    body = input.body;
    if (deeperThan(body)) throw new InputError('body', { path: '', rule: `JSON nested at most ${MAX_DEPTH} levels deep`, value: undefined });
    checkBody(op, body);
  } else if (op.body) {
    for (const [name, spec] of Object.entries(op.body)) {
      if (spec.required) throw new InputError('body', { path: name, rule: 'given (it is required)', value: undefined });
    }
  }
  return { operation: op, method: op.method, path, query, body, safe: op.safe };
}

/** The body as people see it (--dry-run, --debug): the operation's `masked` fields as `***`. */
export function shownBody(r: Pick<BuiltRequest, 'operation' | 'body'>): Record<string, unknown> | undefined {
  const masked = r.operation.masked;
  if (!r.body || !masked?.length) return r.body;
  const shown: Record<string, unknown> = { ...r.body };
  for (const name of masked) {
    const value = shown[name];
    if (typeof value === 'string') shown[name] = MASK;
    else if (value && typeof value === 'object' && !Array.isArray(value)) shown[name] = Object.fromEntries(Object.keys(value).map((k) => [k, MASK]));
    else if (value !== undefined && value !== null) shown[name] = MASK;
  }
  return shown;
}

const MASK = '***';

/** What a success of the operation carries: nothing (every success status is 204 or 205), a page of a list, an array, or one object. */
export function answerOf(op: Operation): 'none' | 'list' | 'array' | 'object' {
  if (op.success.every((s) => s === 204 || s === 205)) return 'none';
  return op.paginated ? 'list' : op.answersArray ? 'array' : 'object';
}

/** The request of an operation of the table, by id. */
export function apiRequest(opId: OperationId, input: RequestInput = {}): BuiltRequest {
  return buildRequest(OPERATIONS[opId], input);
}

function checkBody(op: Operation, body: Record<string, unknown>): void {
  for (const [name, spec] of Object.entries(op.body ?? {})) {
    const v = check(spec, body[name], name);
    if (v) throw new InputError('body', v);
  }
}

/**
 * The operation's query from a request's search params: each declared
 * parameter converted to its type and checked; undeclared ones are ignored.
 */
export function parseQuery(op: Operation, search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(op.query)) {
    const raw = search.getAll(name);
    if (raw.length === 0) {
      if (spec.required) throw new InputError('query', { path: name, rule: 'given (it is required)', value: undefined });
      continue;
    }
    const value = fromQuery(spec, raw);
    const v = check(spec, value, name);
    if (v) throw new InputError('query', { ...v, value: raw.length === 1 ? raw[0] : raw });
    out[name] = value;
  }
  return out;
}

function fromQuery(spec: Spec, raw: string[]): unknown {
  switch (spec.type) {
    case 'array':
      return raw.flatMap((r) => r.split(',')).filter((r) => r !== '');
    case 'boolean':
      return raw[0] === 'true' ? true : raw[0] === 'false' ? false : raw[0];
    case 'number':
      return raw[0].trim() === '' ? raw[0] : Number(raw[0]);
    default:
      return raw[0];
  }
}

/**
 * The operation's body from a request's parsed JSON: an object whose declared
 * fields follow their specs. `undefined` (no body) is an empty object unless
 * the operation requires a body.
 */
export function parseBody(op: Operation, json: unknown): Record<string, unknown> {
  if (json === undefined) {
    if (op.bodyRequired || op.bodySent) throw new InputError('body', { path: '', rule: 'a JSON object (the body is required)', value: undefined });
    json = {};
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InputError('body', { path: '', rule: 'a JSON object', value: json });
  }
  const body = json as Record<string, unknown>;
  checkBody(op, body);
  return body;
}
