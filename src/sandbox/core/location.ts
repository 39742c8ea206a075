// The URL of a resource in the sandbox's answers (`urls.location`, the
// Location of a 201): the path of an operation of the table on it, so that
// every URL the sandbox gives is one the router answers.
import { OPERATIONS, type OperationId } from '../../api/operations/index.js';

/** `api` + the path of `op` with its params filled in (encoded as the CLI encodes them). */
export function locationOf(op: OperationId, params: Readonly<Record<string, string>>, api: string): string {
  return (
    api +
    OPERATIONS[op].path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`locationOf(${op}): no value for the path param ${name}`);
      return encodeURIComponent(value);
    })
  );
}
