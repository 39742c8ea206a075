// What the organization has now, for the kinds a file manages and those its
// references need: every list read whole (ctx.api.all), the per-resource
// reads (team rosters, space custom field values) on the task scheduler
// (src/tasks/), all or nothing: the first failure stops the rest. Data from
// the API is untrusted: only the fields the planner compares are kept.
import { apiRequest } from '../../api/request.js';
import type { OperationId } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { FileKey } from './file.js';
import { allOrNothing } from '../../tasks/schedule.js';
import { readSites, type LiveSite } from './live-sites.js';

export interface LiveCollection { id: string; title: string; description: string | null; defaultLevel: string | null; parent: string | null }
export interface LiveSpace { id: string; title: string; emoji: string | null; editMode: string; defaultLevel: string | null; visibility: string | null; parent: string | null; customFields?: Record<string, unknown> }
export interface LiveTeam { id: string; title: string; members?: Record<string, string> }
export interface LiveMember { id: string; email: string | null; role: string }
export interface LiveField { id: string; name: string; type: string; title: string; description: string; placeholder: string; options?: string[] }
export interface LiveSso { id: string; label: string; entityID: string; ssoURL: string; certificate: string; defaultRole: string | null; defaultTeam: string | null }
export interface LiveTranslation { id: string; title: string }
/** `text`: the published document (read when a file publishes it); `pending`: it has none yet (its first version is being processed). */
export interface LiveOpenapi { id: string; slug: string; sourceURL: string | null; text?: string; pending?: boolean }

export interface Live {
  org: string;
  collections?: LiveCollection[];
  spaces?: LiveSpace[];
  sites?: LiveSite[];
  teams?: LiveTeam[];
  members?: LiveMember[];
  customFields?: LiveField[];
  sso?: LiveSso[];
  translations?: LiveTranslation[];
  openapi?: LiveOpenapi[];
}

export interface ReadOptions {
  /** Read the members of each team (when teams or their rosters are compared). */
  rosters?: boolean;
  /** Read the custom field values of these spaces (all: every space). */
  spaceValues?: 'all' | Set<string>;
  /** Read the published document of the specifications not published from a URL. */
  openapiTexts?: boolean;
  concurrency: number;
}

type Raw = Record<string, unknown>;
const s = (v: unknown): string => (typeof v === 'string' ? v : '');
const sn = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The kinds to read: those managed, and those their references name. */
export function kindsToRead(managed: FileKey[]): Set<FileKey> {
  const kinds = new Set(managed);
  if (kinds.has('spaces')) kinds.add('collections');
  // Site spaces name spaces by id or title.
  if (kinds.has('sites')) kinds.add('spaces');
  if (kinds.has('teams')) kinds.add('members').add('sso');
  if (kinds.has('sso')) kinds.add('teams');
  // Spaces' custom field values are checked against the declared fields.
  if (kinds.has('spaces')) kinds.add('customFields');
  return kinds;
}

