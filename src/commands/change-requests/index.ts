// docplat change-requests <verb>: a space's change requests, and their review
// (public OpenAPI description 0.202.0). Declarations; the runner does the
// work, except list (which picks the space's or the organization's listing),
// merge, rebase and changes (merge.ts), whose answers are not a resource to
// print, and diff (diff.ts), which reads the pages on both sides.
import { CHANGE_REQUEST_SETTABLE, CHANGE_REQUEST_STATUSES } from '../../api/operations/changeRequests.js';
import {
  CHANGE_REQUEST_COLUMNS,
  CHANGE_REQUEST_DETAIL,
  CHANGE_REQUEST_FIELDS,
  ORG_CHANGE_REQUEST_COLUMNS,
  REQUEST_REVIEW_DETAIL,
  REQUESTED_COLUMNS,
  REQUESTED_FIELDS,
  REVIEW_COLUMNS,
  REVIEW_DETAIL,
  REVIEW_FIELDS,
} from '../../resources/changeRequests.js';
import { UsageError } from '../../errors.js';
import { defineCommand, type CommandDef } from '../define.js';
import { DIFF } from './diff.js';
import { CHANGES, MERGE, REBASE } from './merge.js';
import { CHANGE_REQUEST, SPACE } from './shared.js';
const SHAPE = { fields: CHANGE_REQUEST_FIELDS };
const SUBJECT = { flags: '--subject <text>', description: 'subject', body: 'subject', nonBlank: true } as const;

/** The filters both listings take: who made it, edited it, or is asked to review it (an id, an e-mail, or `me`). */
const WHO = {
  creator: { flags: '--creator <user>', description: 'only those created by this user (an id, an e-mail, or me)', query: 'creator', idOf: 'user' },
  contributor: { flags: '--contributor <user>', description: 'only those this user made or edited (an id, an e-mail, or me)', query: 'contributor', idOf: 'user' },
  requestedReviewer: { flags: '--requested-reviewer <user>', description: 'only those awaiting a review from this user (an id, an e-mail, or me): a reviewer\'s inbox', query: 'requestedReviewer', idOf: 'user' },
  topic: { flags: '--topic <topicId>', description: 'only those linked to this site topic', query: 'topic', idOf: 'topic' },
  orderBy: { flags: '--order-by <field>', description: 'newest first by updatedAt (default) or createdAt', query: 'orderBy' },
} as const;

const STATUS_HELP = `only change requests with this status: ${CHANGE_REQUEST_STATUSES.join(', ')} (default open; without a space, several comma-separated)`;

const LIST_SPACE = defineCommand({
  name: 'list',
  summary: "list a space's change requests",
  args: SPACE,
  flags: { status: { flags: '--status <status>', description: STATUS_HELP, query: 'status' }, ...WHO },
  operation: 'changeRequests.list',
  output: { list: CHANGE_REQUEST_COLUMNS, ...SHAPE },
});

const LIST_ORG = defineCommand({
  name: 'list',
  summary: "list the organization's change requests",
  flags: { status: { flags: '--status <status>', description: STATUS_HELP, query: 'status', map: (v: string) => v.split(',').map((s) => s.trim()) }, ...WHO },
  operation: 'changeRequests.listForOrg',
  output: { list: ORG_CHANGE_REQUEST_COLUMNS, ...SHAPE },
});

/**
 * `list [spaceId]`: a space's change requests, or without one the
 * organization's (every space the caller sees; --org picks it). `me` in a
 * user filter is the caller (GET /user).
 */
const LIST: CommandDef = defineCommand({
  ...LIST_SPACE,
  aliases: ['ls'],
  summary: "list a space's change requests, or the organization's (open ones by default)",
  help: [
    'The API lists open change requests when no --status is given. Without a space: every space of the',
    'organization you can see, with its space id; `list --requested-reviewer me` is your review inbox.',
  ].join('\n'),
  examples: ['list <spaceId> --status merged --order-by createdAt', 'list --requested-reviewer me', 'list --status open,draft --creator me'],
  args: [{ ...SPACE[0], optional: true, description: "the space (default: every space of the organization)" }],
  async run(ctx, { args, opts }) {
    const filled: Record<string, unknown> = { ...opts };
    const mine = (['creator', 'contributor', 'requestedReviewer'] as const).filter((k) => opts[k] === 'me');
    if (mine.length) {
      const { data } = await ctx.api.send<{ id?: string }>('user.get');
      for (const k of mine) filled[k] = data?.id;
    }
    if (args[0] === undefined) return ctx.api.run(LIST_ORG, [], filled);
    return ctx.api.run(LIST_SPACE, [args[0]], filled);
  },
});

