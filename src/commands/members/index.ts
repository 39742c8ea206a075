// docplat members <verb>: declarations; the runner (../runner.ts) does the work.
import { UsageError } from '../../errors.js';
import { MEMBER_COLUMNS, MEMBER_DETAIL, MEMBER_SHAPE, MEMBER_TEAM_COLUMNS, MEMBER_TEAM_SHAPE } from '../../resources/members.js';
import { MEMBER_SPACE_COLUMNS, MEMBER_SPACE_SHAPE } from '../../resources/spaces.js';
import { defineCommand, type CommandDef } from '../define.js';
import { INVITE } from './invite.js';
import { roleFlag } from './role.js';

const USER_ID = [{ name: 'userId' }];
const DURATION_UNITS: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * The instant a `--last-seen-before` value names: a duration back from now
 * (`90d`, `12w`, `48h`) or an ISO 8601 date (midnight UTC) or date and time.
 */
function lastSeenCutoff(value: string, now: number): number {
  const duration = /^(\d{1,6})([hdw])$/.exec(value);
  if (duration) return now - Number(duration[1]) * DURATION_UNITS[duration[2]];
  const day = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(value);
  const ms = day ? Date.parse(day[2] ? value : `${value}T00:00:00Z`) : NaN;
  // A day that does not exist (2026-02-30) would roll over into the next month: refused.
  if (day && !Number.isNaN(ms) && new Date(Date.parse(`${day[1]}T00:00:00Z`)).toISOString().startsWith(day[1])) return ms;
  throw new UsageError(`--last-seen-before must be a duration (90d, 12w, 48h) or a date (2026-01-31, or a date and time with its zone), got "${value}"`);
}

/** A member as `members.get` reads it, for the checks that make a re-run safe. */
type Current = { role?: string | null; sso?: boolean };

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's members",
    help: [
      '--last-seen-before filters on the client as pages arrive (the API has no such filter): it keeps members',
      'last seen before that instant and those never seen, and fetches pages until --limit of them are found.',
      'A guest has no role: the ROLE column is empty and the JSON role is null.',
      'The table leaves out whether a member is disabled or logs in with SSO: --fields id,user.email,role,disabled,sso shows it.',
    ].join('\n'),
    examples: [
      'list --role guest --search @partner.example',
      'list --sort lastSeenAt --order asc --limit 20',
      "list --last-seen-before 90d --all --jq '.[].id' | docplat members update - --role read --dry-run",
    ],
    flags: {
      role: { flags: '--role <role>', description: 'only members with this role: admin, create, review, edit, comment, read, or guest', query: 'role' },
      search: { flags: '--search <text>', description: 'only members whose name or e-mail contains this', query: 'search', nonBlank: true },
      sort: { flags: '--sort <field>', description: 'sort by joinedAt (default) or lastSeenAt (lists only active members), or name', query: 'sort' },
      order: { flags: '--order <order>', description: 'asc or desc (default)', query: 'order' },
      lastSeenBefore: {
        flags: '--last-seen-before <when>',
        description: 'only members not seen since: a duration back from now (90d, 12w, 48h) or a date (2026-01-31); never-seen members included',
        filter: (value: string, now: number) => {
          const cutoff = lastSeenCutoff(value, now);
          return (item) => {
            const seen = (item as { lastSeenAt?: string }).lastSeenAt;
            return seen === undefined || Date.parse(seen) < cutoff;
          };
        },
      },
    },
    operation: 'members.list',
    output: { list: MEMBER_COLUMNS, ...MEMBER_SHAPE },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a member of the organization',
    examples: ['get <userId>', 'get <userId> --json'],
    args: USER_ID,
    operation: 'members.get',
    output: { item: MEMBER_DETAIL, ...MEMBER_SHAPE },
  }),
  defineCommand({
    name: 'update',
    summary: "change members' role in the organization (admins only)",
    help: 'A member who already has the role is skipped ("skipped (already read)"), so a re-run is safe. The last admin cannot be demoted.',
    examples: ['update <userId> --role edit', 'update <userId> <userId> --role guest', "list --last-seen-before 90d --all --jq '.[].id' | docplat members update - --role read"],
    args: USER_ID,
    flags: {
      role: { ...roleFlag('the new role: admin, create, review, edit, comment, read, or guest (no role: only the spaces shared with them)'), required: true },
    },
    operation: 'members.update',
    bulk: {
      what: 'member',
      done: 'updated',
      // The API accepts the role a member already has: read it first, so that a re-run says "skipped".
      check: {
        operation: 'members.get',
        skip: (member, body) => {
          const role = (member as Current).role ?? null;
          return role === ((body as Current).role ?? null) ? `already ${role ?? 'guest'}` : undefined;
        },
      },
    },
  }),
  INVITE,
  defineCommand({
    name: 'remove',
    aliases: ['rm'],
    summary: 'remove members from the organization (and its teams)',
    examples: ['remove <userId> --yes', 'remove - --yes < leavers.txt'],
    args: USER_ID,
    operation: 'members.remove',
    bulk: { what: 'member', done: 'removed' },
    confirm: 'Remove',
  }),
  defineCommand({
    name: 'set-sso',
    summary: 'let members log in with SSO',
    help: 'A member who already logs in with SSO is skipped ("skipped (already SSO)").',
    examples: ['set-sso <userId>', "list --search @acme.example --all --jq '.[].id' | docplat members set-sso -"],
    args: USER_ID,
    operation: 'members.setSso',
    bulk: {
      what: 'member',
      done: 'set to SSO',
      check: { operation: 'members.get', skip: (member) => ((member as Current).sso ? 'already SSO' : undefined) },
    },
  }),
  defineCommand({
    name: 'spaces',
    summary: 'list the spaces a member can access, with their permission',
    examples: ['spaces <userId>', "spaces <userId> --all --jq '.[].id'"],
    args: USER_ID,
    flags: { order: { flags: '--order <order>', description: 'asc (sidebar order) or desc (default)', query: 'order' } },
    operation: 'members.spaces',
    output: { list: MEMBER_SPACE_COLUMNS, ...MEMBER_SPACE_SHAPE },
  }),
  defineCommand({
    name: 'teams',
    summary: 'list the teams of a member, with their role in each',
    examples: ['teams <userId>', 'teams <userId> --title guild --json'],
    args: USER_ID,
    flags: { title: { flags: '--title <text>', description: 'only teams whose title contains this (case-insensitive)', query: 'title', nonBlank: true } },
    operation: 'members.teams',
    output: { list: MEMBER_TEAM_COLUMNS, ...MEMBER_TEAM_SHAPE },
  }),
];
