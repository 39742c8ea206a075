// docplat orgs <verb>: declarations; the runner (../runner.ts) does the work.
import { apiRequest } from '../../api/request.js';
import { ORG_COLUMNS, ORG_DETAIL, ORG_FIELDS } from '../../resources/orgs.js';
import { defineCommand, type CommandDef } from '../define.js';

const ORG_ID = { name: 'orgId', param: 'organizationId', description: 'the organization (default: --org, or the configured one)' };

const ORGS_GET: CommandDef = defineCommand({
  name: 'get',
  summary: 'show an organization (yours by default)',
  examples: ['get', 'get <orgId> --json', "get --jq '.permissions'"],
  args: [{ ...ORG_ID, optional: true }],
  operation: 'orgs.get',
  output: { item: ORG_DETAIL, fields: ORG_FIELDS },
  // Only the optional argument is special: without it, the runner fills the organization as for every org operation.
  run: (ctx, { args, opts }): Promise<void> =>
    ctx.api.run({ ...ORGS_GET, run: undefined, args: args[0] === undefined ? [] : [ORG_ID] }, args[0] === undefined ? [] : [args[0]], opts),
});

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the organizations you belong to',
    examples: ['list', "list --jq '.[].id'"],
    operation: 'orgs.list',
    output: { list: ORG_COLUMNS, fields: ORG_FIELDS },
  }),
  ORGS_GET,
  defineCommand({
    name: 'ping',
    summary: 'ping the organization (prints the visitor claims when the platform returns some)',
    examples: ['ping', 'ping --org <orgId> --json'],
    operation: 'orgs.ping',
    // Special only in what it prints: most answers are `{}`, which is no row to show.
    async run(ctx, { opts }) {
      const org = await ctx.org();
      const request = apiRequest('orgs.ping', { params: { organizationId: org } });
      if (opts.dryRun) return ctx.api.dryRun([request]);
      const { data } = await ctx.api.send<{ serviceVisitorClaims?: unknown }>(request);
      if (data?.serviceVisitorClaims !== undefined || ctx.output.dataAsked) {
        await ctx.output.item(data ?? {}, [{ key: 'serviceVisitorClaims', header: 'Visitor claims' }]);
      } else {
        ctx.output.note(`Organization ${org} answered the ping`);
      }
    },
  }),
];
