// docplat collections <verb>: declarations; the runner (../runner.ts) does the work.
import { COLLECTION_COLUMNS, COLLECTION_DETAIL, COLLECTION_FIELDS } from '../../resources/collections.js';
import { SPACE_COLUMNS, SPACE_FIELDS } from '../../resources/spaces.js';
import { defineCommand, type CommandDef } from '../define.js';

const COLLECTION_ID = [{ name: 'collectionId' }];
const TITLE = { flags: '--title <title>', description: 'title (at most 50 characters)', body: 'title', nonBlank: true } as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's collections",
    examples: ['list', 'list --no-nested --json'],
    flags: { nested: { flags: '--no-nested', description: 'only top-level collections', query: 'nested' } },
    operation: 'collections.list',
    output: { list: COLLECTION_COLUMNS, fields: COLLECTION_FIELDS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a collection',
    examples: ['get <collectionId>', 'get <collectionId> --json'],
    args: COLLECTION_ID,
    operation: 'collections.get',
    output: { item: COLLECTION_DETAIL, fields: COLLECTION_FIELDS },
  }),
  defineCommand({
    name: 'create',
    summary: 'create a collection',
    examples: ['create --title Guides', 'create --title "How-tos" --parent <collectionId> --json'],
    flags: {
      title: { ...TITLE, required: true },
      parent: { flags: '--parent <collectionId>', description: 'create it inside this collection', body: 'parent', idOf: 'collection' },
    },
    operation: 'collections.create',
    output: { item: COLLECTION_DETAIL, fields: COLLECTION_FIELDS },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the title, description or default level of a collection',
    examples: ['update <collectionId> --description "Step-by-step recipes"', 'update <collectionId> --default-level read'],
    args: COLLECTION_ID,
    flags: {
      title: TITLE,
      description: { flags: '--description <text>', description: 'description (at most 100 characters)', body: 'description' },
      defaultLevel: {
        flags: '--default-level <role>',
        description: 'default role for its content: admin, create, review, edit, comment, read, or none',
        body: 'defaultLevel',
        nullWord: 'none',
      },
    },
    operation: 'collections.update',
    output: { item: COLLECTION_DETAIL, fields: COLLECTION_FIELDS },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete collections (their spaces are deleted with them, restorable for 7 days)',
    examples: ['delete <collectionId> --yes', 'delete <collectionId> --dry-run'],
    args: COLLECTION_ID,
    operation: 'collections.delete',
    bulk: { what: 'collection', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'spaces',
    summary: 'list the spaces of a collection',
    examples: ['spaces <collectionId>', "spaces <collectionId> --all --jq '.[].id'"],
    args: COLLECTION_ID,
    operation: 'collections.spaces',
    output: { list: SPACE_COLUMNS, fields: SPACE_FIELDS },
  }),
  defineCommand({
    name: 'move',
    summary: 'move a collection to another parent or position',
    examples: ['move <collectionId> --parent <collectionId>', 'move <collectionId> --root --before space:<spaceId>'],
    args: COLLECTION_ID,
    operation: 'collections.move',
    move: ['collection', 'space'],
    output: { item: COLLECTION_DETAIL, fields: COLLECTION_FIELDS },
  }),
  defineCommand({
    name: 'transfer',
    summary: 'transfer a collection to another organization',
    examples: ['transfer <collectionId> --to-org <orgId>'],
    args: COLLECTION_ID,
    flags: { toOrg: { flags: '--to-org <orgId>', description: 'organization that receives the collection', body: 'organization', idOf: 'organization', required: true } },
    operation: 'collections.transfer',
    output: { item: COLLECTION_DETAIL, fields: COLLECTION_FIELDS },
  }),
];
