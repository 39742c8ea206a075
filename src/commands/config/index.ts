// docplat config <verb>
import { join } from 'node:path';
import { CONFIG_FILE } from '../../config/paths.js';
import type { Context, Source } from '../../context.js';
import { UsageError } from '../../errors.js';
import { FORMATS, onePage } from '../../output/format.js';
import { checkId } from '../../validate.js';
import { defineCommand, type CommandDef } from '../define.js';

const KEYS = ['org', 'api-url', 'format'] as const;

function checkValue(key: string, value: string): string {
  if (!value.trim()) throw new UsageError(`the value of ${key} is ${value ? 'blank' : 'empty'}: \`docplat config unset ${key}\` removes it`);
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

/** A key's value in effect and where it comes from, as commands see it. */
async function effective(ctx: Context, key: (typeof KEYS)[number]): Promise<[string | undefined, Source]> {
  if (key === 'format') {
    const g = ctx.globals;
    if (g.output || g.json || g.jsonl) return [ctx.output.opts.format, 'flag'];
    const stored = ctx.profile().format;
    return stored ? [stored, 'profile'] : [ctx.output.opts.format, 'default'];
  }
  const s = await ctx.settings();
  return key === 'org' ? [s.org, s.orgSource ?? 'default'] : [s.apiUrl, s.apiUrlSource];
}

function describeSource(ctx: Context, key: string, source: Source): string {
  const names: Record<Source, string> = {
    flag: key === 'format' ? 'the --output flag' : `the --${key} flag`,
    env: `DOCPLAT_${key.toUpperCase().replace('-', '_')}`,
    profile: `profile "${ctx.profileName()}"`,
    sandbox: 'the sandbox',
    default: 'the default',
  };
  return names[source];
}

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'get',
    summary: 'print the value in effect (flag, environment, profile or default), and where it comes from on stderr',
    help: 'With --json: {"key", "value", "source"}; source is flag, env, profile, sandbox or default (null when the value is not set).',
    examples: ['get org', 'get api-url --profile work', 'get org --json'],
    args: [KEY],
    async run(ctx, { args: [key] }) {
      const { configKey } = await import('../../config/store.js');
      configKey(key);
      const [value, source] = await effective(ctx, key as (typeof KEYS)[number]);
      if (ctx.output.dataAsked) {
        await ctx.output.item({ key, value: value ?? null, source: value === undefined ? null : source }, []);
        return;
      }
      if (value === undefined) {
        ctx.output.note(`${key} is not set`);
        return;
      }
      await ctx.output.text(value);
      ctx.output.note(`(from ${describeSource(ctx, key, source)})`);
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
      if (ctx.output.dataAsked) await ctx.output.item({ profile: ctx.profileName(), key, value }, []);
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
      if (ctx.output.dataAsked) await ctx.output.item({ profile: ctx.profileName(), key, value: null }, []);
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
        onePage(rows),
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
      const path = join(ctx.configDir, CONFIG_FILE);
      if (ctx.output.dataAsked) await ctx.output.item({ path }, []);
      else await ctx.output.text(path);
    },
  }),
];
