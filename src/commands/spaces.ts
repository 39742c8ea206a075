// docplat spaces <verb>
import type { Command } from 'commander';
import type { App } from '../app.js';
import { checkFlag, checkId } from '../validate.js';
import { UsageError } from '../errors.js';
import {
  LINK_COLUMNS, MEMBER_SPACE_COLUMNS, SEARCH_COLUMNS, SPACE_COLUMNS, SPACE_DETAIL, SPACE_EMOJI, SPACE_TITLE,
  SPACE_UPDATE_FIELDS,
} from '../resources/spaces.js';
import { addFields, bodyFrom, bulkFlags, list, listFlags, moveBody, moveFlags, requireChange, runBulk, show } from './common.js';

const space = (id: string) => `/spaces/${encodeURIComponent(id)}`;

export function register(group: Command, app: App): void {
  listFlags(
    group
      .command('list')
      .alias('ls')
      .description("list the organization's spaces, or those of a collection or a member")
      .option('--collection <collectionId>', 'only the spaces of this collection')
      .option('--member <userId>', 'only the spaces this member can access, with their permission'),
  ).action(
    app.handler(async (ctx, _args, opts) => {
      if (opts.collection && opts.member) throw new UsageError('--collection and --member cannot be used together');
      if (opts.collection) return list(ctx, `/collections/${encodeURIComponent(checkId('collection id', opts.collection))}/spaces`, opts, SPACE_COLUMNS);
      const org = encodeURIComponent(await ctx.org());
      if (opts.member) return list(ctx, `/orgs/${org}/members/${encodeURIComponent(checkId('member id', opts.member))}/spaces`, opts, MEMBER_SPACE_COLUMNS);
      return list(ctx, `/orgs/${org}/spaces`, opts, SPACE_COLUMNS);
    }),
  );

  addFields(group.command('create').description('create a space in the organization'), [SPACE_TITLE, SPACE_EMOJI])
    .option('--collection <collectionId>', 'create it in this collection')
    .action(
      app.handler(async (ctx, _args, opts) => {
        if (opts.title === undefined) throw new UsageError('--title is required');
        const body = bodyFrom(opts, [SPACE_TITLE, SPACE_EMOJI]);
        if (opts.collection) body.parent = checkId('collection id', opts.collection);
        const org = encodeURIComponent(await ctx.org());
        const client = await ctx.client();
        const { data } = await client.post(`/orgs/${org}/spaces`, { body, signal: ctx.signal });
        await ctx.output.item(data, SPACE_DETAIL);
      }),
    );

  group
    .command('get')
    .argument('<spaceId>')
    .description('show a space')
    .option('--share-key <key>', 'share-link key that resolves the published URLs')
    .action(
      app.handler(async (ctx, [id], opts) => {
        await show(ctx, space(checkId('space id', id)), SPACE_DETAIL, { shareKey: opts.shareKey });
      }),
    );

  addFields(group.command('update').argument('<spaceId>').description('change the title, emoji, default level or edit mode of a space'), SPACE_UPDATE_FIELDS).action(
    app.handler(async (ctx, [id], opts) => {
      checkId('space id', id);
      const body = bodyFrom(opts, SPACE_UPDATE_FIELDS);
      requireChange(body, SPACE_UPDATE_FIELDS);
      const client = await ctx.client();
      const { data } = await client.patch(space(id), { body, signal: ctx.signal });
      await ctx.output.item(data, SPACE_DETAIL);
    }),
  );

  for (const [verb, mode, done] of [['lock', 'locked', 'locked'], ['unlock', 'live', 'unlocked']] as const) {
    bulkFlags(group.command(verb).argument('<spaceId...>', 'space ids, or - to read them from stdin').description(`${verb} spaces (editMode ${mode})`)).action(
      app.handler(async (ctx, [ids], opts) => {
        await runBulk(ctx, ids, opts, {
          done,
          what: 'space',
          request: (id) => ({ method: 'PATCH', path: space(id), body: { editMode: mode } }),
        });
      }),
    );
  }

  bulkFlags(group.command('delete').alias('rm').argument('<spaceId...>', 'space ids, or - to read them from stdin').description('delete spaces (restorable for 7 days)')).action(
    app.handler(async (ctx, [ids], opts) => {
      if (!opts.dryRun) await ctx.confirm(`Delete ${ids.includes('-') ? 'the spaces read from stdin' : ids.length === 1 ? `space ${ids[0]}` : `${ids.length} spaces`}?`);
      await runBulk(ctx, ids, opts, {
        done: 'deleted',
        what: 'space',
        quietStdout: true,
        request: (id) => ({ method: 'DELETE', path: space(id) }),
        skipStatus: (status) => (status === 204 ? 'already deleted' : undefined),
      });
    }),
  );

  bulkFlags(group.command('restore').argument('<spaceId...>', 'space ids, or - to read them from stdin').description('restore deleted spaces (within 7 days of deletion)')).action(
    app.handler(async (ctx, [ids], opts) => {
      await runBulk(ctx, ids, opts, {
        done: 'restored',
        what: 'space',
        request: (id) => ({ method: 'POST', path: `${space(id)}/restore`, idempotency: 'safe' }),
        skip: (err) => (err.status === 409 ? 'already active' : undefined),
      });
    }),
  );

  group
    .command('duplicate')
    .argument('<spaceId>')
    .description('make a copy of a space')
    .action(
      app.handler(async (ctx, [id]) => {
        const client = await ctx.client();
        const { data } = await client.post(`${space(checkId('space id', id))}/duplicate`, { signal: ctx.signal });
        await ctx.output.item(data, SPACE_DETAIL);
      }),
    );

  moveFlags(group.command('move').argument('<spaceId>').description('move a space to another collection or position'), 'space').action(
    app.handler(async (ctx, [id], opts) => {
      checkId('space id', id);
      const body = moveBody(opts, 'space');
      const client = await ctx.client();
      const { data } = await client.post(`${space(id)}/move`, { body, idempotency: 'safe', signal: ctx.signal });
      await ctx.output.item(data, SPACE_DETAIL);
    }),
  );

  bulkFlags(
    group
      .command('transfer')
      .argument('<spaceId...>', 'space ids, or - to read them from stdin')
      .description('transfer spaces to another organization')
      .requiredOption('--to-org <orgId>', 'organization that receives the spaces'),
  ).action(
    app.handler(async (ctx, [ids], opts) => {
      const to = checkId('--to-org organization id', opts.toOrg);
      await runBulk(ctx, ids, opts, {
        done: 'transferred',
        what: 'space',
        request: (id) => ({ method: 'POST', path: `${space(id)}/transfer`, body: { organization: to }, idempotency: 'safe' }),
      });
    }),
  );

  listFlags(
    group
      .command('links')
      .argument('<spaceId>')
      .description('list the links found in a space')
      .option('--status <status>', 'only links with this status: ok, broken, in-app'),
  ).action(
    app.handler(async (ctx, [id], opts) => {
      if (opts.status !== undefined) checkFlag('--status', opts.status, 'links.status');
      await list(ctx, `${space(checkId('space id', id))}/links`, opts, LINK_COLUMNS, { query: { status: opts.status } });
    }),
  );

  listFlags(group.command('search').argument('<spaceId>').argument('<query>').description('search the content of a space')).action(
    app.handler(async (ctx, [id, query], opts) => {
      checkFlag('query', query, 'search.query');
      if (!query.trim()) throw new UsageError('the search query is empty');
      await list(ctx, `${space(checkId('space id', id))}/search`, opts, SEARCH_COLUMNS, { query: { query } });
    }),
  );
}
