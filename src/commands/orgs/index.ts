// docplat orgs <verb>: declarations; the runner (../runner.ts) does the work.
import { ORG_COLUMNS, ORG_FIELDS } from '../../resources/orgs.js';
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
    summary: 'ping the organization (returns visitor claims when the platform has some)',
    examples: ['ping', 'ping --org <orgId> --json'],
    operation: 'orgs.ping',
    output: { item: [{ key: 'serviceVisitorClaims', header: 'Visitor claims' }] },
  }),
];
