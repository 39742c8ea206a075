// A request's query and body, parsed and checked by the operation's
// declarations (src/api/request.ts), with a bad input turned into a 400 that
// names the input and the rule: `The field "title" must be at most 50
// characters (it has 51).`, `The query parameter "limit" must be a whole
// number from 1 to 1000; got "x".`
import type { Operation } from '../../api/operation.js';
import { InputError, parseBody, parseQuery } from '../../api/request.js';
import { apiWords, brokenRule } from '../../api/rules.js';
import { check, describe, length, type Spec } from '../../api/schema.js';
import { badRequest, type SandboxError } from './errors.js';

export interface Inputs {
  query: Record<string, unknown>;
  /** The body's fields; empty when the operation takes no body. */
  body: Record<string, unknown>;
}

/** The operation's query and body from a request; a 400 SandboxError when one breaks its declaration. */
export function parseInputs(op: Operation, search: URLSearchParams, json: unknown): Inputs {
  try {
    // An operation without a body ignores one, as it always has.
    const inputs = { query: parseQuery(op, search), body: op.body ? parseBody(op, json) : {} };
    // The rules between fields, checked by the same code as the CLI's check stage (api/rules.ts).
    const broken = op.body ? brokenRule(op, inputs.body, { nothing: true }) : undefined;
    if (broken) throw badRequest(apiWords(op, broken));
    return inputs;
  } catch (err) {
    if (err instanceof InputError) throw inputError(op, err);
    throw err;
  }
}

/**
 * Checks the path params of a request against the operation's declarations
 * (a 400 naming the first bad one). For handlers that create a resource
 * under a name from the path, where a bad name must not be stored.
 */
export function checkParams(op: Operation, params: Record<string, string>): void {
  for (const [name, spec] of Object.entries(op.params)) {
    const v = check(spec, params[name], name);
    if (v) throw inputError(op, new InputError('param', v));
  }
}

const REQUIRED = 'given (it is required)';

/** The 400 for an input that breaks its declaration. */
export function inputError(op: Operation, err: InputError): SandboxError {
  const { where, violation } = err;
  const { path, rule, value } = violation;
  if (where === 'body' && path === '') {
    return badRequest(value === undefined ? 'The request body is required: send a JSON object.' : 'The request body must be a JSON object.');
  }
  const what = where === 'body' ? `The field "${path}"` : where === 'query' ? `The query parameter "${path}"` : `The path parameter "${path}"`;
  if (rule === REQUIRED) return badRequest(`${what} is required.`);
  const spec = specAt(where === 'body' ? op.body : where === 'query' ? op.query : op.params, path);
  const counted = typeof value === 'string' && /character/.test(rule) ? ` (it has ${length(value)})` : '';
  if (where === 'param') return badRequest(`${what} must be ${rule}${counted || `; got "${String(value)}"`}.`);
  if (where === 'body') {
    const orNull = spec?.nullable && !rule.endsWith('not null') ? ', or null' : '';
    return badRequest(`${what} must be ${rule}${orNull}${counted}.`);
  }
  // Every query value arrives as text: say the whole rule ("a whole number
  // from 1 to 1000"), not only the first part it broke ("a number").
  const whole = spec ? describe(spec) : rule;
  return badRequest(`${what} must be ${whole}${counted || `; got "${String(value)}"`}.`);
}

/** The spec of a dotted input name (`position.before`) among an operation's declarations. */
function specAt(specs: Record<string, Spec> | undefined, path: string): Spec | undefined {
  const [head, ...rest] = path.split('.');
  let spec = specs?.[head];
  for (const part of rest) {
    if (spec?.type === 'object') spec = spec.fields?.[part] ?? spec.values;
    else if (spec?.type === 'array') spec = spec.items;
    else return undefined;
  }
  return spec;
}
