// The planner: what the file wants against what the organization has, as a
// list of changes (create, update, move, delete), each with the requests that
// make it (steps of the operation table) and the changes it must follow (a
// space moved into a collection created by the same apply). A delete lists
// what the platform deletes with it (plan-cascades.ts); deletes come after
// every other change. Pure: no I/O, so a saved plan can be recomputed and
// compared (run.ts).
import { apiRequest, InputError, type RequestInput } from '../../api/request.js';
import { escapeControls } from '../../output/format.js';
import type { OperationId } from '../../api/operations/index.js';
import { UsageError } from '../../errors.js';
import type { Gone } from '../deletes.js';
import { KINDS, type FileKey, type KindName, type OrgFile } from './file.js';
import type { Live } from './live.js';
import { fileErrors, ListedErrors, type FileProblem, type Parsed } from './parse.js';
import { ignoredBy, type Ignored } from './ignore.js';
import { planCascades } from './plan-cascades.js';
import { planCollections } from './plan-content.js';
import { planSpaces } from './plan-spaces.js';
import { planMembers, planSso, planTeams } from './plan-people.js';
import { planSites } from './plan-sites.js';
import { planCustomFields, planOpenapi, planTranslations } from './plan-settings.js';

export type Action = 'create' | 'update' | 'delete' | 'move';

/** A created resource's id, by the ref of the change that creates it. */
export type IdOf = (ref: string) => string;

/** One request of a change; `provides`: the answer's id is the id of the change's resource. */
export interface Step {
  op: OperationId;
  input(idOf: IdOf): RequestInput;
  provides?: boolean;
  /**
   * For a create the client cannot resend (no answer, a 5xx): the list to
   * read and the item that shows it was made after all; else it is sent again.
   */
  find?: { op: OperationId; params: Record<string, string>; match(item: Record<string, unknown>): boolean };
  /** Other ids the answer gives, by ref (a new section's first site space). */
  records?(data: unknown): Record<string, string>;
}

export interface Change {
  action: Action;
  kind: FileKey;
  /** How people name the resource: its title path, name, e-mail. */
  key: string;
  /** The live resource's id (none for a create). */
  id?: string;
  fields: Record<string, { from: unknown; to: unknown }>;
  /** Unique within a plan: `kind:key`. */
  ref: string;
  /** Refs of the changes that must succeed first. */
  after: string[];
  steps: Step[];
  /** A delete: the kind of what it deletes, as the delete gate counts it ("collection", "section"). */
  gone?: string;
  /** A delete: what the platform deletes with it (a collection's spaces, a site's sections). */
  cascades?: Gone[];
}

/** A resource of a managed kind that the file neither names nor ignores: drift (deleted with --prune). */
export interface Unmanaged {
  kind: FileKey;
  /** What it is, as people say it ("team", "site space"). */
  what: string;
  key: string;
  id: string;
}

/**
 * What the file wants and apply cannot do through the API, with how it is
 * done (`docplat members invite …`): counted as a difference, never sent.
 */
export interface Manual {
  kind: FileKey;
  key: string;
  /** What differs, or what does not move ("visibility: private → public"). */
  what: string;
  /** How to do it: a command, or where in the app. */
  how: string;
}

export interface Plan {
  changes: Change[];
  /** What apply cannot do (a space's visibility, a member to invite, a new space's content). */
  manual: Manual[];
  /** Live resources of managed kinds that the file neither names nor ignores (deleted with --prune). */
  unmanaged: Unmanaged[];
  /** How many of each kind (as the delete gate names them) the organization has now. */
  totals: Record<string, number>;
}

/** What every kind's planner gets and fills. */
export interface Planning {
  file: OrgFile;
  live: Live;
  prune: boolean;
  /** Reads a file named by the organization file (a certificate, an OpenAPI document), relative to it. */
  files: Map<string, string>;
  changes: Change[];
  unmanaged: Unmanaged[];
  manual: Manual[];
  /** Whether the file's `ignore:` leaves a resource, known by any of these names, unmanaged on purpose. */
  ignored: Ignored;
  /** Problems of references to what the organization does not have (exit 2). */
  problems: FileProblem[];
  /** Changes the platform refuses, with the reason (exit 2). */
  refusals: string[];
  /** Refs of resources created by this plan, by `kind:key` as other kinds name them. */
  created: Map<string, string>;
  add(change: Omit<Change, 'ref' | 'after'> & { after?: string[]; ref?: string }): Change;
}

