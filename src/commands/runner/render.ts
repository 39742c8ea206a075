// Stage 7, render: the answer through the formatter (a list paged by the one
// pager, an item, or nothing), --web opening the item instead, and an API
// error worded in the flags the person typed.
import type { Operation } from '../../api/operation.js';
import type { BuiltRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import { getPath, onePage, type Column, type Shape } from '../../output/format.js';
import type { CommandDef, Flag, Output } from '../define.js';
import { itemsOf, list, listLimit } from '../listing.js';
import { longName } from '../naming.js';
import { send } from './send.js';
import type { Opts } from './bind.js';

/** What a command prints, and whether it pages (a list the API answers whole is one request, printed as one page). */
export interface Rendering {
  output: Output;
  paged: boolean;
  limit?: number;
}

/** The output of the operation run (a `selects` flag brings its own), checked (--fields, --limit) before anything is sent. */
export function rendering(ctx: Context, def: CommandDef, op: Operation, selects: Flag['selects'], opts: Opts): Rendering {
  const output: Output = selects?.list ? { list: selects.list, ...selects.shape } : (def.output ?? 'none');
  const paged = output !== 'none' && 'list' in output && !!op.paginated;
  const limit = paged ? listLimit(opts) : undefined;
  if (output !== 'none') ctx.output.checkFields('list' in output ? output.list : output.item, output);
  return { output, paged, limit };
}

/** Sends the request and prints its answer; an API error that names a field a flag fills names the flag too. */
export async function sendAndRender(ctx: Context, def: CommandDef, request: BuiltRequest, r: Rendering, page: { cursor?: string; keep?: (item: unknown) => boolean }): Promise<void> {
  const { output } = r;
  try {
    if (r.paged) return await list(ctx, request, output as { list: Column[] } & Shape, { limit: r.limit, ...page });
    const { data } = await send(ctx, request);
    if (output !== 'none' && 'list' in output) await ctx.output.list(onePage(itemsOf(data)), output.list, output);
    else if (output !== 'none') await ctx.output.item(data ?? {}, output.item, output);
    // Asked for data (--json, --output csv, ...), a command that shows none prints the API's answer, or that it was done.
    else if (ctx.output.dataAsked) await ctx.output.item(data !== null && typeof data === 'object' ? data : { result: 'ok' }, []);
  } catch (err) {
    throw (err instanceof ApiError && (def.explain?.(err) ?? inFlagTerms(err, def.flags ?? {}))) || err;
  }
}

/**
 * The API names its fields (`give a "shareKey"`); the person typed flags: a
 * field that a flag of the command fills is named by that flag too
 * (`give a "shareKey" (--share-key)`).
 */
export function inFlagTerms(err: ApiError, flags: Record<string, Flag>): ApiError | undefined {
  let message = err.message;
  for (const f of Object.values(flags)) {
    const field = f.query ?? f.body;
    if (field && message.includes(`"${field}"`) && !message.includes(longName(f))) message = message.replace(`"${field}"`, `"${field}" (${longName(f)})`);
  }
  return message === err.message ? undefined : new ApiError(message, err.status, err.method, err.path, err.apiMessage, err.response);
}

/** With --web, the one resource a command prints (through ctx.output.item) is opened in the browser instead. */
export function openInstead(ctx: Context): void {
  ctx.output.item = async (value: unknown) => {
    const { openInBrowser } = await import('../../web.js');
    await openInBrowser(ctx, getPath(value, 'urls.app'));
  };
}
