// docplat spaces <verb>: declarations; the runner (../runner.ts) does the work.
import { LINK_COLUMNS, MEMBER_SPACE_COLUMNS, MEMBER_SPACE_SHAPE, SEARCH_COLUMNS, SPACE_COLUMNS, SPACE_DETAIL, SPACE_FIELDS } from '../../resources/spaces.js';
import { defineCommand, type CommandDef } from '../define.js';

const SPACE_ID = [{ name: 'spaceId' }];
const TITLE = { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true } as const;
const EMOJI = { flags: '--emoji <emoji>', description: 'emoji shown with the title', body: 'emoji' } as const;

const lockVerb = (name: 'lock' | 'unlock', editMode: 'locked' | 'live', done: string) =>
  defineCommand({
    name,
    summary: `${name} spaces (editMode ${editMode})`,
    examples: [`${name} <spaceId> <spaceId>`, `list --jq '.[].id' | docplat spaces ${name} -`],
    args: SPACE_ID,
    operation: 'spaces.update',
    body: { editMode },
    // The API accepts a lock of a locked space: read it first, so that a re-run says "skipped".
    bulk: { what: 'space', done, check: { operation: 'spaces.get', skip: (space) => ((space as { editMode?: string }).editMode === editMode ? `already ${done}` : undefined) } },
  });

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's spaces, or those of a collection or a member",
    examples: ['list', 'list --collection <collectionId> --all --jsonl', "list --member <userId> --jq '.[].space.id'"],
    operation: 'spaces.list',
    flags: {
      collection: { flags: '--collection <collectionId>', description: 'only the spaces of this collection', param: 'collectionId', selects: { operation: 'collections.spaces' } },
      member: {
        flags: '--member <userId>',
        description: 'only the spaces this member can access, with their permission',
        param: 'userId',
        idOf: 'member',
        selects: { operation: 'members.spaces', list: MEMBER_SPACE_COLUMNS, shape: MEMBER_SPACE_SHAPE },
      },
    },
    output: { list: SPACE_COLUMNS, fields: SPACE_FIELDS },
  }),
  defineCommand({
    name: 'create',
    summary: 'create a space in the organization',
    examples: ['create --title "API guide" --emoji 📘', 'create --title Handbook --collection <collectionId> --json'],
    flags: {
      title: { ...TITLE, required: true },
      emoji: EMOJI,
      collection: { flags: '--collection <collectionId>', description: 'create it in this collection', body: 'parent', idOf: 'collection' },
    },
    operation: 'spaces.create',
    output: { item: SPACE_DETAIL, fields: SPACE_FIELDS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a space',
    examples: ['get <spaceId>', 'get <spaceId> --json', 'get <spaceId> --share-key <key> --fields urls.published'],
    args: SPACE_ID,
    flags: { shareKey: { flags: '--share-key <key>', description: 'share-link key that resolves the published URLs', query: 'shareKey' } },
    operation: 'spaces.get',
    output: { item: SPACE_DETAIL, fields: SPACE_FIELDS },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the title, emoji, default level or edit mode of a space',
    examples: ['update <spaceId> --title "API guide (v2)"', 'update <spaceId> --default-level none'],
    args: SPACE_ID,
    flags: {
      title: TITLE,
      emoji: EMOJI,
      defaultLevel: {
        flags: '--default-level <role>',
        description: 'default role for the content: admin, create, review, edit, comment, read, inherit (from its collection or organization), or none',
        body: 'defaultLevel',
        nullWord: 'none',
      },
      editMode: { flags: '--edit-mode <mode>', description: 'live (edit directly) or locked (all edits locked)', body: 'editMode' },
    },
    operation: 'spaces.update',
    output: { item: SPACE_DETAIL, fields: SPACE_FIELDS },
  }),
  lockVerb('lock', 'locked', 'locked'),
  lockVerb('unlock', 'live', 'unlocked'),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete spaces (restorable for 7 days)',
    examples: ['delete <spaceId> --yes', "list --collection <collectionId> --jq '.[].id' | docplat spaces delete - --yes"],
    args: SPACE_ID,
    operation: 'spaces.delete',
    bulk: { what: 'space', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'restore',
    summary: 'restore deleted spaces (within 7 days of deletion)',
    examples: ['restore <spaceId> <spaceId>', 'restore - < deleted-ids.txt'],
    args: SPACE_ID,
    operation: 'spaces.restore',
    bulk: { what: 'space', done: 'restored', skip: (err) => (err.status === 409 ? 'already active' : undefined) },
  }),
  defineCommand({
    name: 'duplicate',
    summary: 'make a copy of a space',
    examples: ['duplicate <spaceId> --json'],
    args: SPACE_ID,
    operation: 'spaces.duplicate',
    output: { item: SPACE_DETAIL, fields: SPACE_FIELDS },
  }),
  defineCommand({
    name: 'move',
    summary: 'move a space to another collection or position',
    examples: ['move <spaceId> --parent <collectionId>', 'move <spaceId> --root', 'move <spaceId> --after collection:<collectionId>'],
    args: SPACE_ID,
    operation: 'spaces.move',
    move: ['space', 'collection'],
    output: { item: SPACE_DETAIL, fields: SPACE_FIELDS },
  }),
  defineCommand({
    name: 'transfer',
    summary: 'transfer spaces to another organization',
    examples: ['transfer <spaceId> --to-org <orgId>', "list --collection <collectionId> --jq '.[].id' | docplat spaces transfer - --to-org <orgId>"],
    args: SPACE_ID,
    flags: { toOrg: { flags: '--to-org <orgId>', description: 'organization that receives the spaces', body: 'organization', idOf: 'organization', required: true } },
    operation: 'spaces.transfer',
    bulk: {
      what: 'space',
      done: 'transferred',
      check: {
        operation: 'spaces.get',
        skip: (space, body) => {
          const org = (body as { organization?: string }).organization;
          return (space as { organization?: string }).organization === org ? `already in organization ${org}` : undefined;
        },
      },
    },
  }),
  defineCommand({
    name: 'links',
    summary: 'list the links found in a space',
    examples: ['links <spaceId> --status broken'],
    args: SPACE_ID,
    flags: { status: { flags: '--status <status>', description: 'only links with this status: ok, broken, in-app', query: 'status' } },
    operation: 'spaces.links',
    output: { list: LINK_COLUMNS },
  }),
  defineCommand({
    name: 'search',
    summary: 'search the content of a space',
    examples: ['search <spaceId> "single sign-on"'],
    args: [{ name: 'spaceId' }, { name: 'query', query: 'query', nonBlank: true }],
    operation: 'spaces.search',
    output: { list: SEARCH_COLUMNS },
  }),
];
