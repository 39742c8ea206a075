// Routing by the operation table: the paths of src/api/operations compiled
// once, and one handler per operation id, registered by the families.
import type { Operation } from '../../api/operation.js';
import { badRequest } from './errors.js';
import type { Reply } from './reply.js';

/** A request as a handler sees it: path params, and query and body parsed by the operation's declarations. */
export interface Req<Q = Record<string, unknown>, B = Record<string, unknown>> {
  params: Record<string, string>;
  query: Q;
  body: B;
  /** Base URL of the API, ending in /v1 (for `urls` and Location). */
  api: string;
  /** Set when the request came with this integration's token rather than the user's. */
  integration?: string;
  /** What a family's prepare() found for it (World.prepare()). */
  prepared?: unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler declares the query and body of its own operation
export type Handler = (req: Req<any, any>) => Reply;

/** Exactly one handler per operation id of the table: registering an unknown id, or an id twice, throws. */
export class HandlerRegistry {
  private readonly byId = new Map<string, { family: string; handle: Handler }>();

  constructor(private readonly operations: Readonly<Record<string, Operation>>) {}

  add(family: string, operationId: string, handle: Handler): void {
    if (!Object.hasOwn(this.operations, operationId)) throw new Error(`family ${family}: there is no operation ${operationId} in the operation table`);
    const had = this.byId.get(operationId);
    if (had) throw new Error(`family ${family}: operation ${operationId} already has a handler, in family ${had.family}`);
    this.byId.set(operationId, { family, handle });
  }

  get(operationId: string): Handler | undefined {
    return this.byId.get(operationId)?.handle;
  }

  /** The family that handles an operation. */
  familyOf(operationId: string): string | undefined {
    return this.byId.get(operationId)?.family;
  }
}

export type Match = { operation: Operation; params: Record<string, string> } | { allow: string[] } | undefined;

interface Compiled {
  operation: Operation;
  /** Literal segments, and null for a `{param}` (named in `names`). */
  segments: (string | null)[];
  names: string[];
}

export class Router {
  /** By number of segments: a request is compared with the paths of its length only. */
  private readonly bySize = new Map<number, Compiled[]>();

  constructor(operations: Iterable<Operation>) {
    for (const operation of operations) {
      const parts = operation.path.split('/').slice(1);
      const names: string[] = [];
      const segments = parts.map((p) => (p.startsWith('{') ? (names.push(p.slice(1, -1)), null) : p));
      let same = this.bySize.get(parts.length);
      if (!same) this.bySize.set(parts.length, (same = []));
      same.push({ operation, segments, names });
    }
  }

  /** The operation at a path below /v1 (e.g. `/spaces/abc`); `{allow}` when the path exists for other methods only. */
  match(method: string, path: string): Match {
    const parts = path.split('/').slice(1);
    const allow: string[] = [];
    for (const { operation, segments, names } of this.bySize.get(parts.length) ?? []) {
      const values: string[] = [];
      let matched = true;
      for (let i = 0; i < segments.length && matched; i++) {
        const seg = segments[i];
        if (seg === null) {
          const value = decode(parts[i]);
          if (value === '') matched = false;
          else values.push(value);
        } else if (seg !== parts[i]) {
          matched = false;
        }
      }
      if (!matched) continue;
      if (operation.method !== method) {
        allow.push(operation.method);
        continue;
      }
      const params: Record<string, string> = {};
      names.forEach((name, i) => (params[name] = values[i]));
      return { operation, params };
    }
    return allow.length ? { allow } : undefined;
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`The path segment "${segment}" is not valid percent-encoding.`);
  }
}
