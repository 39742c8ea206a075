// docplat replies <verb>: the replies to a comment; declarations, the runner does the work.
import { REPLY_COLUMNS, REPLY_DETAIL } from '../../resources/comments.js';
import { BODY, changeRequest, FORMAT, MARKDOWN, reactVerb } from '../comments/shared.js';
import { defineCommand, type CommandDef } from '../define.js';

const COMMENT = [{ name: 'spaceId', param: 'spaceId' }, { name: 'commentId', param: 'commentId' }];
const REPLY = [...COMMENT, { name: 'replyId', param: 'commentReplyId' }];

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the replies to a comment',
    examples: ['list <spaceId> <commentId>', 'list <spaceId> <commentId> --change-request 3 --json'],
    args: COMMENT,
    flags: { ...FORMAT, changeRequest: changeRequest('replies.list.cr') },
    operation: 'replies.list',
    query: MARKDOWN,
    output: { list: REPLY_COLUMNS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a reply',
    examples: ['get <spaceId> <commentId> <replyId>'],
    args: REPLY,
    flags: { ...FORMAT, changeRequest: changeRequest('replies.get.cr') },
    operation: 'replies.get',
    query: MARKDOWN,
    output: { item: REPLY_DETAIL },
  }),
  defineCommand({
    name: 'create',
    summary: 'reply to a comment',
    examples: ['create <spaceId> <commentId> --body "Done"', 'create <spaceId> <commentId> --body-file - < reply.md'],
    args: COMMENT,
    flags: { ...BODY, changeRequest: changeRequest('replies.create.cr') },
    operation: 'replies.create',
    output: { item: REPLY_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the body of your reply',
    examples: ['update <spaceId> <commentId> <replyId> --body "Done, thanks"'],
    args: REPLY,
    flags: { ...BODY, changeRequest: changeRequest('replies.update.cr') },
    operation: 'replies.update',
    output: { item: REPLY_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete replies (yours, or any as an admin; public OpenAPI description 0.202.0)',
    examples: ['delete <spaceId> <commentId> <replyId> --yes', 'delete <spaceId> <commentId> <replyId> --change-request 3 --yes', "list <spaceId> <commentId> --jq '.[].id' | docplat replies delete <spaceId> <commentId> - --yes"],
    args: REPLY,
    flags: { changeRequest: changeRequest('replies.delete.cr') },
    operation: 'replies.delete',
    bulk: { what: 'reply', done: 'deleted' },
    confirm: 'Delete',
  }),
  reactVerb('reply', REPLY, 'replies.update', REPLY_DETAIL, ['react <spaceId> <commentId> <replyId> 🎉', 'react <spaceId> <commentId> <replyId> 🎉 --remove']),
];
