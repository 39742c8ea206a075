// docplat config <verb>
import type { Command } from 'commander';
import type { App } from '../app.js';
import { UsageError } from '../errors.js';
import { FORMATS } from '../output/format.js';
import { checkId } from '../validate.js';
import { CONFIG_FILE } from '../config/paths.js';
import { join } from 'node:path';

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

export function register(group: Command, app: App): void {
  group
    .command('get')
    .argument('<key>', KEYS.join(', '))
    .description('print a value of the active profile')
    .action(
      app.handler(async (ctx, [key]) => {
        const { configKey } = await import('../config/store.js');
        const value = ctx.profile()[configKey(key)];
        if (value !== undefined) await ctx.output.text(value);
      }),
    );

  group
    .command('set')
    .argument('<key>', KEYS.join(', '))
    .argument('<value>')
    .description('set a value in the active profile')
    .action(
      app.handler(async (ctx, [key, value]) => {
        const store = await ctx.store();
        const { configKey } = await import('../config/store.js');
        const field = configKey(key);
        checkValue(key, value);
        store.update(ctx.profileName(), (p) => ({ ...p, [field]: value }));
      }),
    );

  group
    .command('unset')
    .argument('<key>', KEYS.join(', '))
    .description('remove a value from the active profile')
    .action(
      app.handler(async (ctx, [key]) => {
        const store = await ctx.store();
        const { configKey } = await import('../config/store.js');
        const field = configKey(key);
        store.update(ctx.profileName(), (p) => ({ ...p, [field]: undefined }));
      }),
    );

  group
    .command('list')
    .alias('ls')
    .description('list the values of every profile (the token shows only as set or not)')
    .action(
      app.handler(async (ctx) => {
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
      }),
    );

  group
    .command('path')
    .description('print the path of the config file')
    .action(
      app.handler(async (ctx) => {
        await ctx.output.text(join(ctx.configDir, CONFIG_FILE));
      }),
    );
}
