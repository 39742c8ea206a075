// Stage 4, plan: the requests to send, built and checked against the
// operation table; for a bulk verb one per id (ids from the arguments or
// stdin, app URLs and references turned into ids), each with its read when
// the verb checks the current state first.
import { idFromAppUrl } from '../../api/app-urls.js';
import type { Operation } from '../../api/operation.js';
import { OPERATIONS } from '../../api/operations/index.js';
import type { RequestInput } from '../../api/request.js';
import type { Context } from '../../context.js';
import type { BulkRequest } from '../bulk.js';
import type { CommandDef } from '../define.js';
import { build, idLabel, paramOf, readOf, type Sources } from '../naming.js';
import { refKind } from '../resolve.js';
import { lookUp, placeholders } from './resolve.js';

export interface BulkPlan {
  /** The path param each id fills. */
  param: string;
  ids: string[];
  requests: BulkRequest[];
}

/** One request per id (deduplicated), every id checked before any reference is looked up. */
export async function planBulk(ctx: Context, def: CommandDef, op: Operation, base: RequestInput, given: string[], sources: Sources, dry: boolean): Promise<BulkPlan> {
  const argDefs = def.args ?? [];
  const idArg = argDefs[argDefs.length - 1];
  const param = paramOf(idArg, op);
  const label = idLabel(idArg.name);
  sources.set(`param:${param}`, { name: label, id: label });
  let ids = [...new Set(given.map((id) => idFromAppUrl(param, id)))];
  const kind = refKind(param);
  if (kind && ids.length) {
    for (const id of placeholders(kind, ids)) build(op, { ...base, params: { ...base.params, [param]: id } }, sources);
    ids = [...new Set(await lookUp(ctx, kind, ids, base.params ?? {}, label, dry))];
  }
  const check = def.bulk?.check && (def.bulk.check.operation ? OPERATIONS[def.bulk.check.operation] : readOf(op));
  const requests = ids.map((id) => {
    const params = { ...base.params, [param]: id };
    return { request: build(op, { ...base, params }, sources), check: check ? build(check, { params, query: {} }, sources) : undefined };
  });
  return { param, ids, requests };
}
