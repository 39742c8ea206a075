// docplat sections <verb> --site <siteId>: declarations; the runner does the work.
import { SECTION_COLUMNS, SECTION_DETAIL } from '../../resources/sites.js';
import { defineCommand, type CommandDef } from '../define.js';
import { nullable, SITE } from '../sites/common.js';

const SECTION_ID = [{ name: 'sectionId', param: 'siteSectionId' }];

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the sections of a site, with their site spaces',
    examples: ['list --site <siteId>', 'list --site <siteId> --share-key <key> --fields title,urls.published'],
    flags: { site: SITE, shareKey: { flags: '--share-key <key>', description: 'share-link key that resolves the published URLs', query: 'shareKey' } },
    operation: 'sections.list',
    output: { list: SECTION_COLUMNS },
  }),
  defineCommand({
    name: 'create',
    summary: 'add a section to a site, with a first site space publishing a space',
    examples: ['create --site <siteId> --space <spaceId> --title Guides'],
    flags: {
      site: SITE,
      space: { flags: '--space <spaceId>', description: 'space of the first site space of the section', body: 'spaceId', idOf: 'space', required: true },
      title: { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true, required: true },
    },
    operation: 'sections.create',
    output: { item: SECTION_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the title, path, default site space, condition, icon or description of a section',
    help: 'Nullable: --condition C, --icon I and --description D set the field; --no-condition, --no-icon and\n--no-description remove it (send null); leaving both forms out keeps it unchanged.',
    examples: ['update <sectionId> --site <siteId> --title "API reference" --path api', 'update <sectionId> --site <siteId> --condition "visitor.claims.unsigned.beta"', 'update <sectionId> --site <siteId> --no-condition'],
    args: SECTION_ID,
    flags: {
      site: SITE,
      title: { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true },
      path: { flags: '--path <path>', description: 'path of the section on the site', body: 'path' },
      defaultSiteSpace: { flags: '--default-site-space <siteSpaceId>', description: 'make this site space of the section its default', body: 'defaultSiteSpace', idOf: 'site space' },
      condition: nullable('--condition <expression>', 'condition deciding whether visitors see the section', undefined, 'condition'),
      icon: nullable('--icon <name>', 'icon', undefined, 'icon'),
      description: nullable('--description <text>', 'description', undefined, 'description'),
    },
    operation: 'sections.update',
    output: { item: SECTION_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete sections of a site, with their site spaces (the spaces stay)',
    examples: ['delete <sectionId> --site <siteId> --yes', "list --site <siteId> --jq '.[] | select(.siteSpaces == []) | .id' | docplat sections delete - --site <siteId> --yes"],
    args: SECTION_ID,
    flags: { site: SITE },
    operation: 'sections.delete',
    bulk: { what: 'section', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'move',
    summary: 'move a section before or after another of its group (or of the top level), or to the end',
    examples: ['move <sectionId> --site <siteId> --before <sectionId>'],
    args: SECTION_ID,
    flags: { site: SITE },
    operation: 'sections.move',
    move: ['site-section'],
    output: { item: SECTION_DETAIL },
  }),
];
