// What an operation of the API is: method, path template, path params, query,
// body, success statuses, and whether sending it again is safe. Declared once
// per operation in src/api/operations/; the CLI builds every request from it
// (src/api/request.ts) and the sandbox routes and parses by it.
import { MAX_LIMIT } from './limits.js';
import type { Rule } from './rules.js';
import { id, num, str, type Spec } from './schema.js';

export { MAX_LIMIT };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  /** Unique, `<family>.<verb>` (e.g. `spaces.get`); a change-request variant ends in `.cr`. */
  id: string;
  method: Method;
  /** Path below /v1 with `{param}` segments. */
  path: string;
  /** Every `{param}` of the path, in order, with its spec (an id unless declared otherwise). */
  params: Record<string, Spec>;
  query: Record<string, Spec>;
  /** Properties of the JSON object body; undefined when the operation takes no body. */
  body?: Record<string, Spec>;
  /** The body must be sent (even when every field is optional). */
  bodyRequired: boolean;
  /** The body must be sent, and may be `{}` (a create whose fields are all optional; an update's empty body is refused instead). */
  bodySent?: boolean;
  /** Success statuses; the first is the usual one (a delete: 205, and 204 when there was nothing to delete). */
  success: readonly number[];
  /**
   * Sending it again has the same effect as sending it once: true for GET,
   * PUT, PATCH and DELETE, and for POSTs whose effect is a state (restore,
   * move, transfer, ping). A POST that creates is not safe: the client resends
   * it only when the server surely did not process it.
   */
  safe: boolean;
  /** A cursor-paginated list (`page`, `limit`; answers `{next, count, items}`). */
  paginated: boolean;
  /** Where the operation is described, when not in the API reference (e.g. `openapi 0.202.0`). */
  source?: string;
  /** Body fields never shown (dry run, debug trace): a string becomes `***`, and so does each value of a map. */
  masked?: readonly string[];
  /** Query parameters never shown (dry run, debug trace, messages): their value becomes `***` (see SECRET_QUERY). */
  maskedQuery?: readonly string[];
  /** A success answers a JSON array (the API reference says so); otherwise an object (a list: with `items`), or nothing. */
  answersArray?: boolean;
  /** Rules between body fields, checked by the CLI and the sandbox alike (rules.ts). */
  rules?: readonly Rule[];
}

/** Query parameters that are secrets wherever an operation takes them (a share link's key). */
export const SECRET_QUERY: readonly string[] = ['shareKey'];

export interface OperationInput {
  params?: Record<string, Spec>;
  query?: Record<string, Spec>;
  body?: Record<string, Spec>;
  bodyRequired?: boolean;
  bodySent?: boolean;
  success?: readonly number[];
  /** Overrides the default (true unless the method is POST). */
  safe?: boolean;
  paginated?: boolean;
  source?: string;
  masked?: readonly string[];
  answersArray?: boolean;
  rules?: readonly Rule[];
}

/** The query of every paginated list. */
export const PAGING: Record<string, Spec> = {
  page: str(),
  limit: num({ integer: true, min: 1, max: MAX_LIMIT }),
};

/**
 * Declares an operation: `op('spaces.get', 'GET /spaces/{spaceId}', {...})`.
 * Path params are ids unless `params` says otherwise.
 */
export function op(opId: string, route: `${Method} /${string}`, input: OperationInput = {}): Operation {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as Method;
  const path = route.slice(space + 1);
  const params: Record<string, Spec> = {};
  for (const m of path.matchAll(/\{(\w+)\}/g)) params[m[1]] = input.params?.[m[1]] ?? id({ required: true });
  for (const name of Object.keys(input.params ?? {})) {
    if (!(name in params)) throw new Error(`${opId}: param ${name} is not in the path ${path}`);
  }
  const paginated = input.paginated ?? false;
  const maskedQuery = SECRET_QUERY.filter((name) => input.query && name in input.query);
  return {
    id: opId,
    method,
    path,
    params,
    query: paginated ? { ...PAGING, ...input.query } : { ...input.query },
    body: input.body,
    bodyRequired: input.bodyRequired ?? false,
    ...(input.bodySent ? { bodySent: true } : {}),
    success: input.success ?? (method === 'DELETE' ? [205, 204] : method === 'POST' && input.safe !== true ? [201] : [200]),
    safe: input.safe ?? method !== 'POST',
    paginated,
    source: input.source,
    masked: input.masked,
    ...(maskedQuery.length ? { maskedQuery } : {}),
    ...(input.answersArray ? { answersArray: true } : {}),
    ...(input.rules ? { rules: input.rules } : {}),
  };
}

/**
 * The same operations under a change request: `/spaces/{spaceId}/X` becomes
 * `/spaces/{spaceId}/change-requests/{changeRequestId}/X`, and the id gains
 * `.cr`. `{changeRequestId}` is the change request's id or its number.
 */
export function underChangeRequest<T extends Record<string, Operation>>(ops: T): { [K in keyof T as `${K & string}.cr`]: Operation } {
  const out: Record<string, Operation> = {};
  for (const [key, o] of Object.entries(ops)) {
    if (!o.path.startsWith('/spaces/{spaceId}/')) throw new Error(`${o.id}: only space operations have a change-request variant`);
    const path = o.path.replace('/spaces/{spaceId}/', '/spaces/{spaceId}/change-requests/{changeRequestId}/');
    const params: Record<string, Spec> = {};
    for (const m of path.matchAll(/\{(\w+)\}/g)) params[m[1]] = o.params[m[1]] ?? id({ required: true });
    out[`${key}.cr`] = { ...o, id: `${o.id}.cr`, path, params };
  }
  return out as { [K in keyof T as `${K & string}.cr`]: Operation };
}
