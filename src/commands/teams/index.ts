// docplat teams <verb>: declarations; the runner (../runner/) does the work,
// and members.ts the batched membership changes of add and remove.
import { TEAM_COLUMNS, TEAM_DETAIL, TEAM_MEMBER_COLUMNS, TEAM_MEMBER_SHAPE, TEAM_SHAPE } from '../../resources/teams.js';
import { defineCommand, type CommandDef } from '../define.js';
import { BATCH, changeTeamMembers } from './members.js';

const TEAM_ID = [{ name: 'teamId' }];
const TITLE = { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true } as const;
const USERS = [{ name: 'teamId', param: 'teamId' }, { name: 'users', description: 'user ids or e-mail addresses, or - to read them from stdin' }];
const DRY_RUN = { flags: '--dry-run', description: 'print the requests that would be sent, and send none' } as const;
const BATCH_HELP = `The users are sent in one PUT …/members body per ${BATCH}, after one read of the team and of the organization's members: each user gets a result`;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's teams",
    examples: ['list', 'list --title guild', 'list --owner <userId> --json'],
    flags: {
      owner: { flags: '--owner <userId>', description: 'only the teams this member can manage', query: 'owner', idOf: 'member' },
      title: { flags: '--title <text>', description: 'only teams whose title contains this (case-insensitive)', query: 'title', nonBlank: true },
    },
    operation: 'teams.list',
    output: { list: TEAM_COLUMNS, ...TEAM_SHAPE },
  }),
  defineCommand({
    name: 'create',
    summary: 'create a team',
    examples: ['create --title "Docs Guild"', 'create --title Support --member <userId> --member <userId> --json'],
    flags: {
      title: { ...TITLE, required: true },
      member: { flags: '--member <userId...>', description: 'a member of the organization to put in the team (repeat it)', body: 'members', idOf: 'member' },
    },
    operation: 'teams.create',
    output: { item: TEAM_DETAIL, ...TEAM_SHAPE },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a team',
    examples: ['get <teamId>', 'get <teamId> --json'],
    args: TEAM_ID,
    operation: 'teams.get',
    output: { item: TEAM_DETAIL, ...TEAM_SHAPE },
  }),
  defineCommand({
    name: 'rename',
    summary: 'change the title of a team',
    examples: ['rename <teamId> --title "Platform team"'],
    args: TEAM_ID,
    flags: { title: { ...TITLE, required: true } },
    operation: 'teams.rename',
    output: { item: TEAM_DETAIL, ...TEAM_SHAPE },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete teams (their members stay in the organization)',
    examples: ['delete <teamId> --yes', "list --title tmp- --jq '.[].id' | docplat teams delete - --yes"],
    args: TEAM_ID,
    operation: 'teams.delete',
    bulk: { what: 'team', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'members',
    summary: 'list the members of a team, with their team and organization roles',
    examples: ['members <teamId>', "members <teamId> --all --jq '.[].organization.user.email'"],
    args: TEAM_ID,
    operation: 'teams.members',
    output: { list: TEAM_MEMBER_COLUMNS, ...TEAM_MEMBER_SHAPE },
  }),
  defineCommand({
    name: 'add',
    summary: 'add members to a team, by user id or e-mail',
    help: `${BATCH_HELP} (added, "role set to owner", skipped when already in the team, failed when not a member of the organization).`,
    examples: ['add <teamId> <userId> ada@acme.example', 'add <teamId> - < emails.txt', 'add <teamId> <userId> --role owner'],
    args: USERS,
    flags: { role: { flags: '--role <role>', description: 'their role in the team: owner (manages it) or member (default)' }, dryRun: DRY_RUN },
    bulk: { what: 'user', done: 'added' },
    run: (ctx, { args, rest, opts }) => changeTeamMembers(ctx, { verb: 'add', teamId: args[0], names: rest, role: opts.role, dryRun: !!opts.dryRun }),
  }),
  defineCommand({
    name: 'remove',
    summary: 'remove members from a team, by user id or e-mail (they stay in the organization)',
    help: `${BATCH_HELP} (removed, skipped when not in the team, failed when not a member of the organization).`,
    examples: ['remove <teamId> <userId> ada@acme.example', 'remove <teamId> - < leavers.txt'],
    args: USERS,
    flags: { dryRun: DRY_RUN },
    bulk: { what: 'user', done: 'removed' },
    run: (ctx, { args, rest, opts }) => changeTeamMembers(ctx, { verb: 'remove', teamId: args[0], names: rest, dryRun: !!opts.dryRun }),
  }),
  defineCommand({
    name: 'set-role',
    summary: "set a member's role in a team (adds them when they are not in it)",
    examples: ['set-role <teamId> <userId> --role owner'],
    args: [{ name: 'teamId' }, { name: 'userId' }],
    flags: { role: { flags: '--role <role>', description: 'owner (manages the team) or member', body: 'role', required: true } },
    operation: 'teams.setRole',
  }),
];
