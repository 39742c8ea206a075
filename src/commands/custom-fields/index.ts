// docplat custom-fields <verb>: fields declared on the organization and their
// values on spaces; declarations, and `set` (set.ts), which converts
// name=value words by each field's type before anything is sent.
import { CUSTOM_FIELD_TYPES } from '../../api/enums.js';
import { isSelect } from '../../api/operations/customFields.js';
import { UsageError } from '../../errors.js';
import { FIELD_COLUMNS, FIELD_DETAIL, VALUE_COLUMNS } from '../../resources/customFields.js';
import { defineCommand, type CommandDef } from '../define.js';
import { setValues } from './set.js';

const NAME = [{ name: 'name', param: 'fieldName' }];
const DETAILS = {
  title: { flags: '--title <title>', description: 'title shown in the app', body: 'title' },
  description: { flags: '--description <text>', description: 'description', body: 'description' },
  placeholder: { flags: '--placeholder <text>', description: 'placeholder of an empty value', body: 'placeholder' },
  option: { flags: '--option <value...>', description: 'a choice of a select field (repeat the flag); update replaces them all', body: 'options' },
} as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's custom fields",
    examples: ['list', "list --jq '.[] | select(.type | startswith(\"select\")) | .name'"],
    operation: 'customFields.list',
    output: { list: FIELD_COLUMNS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a custom field',
    examples: ['get audience', 'get audience --fields options'],
    args: NAME,
    operation: 'customFields.get',
    output: { item: FIELD_DETAIL },
  }),
  defineCommand({
    name: 'create',
    summary: 'declare a custom field (admins only)',
    examples: ['create --name owner --type text --title Owner', 'create --name audience --type select:single --option internal --option partners --option public'],
    flags: {
      name: { flags: '--name <name>', description: 'the key of the field: lowercase letters, digits, _ and -', body: 'name', required: true, nonBlank: true },
      type: { flags: '--type <type>', description: `one of ${CUSTOM_FIELD_TYPES.join(', ')}`, body: 'type', required: true },
      ...DETAILS,
    },
    checkFlags(opts) {
      const type = String(opts.type);
      if (!(CUSTOM_FIELD_TYPES as readonly string[]).includes(type)) return;
      // --option with another type is refused by the operation's rule (api/operations/customFields.ts), for the sandbox too.
      if (opts.option === undefined && isSelect(type)) throw new UsageError(`a ${type} field needs its choices: give --option at least once`);
    },
    operation: 'customFields.create',
    output: { item: FIELD_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the title, description, placeholder or choices of a custom field (admins only)',
    examples: ['update owner --placeholder "team or person"', 'update audience --option internal --option partners --option public --option press'],
    args: NAME,
    flags: DETAILS,
    operation: 'customFields.update',
    output: { item: FIELD_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete custom fields and their values on every space (admins only)',
    examples: ['delete owner --yes'],
    args: NAME,
    operation: 'customFields.delete',
    bulk: { what: 'custom field', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'values',
    summary: 'list the custom fields of a space with its values',
    help: 'Every field of the organization is listed; a field the space has no value for\nhas an empty value. Lists show comma-separated, as set takes them.',
    examples: ['values <spaceId>', "values <spaceId> --jq 'map({(.customField.name): .value}) | add'"],
    args: [{ name: 'spaceId', param: 'spaceId' }],
    operation: 'customFields.values',
    output: { list: VALUE_COLUMNS },
  }),
  defineCommand({
    name: 'set',
    summary: 'set custom field values of a space (name=value; name= clears), or of many spaces from stdin',
    help: [
      "Each value is converted by its field's type, read once from the organization",
      '(--org): a number; true or false; tags and select:multi choices separated by',
      'commas; a select value must be one of its choices. An unknown name or a value',
      'its field refuses is an error before anything is sent. name= clears a value.',
      'With - instead of a space id, stdin holds lines "<spaceId> name=value...", one',
      'request per space; double quotes keep spaces in a value (owner="Docs team").',
    ].join('\n'),
    examples: [
      'set <spaceId> audience=public review-days=90 keywords=api,rest',
      'set <spaceId> owner=',
      'set - --dry-run < values.txt',
    ],
    args: [{ name: 'spaceId', param: 'spaceId', description: 'the space, or - to read "<spaceId> name=value..." lines from stdin' }, { name: 'values', description: 'name=value words', variadic: true }],
    flags: {
      concurrency: { flags: '--concurrency <n>', description: 'requests in flight at once, with - (default 8)' },
      dryRun: { flags: '--dry-run', description: 'print the requests that would be sent (after reading the fields), and send none' },
    },
    run: setValues,
  }),
];
