// content restore, where a backup goes: the backup folder read (the export's
// layout, checked as content push checks a folder, and its manifest's
// record, backup.ts), the way chosen for its space (the strongest the API
// offers), the collections it needs, and its settings.
//
//   trash     the space is in the trash: `spaces restore` (its id, sites and
//             comments kept), then made equal to the backup as below;
//   existing  the space exists (--into, or the one the backup came from):
//             made equal (pages reverted, updated, inserted, deleted);
//   new       gone for good, --new, or another organization: created empty
//             with the backup's settings, in its collection (made when
//             missing), then filled.
import { basename } from 'node:path';
import type { Context } from '../../context.js';
import { ApiError, UsageError } from '../../errors.js';
import { collectionTitles, type ApiCollection, type ApiSpace, type BackupRecord, type SpaceSettings } from './backup.js';
import type { ManifestFile } from './export.js';
import type { AllManifest } from './export-all.js';
import type { Scope } from '../../tasks/schedule.js';
import { readFolder, type Folder } from './push-folder.js';

export type Way = 'trash' | 'existing' | 'new';

/** A collection as export --all-spaces records it. */
export type RecordedCollection = NonNullable<AllManifest['collections']>[number];

export interface Backup {
  root: string;
  folder: Folder;
  /** The space it was exported from (its manifest), if it says. */
  source?: string;
  /** What the export recorded for a restore; undefined for an older export (defaults, said so). */
  record?: BackupRecord;
  /** The manifest's files by name (their hash, type, downloadURL). */
  files: Map<string, ManifestFile>;
  /** The space's title in an export --all-spaces manifest (what an older backup has of it). */
  title?: string;
}

export interface Target {
  way: Way;
  org: string;
  /** The space restored into (for `new`, once created). */
  space?: ApiSpace;
  why: string;
}

/** The backup folder, read and checked before anything is sent (its problems named with --from). */
export async function readBackup(dir: string, scope: Scope): Promise<Backup> {
  const folder = await readFolder(dir, scope).catch((err: unknown) => {
    if (err instanceof UsageError) throw new UsageError(err.message.replace(/^--src\b/, '--from'));
    throw err;
  });
  const m = folder.manifest as (Folder['manifest'] & { backup?: unknown; files?: Record<string, unknown> }) | undefined;
  const files = new Map<string, ManifestFile>();
  for (const entry of Object.values(m?.files ?? {})) {
    const f = entry as ManifestFile;
    if (typeof f?.name === 'string' && typeof f.path === 'string') files.set(f.name, f);
  }
  return { root: folder.root, folder, source: m?.changeRequest ? undefined : m?.space, record: validRecord(m?.backup), files };
}

/** The record, when it has the shape export writes (a hand-edited or older one is ignored: defaults). */
function validRecord(r: unknown): BackupRecord | undefined {
  const b = r as BackupRecord | undefined;
  if (typeof b !== 'object' || b === null || typeof b.settings?.title !== 'string' || !Array.isArray(b.tree)) return undefined;
  if (!b.tree.every((p) => typeof p?.id === 'string' && typeof p.type === 'string' && typeof p.title === 'string')) return undefined;
  return b;
}

const status = (err: unknown) => (err instanceof ApiError ? err.status : undefined);

async function getSpace(ctx: Context, spaceId: string): Promise<ApiSpace | undefined> {
  try {
    return (await ctx.api.send<ApiSpace>(ctx.api.request('spaces.get', { params: { spaceId } }, { 'param:spaceId': 'the space' }))).data;
  } catch (err) {
    if (status(err) === 404 || status(err) === 403) return undefined;
    throw err;
  }
}

/** The title a restore gives the backup's space: its own, else the one an --all-spaces manifest has, else its folder's name. */
export const titleOf = (backup: Backup) => backup.record?.settings.title || backup.title || [...basename(backup.root)].slice(0, 50).join('');

/** The organization's spaces by collection path and title: where a space restored before (a run cut short, or ended with exit 5) is found again. */
export type Places = Map<string, ApiSpace[]>;

const placeKey = (path: string[], title: string) => JSON.stringify([...path, title]);

