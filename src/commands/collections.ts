// docplat collections <verb>
import type { Command } from 'commander';
import type { App } from '../app.js';
import { checkId } from '../validate.js';
import { UsageError } from '../errors.js';
import { COLLECTION_COLUMNS, COLLECTION_DETAIL, COLLECTION_TITLE, COLLECTION_UPDATE_FIELDS } from '../resources/collections.js';
import { SPACE_COLUMNS } from '../resources/spaces.js';
import { addFields, bodyFrom, dryRun, list, listFlags, moveBody, moveFlags, requireChange, show } from './common.js';

const collection = (id: string) => `/collections/${encodeURIComponent(checkId('collection id', id))}`;

export function register(group: Command, app: App): void {
  listFlags(
    group
      .command('list')
      .alias('ls')
      .description("list the organization's collections")
      .option('--no-nested', 'only top-level collections'),
  ).action(
    app.handler(async (ctx, _args, opts) => {
      const org = encodeURIComponent(await ctx.org());
      await list(ctx, `/orgs/${org}/collections`, opts, COLLECTION_COLUMNS, { query: { nested: opts.nested === false ? false : undefined } });
    }),
  );

  group
    .command('get')
    .argument('<collectionId>')
    .description('show a collection')
    .action(app.handler(async (ctx, [id]) => show(ctx, collection(id), COLLECTION_DETAIL)));

  addFields(group.command('create').description('create a collection'), [COLLECTION_TITLE])
    .option('--parent <collectionId>', 'create it inside this collection')
    .action(
      app.handler(async (ctx, _args, opts) => {
        if (opts.title === undefined) throw new UsageError('--title is required');
        const body = bodyFrom(opts, [COLLECTION_TITLE]);
        if (opts.parent) body.parent = checkId('--parent collection id', opts.parent);
        const org = encodeURIComponent(await ctx.org());
        const client = await ctx.client();
        const { data } = await client.post(`/orgs/${org}/collections`, { body, signal: ctx.signal });
        await ctx.output.item(data, COLLECTION_DETAIL);
      }),
    );

  addFields(group.command('update').argument('<collectionId>').description('change the title, description or default level of a collection'), COLLECTION_UPDATE_FIELDS).action(
    app.handler(async (ctx, [id], opts) => {
      const path = collection(id);
      const body = bodyFrom(opts, COLLECTION_UPDATE_FIELDS);
      requireChange(body, COLLECTION_UPDATE_FIELDS);
      const client = await ctx.client();
      const { data } = await client.patch(path, { body, signal: ctx.signal });
      await ctx.output.item(data, COLLECTION_DETAIL);
    }),
  );

  group
    .command('delete')
    .alias('rm')
    .argument('<collectionId>')
    .description('delete a collection')
    .option('--dry-run', 'print the request that would be sent, and send none')
    .action(
      app.handler(async (ctx, [id], opts) => {
        const path = collection(id);
        if (opts.dryRun) return dryRun(ctx, [{ method: 'DELETE', path }]);
        await ctx.confirm(`Delete collection ${id}?`);
        const client = await ctx.client();
        const res = await client.delete(path, { signal: ctx.signal });
        ctx.output.note(res.status === 204 ? `collection ${id} was already deleted` : `deleted collection ${id}`);
      }),
    );

  listFlags(group.command('spaces').argument('<collectionId>').description('list the spaces of a collection')).action(
    app.handler(async (ctx, [id], opts) => list(ctx, `${collection(id)}/spaces`, opts, SPACE_COLUMNS)),
  );

  moveFlags(group.command('move').argument('<collectionId>').description('move a collection to another parent or position'), 'collection').action(
    app.handler(async (ctx, [id], opts) => {
      const path = collection(id);
      const body = moveBody(opts, 'collection');
      const client = await ctx.client();
      const { data } = await client.post(`${path}/move`, { body, idempotency: 'safe', signal: ctx.signal });
      await ctx.output.item(data, COLLECTION_DETAIL);
    }),
  );

  group
    .command('transfer')
    .argument('<collectionId>')
    .description('transfer a collection to another organization')
    .requiredOption('--to-org <orgId>', 'organization that receives the collection')
    .action(
      app.handler(async (ctx, [id], opts) => {
        const path = collection(id);
        const body = { organization: checkId('--to-org organization id', opts.toOrg) };
        const client = await ctx.client();
        const { data } = await client.post(`${path}/transfer`, { body, idempotency: 'safe', signal: ctx.signal });
        await ctx.output.item(data, COLLECTION_DETAIL);
      }),
    );
}
