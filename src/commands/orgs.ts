// docplat orgs <verb>
import type { Command } from 'commander';
import type { App } from '../app.js';
import type { Column } from '../output/format.js';
import { list, listFlags } from './common.js';

export const ORG_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'plan', header: 'PLAN' },
  { key: 'createdAt', header: 'CREATED', kind: 'time' },
];

export function register(group: Command, app: App): void {
  listFlags(group.command('list').alias('ls').description('list the organizations you belong to')).action(
    app.handler(async (ctx, _args, opts) => list(ctx, '/orgs', opts, ORG_COLUMNS)),
  );

  group
    .command('ping')
    .description('ping the organization (returns visitor claims when the platform has some)')
    .action(
      app.handler(async (ctx) => {
        const org = encodeURIComponent(await ctx.org());
        const client = await ctx.client();
        const { data } = await client.post(`/orgs/${org}/ping`, { idempotency: 'safe', signal: ctx.signal });
        await ctx.output.item(data ?? {}, [{ key: 'serviceVisitorClaims', header: 'Visitor claims' }]);
      }),
    );
}