export async function spacesByPlace(ctx: Context, collections: Collections): Promise<Places> {
  const spaces = await ctx.api.all<ApiSpace>(ctx.api.request('spaces.list', { params: { organizationId: collections.org } }));
  const out: Places = new Map();
  for (const s of spaces) {
    const key = placeKey(collections.pathOf(s.parent), String(s.title ?? ''));
    out.set(key, [...(out.get(key) ?? []), s]);
  }
  return out;
}

/**
 * A new space, unless one of the backup's title is in its collection path
 * already (an older backup: at the top level): into that one, never a
 * second. Two there, or one there when the backup has more than one of that
 * title and path (`twins`), are not told apart: none is restored into at a
 * guess (a usage error naming them).
 */
export function newUnlessThere(backup: Backup, org: string, places: Places, why: string, twins = false): Target {
  const path = backup.record?.collection?.path ?? [];
  const found = places.get(placeKey(path, titleOf(backup))) ?? [];
  if (found.length > 1 || (found.length && twins)) {
    const where = path.length ? `in collection "${path.join('/')}"` : 'at the top level';
    throw new UsageError(
      `${found.length} spaces titled "${titleOf(backup)}" are ${where} of organization ${org}${twins ? ', and the backup has more than one' : ''}: none restored into at a guess; give the one with --into <spaceId> (--from ${backup.root}), or --new`,
    );
  }
  if (found.length) return { way: 'existing', org, space: found[0], why: `${why}; a space "${found[0].title}" is in the same collection path of organization ${org}` };
  return { way: 'new', org, why };
}

/** The way for this backup: --into, --new, or the space it came from (in the trash, still there, or gone: then the one restored before, if any). */
export async function chooseTarget(ctx: Context, backup: Backup, opts: { into?: string; new?: boolean; org?: string; places: (org: string) => Promise<Places>; twins?: boolean }): Promise<Target> {
  const orgOf = async (): Promise<string> => opts.org ?? (await ctx.org().catch((err: unknown) => backup.record?.organization ?? Promise.reject(err)));
  if (opts.new) return { way: 'new', org: await orgOf(), why: '--new' };
  const id = opts.into ?? backup.source;
  if (id === undefined) {
    throw new UsageError(`--from: ${backup.root} holds no docplat export manifest naming its space: give the space to restore into with --into, or --new`);
  }
  const space = await getSpace(ctx, id);
  if (!space) {
    if (opts.into !== undefined) throw new UsageError(`--into: no space ${opts.into} (or not yours to read)`);
    const org = await orgOf();
    return newUnlessThere(backup, org, await opts.places(org), `space ${id} is gone (deleted more than 7 days ago, or not in reach)`, opts.twins);
  }
  if (opts.org !== undefined && space.organization !== opts.org && opts.into === undefined) {
    return newUnlessThere(backup, opts.org, await opts.places(opts.org), `space ${id} is in another organization`, opts.twins);
  }
  const org = String(space.organization ?? (await orgOf()));
  if ((space as { deletedAt?: string }).deletedAt) return { way: 'trash', org, space, why: `space ${id} is in the trash` };
  return { way: 'existing', org, space, why: opts.into !== undefined ? '--into' : `space ${id} still exists` };
}

/** The collections of an organization, found by id or by title path, and made when missing. */
export class Collections {
  private constructor(
    private readonly ctx: Context,
    readonly org: string,
    private readonly list: ApiCollection[],
  ) {}

  static async of(ctx: Context, org: string): Promise<Collections> {
    return new Collections(ctx, org, await ctx.api.all<ApiCollection>(ctx.api.request('collections.list', { params: { organizationId: org } })));
  }

  has(id: string): boolean {
    return this.list.some((c) => c.id === id);
  }

  /** The titles of the collections down to this one, from the top. */
  pathOf(id: string | null | undefined): string[] {
    return collectionTitles(new Map(this.list.map((c) => [c.id, c])), id);
  }

  /** One ensure() at a time: two spaces restored at once never make the same collection twice. */
  private queue: Promise<unknown> = Promise.resolve();

