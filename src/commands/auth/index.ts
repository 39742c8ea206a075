// docplat auth <verb>
import { MAX_LIMIT } from '../../api/limits.js';
import { apiRequest } from '../../api/request.js';
import { DEFAULT_API_URL, type Context } from '../../context.js';
import { ApiError, AuthError, UsageError } from '../../errors.js';
import { noSuchProfile } from '../../config/profile.js';
import { checkId } from '../../validate.js';
import { defineCommand, type CommandDef } from '../define.js';

interface User {
  id: string;
  displayName?: string;
  email?: string;
}
interface Org {
  id: string;
  title?: string;
}

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'login',
    summary: 'store a token in the profile (prompts for it on a terminal)',
    help: 'The global --api-url and --org options choose the API and the default organization stored in the profile.',
    examples: ['login', 'login --org <orgId>', 'login --with-token < token.txt'],
    flags: { withToken: { flags: '--with-token', description: 'read the token from stdin (for scripts: echo "$TOKEN" | docplat auth login --with-token)' } },
    async run(ctx, { opts }) {
      const g = ctx.globals;
      if (g.sandbox) throw new UsageError('auth login stores a real token; --sandbox needs none');
      ctx.createsProfile = true;
      let token: string;
      if (opts.withToken) {
        if (ctx.io.stdinTTY) throw new UsageError('--with-token reads the token from stdin, but stdin is a terminal: pipe it in');
        token = (await ctx.readStdin()).trim();
      } else if (g.token) {
        ctx.warn('warning: a token given with --token can be seen in process lists and shell history; prefer the prompt or --with-token');
        token = g.token;
      } else if (ctx.canPrompt) {
        token = (await (await ctx.prompter()).password('API token:')).trim();
      } else if (ctx.env.DOCPLAT_TOKEN) {
        throw new UsageError(
          `no terminal to prompt for the token; DOCPLAT_TOKEN is set and commands already use it without logging in (to store it in profile "${ctx.profileName()}": printenv DOCPLAT_TOKEN | docplat auth login --with-token)`,
        );
      } else {
        throw new UsageError('no terminal to prompt for the token: pipe it in with --with-token, or set DOCPLAT_TOKEN');
      }
      if (!token) throw new UsageError('the token is empty');
      if (/\s/.test(token)) throw new UsageError('the token contains white space');

      const profileName = ctx.profileName();
      const settings = await ctx.settings();
      const apiUrl = g.apiUrl ?? settings.apiUrl;
      const other = await ctx.api.connect(apiUrl, token);
      try {
        const user = await currentUser(other, [401, 403], (status) => `the API at ${apiUrl} refused this token (${status}); nothing was stored`);
        let org = g.org ? checkId('--org organization id', g.org) : undefined;
        const orgs = await other.all<Org>(apiRequest('orgs.list'), { limit: MAX_LIMIT });
        if (org && !orgs.some((o) => o.id === org)) {
          const known = orgs.length ? `yours are ${orgs.map((o) => `${o.id}${o.title ? ` (${o.title})` : ''}`).join(', ')}` : 'this token belongs to none';
          throw new UsageError(`--org ${org} is not an organization of this token (${known}); nothing was stored`);
        }
        const store = await ctx.store();
        // The profile's organization stays only if this token has it (a profile logged in again with another account's token).
        const previous = store.profile(profileName).org;
        let choose = false;
        if (!org) {
          if (orgs.length === 1) org = orgs[0].id;
          else if (orgs.length > 1 && ctx.canPrompt) {
            // "none" is an answer: no default organization (undefined, not the previous one).
            org = (await (await ctx.prompter()).select('Default organization:', [
              ...orgs.map((o) => ({ name: `${o.title ?? o.id} (${o.id})`, value: o.id })),
              { name: 'none', value: '' },
            ])) || undefined;
          } else if (previous && orgs.some((o) => o.id === previous)) org = previous;
          else choose = orgs.length > 1;
        }
        store.update(profileName, (p) => ({
          ...p,
          token,
          apiUrl: g.apiUrl ?? (p.apiUrl || (apiUrl === DEFAULT_API_URL ? undefined : apiUrl)),
          org,
        }));
        ctx.output.note(`Logged in as ${user.displayName ?? user.id}${user.email ? ` <${user.email}>` : ''} on profile "${profileName}"${org ? `, organization ${org}` : ''}`);
        if (choose) ctx.output.note(`${orgs.length} organizations: choose one with \`docplat config set org <id>\` (see \`docplat orgs list\`)`);
        if (ctx.env.DOCPLAT_TOKEN) ctx.warn('warning: DOCPLAT_TOKEN is set and wins over the stored token: unset it to use this one');
      } finally {
        await other.close();
      }
    },
  }),
  defineCommand({
    name: 'logout',
    summary: "remove the profile's token",
    examples: ['logout', 'logout --profile work'],
    async run(ctx) {
      if (ctx.globals.sandbox) throw new UsageError('auth logout removes a stored token; --sandbox uses none (`docplat sandbox reset` starts the sandbox over)');
      const name = ctx.profileName();
      const had = !!ctx.profile().token;
      const store = await ctx.store();
      if (had) store.update(name, (p) => ({ ...p, token: undefined }));
      const done = had ? `Logged out of profile "${name}"` : `Profile "${name}" had no token`;
      ctx.output.note(ctx.env.DOCPLAT_TOKEN ? `${done}, but DOCPLAT_TOKEN is set and stays in effect: unset it to stop using that token` : done);
      if (ctx.output.dataAsked) await ctx.output.item({ profile: name, loggedOut: had }, []);
    },
  }),
  defineCommand({
    name: 'status',
    summary: 'show the profile, API URL, organization, user and where the token comes from (never the token)',
    examples: ['status', 'status --json'],
    async run(ctx) {
      const s = await ctx.settings();
      const profiles = profileList(ctx, s.profile);
      if (!s.token) {
        const others = profiles.filter((p) => !p.active && p.token).map((p) => p.name);
        const hint = others.length ? `; profiles with a token: ${others.join(', ')} (\`docplat auth switch <profile>\`)` : '';
        throw new AuthError(`not logged in (profile "${s.profile}", ${s.apiUrl}): run \`docplat auth login\` or set DOCPLAT_TOKEN${hint}`);
      }
      const user = await currentUser(ctx.api, [401], () => `the token from ${describeSource(s.tokenSource)} was refused by ${s.apiUrl} (401): log in again`);
      const status = {
        profile: s.profile,
        apiUrl: s.apiUrl,
        apiUrlSource: s.apiUrlSource,
        org: s.org ?? null,
        orgSource: s.orgSource ?? null,
        tokenSource: s.tokenSource,
        user: { id: user.id, displayName: user.displayName, email: user.email },
        profiles,
      };
      await ctx.output.item(status, [
        { key: 'profile', header: 'Profile' },
        { key: 'apiUrl', header: 'API URL' },
        { key: 'org', header: 'Organization' },
        { key: 'user.displayName', header: 'User' },
        { key: 'user.email', header: 'Email' },
        { key: 'tokenSource', header: 'Token from' },
        { key: 'profiles', header: 'Profiles', format: profilesText },
      ]);
    },
  }),
  defineCommand({
    name: 'switch',
    summary: 'make another profile the active one (as `gh auth switch`)',
    help: 'DOCPLAT_PROFILE and --profile still choose a profile for one run; `auth status` lists the profiles.',
    examples: ['switch work', 'switch default'],
    args: [{ name: 'profile', description: 'the profile to use from now on', nonBlank: true }],
    async run(ctx, { args: [name] }) {
      if (ctx.globals.sandbox) throw new UsageError('auth switch changes the stored profiles; --sandbox uses none');
      if (!Object.hasOwn(ctx.storedConfig().profiles, name)) throw noSuchProfile(name, ctx.storedConfig());
      (await ctx.store()).activate(name);
      ctx.output.note(`Profile "${name}" is now the active one`);
      if (ctx.env.DOCPLAT_PROFILE && ctx.env.DOCPLAT_PROFILE !== name) ctx.warn(`warning: DOCPLAT_PROFILE=${ctx.env.DOCPLAT_PROFILE} is set and still wins over the active profile`);
    },
  }),
  defineCommand({
    name: 'token',
    summary: 'print the active token (for scripts)',
    examples: ['token', 'token --profile work'],
    async run(ctx) {
      const s = await ctx.settings();
      if (!s.token) throw new AuthError('no token: run `docplat auth login` or set DOCPLAT_TOKEN');
      if (ctx.output.dataAsked) await ctx.output.item({ token: s.token }, []);
      else await ctx.output.text(s.token);
    },
  }),
];

