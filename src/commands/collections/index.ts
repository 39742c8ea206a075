// docplat collections <verb>: declarations; the runner (../runner.ts) does the work.
import { COLLECTION_COLUMNS, COLLECTION_DETAIL, COLLECTION_FIELDS } from '../../resources/collections.js';
import { SPACE_COLUMNS, SPACE_FIELDS } from '../../resources/spaces.js';
import { OPERATIONS } from '../../api/operations/index.js';
import { buildRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { defineCommand, type CommandDef } from '../define.js';

const COLLECTION_ID = [{ name: 'collectionId' }];

interface Node {
  id: string;
  title?: string;
  parent?: string | null;
}

/**
 * What deleting these collections takes with it: every collection below
 * them and every space in any of those, read from the organization's
 * collections and spaces. The title of a single collection is what the
 * person types to confirm, when others go with it.
 */
async function deleteImpact(ctx: Context, ids: string[]): Promise<{ describe: string; type?: string }> {
  const organizationId = await ctx.org();
  const all = (opId: 'collections.list' | 'spaces.list') => ctx.api.all<Node>(buildRequest(OPERATIONS[opId], { params: { organizationId }, query: {} }));
  const [collections, spaces] = await Promise.all([all('collections.list'), all('spaces.list')]);
  const doomed = new Set(ids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of collections) {
      if (c.parent && doomed.has(c.parent) && !doomed.has(c.id)) {
        doomed.add(c.id);
        grew = true;
      }
    }
  }
  const inner = doomed.size - ids.length;
  const spaceCount = spaces.filter((s) => s.parent && doomed.has(s.parent)).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const withThem = spaceCount + inner ? `, with ${[spaceCount && plural(spaceCount, 'space'), inner && plural(inner, 'collection')].filter(Boolean).join(' and ')} inside` : '';
  if (ids.length === 1) {
    const title = collections.find((c) => c.id === ids[0])?.title;
    const named = title ? `collection "${title}" (${ids[0]})` : `collection ${ids[0]}`;
    return { describe: named + withThem, type: withThem && title ? title : undefined };
  }
  return { describe: plural(ids.length, 'collection') + withThem, type: withThem ? String(ids.length) : undefined };
}
const TITLE = { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true } as const;

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
      description: { flags: '--description <text>', description: 'description', body: 'description' },
      defaultLevel: {
        flags: '--default-level <role>',
        description: 'default role for its content: admin, create, review, edit, comment, read, inherit, or none',
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
    impact: deleteImpact,
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
