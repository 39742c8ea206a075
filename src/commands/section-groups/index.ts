// docplat section-groups <verb> --site <siteId>: declarations; the runner does the work.
import { GROUP_COLUMNS, GROUP_DETAIL } from '../../resources/sites.js';
import { defineCommand, type CommandDef } from '../define.js';
import { nullable, SITE } from '../sites/common.js';

const GROUP = { name: 'groupId', param: 'siteSectionGroupId' };
const ICON = { flags: '--icon <name>', description: 'icon', body: 'icon' } as const;
const TITLE = { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true } as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the section groups of a site, with their sections',
    examples: ['list --site <siteId>', "list --site <siteId> --jq '.[] | {title, sections: [.sections[].title]}'"],
    flags: { site: SITE },
    operation: 'sectionGroups.list',
    output: { list: GROUP_COLUMNS },
  }),
  defineCommand({
    name: 'create',
    summary: 'create a section group, optionally with sections (a section leaves the group it was in)',
    examples: ['create --site <siteId> --title Learn --section <sectionId> --section <sectionId>'],
    flags: {
      site: SITE,
      title: { ...TITLE, required: true },
      icon: ICON,
      section: { flags: '--section <sectionId...>', description: 'put this section in the group (repeat for several)', body: 'sections', idOf: 'section' },
    },
    operation: 'sectionGroups.create',
    output: { item: GROUP_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the title or icon of a section group',
    help: 'Nullable: --icon I sets the icon, --no-icon removes it (sends null), leaving both out keeps it unchanged.',
    examples: ['update <groupId> --site <siteId> --title Build', 'update <groupId> --site <siteId> --no-icon'],
    args: [GROUP],
    flags: { site: SITE, title: TITLE, icon: nullable('--icon <name>', 'icon', undefined, 'icon') },
    operation: 'sectionGroups.update',
    output: { item: GROUP_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete section groups (their sections stay, at the top level)',
    examples: ['delete <groupId> --site <siteId> --yes'],
    args: [GROUP],
    flags: { site: SITE },
    operation: 'sectionGroups.delete',
    bulk: { what: 'section group', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'add-section',
    summary: 'put a section in a section group (it leaves the group it was in)',
    examples: ['add-section <groupId> <sectionId> --site <siteId>'],
    args: [GROUP, { name: 'sectionId', body: 'sectionId' }],
    flags: { site: SITE },
    operation: 'sectionGroups.addSection',
    output: { item: GROUP_DETAIL },
  }),
  defineCommand({
    name: 'remove-section',
    summary: 'take sections out of a section group (they stay in the site, at the top level)',
    examples: ['remove-section <groupId> <sectionId> <sectionId> --site <siteId> --yes'],
    args: [GROUP, { name: 'sectionId', param: 'siteSectionId' }],
    flags: { site: SITE },
    operation: 'sectionGroups.removeSection',
    // A section not in the group: the sandbox's 404 (a repeated delete), or a 204.
    bulk: { what: 'section', done: 'removed', nothing: 'not in the group', skip: (err) => (err.status === 404 ? 'not in the group' : undefined) },
    confirm: 'Remove',
  }),
  defineCommand({
    name: 'move',
    summary: 'move a section group before or after a top-level section or group, or to the end',
    examples: ['move <groupId> --site <siteId> --after <sectionId>'],
    args: [GROUP],
    flags: { site: SITE },
    operation: 'sectionGroups.move',
    move: ['site-section-group'],
    output: { item: GROUP_DETAIL },
  }),
];
