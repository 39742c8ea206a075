// Stage 4, plan: the requests to send, built from the resolved input and
// checked against the operation table (a value an API lookup gave is checked
// as any other); for a bulk verb one per id, each with its read when the verb
// checks the current state first.
import { OPERATIONS } from '../../api/operations/index.js';
import { build, readOf } from '../requests.js';
import type { Invocation, Plan } from './invocation.js';

export function plan({ def, op, input, sources, bulk }: Invocation): Plan {
  const base = { params: input.params, query: input.query, body: op.body ? input.body : undefined };
  if (!bulk) return { requests: [{ request: build(op, base, sources) }] };
  const check = def.bulk?.check && (def.bulk.check.operation ? OPERATIONS[def.bulk.check.operation] : readOf(op));
  const requests = bulk.ids.map((id) => {
    const params = { ...base.params, [bulk.param]: id };
    return { request: build(op, { ...base, params }, sources), check: check ? build(check, { params, query: {} }, sources) : undefined };
  });
  return { requests };
}