export async function readLive(ctx: Context, org: string, kinds: Set<FileKey>, opts: ReadOptions): Promise<Live> {
  const api = ctx.api;
  const list = (opId: OperationId, signal: AbortSignal, params: Record<string, string> = { organizationId: org }) => api.all<Raw>(apiRequest(opId, { params }), { signal });
  const live: Live = { org };
  // One task per kind, all at once; each kind's per-resource reads `concurrency` at a time, stopped with it (a failure elsewhere, Ctrl-C).
  const reads: ((signal: AbortSignal) => Promise<void>)[] = [];
  const read = (kind: FileKey, fn: (signal: AbortSignal) => Promise<void>) => kinds.has(kind) && reads.push(fn);
  read('collections', async (signal) => {
    live.collections = (await list('collections.list', signal)).map((c) => ({ id: s(c.id), title: s(c.title), description: sn(c.description), defaultLevel: sn(c.defaultLevel), parent: sn(c.parent) }));
  });
  read('spaces', async (signal) => {
    live.spaces = (await list('spaces.list', signal)).map((x) => ({
      id: s(x.id), title: s(x.title), emoji: sn(x.emoji), editMode: s(x.editMode) || 'live', defaultLevel: sn(x.defaultLevel), visibility: sn(x.visibility), parent: sn(x.parent),
    }));
    const wanted = opts.spaceValues;
    if (!wanted) return;
    await readSpaceValues(api, live.spaces.filter((sp) => wanted === 'all' || wanted.has(sp.id)), signal, opts.concurrency);
  });
  read('sites', async (signal) => {
    live.sites = await readSites(api, org, { signal }, opts.concurrency);
  });
  read('teams', async (signal) => {
    live.teams = (await list('teams.list', signal)).map((t) => ({ id: s(t.id), title: s(t.title) }));
    if (opts.rosters) await readRosters(live.teams, (team, signal) => list('teams.members', signal, { organizationId: org, teamId: team.id }), signal, opts.concurrency);
  });
  read('members', async (signal) => {
    live.members = (await list('members.list', signal)).map((m) => ({ id: s(m.id), email: sn((m.user as Raw | undefined)?.email), role: sn(m.role) ?? 'guest' }));
  });
  read('customFields', async (signal) => {
    live.customFields = (await list('customFields.list', signal)).map((f) => ({
      id: s(f.id), name: s(f.name), type: s(f.type), title: s(f.title), description: s(f.description), placeholder: s(f.placeholder),
      ...(Array.isArray(f.options) ? { options: f.options.map(String) } : {}),
    }));
  });
  // The SSO URL of a provider being set up is no http URL (a placeholder URI, about:blank): not set.
  read('sso', async (signal) => {
    live.sso = (await list('sso.list', signal)).map((p) => ({
      id: s(p.id), label: s(p.label), entityID: s(p.entityID), ssoURL: /^https?:/i.test(s(p.ssoURL)) ? s(p.ssoURL) : '', certificate: s(p.certificate), defaultRole: sn(p.defaultRole), defaultTeam: sn(p.defaultTeam) ?? sn((p.defaultTeam as Raw | null)?.id),
    }));
  });
  read('translations', async (signal) => {
    live.translations = (await list('translations.list', signal)).map((t) => ({ id: s(t.id), title: s(t.title) }));
  });
  read('openapi', async (signal) => {
    live.openapi = (await list('openapi.list', signal)).map((o) => ({ id: s(o.id), slug: s(o.slug), sourceURL: sn(o.sourceURL) }));
    if (opts.openapiTexts) await readOpenapiTexts(ctx, org, live.openapi.filter((o) => !o.sourceURL), signal, opts.concurrency);
  });
  await allOrNothing(ctx, reads, Math.max(1, reads.length), (fn, signal) => fn(signal));
  return live;
}

/** Each space's custom field values, by field name (those set). */
async function readSpaceValues(api: Context['api'], spaces: LiveSpace[], signal: AbortSignal, concurrency: number): Promise<void> {
  await allOrNothing({ signal }, spaces, concurrency, async (sp, signal) => {
    const { data } = await api.send<unknown>(apiRequest('customFields.values', { params: { spaceId: sp.id } }), { signal });
    const values: Record<string, unknown> = {};
    for (const v of Array.isArray(data) ? (data as Raw[]) : []) {
      const name = s((v.customField as Raw | undefined)?.name);
      if (name && 'value' in v && v.value !== null && v.value !== undefined) values[name] = v.value;
    }
    sp.customFields = values;
  });
}

/** Each team's members, by e-mail (or user id) with their role in the team. */
async function readRosters(teams: LiveTeam[], members: (team: LiveTeam, signal: AbortSignal) => Promise<Raw[]>, signal: AbortSignal, concurrency: number): Promise<void> {
  await allOrNothing({ signal }, teams, concurrency, async (team, signal) => {
    team.members = {};
    for (const m of await members(team, signal)) {
      const user = ((m.organization as Raw | undefined)?.user ?? {}) as Raw;
      const key = s(user.email) || s(user.id);
      if (key) team.members[key] = s((m.team as Raw | undefined)?.role) || 'member';
    }
  });
}

/** The published document of each specification (not one published from a URL); one with no version yet is pending. */
async function readOpenapiTexts(ctx: Context, org: string, specs: LiveOpenapi[], signal: AbortSignal, concurrency: number): Promise<void> {
  const api = ctx.api;
  await allOrNothing({ signal }, specs, concurrency, async (spec, signal) => {
    let data: Raw | undefined;
    try {
      ({ data } = await api.send<Raw>(apiRequest('openapi.latestContent', { params: { organizationId: org, specSlug: spec.slug } }), { signal }));
    } catch (err) {
      // No version yet: its first document is still being processed.
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      spec.pending = true;
      return;
    }
    const url = s(data?.url);
    // The document is read only from the API's own origin (a download the API gave: the one raw request).
    if (url.startsWith(new URL((await ctx.settings()).apiUrl).origin)) spec.text = (await api.send<string>(api.raw('GET', url, { as: 'text' }), { signal })).data;
  });
}