export function makePlan(parsed: Pick<Parsed, 'file' | 'name' | 'where'>, live: Live, opts: { prune: boolean; files?: Map<string, string> }): Plan {
  const p: Planning = {
    file: parsed.file,
    live,
    prune: opts.prune,
    files: opts.files ?? new Map(),
    changes: [],
    unmanaged: [],
    manual: [],
    ignored: ignoredBy(parsed.file),
    problems: [],
    refusals: [],
    created: new Map(),
    add(c) {
      const change: Change = { ...c, ref: c.ref ?? `${c.kind}:${c.action}:${c.id ?? c.key}`, after: c.after ?? [] };
      this.changes.push(change);
      return change;
    },
  };
  const f = parsed.file;
  // Order matters only for references: collections and teams first, so spaces and SSO find what is created.
  if (f.collections) planCollections(p);
  if (f.spaces) planSpaces(p);
  if (f.sites) planSites(p);
  if (f.members) planMembers(p);
  if (f.teams) planTeams(p);
  if (f.sso) planSso(p);
  if (f.customFields) planCustomFields(p);
  if (f.translations) planTranslations(p);
  if (f.openapi) planOpenapi(p);
  if (opts.prune) planCascades(p);
  if (p.problems.length) throw fileErrors(parsed, p.problems);
  // Every request is built now (ids of what the apply creates stand in): a value out of the operation's bounds is refused before anything is sent.
  for (const c of p.changes) {
    for (const step of c.steps) {
      try {
        apiRequest(step.op, step.input(() => 'NEW_ID'));
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        p.refusals.push(`${kindName(c.kind)} ${escapeControls(c.key)}: ${err.field || 'the value'} must be ${err.violation.rule}`);
      }
    }
  }
  if (p.refusals.length === 1) throw new UsageError(`the platform would refuse this change: ${p.refusals[0]}`);
  if (p.refusals.length) throw new ListedErrors(`the platform would refuse ${p.refusals.length} changes (listed above)`, p.refusals);
  const order = Object.values(KINDS) as FileKey[];
  // Deletes last, as apply runs them: a space moves out of a collection before the collection (and what is in it) goes.
  const rank = (c: Change) => (c.action === 'delete' ? 1000 : 0) + order.indexOf(c.kind) * 10 + ['create', 'update', 'move', 'delete'].indexOf(c.action);
  p.changes.sort((a, b) => rank(a) - rank(b));
  p.unmanaged.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  p.manual.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return { changes: p.changes, manual: p.manual, unmanaged: p.unmanaged, totals: totals(live) };
}

/** The kind of resource each delete operation deletes, as the delete gate counts it. */
export const DELETED_BY: Partial<Record<OperationId, string>> = {
  'collections.delete': 'collection',
  'spaces.delete': 'space',
  'sites.delete': 'site',
  'sections.delete': 'section',
  'sectionGroups.delete': 'section group',
  'siteSpaces.remove': 'site space',
  'shareLinks.delete': 'share link',
  'members.remove': 'member',
  'teams.delete': 'team',
  'sso.delete': 'SSO provider',
  'customFields.delete': 'custom field',
  'translations.delete': 'translation',
  'openapi.delete': 'OpenAPI specification',
};

/** How many of each kind the organization has (of the kinds read). */
function totals(live: Live): Record<string, number> {
  const sites = live.sites;
  const out: Record<string, number | undefined> = {
    collection: live.collections?.length,
    space: live.spaces?.length,
    site: sites?.length,
    section: sites?.reduce((n, s) => n + s.sections.length, 0),
    'section group': sites?.reduce((n, s) => n + s.groups.length, 0),
    'site space': sites?.reduce((n, s) => n + s.spaces.length + s.sections.reduce((m, sec) => m + sec.spaces.length, 0), 0),
    'share link': sites?.reduce((n, s) => n + s.shareLinks.length, 0),
    member: live.members?.length,
    team: live.teams?.length,
    'SSO provider': live.sso?.length,
    'custom field': live.customFields?.length,
    translation: live.translations?.length,
    'OpenAPI specification': live.openapi?.length,
  };
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, number] => e[1] !== undefined));
}

