// docplat sites <verb>: declarations; the runner (../runner.ts) does the work,
// except `sites tree` (tree.ts), which puts five listings together.
import { SITE_TYPES, SITE_VISIBILITIES } from '../../api/enums.js';
import { ADAPTIVE_SCHEMA_DETAIL, PUBLISHED_DETAIL, SITE_COLUMNS, SITE_DETAIL } from '../../resources/sites.js';
import { defineCommand, type CommandDef } from '../define.js';
import { adaptiveSchemaFile, nullable, onOff } from './common.js';
import { TREE } from './tree.js';

const SITE_ID = [{ name: 'siteId' }];

type Published = { published?: boolean; type?: string; sessionId?: string };
/** A publish may answer a checkout session (the plan needs payment) rather than the site: not published. */
const checkout = (data: unknown) =>
  (data as Published | undefined)?.type === 'checkout' ? { result: 'failed' as const, message: `needs a checkout in the app first (session ${String((data as Published).sessionId)})` } : undefined;
const TITLE = { flags: '--title <title>', description: 'title', body: 'title', nonBlank: true } as const;
const VISIBILITY = { flags: '--visibility <visibility>', description: `who can read it: ${SITE_VISIBILITIES.join(', ')}`, body: 'visibility' } as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's docs sites",
    examples: ['list', 'list --published --json', 'list --space <spaceId>'],
    operation: 'sites.list',
    flags: {
      space: { flags: '--space <spaceId>', description: 'only the sites that publish this space', query: 'space', idOf: 'space' },
      title: { flags: '--title <text>', description: 'only the sites whose title contains this text', query: 'title' },
      published: { flags: '--published', description: 'only published sites', query: 'published', value: true },
      unpublished: { flags: '--unpublished', description: 'only unpublished sites', query: 'published', value: false },
    },
    output: { list: SITE_COLUMNS },
  }),
  defineCommand({
    name: 'create',
    summary: 'create a docs site',
    examples: ['create --title "Help Center"', 'create --title "Partner docs" --visibility share-link --space <spaceId> --space <spaceId>'],
    flags: {
      title: { ...TITLE, required: true },
      type: { flags: '--type <type>', description: `plan of the site: ${SITE_TYPES.join(', ')} (default basic)`, body: 'type' },
      visibility: VISIBILITY,
      space: { flags: '--space <spaceId...>', description: 'publish this space (repeat for several)', body: 'spaces', idOf: 'space' },
    },
    operation: 'sites.create',
    output: { item: SITE_DETAIL },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a docs site',
    examples: ['get <siteId>', 'get <siteId> --fields urls.published'],
    args: SITE_ID,
    operation: 'sites.get',
    output: { item: SITE_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'change the title, visibility, basename, adaptive content, defaults or proxy of a site',
    help: 'Nullable: --proxy P sets the proxy, --no-proxy removes it (sends null), and leaving both out keeps it unchanged.',
    examples: ['update <siteId> --visibility unlisted --adaptive-content on', 'update <siteId> --proxy example.com/docs', 'update <siteId> --no-proxy'],
    args: SITE_ID,
    flags: {
      title: TITLE,
      visibility: VISIBILITY,
      basename: { flags: '--basename <basename>', description: 'path of the site below its host', body: 'basename' },
      adaptiveContent: { flags: '--adaptive-content <on|off>', description: 'turn adaptive content on or off', body: 'adaptiveContent.enabled', map: onOff('--adaptive-content'), choices: ['on', 'off'] },
      defaultSiteSpace: { flags: '--default-site-space <siteSpaceId>', description: 'make this site space the default (of the default section, when the site has sections)', body: 'defaultSiteSpace', idOf: 'site space' },
      defaultSection: { flags: '--default-section <sectionId>', description: 'make this section the default', body: 'defaultSiteSection', idOf: 'section' },
      proxy: nullable('--proxy <host/path>', 'proxy', 'host and path with no scheme, such as docs.example.com/help', 'proxy'),
    },
    operation: 'sites.update',
    output: { item: SITE_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete docs sites (their spaces stay)',
    examples: ['delete <siteId> --yes', "list --unpublished --jq '.[].id' | docplat sites delete - --yes"],
    args: SITE_ID,
    operation: 'sites.delete',
    bulk: { what: 'site', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'publish',
    summary: 'publish docs sites (public OpenAPI description 0.202.0)',
    help: 'A published site is skipped ("skipped (already published)"), so a re-run is safe. A plan that needs payment answers with a checkout session instead: that site fails, to be finished in the app.',
    examples: ['publish <siteId>', "list --unpublished --jq '.[].id' | docplat sites publish -"],
    args: SITE_ID,
    operation: 'sites.publish',
    bulk: { what: 'site', done: 'published', check: { operation: 'sites.get', skip: (site) => ((site as Published).published === true ? 'already published' : undefined) }, answered: checkout },
  }),
  defineCommand({
    name: 'unpublish',
    summary: 'take docs sites offline (public OpenAPI description 0.202.0); their content stays',
    help: 'An unpublished site is skipped ("skipped (already unpublished)"), so a re-run is safe.',
    examples: ['unpublish <siteId>', "list --published --title Beta --jq '.[].id' | docplat sites unpublish -"],
    args: SITE_ID,
    operation: 'sites.unpublish',
    bulk: { what: 'site', done: 'unpublished', check: { operation: 'sites.get', skip: (site) => ((site as Published).published === false ? 'already unpublished' : undefined) } },
  }),
  defineCommand({
    name: 'published',
    summary: 'show a site as its visitors get it: the site and its published structure',
    examples: ['published <siteId>', 'published <siteId> --share-key <key> --json'],
    args: SITE_ID,
    flags: { shareKey: { flags: '--share-key <key>', description: 'key of an active share link (needed for a share-link site)', query: 'shareKey' } },
    operation: 'sites.published',
    output: { item: PUBLISHED_DETAIL },
  }),
  defineCommand({
    name: 'adaptive-schema',
    summary: 'show the JSON Schema of the visitor claims for adaptive content',
    examples: ['adaptive-schema <siteId> --jq .jsonSchema > schema.json'],
    args: SITE_ID,
    operation: 'sites.adaptiveSchema',
    output: { item: ADAPTIVE_SCHEMA_DETAIL },
  }),
  defineCommand({
    name: 'set-adaptive-schema',
    summary: 'replace the JSON Schema of the visitor claims for adaptive content',
    help: [
      'The file holds the JSON Schema itself (sent as jsonSchema): an object with "type": "object",',
      '"properties" of boolean claims ({"type": "boolean", "description": "..."}), an optional',
      '"unsigned" object of boolean claims, and "additionalProperties": false. It is checked before',
      'anything is sent.',
    ].join('\n'),
    examples: ['set-adaptive-schema <siteId> --file schema.json', 'set-adaptive-schema <siteId> --file - < schema.json'],
    args: SITE_ID,
    flags: {
      file: { flags: '--file <path>', description: 'JSON file of the schema (- for stdin)', body: 'jsonSchema', file: true, path: { kind: 'typed', use: 'value' }, map: adaptiveSchemaFile, required: true },
    },
    operation: 'sites.setAdaptiveSchema',
    output: { item: ADAPTIVE_SCHEMA_DETAIL },
  }),
  TREE,
];
