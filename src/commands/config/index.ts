// docplat config <verb>
import { join } from 'node:path';
import { CONFIG_FILE } from '../../config/paths.js';
import { UsageError } from '../../errors.js';
import { FORMATS } from '../../output/format.js';
import { checkId } from '../../validate.js';
import { defineCommand, type CommandDef } from '../define.js';

const KEYS = ['org', 'api-url', 'format'] as const;

function checkValue(key: string, value: string): string {
  if (key === 'org') return checkId('organization id', value);
  if (key === 'format' && !(FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`format must be one of ${FORMATS.join(', ')}, got "${value}"`);
  }
  if (key === 'api-url') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new UsageError(`api-url must be a URL such as https://api.gitbook.com/v1, got "${value}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError(`api-url must be http or https, got "${value}"`);
  }
  return value;
}

const KEY = { name: 'key', description: KEYS.join(', ') };

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'get',
    summary: 'print a value of the active profile',
    examples: ['get org', 'get api-url --profile work'],
    args: [KEY],
    async run(ctx, { args: [key] }) {
      const { configKey } = await import('../../config/store.js');
      const value = ctx.profile()[configKey(key)];
      if (value !== undefined) await ctx.output.text(value);
    },
  }),
  defineCommand({
    name: 'set',
    summary: 'set a value in the active profile',
    examples: ['set org <orgId>', 'set format json'],
    args: [KEY, { name: 'value' }],
    async run(ctx, { args: [key, value] }) {
      const store = await ctx.store();
      const { configKey } = await import('../../config/store.js');
      const field = configKey(key);
      checkValue(key, value);
      store.update(ctx.profileName(), (p) => ({ ...p, [field]: value }));
    },
  }),
  defineCommand({
    name: 'unset',
    summary: 'remove a value from the active profile',
    examples: ['unset org'],
    args: [KEY],
    async run(ctx, { args: [key] }) {
      ctx.profile(); // an unknown --profile is refused, not created empty
      const store = await ctx.store();
      const { configKey } = await import('../../config/store.js');
      const field = configKey(key);
      store.update(ctx.profileName(), (p) => ({ ...p, [field]: undefined }));
    },
  }),
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the values of every profile (the token shows only as set or not)',
    examples: ['list', 'list --json'],
    async run(ctx) {
      const stored = ctx.storedConfig();
      const active = ctx.profileName();
      const rows = Object.entries(stored.profiles).map(([name, p]) => ({
        profile: name,
        active: name === active,
        org: p.org ?? null,
        'api-url': p.apiUrl ?? null,
        format: p.format ?? null,
        token: p.token ? 'set' : 'not set',
      }));
      await ctx.output.list(
        (async function* () {
          yield { items: rows };
        })(),
        [
          { key: 'profile', header: 'PROFILE' },
          { key: 'active', header: 'ACTIVE' },
          { key: 'org', header: 'ORG' },
          { key: 'api-url', header: 'API URL' },
          { key: 'format', header: 'FORMAT' },
          { key: 'token', header: 'TOKEN' },
        ],
      );
    },
  }),
  defineCommand({
    name: 'path',
    summary: 'print the path of the config file',
    examples: ['path'],
    async run(ctx) {
      await ctx.output.text(join(ctx.configDir, CONFIG_FILE));
    },
  }),
];
