// Stage 3, resolve: what the settings and the API supply, after every local
// check: the organization of an org operation (--org, DOCPLAT_ORG, the
// profile, the sandbox), and the values that name a page or a member (a path,
// an e-mail) turned into ids (commands/resolve.ts looks them up by kind),
// among the flags and a bulk verb's ids alike.
import type { Context } from '../../context.js';
import { refKind, resolveRefs, surelyNotAnId, type RefKind } from '../resolve.js';
import type { Invocation } from './invocation.js';

export async function resolve(ctx: Context, inv: Invocation): Promise<void> {
  const { op, input, refs, bulk, dryRun } = inv;
  if (op.params.organizationId && input.params.organizationId === undefined) input.params.organizationId = await ctx.org();
  for (const ref of refs) {
    const value = ref.get();
    const ids = await lookUp(ctx, ref.kind, [value].flat(), input.params, ref.label, dryRun);
    ref.set(Array.isArray(value) ? ids : ids[0]);
  }
  const kind = bulk && refKind(bulk.param);
  if (bulk && kind && bulk.ids.length) bulk.ids = [...new Set(await lookUp(ctx, kind, bulk.ids, input.params, bulk.label, dryRun))];
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
