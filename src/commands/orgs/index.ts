// docplat orgs <verb>: declarations; the runner (../runner.ts) does the work.
import { apiRequest } from '../../api/request.js';
import { ORG_COLUMNS, ORG_FIELDS } from '../../resources/orgs.js';
import { dryRun } from '../bulk.js';
import { defineCommand, type CommandDef } from '../define.js';

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the organizations you belong to',
    examples: ['list', "list --jq '.[].id'"],
    operation: 'orgs.list',
    output: { list: ORG_COLUMNS, fields: ORG_FIELDS },
  }),
  defineCommand({
    name: 'ping',
    summary: 'ping the organization (prints the visitor claims when the platform returns some)',
    examples: ['ping', 'ping --org <orgId> --json'],
    operation: 'orgs.ping',
    // Special only in what it prints: most answers are `{}`, which is no row to show.
    async run(ctx, { opts }) {
      const org = await ctx.org();
      const request = apiRequest('orgs.ping', { params: { organizationId: org } });
      if (opts.dryRun) return dryRun(ctx, [request]);
      const client = await ctx.client();
      const { data } = await client.send<{ serviceVisitorClaims?: unknown }>(request, { signal: ctx.signal });
      if (data?.serviceVisitorClaims !== undefined || ctx.jsonErrors || ctx.globals.jq) {
        await ctx.output.item(data ?? {}, [{ key: 'serviceVisitorClaims', header: 'Visitor claims' }]);
      } else {
        ctx.output.note(`Organization ${org} answered the ping`);
      }
    },
  }),
];
