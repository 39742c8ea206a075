// docplat site-spaces <verb> --site <siteId>: declarations; the runner does the work.
import { SITE_SPACE_COLUMNS, SITE_SPACE_DETAIL } from '../../resources/sites.js';
import { defineCommand, type CommandDef } from '../define.js';
import { nullable, SITE } from '../sites/common.js';

const SITE_SPACE_ID = [{ name: 'siteSpaceId' }];

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the site spaces of a site (the spaces it publishes, by section)',
    help: 'Without --default or --no-default, every site space is listed.',
    examples: ['list --site <siteId>', 'list --site <siteId> --default', 'list --site <siteId> --no-default --fields id,path'],
    flags: {
      site: SITE,
      default: { flags: '--default', description: 'only the default site spaces', query: 'default', negatable: 'only the site spaces that are not a default' },
      shareKey: { flags: '--share-key <key>', description: 'share-link key that resolves the published URLs', query: 'shareKey' },
    },
    operation: 'siteSpaces.list',
    output: { list: SITE_SPACE_COLUMNS },
  }),
  defineCommand({
    name: 'add',
    summary: 'publish a space of the organization in a site',
    examples: ['add --site <siteId> --space <spaceId>', 'add --site <siteId> --space <spaceId> --section <sectionId>'],
    flags: {
      site: SITE,
      space: { flags: '--space <spaceId>', description: 'the space (of the same organization)', body: 'spaceId', idOf: 'space', required: true },
      section: { flags: '--section <sectionId>', description: 'section to add it to (default: the default section, or the root of a site without sections)', body: 'sectionId', idOf: 'section' },
    },
    operation: 'siteSpaces.add',
    output: { item: SITE_SPACE_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the path or condition of a site space',
    help: 'Nullable: --condition C sets the condition, --no-condition removes it (sends null), leaving both out keeps it unchanged.',
    examples: ['update <siteSpaceId> --site <siteId> --path v2', 'update <siteSpaceId> --site <siteId> --no-condition'],
    args: SITE_SPACE_ID,
    flags: {
      site: SITE,
      path: { flags: '--path <path>', description: 'path of the space on the site', body: 'path' },
      condition: nullable('--condition <expression>', 'condition deciding whether visitors see the space', undefined, 'condition'),
    },
    operation: 'siteSpaces.update',
    output: { item: SITE_SPACE_DETAIL },
  }),
  defineCommand({
    name: 'remove',
    aliases: ['rm'],
    summary: 'take spaces out of a site (the spaces stay)',
    examples: ['remove <siteSpaceId> --site <siteId> --yes', "list --site <siteId> --no-default --jq '.[].id' | docplat site-spaces remove - --site <siteId> --yes"],
    args: SITE_SPACE_ID,
    flags: { site: SITE },
    operation: 'siteSpaces.remove',
    bulk: { what: 'site space', done: 'removed' },
    confirm: 'Remove',
  }),
  defineCommand({
    name: 'move',
    summary: 'move a site space before or after another of its section, or to the end',
    examples: ['move <siteSpaceId> --site <siteId> --before <siteSpaceId>'],
    args: SITE_SPACE_ID,
    flags: { site: SITE },
    operation: 'siteSpaces.move',
    move: ['site-space'],
    output: { item: SITE_SPACE_DETAIL },
  }),
];