/** The `--only` name of a file key (`customFields` → `custom-fields`). */
export function kindName(kind: FileKey): KindName {
  return (Object.keys(KINDS) as KindName[]).find((k) => KINDS[k] === kind)!;
}

/** Values compare as JSON (arrays in order, objects by key). */
export function same(a: unknown, b: unknown): boolean {
  a ??= null;
  b ??= null;
  // Two strings, booleans or finite numbers (most fields of most resources) are the same JSON when they are equal.
  if (plain(a) && plain(b)) return a === b;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

const plain = (v: unknown): boolean => typeof v === 'string' || typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v));

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  return v;
}

/**
 * The fields of `want` that differ from `have` (a field the file leaves out
 * is not managed), as `{from, to}`, and the body that sets them.
 */
export function diffFields(want: Record<string, unknown>, have: Record<string, unknown>, names: string[]): { fields: Change['fields']; body: Record<string, unknown> } {
  const fields: Change['fields'] = {};
  const body: Record<string, unknown> = {};
  for (const name of names) {
    if (want[name] === undefined) continue;
    if (same(want[name], have[name])) continue;
    fields[name] = { from: have[name] ?? null, to: want[name] };
    body[name] = want[name];
  }
  return { fields, body };
}

/**
 * A live resource matched by the file's id, else by its natural key (an id
 * the organization no longer has, as a resource deleted by hand leaves in the
 * file, falls back to the key: found, or created again); ids matched once,
 * and a resource whose id the file names elsewhere is never matched by key.
 */
export function matcher<L extends { id: string }>(live: L[], keyOf: (l: L) => string) {
  const used = new Set<string>();
  const named = new Set<string>();
  const byId = new Map(live.map((l) => [l.id, l]));
  const byKey = new Map<string, L[]>();
  for (const l of live) byKey.set(keyOf(l), [...(byKey.get(keyOf(l)) ?? []), l]);
  return {
    /** The ids the file names: those resources are matched by id only. */
    reserve(ids: (string | undefined)[]): void {
      for (const id of ids) if (id !== undefined && byId.has(id)) named.add(id);
    },
    find(id: string | undefined, key: string | undefined, scope: (l: L) => boolean = () => true): L | undefined {
      let found = id !== undefined ? byId.get(id) : undefined;
      if (!found && key !== undefined) found = byKey.get(key)?.find((l) => !used.has(l.id) && !named.has(l.id) && scope(l));
      if (found) used.add(found.id);
      return found;
    },
    unmatched: () => live.filter((l) => !used.has(l.id)),
  };
}

/** Each entry of the file with the live resource it names (by id, else by its key), or none (created). */
export function eachEntry<E extends { id?: string }, L extends { id: string }>(
  entries: E[],
  match: ReturnType<typeof matcher<L>>,
  keyOf: (entry: E) => string,
  fn: (entry: E, found: L | undefined, i: number) => void,
): void {
  match.reserve(entries.map((e) => e.id));
  entries.forEach((entry, i) => fn(entry, match.find(entry.id, keyOf(entry)), i));
}

/**
 * Leftovers of a kind (what the file does not name): ignored by the file, or
 * unmanaged, which --prune deletes. `names`: other names the file's `ignore:`
 * may give it (a space's collection path).
 */
export function leftovers<L extends { id: string }>(
  p: Planning,
  kind: FileKey,
  items: L[],
  keyOf: (l: L) => string,
  remove: (l: L) => Step,
  after: (l: L) => string[] = () => [],
  names: (l: L) => string[] = () => [],
): void {
  for (const l of items) {
    const key = keyOf(l);
    if (p.ignored(kind, [key, l.id, ...names(l)])) continue;
    const step = remove(l);
    const what = DELETED_BY[step.op] ?? kindName(kind);
    if (p.prune) p.add({ action: 'delete', kind, key, id: l.id, fields: {}, steps: [step], after: after(l), ref: `${kind}:delete:${l.id}`, gone: what });
    else p.unmanaged.push({ kind, what, key, id: l.id });
  }
}
