// `org pull`: the organization as a file, deterministic (everything sorted,
// the same organization gives the same bytes) and without secrets (no token,
// no share link, no URL that carries one). What pull writes, plan reads as
// "no changes": everything --prune could delete is in it. An OpenAPI
// specification published from a file is written beside it
// (`openapi/<slug>.yaml`, files.ts); to stdout, where there is no beside,
// the file ignores it (`ignore:`), said in a warning.
import { cjsExports } from '../../cjs.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { CollectionEntry, FileKey, OpenapiEntry, OrgFile, SiteEntry, SiteSpaceEntry, SpaceEntry } from './file.js';
import { openapiPath, writeOrgFile, type Beside } from './files.js';
import type { LiveSite, LiveSiteSpace } from './live-sites.js';
import { kindsToRead, readLive, type Live, type LiveCollection } from './live.js';
import { collectionPath } from './plan-content.js';
import { withoutCredentials } from './credentials.js';
import { wantsJson } from './render.js';

const byText = <T>(key: (t: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
/** Only the fields with a value: an empty text is left out (not managed), not written as "". */
const given = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

export interface PullOptions {
  kinds: Set<FileKey>;
  /** --file: where the file goes (undefined or '-': stdout). */
  file?: string;
  force: boolean;
  concurrency?: string;
}

/** `org pull`: reads what the kinds need, and writes the file (and the documents beside it). */
export async function pull(ctx: Context, opts: PullOptions): Promise<void> {
  const toStdout = opts.file === undefined || opts.file === '-';
  if (opts.force && toStdout) throw new UsageError('--force only applies with --file');
  const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
  const { kinds } = opts;
  const org = await ctx.org();
  const live = await readLive(ctx, org, kindsToRead([...kinds]), {
    concurrency,
    rosters: kinds.has('teams'),
    spaceValues: kinds.has('spaces') ? 'all' : undefined,
    openapiTexts: kinds.has('openapi') && !toStdout,
  });
  const { file, beside } = fileOf(live, kinds, { beside: !toStdout, warn: (m) => ctx.warn(m) });
  // JSON is YAML too: --json prints the same file as JSON (to stdout, or to --file).
  // --output yaml (where the formatter has it) is the file as pull writes it.
  const json = wantsJson(ctx) && String(ctx.output.opts.format) !== 'yaml';
  if (json && toStdout) return ctx.output.item(file, []);
  const text = json ? `${JSON.stringify(file, null, 2)}\n` : await toYaml(file);
  if (toStdout) return ctx.output.text(text);
  await writeOrgFile(opts.file!, text, beside, opts.force);
  ctx.output.note(`wrote ${opts.file}${beside.length ? ` and ${beside.map((b) => b.path).join(', ')} beside it` : ''}`);
}

/**
 * The file of the organization, and the documents to write beside it
 * (`beside`: there is a folder to write them in). `warn` is told of each
 * URL whose credentials were written as `***`, and of what is ignored.
 */
export function fileOf(live: Live, kinds: Set<FileKey>, opts: { beside?: boolean; warn?: (message: string) => void } = {}): { file: OrgFile; beside: Beside[] } {
  const warn = opts.warn ?? (() => undefined);
  const file: OrgFile = { version: 1 };
  const beside: Beside[] = [];
  /** A URL without its credentials (a file is no place for them): `***`, and a warning. */
  const url = <T extends string | null | undefined>(value: T, what: string): T => {
    if (typeof value !== 'string' || withoutCredentials(value) === value) return value;
    warn(`warning: ${what} holds credentials: written as *** (plan and apply keep the organization's URL; to change it, write the whole URL)`);
    return withoutCredentials(value) as T;
  };
  if (kinds.has('collections')) file.collections = collections(live.collections ?? [], null);
  if (kinds.has('spaces')) file.spaces = [...(live.spaces ?? [])].sort(byText((s) => `${s.title}\u0000${s.id}`)).map((s) => spaceEntry(live, s));
  if (kinds.has('sites')) file.sites = [...(live.sites ?? [])].sort(byText((s) => `${s.title}\u0000${s.id}`)).map(siteEntry);
  if (kinds.has('teams')) {
    file.teams = [...(live.teams ?? [])].sort(byText((t) => `${t.title}\u0000${t.id}`)).map((t) => given({ id: t.id, title: t.title, members: sortedMap(t.members ?? {}) }));
  }
  if (kinds.has('members')) file.members = sortedMap(Object.fromEntries((live.members ?? []).map((m) => [m.email ?? m.id, m.role])));
  if (kinds.has('customFields')) {
    file.customFields = [...(live.customFields ?? [])].sort(byText((f) => f.name)).map((f) => given({ id: f.id, name: f.name, type: f.type, title: f.title, description: f.description, placeholder: f.placeholder, options: f.options }));
  }
  if (kinds.has('sso')) {
    const teams = live.teams ?? [];
    file.sso = [...(live.sso ?? [])].sort(byText((s) => `${s.label}\u0000${s.id}`)).map((s) => given({
      id: s.id, label: s.label, entityID: s.entityID, ssoURL: url(s.ssoURL, `the ssoURL of SSO provider "${s.label}"`), certificate: s.certificate, defaultRole: s.defaultRole,
      defaultTeam: s.defaultTeam ? (teams.find((t) => t.id === s.defaultTeam && teams.filter((x) => x.title === t.title).length === 1)?.title ?? s.defaultTeam) : undefined,
    }));
  }
  if (kinds.has('translations')) file.translations = [...(live.translations ?? [])].sort(byText((t) => `${t.title}\u0000${t.id}`)).map((t) => ({ id: t.id, title: t.title }));
  if (kinds.has('openapi')) {
    const ignored: string[] = [];
    file.openapi = [];
    for (const o of [...(live.openapi ?? [])].sort(byText((o) => o.slug))) {
      if (o.sourceURL) {
        file.openapi.push({ slug: o.slug, url: url(o.sourceURL, `the URL of OpenAPI specification "${o.slug}"`) });
      } else if (opts.beside && o.text !== undefined) {
        // Published from a file: its document beside the organization file, which names it by path.
        const entry: OpenapiEntry = { slug: o.slug, file: openapiPath(o.slug) };
        file.openapi.push(entry);
        beside.push({ path: entry.file!, text: o.text });
      } else {
        ignored.push(o.slug);
        const why = opts.beside ? 'its document could not be read' : `pull writes its document beside the file, which stdout has not (with --file: ${openapiPath(o.slug)})`;
        warn(`warning: OpenAPI specification "${o.slug}" is published from a file, and ${why}: the file ignores it (\`ignore: openapi\`), so --prune leaves it be`);
      }
    }
    if (ignored.length) file.ignore = { openapi: ignored };
  }
  return { file, beside };
}

/** A site as the file has it: sections in their order, site spaces by space id, share links by name (never their key). */
function siteEntry(site: LiveSite): SiteEntry {
  const spaces = (list: LiveSiteSpace[]): SiteSpaceEntry[] => list.map((ss) => ({ space: ss.spaceId, path: ss.path, condition: ss.condition }));
  const titleOf = (id: string) => site.sections.find((s) => s.id === id)?.title ?? id;
  return given({
    id: site.id,
    title: site.title,
    visibility: site.visibility,
    basename: site.basename ?? undefined,
    proxy: site.proxy,
    adaptiveContent: site.adaptiveContent,
    sections: site.sections.length ? site.sections.map((s) => ({ id: s.id, title: s.title, path: s.path, description: s.description, icon: s.icon, condition: s.condition, spaces: spaces(s.spaces) })) : undefined,
    sectionGroups: site.groups.length ? [...site.groups].sort(byText((g) => `${g.title}\u0000${g.id}`)).map((g) => ({ id: g.id, title: g.title, icon: g.icon, sections: g.sections.map(titleOf) })) : undefined,
    spaces: site.spaces.length || !site.sections.length ? spaces(site.spaces) : undefined,
    shareLinks: site.shareLinks.length ? [...site.shareLinks].sort(byText((l) => `${l.name}\u0000${l.id}`)).map((l) => ({ id: l.id, name: l.name, active: l.active })) : undefined,
  });
}

function collections(all: LiveCollection[], parent: string | null): CollectionEntry[] {
  return all
    .filter((c) => c.parent === parent)
    .sort(byText((c) => `${c.title}\u0000${c.id}`))
    .map((c) => {
      const children = collections(all, c.id);
      return { id: c.id, title: c.title, description: c.description ?? null, defaultLevel: c.defaultLevel, ...(children.length ? { collections: children } : {}) };
    });
}

function spaceEntry(live: Live, s: NonNullable<Live['spaces']>[number]): SpaceEntry {
  const all = live.collections ?? [];
  let collection: string | null = null;
  if (s.parent) {
    const path = collectionPath(all, s.parent);
    // A title path that names one collection only (no "/" in a title on the way); else the id.
    const unique = !path.split('/').some((t) => t === '') && all.filter((c) => collectionPath(all, c.id) === path).length === 1 && path.split('/').length === depth(all, s.parent);
    collection = unique ? path : s.parent;
  }
  const values = s.customFields && Object.keys(s.customFields).length ? sortedMap(s.customFields) : undefined;
  return given({ id: s.id, title: s.title, emoji: s.emoji, editMode: s.editMode, defaultLevel: s.defaultLevel, visibility: s.visibility ?? undefined, collection, customFields: values });
}

function depth(all: LiveCollection[], id: string): number {
  let n = 0;
  for (let c = all.find((x) => x.id === id); c && n < 100; c = c.parent ? all.find((x) => x.id === c!.parent) : undefined) n++;
  return n;
}

function sortedMap<T>(m: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(m).sort().map((k) => [k, m[k]]));
}

/** The file as YAML text, with the schema comment editors read. */
export async function toYaml(file: OrgFile): Promise<string> {
  const { stringify } = cjsExports(await import('yaml'));
  const header = '# docplat organization file: `docplat org plan` shows what `docplat org apply` would change.\n# JSON Schema: `docplat org schema > docplat.schema.json`\n# yaml-language-server: $schema=./docplat.schema.json\n';
  return header + stringify(file, { lineWidth: 0 });
}
