// docplat translations <verb>: the organization's translation settings, as
// the API reference has them (a title); declarations.
import { TRANSLATION_COLUMNS, TRANSLATION_DETAIL } from '../../resources/translations.js';
import { defineCommand, type CommandDef } from '../define.js';

const TRANSLATION_ID = [{ name: 'translationId', param: 'translationSettingsId' }];
const TITLE = { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true, required: true } as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's translation settings",
    examples: ['list', "list --jq '.[] | {title, languages}'"],
    operation: 'translations.list',
    output: { list: TRANSLATION_COLUMNS },
  }),
  defineCommand({
    name: 'create',
    summary: 'create translation settings (admins only)',
    examples: ['create --title French', 'create --title "German (Austria)" --json'],
    flags: { title: TITLE },
    operation: 'translations.create',
    output: { item: TRANSLATION_DETAIL },
  }),
  defineCommand({
    name: 'get',
    summary: 'show translation settings',
    examples: ['get <translationId>', 'get <translationId> --fields languages'],
    args: TRANSLATION_ID,
    operation: 'translations.get',
    output: { item: TRANSLATION_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'rename translation settings (admins only)',
    examples: ['update <translationId> --title "French (France)"'],
    args: TRANSLATION_ID,
    flags: { title: TITLE },
    operation: 'translations.update',
    output: { item: TRANSLATION_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete translation settings (admins only)',
    examples: ['delete <translationId> --yes', "list --jq '.[] | select(.languages == []) | .id' | docplat translations delete - --yes"],
    args: TRANSLATION_ID,
    operation: 'translations.delete',
    bulk: { what: 'translation', done: 'deleted' },
    confirm: 'Delete',
  }),
];
