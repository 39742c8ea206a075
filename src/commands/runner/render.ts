// Stage 7, render: the answer through the formatter (a list as its pages
// arrive, an item, or what was done), the requests a dry run would send, or
// nothing left to print (a bulk run reports each id as it completes). With
// --web the context's output is in web mode: the item is opened in the
// browser instead (output/format.ts), whatever road printed it.
import type { Context } from '../../context.js';
import { dryRun, nothingToDo } from '../bulk.js';
import { onePage, type Column, type Shape } from '../../output/format.js';
import { itemsOf, list } from '../listing.js';
import type { Answer, Invocation } from './invocation.js';

export async function render(ctx: Context, { def, rendering, filters }: Invocation, answer: Answer): Promise<void> {
  const { output } = rendering;
  switch (answer.kind) {
    case 'dry':
      return dryRun(ctx, answer.requests);
    case 'nothing':
      return void nothingToDo(ctx, [], def.bulk!.what);
    case 'reported':
      return;
    case 'pages': {
      const keep = filters.length ? (item: unknown) => filters.every((f) => f(item)) : undefined;
      return list(ctx, answer.pages, output as { list: Column[] } & Shape, { limit: rendering.limit, keep });
    }
    case 'one': {
      const { data } = answer;
      if (output !== 'none' && 'list' in output) await ctx.output.list(onePage(itemsOf(data)), output.list, output);
      else if (output !== 'none') await ctx.output.item(data ?? {}, output.item, output);
      // Asked for data (--json, --output csv, ...), a command that shows none prints the API's answer, or that it was done.
      else if (ctx.output.dataAsked) await ctx.output.item(data !== null && typeof data === 'object' ? data : { result: 'ok' }, []);
    }
  }
}
