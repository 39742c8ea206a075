// docplat comments <verb>: declarations; the runner (../runner.ts) does the work.
// Every verb takes --change-request <id>, which switches to the `.cr` operation.
import { COMMENT_COLUMNS, COMMENT_DETAIL } from '../../resources/comments.js';
import { defineCommand, type CommandDef } from '../define.js';
import { BODY, changeRequest, FORMAT, MARKDOWN, reactVerb } from './shared.js';

const SPACE = [{ name: 'spaceId', param: 'spaceId' }];
const COMMENT = [{ name: 'spaceId', param: 'spaceId' }, { name: 'commentId', param: 'commentId' }];

const resolveVerb = (name: 'resolve' | 'reopen', resolved: boolean, done: string, already: string, status: string) =>
  defineCommand({
    name,
    summary: `${name} comments (resolved=${resolved})`,
    examples: [`${name} <spaceId> <commentId> <commentId>`, `list <spaceId> --status ${resolved ? 'open' : 'resolved'} --jq '.[].id' | docplat comments ${name} <spaceId> -`],
    args: COMMENT,
    operation: 'comments.update',
    flags: { changeRequest: changeRequest('comments.update.cr') },
    body: { resolved },
    bulk: { what: 'comment', done, check: { skip: (c) => ((c as { status?: string }).status === status ? already : undefined) } },
  });

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the comments of a space or of a change request',
    examples: ['list <spaceId> --status open', 'list <spaceId> --page-id <pageId> --author <userId> --author <userId>', 'list <spaceId> --change-request 3 --all --jsonl'],
    args: SPACE,
    flags: {
      status: { flags: '--status <status>', description: 'open, resolved or all (default all)', query: 'status' },
      pageId: { flags: '--page-id <page>', description: 'only the comments on this page: its id or its path', query: 'targetPage', idOf: 'page' },
      author: { flags: '--author <user...>', description: 'only the comments of this member: user id or e-mail (repeat for several)', query: 'authors', idOf: 'user' },
      order: { flags: '--order <order>', description: 'asc (oldest first) or desc (newest first, the default)', query: 'order' },
      ...FORMAT,
      changeRequest: changeRequest('comments.list.cr'),
    },
    operation: 'comments.list',
    query: MARKDOWN,
    output: { list: COMMENT_COLUMNS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a comment',
    examples: ['get <spaceId> <commentId>', 'get <spaceId> <commentId> --json --format document'],
    args: COMMENT,
    flags: { ...FORMAT, changeRequest: changeRequest('comments.get.cr') },
    operation: 'comments.get',
    query: MARKDOWN,
    output: { item: COMMENT_DETAIL },
  }),
  defineCommand({
    name: 'create',
    summary: 'comment on a space or a change request, a page of it, or a block of a page',
    help: 'The body is sent as Markdown. --page takes a page id or a page path (guides/authentication), looked up in the page tree.',
    examples: [
      'create <spaceId> --body "Looks good" --page guides/authentication',
      'create <spaceId> --body-file review.md --page <pageId> --node <nodeId>',
      'create <spaceId> --change-request 3 --body-file - < note.md',
    ],
    args: SPACE,
    flags: {
      ...BODY,
      page: { flags: '--page <page>', description: 'the page: its id or its path', body: 'page', nonBlank: true, idOf: 'page' },
      node: { flags: '--node <nodeId>', description: 'the block of the page (needs --page)', body: 'node', nonBlank: true },
      changeRequest: changeRequest('comments.create.cr'),
    },
    operation: 'comments.create',
    output: { item: COMMENT_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the body of your comment',
    examples: ['update <spaceId> <commentId> --body "Fixed the link"', 'update <spaceId> <commentId> --body-file - < body.md'],
    args: COMMENT,
    flags: { ...BODY, changeRequest: changeRequest('comments.update.cr') },
    operation: 'comments.update',
    output: { item: COMMENT_DETAIL },
  }),
  resolveVerb('resolve', true, 'resolved', 'already resolved', 'resolved'),
  resolveVerb('reopen', false, 'reopened', 'already open', 'open'),
  reactVerb('comment', COMMENT, 'comments.update', COMMENT_DETAIL, ['react <spaceId> <commentId> 👍', 'react <spaceId> <commentId> 👍 --remove']),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete comments (yours, or any as an admin)',
    examples: ['delete <spaceId> <commentId> --yes', "list <spaceId> --status resolved --jq '.[].id' | docplat comments delete <spaceId> - --yes"],
    args: COMMENT,
    flags: { changeRequest: changeRequest('comments.delete.cr') },
    operation: 'comments.delete',
    bulk: { what: 'comment', done: 'deleted' },
    confirm: 'Delete',
  }),
];