const REVIEWS = defineCommand({
  name: 'reviews',
  summary: 'list who approved a change request or asked for changes (--requested: who is asked)',
  help: 'A review is outdated once its reviewer reviews again or is asked again. --current leaves those out.',
  examples: ['reviews <spaceId> 1', 'reviews <spaceId> 1 --current', 'reviews <spaceId> 1 --requested'],
  args: CHANGE_REQUEST,
  flags: {
    current: { flags: '--current', description: 'only the reviews that stand (not outdated)', query: 'outdated', value: false },
    requested: { flags: '--requested', description: 'the reviewers asked for who have not reviewed yet', selects: { operation: 'changeRequests.reviewers', list: REQUESTED_COLUMNS, shape: { fields: REQUESTED_FIELDS } } },
  },
  checkFlags(opts) {
    if (opts.current && opts.requested) throw new UsageError('--current and --requested cannot be used together');
  },
  operation: 'changeRequests.reviews',
  output: { list: REVIEW_COLUMNS, fields: REVIEW_FIELDS },
});

const REVIEW = defineCommand({
  name: 'review',
  summary: 'approve a change request, or ask for changes',
  help: [
    "Anyone asked to review it, or with the review role in the space, may; its author may not. Only an open",
    "change request takes a review (`request-review` opens a draft). A review leaves the change request's",
    'status as it is; your earlier reviews of it become outdated. The comment is posted on the change request.',
  ].join('\n'),
  examples: ['review <spaceId> 1 --approve', 'review <spaceId> 1 --request-changes --body "The FAQ answer is out of date"', 'review <spaceId> 1 --approve --body-file review.md'],
  args: CHANGE_REQUEST,
  flags: {
    approve: { flags: '--approve', description: 'approve it', body: 'status', value: 'approved' },
    requestChanges: { flags: '--request-changes', description: 'ask for changes', body: 'status', value: 'changes-requested' },
    body: { flags: '--body <markdown>', description: 'a comment with the review (Markdown)', body: 'comment.markdown', nonBlank: true },
    bodyFile: { flags: '--body-file <file>', description: 'the comment from a file (- for stdin)', body: 'comment.markdown', file: true, path: { kind: 'typed', use: 'value' }, nonBlank: true },
  },
  operation: 'changeRequests.reviews.create',
  output: { item: REVIEW_DETAIL, fields: REVIEW_FIELDS },
});

const REQUEST_REVIEW = defineCommand({
  name: 'request-review',
  summary: 'ask members to review a change request',
  help: 'Each member by user id or e-mail; asking one again makes their earlier reviews outdated. The author cannot be asked.',
  examples: ['request-review <spaceId> 1 linus@acme.example', 'request-review <spaceId> 1 <userId> grace@acme.example --json'],
  args: [...CHANGE_REQUEST, { name: 'member', variadic: true, body: 'users', description: 'a member to ask: user id or e-mail (one or more)' }],
  operation: 'changeRequests.reviewers.add',
  output: { item: REQUEST_REVIEW_DETAIL },
});

export const COMMANDS: CommandDef[] = [
  LIST,
  defineCommand({
    name: 'get',
    summary: 'show a change request',
    examples: ['get <spaceId> 1', 'get <spaceId> <changeRequestId> --json', "get <spaceId> 1 --jq '.urls.app'"],
    args: CHANGE_REQUEST,
    operation: 'changeRequests.get',
    output: { item: CHANGE_REQUEST_DETAIL, ...SHAPE },
  }),
  defineCommand({
    name: 'create',
    summary: "open a change request on a space's current content",
    help: 'Its number is what the content commands take with --change-request, and `change-requests merge` merges it.',
    examples: ['create <spaceId> --subject "Update the quickstart"', "create <spaceId> --subject \"Nightly API reference\" --jq '.number'"],
    args: SPACE,
    flags: { subject: { ...SUBJECT, required: true } },
    operation: 'changeRequests.create',
    output: { item: CHANGE_REQUEST_DETAIL, ...SHAPE },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the subject or the status of a change request',
    help: `--status takes ${CHANGE_REQUEST_SETTABLE.join(', ')}: merged comes only from \`change-requests merge\`.`,
    examples: ['update <spaceId> 2 --subject "Rewrite the FAQ"', 'update <spaceId> 2 --status archived', 'update <spaceId> 2 --status open'],
    args: CHANGE_REQUEST,
    flags: {
      subject: SUBJECT,
      status: { flags: '--status <status>', description: `the new status: ${CHANGE_REQUEST_SETTABLE.join(', ')}`, body: 'status' },
    },
    operation: 'changeRequests.update',
    output: { item: CHANGE_REQUEST_DETAIL, ...SHAPE },
  }),
  MERGE,
  REBASE,
  CHANGES,
  DIFF,
  REVIEWS,
  REVIEW,
  REQUEST_REVIEW,
];
