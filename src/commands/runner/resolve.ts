// Stage 2, resolve: the values that name a page or a member (a path, an
// e-mail) become ids (commands/resolve.ts looks them up by kind), after every
// local check of the request has been made with a stand-in id.
import type { Operation } from '../../api/operation.js';
import type { Context } from '../../context.js';
import { build, type Sources } from '../naming.js';
import { resolveRefs, surelyNotAnId, type RefKind } from '../resolve.js';
import type { Input, Ref } from './fields.js';

/** Checks the request with stand-ins for the references, then looks each up (a dry run only those that cannot be ids). */
export async function resolveFields(ctx: Context, op: Operation, input: Input, refs: Ref[], sources: Sources, dry: boolean): Promise<void> {
  if (refs.length) {
    const given = refs.map((ref) => ref.get());
    refs.forEach((ref, i) => ref.set(placeholders(ref.kind, given[i])));
    build(op, { params: input.params, query: input.query, body: op.body ? input.body : undefined }, sources);
    refs.forEach((ref, i) => ref.set(given[i]));
  }
  for (const ref of refs) {
    const value = ref.get();
    const ids = await lookUp(ctx, ref.kind, [value].flat(), input.params, ref.label, dry);
    ref.set(Array.isArray(value) ? ids : ids[0]);
  }
}

/** The values with those that are surely references (a path, an e-mail) replaced by an id, to check the rest. */
export function placeholders<T extends string | string[]>(kind: RefKind, value: T): T {
  const one = (v: string) => (surelyNotAnId(kind, v) ? 'placeholder' : v);
  return (Array.isArray(value) ? value.map(one) : one(value)) as T;
}

/**
 * The ids of references (commands/resolve.ts). A dry run sends no request,
 * except the reads that turn a value that cannot be an id (a path, an
 * e-mail) into one, so that it prints the request a real run sends.
 */
export async function lookUp(ctx: Context, kind: RefKind, values: string[], scope: Record<string, string>, label: string, dry: boolean): Promise<string[]> {
  const wanted = dry ? values.filter((v) => surelyNotAnId(kind, v)) : values;
  if (wanted.length === 0) return values;
  const ids = await resolveRefs(ctx, kind, wanted, scope, label);
  const idOf = new Map(wanted.map((v, i) => [v, ids[i]]));
  return values.map((v) => idOf.get(v) ?? v);
}
