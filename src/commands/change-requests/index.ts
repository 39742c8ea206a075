// docplat change-requests <verb>: a space's change requests (public OpenAPI
// description 0.202.0). Declarations; the runner does the work, except merge
// and changes (merge.ts), whose answers are not a resource to print.
import { CHANGE_REQUEST_SETTABLE, CHANGE_REQUEST_STATUSES } from '../../api/operations/changeRequests.js';
import { CHANGE_REQUEST_COLUMNS, CHANGE_REQUEST_DETAIL, CHANGE_REQUEST_FIELDS } from '../../resources/changeRequests.js';
import { defineCommand, type CommandDef } from '../define.js';
import { CHANGES, MERGE } from './merge.js';
import { CHANGE_REQUEST, SPACE } from './shared.js';
const SHAPE = { fields: CHANGE_REQUEST_FIELDS };
const SUBJECT = { flags: '--subject <text>', description: 'subject', body: 'subject', nonBlank: true } as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list a space's change requests (open ones unless --status says otherwise)",
    help: 'The API lists open change requests when no --status is given.',
    examples: ['list <spaceId>', 'list <spaceId> --status merged --order-by createdAt', "list <spaceId> --status draft --jq '.[].number'"],
    args: SPACE,
    flags: {
      status: { flags: '--status <status>', description: `only change requests with this status: ${CHANGE_REQUEST_STATUSES.join(', ')} (default open)`, query: 'status' },
      creator: { flags: '--creator <userId>', description: 'only those created by this user', query: 'creator', idOf: 'user' },
      contributor: { flags: '--contributor <userId>', description: 'only those this user contributed to', query: 'contributor', idOf: 'user' },
      requestedReviewer: { flags: '--requested-reviewer <userId>', description: 'only those awaiting a review from this user', query: 'requestedReviewer', idOf: 'user' },
      topic: { flags: '--topic <topicId>', description: 'only those linked to this site topic', query: 'topic', idOf: 'topic' },
      orderBy: { flags: '--order-by <field>', description: 'newest first by updatedAt (default) or createdAt', query: 'orderBy' },
    },
    operation: 'changeRequests.list',
    output: { list: CHANGE_REQUEST_COLUMNS, ...SHAPE },
  }),
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
  CHANGES,
];