  /** The collection at this title path (made when missing, unless `dryRun`: then what would be made is said, and a stand-in's id). */
  ensure(path: string[], made: (title: string) => void, dryRun: boolean): Promise<string | undefined> {
    const next = this.queue.then(() => this.ensureNow(path, made, dryRun));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private child(parent: string | null, title: string): ApiCollection | undefined {
    return this.list.find((c) => c.title === title && (c.parent ?? null) === parent);
  }

  /** The collection at this title path, if the organization has it. */
  private at(path: string[]): ApiCollection | undefined {
    let c: ApiCollection | undefined;
    for (const title of path) if (!(c = this.child(c?.id ?? null, title))) return undefined;
    return c;
  }

  /**
   * A collection of the backup as it recorded it: the same one (by id) renamed
   * and moved back, else the one at its title path (made when missing); its
   * description and default level set. Parents before children. A dry run
   * says what it would do.
   */
  async restore(rec: RecordedCollection, path: string[], said: (line: string) => void, dryRun: boolean): Promise<void> {
    let c = this.list.find((x) => x.id === rec.id);
    const body: Record<string, unknown> = {};
    if (c) {
      if (c.title !== rec.title) body.title = rec.title;
      const parent = rec.parent === null ? null : this.has(rec.parent) ? rec.parent : (this.at(path.slice(0, -1))?.id ?? null);
      if ((c.parent ?? null) !== parent) {
        said(`move collection "${path.join('/')}" into ${parent === null ? 'the top level' : `"${path.slice(0, -1).join('/')}"`}`);
        if (!dryRun) await this.ctx.api.send(this.ctx.api.request('collections.move', { params: { collectionId: c.id }, body: { parent } }));
        c.parent = parent;
      }
    } else {
      await this.ensure(path, (title) => said(`create collection "${title}" (${path.join('/')})`), dryRun);
      c = this.at(path);
    }
    // An export records a description only when there is one, a default level always (null: none).
    if ((rec.description ?? null) !== (c?.description ?? null)) body.description = rec.description ?? null;
    if ('defaultLevel' in rec && (rec.defaultLevel ?? null) !== (c?.defaultLevel ?? null)) body.defaultLevel = rec.defaultLevel ?? null;
    if (!c || !Object.keys(body).length) return;
    said(`set collection "${path.join('/')}": ${Object.keys(body).join(', ')}`);
    if (!dryRun) await this.ctx.api.send(this.ctx.api.request('collections.update', { params: { collectionId: c.id }, body }));
    Object.assign(c, body);
  }

  private async ensureNow(path: string[], made: (title: string) => void, dryRun: boolean): Promise<string | undefined> {
    let parent: string | null = null;
    for (const title of path) {
      const found = this.child(parent, title);
      if (found) {
        parent = found.id;
        continue;
      }
      made(title);
      const body: Record<string, unknown> = { title, ...(parent ? { parent } : {}) };
      // A dry run goes on down the path as if it were made (each said once): its stand-in has no id of the API's.
      const created: ApiCollection = dryRun ? { id: `(new) ${JSON.stringify([...this.pathOf(parent), title])}` } : (await this.ctx.api.send<ApiCollection>(this.ctx.api.request('collections.create', { params: { organizationId: this.org }, body }))).data;
      this.list.push({ ...created, title, parent });
      parent = created.id;
    }
    return parent ?? undefined;
  }

  /** Where a backup's space goes: its collection by id when the organization has it, else by its title path. */
  async place(record: BackupRecord | undefined, made: (title: string) => void, dryRun: boolean): Promise<string | undefined> {
    const c = record?.collection;
    if (!c) return undefined;
    if (this.has(c.id)) return c.id;
    return this.ensure(c.path, made, dryRun);
  }
}

/** The settings a space differs in from the backup's (title, emoji, edit mode, default level), as a PATCH body. */
export function settingsDiff(space: ApiSpace, wanted: SpaceSettings, fields: readonly (keyof SpaceSettings)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of fields) {
    const want = wanted[key];
    // A null default level or emoji is a value (inherit from the collection, no emoji); a null edit mode says nothing.
    if (key === 'visibility' || want === undefined || (want === null && key !== 'defaultLevel' && key !== 'emoji')) continue;
    if ((space[key as keyof ApiSpace] ?? null) !== want) out[key] = want;
  }
  return out;
}

export const SETTINGS = ['title', 'emoji', 'editMode', 'defaultLevel'] as const;
