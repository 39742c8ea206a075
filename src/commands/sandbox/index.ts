// docplat sandbox <verb>: the local API emulator (src/sandbox/).
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SANDBOX_FILE } from '../../config/paths.js';
import { DocplatError, UsageError } from '../../errors.js';
import { parseInteger } from '../../validate.js';
import { defineCommand, type CommandDef } from '../define.js';

function seedOf(value: string | undefined): 'demo' | 'empty' {
  if (value === undefined || value === 'demo' || value === 'empty') return value ?? 'demo';
  throw new UsageError(`--seed must be demo or empty, got "${value}"`);
}

const SEED = { flags: '--seed <seed>', description: 'initial state when there is no data file: demo or empty (default: demo)' } as const;

type SandboxUser = { displayName: string; email: string; role: string | null; disabled: boolean; token: string };

/**
 * Other users to rehearse with (two editors and a reviewer): the first two
 * active members of each role, each with a profile to log in (`--json` lists
 * every member's token).
 */
function usersNote(users: SandboxUser[], url: string): string[] {
  const shown: SandboxUser[] = [];
  for (const u of users) if (!u.disabled && u.role && shown.filter((s) => s.role === u.role).length < 2) shown.push(u);
  if (shown.length === 0) return [];
  const profile = (u: SandboxUser) => u.email.split('@')[0].toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return [
    `Other users (one profile each: echo <token> | docplat auth login --profile <name> --api-url ${url} --with-token; then docplat --profile <name> ...):`,
    ...shown.map((u) => `  ${profile(u)}  ${u.displayName} <${u.email}>  ${u.role}  ${u.token}`),
  ];
}

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'serve',
    summary: 'run the local API emulator until interrupted, and print its URL and token',
    help: `A file a change request inserts by url is fetched by the sandbox, as the platform fetches it: a
url that resolves to a private or reserved address (this machine, a private network) is refused
with a 400, as the platform refuses it, unless --allow-private-file-urls is given (to rehearse a
content restore --files-url served on this machine). The embedded sandbox (--sandbox) does the
same with DOCPLAT_SANDBOX_ALLOW_PRIVATE_FILE_URLS=1.`,
    examples: ['serve --port 4010', 'serve --data ./sandbox.json --seed empty', 'serve --faults "429=0.1,503=0.05,seed=1"'],
    flags: {
      port: { flags: '--port <port>', description: 'port to listen on (default: 4010; 0 picks a free one)' },
      host: { flags: '--host <host>', description: 'address to bind (default: 127.0.0.1)' },
      data: { flags: '--data <file>', description: 'keep the state in this JSON file (loaded at start, saved after each change)' },
      seed: SEED,
      spaces: { flags: '--spaces <n>', description: 'add this many spaces to the first organization (for load tests)' },
      pages: { flags: '--pages <n>', description: 'give the first space of the first organization this many pages (for benchmarks)' },
      largeFile: { flags: '--large-file <MB>', description: 'add a file large.bin of this many MB to that space, generated as it streams (for benchmarks)' },
      faults: { flags: '--faults <spec>', description: 'inject faults, e.g. "429=0.1,503=0.05,reset=0.02,latency=5,seed=1"' },
      allowPrivateFileUrls: {
        flags: '--allow-private-file-urls',
        description: 'let insert_files fetch a url on this machine or a private network (refused, as the platform does, by default)',
      },
    },
    async run(ctx, { opts }) {
      const port = parseInteger('--port', opts.port, 4010, 0, 65535);
      const spaces = parseInteger('--spaces', opts.spaces, 0, 0, 1_000_000);
      const pages = parseInteger('--pages', opts.pages, 0, 0, 1_000_000);
      const largeFileMB = parseInteger('--large-file', opts.largeFile, 0, 0, 100_000);
      const seed = seedOf(opts.seed);
      const { startSandbox, parseFaults, isLoopback } = await import('../../sandbox/server.js');
      if (opts.faults !== undefined) {
        try {
          parseFaults(opts.faults);
        } catch (err) {
          throw new UsageError(`--faults: ${(err as Error).message}`);
        }
      }
      if (opts.data !== undefined && !existsSync(dirname(resolve(opts.data)))) {
        throw new UsageError(`--data: the folder ${dirname(resolve(opts.data))} does not exist`);
      }
      const sandbox = await startSandbox({
        host: opts.host,
        port,
        seed,
        spaces,
        pages,
        largeFileMB,
        dataFile: opts.data,
        autosave: !!opts.data,
        faults: opts.faults,
        allowPrivateFileUrls: !!opts.allowPrivateFileUrls,
        log: ctx.globals.debug ? (line: string) => ctx.debug(line) : undefined,
      }).catch((err: Error) => {
        // `sandbox reset` empties the embedded sandbox, not this file.
        if (opts.data !== undefined && /sandbox state/.test(err.message)) {
          throw new UsageError(`--data: ${err.message.replace('or run `docplat sandbox reset`', 'or give another --data file')}`);
        }
        throw new DocplatError(`cannot start the sandbox: ${err.message}`);
      });
      const host = opts.host ?? '127.0.0.1';
      if (!isLoopback(host)) {
        ctx.warn(
          `warning: the sandbox listens on ${host}, not only on this machine: anyone who can reach it and has the token can use it, and the token travels over plain http (clients elsewhere need --insecure-http)`,
        );
      }
      const integrationTokens = sandbox.integrationTokens();
      const users = sandbox.userTokens();
      const info = { url: sandbox.url, token: sandbox.token, org: sandbox.defaultOrg ?? null, integrationTokens, users };
      if (ctx.output.dataAsked) {
        await ctx.output.item(info, []);
      } else {
        await ctx.output.text(`${sandbox.url}\t${sandbox.token}`);
        // The token is shown once, on stdout; it is random for each new state, and kept in the --data file.
        const names = Object.keys(integrationTokens);
        ctx.output.note([
          `Sandbox listening on ${sandbox.url}`,
          `Try: DOCPLAT_API_URL=${sandbox.url} DOCPLAT_TOKEN=<the token above>${info.org ? ` DOCPLAT_ORG=${info.org}` : ''} docplat spaces list${isLoopback(host) ? '' : ' --insecure-http'}`,
          ...(names.length ? ['Integration tokens (for `docplat integrations installations <name> --token <token>`):', ...names.map((n) => `  ${n}  ${integrationTokens[n]}`)] : []),
          ...usersNote(users, sandbox.url),
          'Press Ctrl-C to stop.',
        ]);
      }
      await new Promise<void>((resolve) => {
        if (ctx.signal.aborted) resolve();
        else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      await sandbox.save();
      await sandbox.close();
    },
  }),
  defineCommand({
    name: 'reset',
    summary: 'empty the embedded sandbox (used by --sandbox) and start again from a seed',
    examples: ['reset', 'reset --seed empty'],
    flags: { seed: { ...SEED, description: 'demo or empty (default: demo)' } },
    async run(ctx, { opts }) {
      const seed = seedOf(opts.seed);
      const file = join(ctx.configDir, SANDBOX_FILE);
      mkdirSync(ctx.configDir, { recursive: true, mode: 0o700 });
      const { startSandbox } = await import('../../sandbox/server.js');
      // fresh: the seed replaces the state under the file's lock, so a --sandbox command running meanwhile cannot write the old state back.
      const sandbox = await startSandbox({ dataFile: file, seed, port: 0, fresh: true });
      await sandbox.save();
      await sandbox.close();
      ctx.output.note(`The embedded sandbox was reset (${seed} seed)`);
      if (ctx.output.dataAsked) await ctx.output.item({ reset: true, seed }, []);
    },
  }),
];
