// The folder of `content export`: whose it is, who writes it, and how.
// An export writes only into an empty folder or one holding its own
// manifest (--force takes over another), one export at a time (a lock
// file beside the manifest, as the sandbox's state has), and every write
// goes through the safe writer, confined to the folder, replacing only
// files the export wrote (src/files/write.ts, src/files/paths.ts); every
// delete through the one local delete (src/files/delete.ts), every read of
// its own files through the one reader (src/files/read.ts).
import { mkdir, readdir, realpath, rename, lstat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { DocplatError, UsageError } from '../../errors.js';
import { checkReal, cleanPath, inside, makeDirInside } from '../../files/paths.js';
import { removeTemporaries } from '../../files/delete.js';
import { Confined, ReadRefused } from '../../files/read.js';
import { TEMPORARY, writeJson, writeSafely } from '../../files/write.js';
import { FileLock } from '../../sandbox/core/lock.js';
import { exists, isDirectory } from '../files/download.js';
import { describeOtherExport } from './export-links.js';
import type { BackupRecord } from './backup.js';
import type { ApiPage, Where } from './shared.js';

export const MANIFEST = '.docplat-export.json';
const MANIFEST_FORMAT = 'docplat-export/1';

export interface ManifestPage {
  path: string;
  updatedAt: string | null;
  bytes: number;
  /** SHA-256 of the file as written (push tells the user's edits by it). */
  sha256?: string;
  /** Ids of the pages and files its relative links point at. */
  deps?: string[];
  /** The space's version of the page, written beside it (`<page>.remote.md`) when both sides changed it. */
  remote?: string;
  /** The file's modification time when written (push reads a file of this size and time again only when it changed). */
  mtimeMs?: number;
  /** What a push sent into a change request (its id and number): the base of the next push into it. */
  pushed?: { to: string; number: number | null; sha256?: string; updatedAt: string | null };
}

/** A page's place in the tree as exported (documents, groups and links): the base a three-way push compares with. */
export interface ManifestPlace {
  /** Its parent's id, null at the top level. */
  parent: string | null;
  /** The sibling before it, null for the first. */
  after: string | null;
  title: string;
  type: string;
  updatedAt: string | null;
}

export interface ManifestFile {
  path: string;
  name: string;
  size: number;
  /** SHA-256 (hex) of the bytes written (every file: a restore compares with it; push, with those up to 1 MB it may send inline). */
  sha256?: string;
  /** The file's modification time when written: push hashes a file of this size and time again only when it changed. */
  mtimeMs?: number;
  /** Its type and where the platform served it (a restore sends a file over 1 MB by url). */
  contentType?: string;
  downloadURL?: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  space: string;
  changeRequest: string | null;
  pages: Record<string, ManifestPage>;
  files: Record<string, ManifestFile>;
  /** SHA-256 of SUMMARY.md as written (an edit of it is not replaced without --force). */
  summary?: { sha256: string };
  /** What a restore needs beside the files (backup.ts); absent from older exports and from a change request's. */
  backup?: BackupRecord;
  /** Every page's place as exported, by id. */
  tree?: Record<string, ManifestPlace>;
}

/** The places of every page of a tree (the manifest's `tree`). */
export function placesOf(tree: ApiPage[]): Record<string, ManifestPlace> {
  const out: Record<string, ManifestPlace> = {};
  const add = (pages: ApiPage[], parent: string | null) => {
    pages.forEach((p, i) => {
      out[p.id] = { parent, after: i ? pages[i - 1].id : null, title: String(p.title ?? ''), type: p.type ?? 'document', updatedAt: p.updatedAt ?? null };
      add(p.pages ?? [], p.id);
    });
  };
  add(tree, null);
  return out;
}

export const newManifest = (where: Where): Manifest => ({ format: MANIFEST_FORMAT, space: where.spaceId, changeRequest: where.changeRequest ?? null, pages: {}, files: {} });

/** The one dot-folder of an export, docplat's own (`.gitbook/assets`): a name from the server never starts with a dot. */
const OWN_FOLDER = '.gitbook/';

/** A path recorded in a manifest, if it is a clean relative path inside the folder. */
export function recorded(root: string, rel: unknown): string | undefined {
  const named = typeof rel === 'string' && rel.startsWith(OWN_FOLDER) ? rel.slice(OWN_FOLDER.length) : rel;
  if (typeof rel !== 'string' || typeof named !== 'string' || named === '' || cleanPath(named).join('/') !== named) return undefined;
  try {
    inside(root, rel);
    return rel;
  } catch {
    return undefined;
  }
}

/**
 * A manifest in `root` (undefined when there is none), checked by `valid`:
 * a file of that name that is not JSON or not valid is a usage error.
 */
export async function readJsonManifest<M>(root: string, name: string, valid: (m: M | undefined) => boolean): Promise<M | undefined> {
  let text: string;
  try {
    // Read as the files a folder holds are (src/files/read.ts): a link out of the folder, a FIFO or a device is refused.
    const bytes = await (await Confined.open(root)).readIfThere(name, 'export', join(root, name));
    if (!bytes) return undefined;
    text = bytes.toString('utf8');
  } catch (err) {
    if (err instanceof ReadRefused && err.refusal !== 'missing') throw new UsageError(`--dest: ${err.message}; remove it or choose another folder`);
    return undefined;
  }
  let m: M;
  try {
    m = JSON.parse(text) as M;
  } catch {
    throw new UsageError(`--dest: ${join(root, name)} is not a docplat export manifest (not JSON); remove it or choose another folder`);
  }
  if (!valid(m)) throw new UsageError(`--dest: ${join(root, name)} is not a docplat export manifest; remove it or choose another folder`);
  return m;
}

async function readManifest(root: string, where: Where): Promise<Manifest | undefined> {
  const m = await readJsonManifest<Manifest>(
    root,
    MANIFEST,
    (m) => m?.format === MANIFEST_FORMAT && typeof m.pages === 'object' && typeof m.files === 'object' && m.pages !== null && m.files !== null,
  );
  if (!m) return undefined;
  if (m.space !== where.spaceId || (m.changeRequest ?? null) !== (where.changeRequest ?? null)) throw new UsageError(describeOtherExport(m, where));
  return m;
}

/** The folder an export may write: checked, created, locked (unless a dry run), and its manifest read. */
export interface Claimed<M = Manifest> {
  old?: M;
  lock?: FileLock;
}

/**
 * Claims `root` for an export of `where`, before anything is sent: an
 * existing folder must be empty or hold this export's manifest (--force
 * takes over any folder); a real run creates it and takes its lock (another
 * export running there is named and refused, exit 1).
 */
export function claimFolder(root: string, where: Where, opts: { force?: boolean; dryRun?: boolean }): Promise<Claimed> {
  return claim(root, MANIFEST, () => readManifest(root, where), opts);
}

/** The same claim for any export folder: `manifest` is the name of its manifest, `read` reads (and checks) it. */
export async function claim<M>(root: string, manifest: string, read: () => Promise<M | undefined>, opts: { force?: boolean; dryRun?: boolean }): Promise<Claimed<M>> {
  if (await exists(root)) {
    if (!(await isDirectory(root))) throw new UsageError(`--dest: ${root} is not a folder`);
  } else if (!(await isDirectory(dirname(root)))) {
    throw new UsageError(`--dest: the folder ${dirname(root)} does not exist`);
  }
  let lock: FileLock | undefined;
  if (!opts.dryRun) {
    await mkdir(root, { recursive: true });
    lock = await FileLock.acquire(join(root, manifest), 0, {
      what: 'the export folder',
      busy: (pid) => `--dest: ${root} is in use by another export (process ${pid}); wait for it to finish, or choose another folder`,
    }).catch((err: Error) => {
      // A lock file the reader refuses (a link out, a FIFO) is bad input, as the manifest would be.
      if (err instanceof ReadRefused) throw new UsageError(`--dest: ${err.message}; remove it or choose another folder`);
      throw new DocplatError(err.message);
    });
  }
  try {
    const old = await read();
    if (old === undefined && !opts.force) {
      const theirs = (await readdir(root).catch(() => [] as string[])).filter((n) => n !== `${manifest}.lock` && n !== `${manifest}.lock.takeover`);
      if (theirs.length) {
        throw new UsageError(
          `--dest: ${root} is not empty and holds no docplat export (${manifest}): choose an empty folder, or pass --force to export into it (its files at the export's paths are replaced)`,
        );
      }
    }
    return { old, lock };
  } catch (err) {
    await lock?.release();
    throw err;
  }
}

/** Writes inside the folder only: through the safe writer, never through a link that leaves it. */
export class Writer {
  private readonly checked = new Map<string, Promise<void>>();

  private constructor(
    readonly root: string,
    private readonly rootReal: string,
    /** Whether a file at a relative path may be replaced (the export wrote it, or --force). */
    private readonly mayReplace: (rel: string) => boolean,
  ) {}

  static async open(root: string, mayReplace: (rel: string) => boolean): Promise<Writer> {
    return new Writer(root, await realpath(root), mayReplace);
  }

  /** The absolute path of `rel`, its folder created and checked. */
  async prepare(rel: string): Promise<string> {
    const full = inside(this.root, rel);
    const dir = dirname(full);
    let ready = this.checked.get(dir);
    if (!ready) {
      ready = makeDirInside(this.root, this.rootReal, dir);
      this.checked.set(dir, ready);
    }
    await ready;
    return full;
  }

  replaces(rel: string): boolean {
    return this.mayReplace(rel);
  }

  /** The folders this writer made ready, relative to the root, each as the path of a file in it (for removeEmptyFolders). */
  folders(): string[] {
    return [...this.checked.keys()].filter((dir) => dir !== this.root).map((dir) => `${relative(this.root, dir).split(sep).join('/')}/-`);
  }

  async write(rel: string, data: string): Promise<number> {
    return writeSafely(await this.prepare(rel), data, { replace: this.mayReplace(rel), existsHint: NOT_OURS, keepEqual: true });
  }

  /** `value` as JSON, written as it is serialized (a manifest: never one large string). */
  async writeJson(rel: string, value: unknown): Promise<number> {
    return writeJson(await this.prepare(rel), value, { replace: this.mayReplace(rel), existsHint: NOT_OURS });
  }

  /** Moves a file the export wrote to a free path (never over another file or a link). */
  async move(from: string, to: string): Promise<void> {
    const source = inside(this.root, from);
    await checkReal(this.rootReal, dirname(source));
    const target = await this.prepare(to);
    if (await lstat(target).then(() => true, () => false)) throw new Error('target taken');
    await rename(source, target);
  }
}

/**
 * Removes the temporary files a run killed outright (a second Ctrl-C, a kill)
 * left in the folders an export writes: `<name>.<pid>.part` and
 * `.<name>.<pid>.<random>.part`, nothing else (through the one local delete:
 * never in a folder that is a link).
 */
export async function removeLeftovers(root: string, rels: string[]): Promise<void> {
  const dirs = ['', ...rels.map((rel) => dirname(rel)).filter((d) => d !== '.')];
  await removeTemporaries(root, dirs, (n) => /\.(md|json)\.\d+\.part$/.test(n) || TEMPORARY.test(n));
}

const NOT_OURS = 'this export did not write it: remove it, or pass --force to replace it';