/** The caller (GET /user); a refusal with one of `statuses` is an AuthError saying `refused(status)`. */
async function currentUser(api: Pick<Context['api'], 'send'>, statuses: number[], refused: (status: number) => string): Promise<User> {
  try {
    return (await api.send<User>(apiRequest('user.get'))).data;
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined && statuses.includes(err.status)) throw new AuthError(refused(err.status));
    throw err;
  }
}

interface ProfileSummary {
  name: string;
  active: boolean;
  apiUrl: string | null;
  org: string | null;
  token: boolean;
}

/** Every stored profile (and the one in use, stored or not), without tokens. */
function profileList(ctx: Context, inUse: string): ProfileSummary[] {
  const stored = ctx.storedConfig().profiles;
  const names = Object.keys(stored);
  if (!names.includes(inUse)) names.unshift(inUse);
  return names.map((name) => ({ name, active: name === inUse, apiUrl: stored[name]?.apiUrl ?? null, org: stored[name]?.org ?? null, token: !!stored[name]?.token }));
}

/** `default (active), work, ci (no token stored)` */
function profilesText(value: unknown): string {
  return (value as ProfileSummary[]).map((p) => `${p.name}${p.active ? ' (active)' : ''}${p.token ? '' : ' (no token stored)'}`).join(', ');
}

function describeSource(source: string | undefined): string {
  return source === 'env' ? 'DOCPLAT_TOKEN' : source === 'flag' ? '--token' : source === 'sandbox' ? 'the sandbox' : 'the profile';
}
